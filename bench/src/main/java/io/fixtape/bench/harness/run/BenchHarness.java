package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.BuildIdentity;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.Recipe;
import io.fixtape.bench.harness.Standards;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The two benchmark procedures: a round-trip latency row per arm (recipe warm-up/measured/runs at one offered
 * rate, fresh process pair per run) and a capacity sweep (a rate ladder, fixed duration per rate, fresh process
 * pair per rate). Results are JSON lines, one object per cell, appended to the output file as each cell
 * completes so a long sweep loses nothing on failure. Every record carries {@code bench_run_id} (one per
 * invocation: which cells were measured side by side) and {@code bench_build} (git commit, dirty flag). Rates
 * are iterations of the schedule per second, {@code messages_per_iteration} requests each.
 * Threading: one caller thread.
 */
public final class BenchHarness
{
    private final BenchOptions options;
    private final RunOrchestrator orchestrator;
    private final PrintStream log;
    private final String runId;
    private final Map<String, Object> build;

    public BenchHarness(final BenchOptions options, final PrintStream log)
    {
        this.options = options;
        this.orchestrator = new RunOrchestrator(options);
        this.log = log;
        this.runId = UUID.randomUUID().toString();
        this.build = BuildIdentity.read();
    }

    /** One latency row per arm; non-floor cells get {@code engine_cost_p50_us} against the floor of this run. */
    public List<Map<String, Object>> roundTrip(final Recipe recipe, final long rate, final Path out) throws Exception
    {
        final List<Map<String, Object>> cells = new ArrayList<>();
        Map<String, Object> floor = null;
        // Runs are interleaved across arms (run 1 of every arm, then run 2, ...): whatever drifts on the machine
        // over minutes then touches every arm alike, and the ratios between arms stay side by side in time.
        final Map<ArmSpec, List<RunRecord>> runsByArm = new LinkedHashMap<>();
        for (final ArmSpec arm : options.rows())
        {
            runsByArm.put(arm, new ArrayList<>());
        }
        final String unit = rateText(rate);
        if (options.oneConnection())
        {
            for (final ArmSpec arm : options.rows())
            {
                log.printf("%s %s %s runs 1-%d on ONE connection (stability diagnostic) at %s ...%n",
                    recipe.label(), options.scenario().label(), arm.label(), recipe.runs(), unit);
                runsByArm.get(arm).addAll(orchestrator.run(arm, rate, recipe, 1, recipe.runs()));
            }
        }
        for (int run = 1; run <= recipe.runs() && !options.oneConnection(); run++)
        {
            for (final ArmSpec arm : options.rows())
            {
                log.printf("%s %s %s run %d/%d at %s ...%n", recipe.label(), options.scenario().label(),
                    arm.label(), run, recipe.runs(), unit);
                runsByArm.get(arm).add(orchestrator.run(arm, rate, recipe, run));
            }
        }
        for (final ArmSpec arm : options.rows())
        {
            final List<RunRecord> runs = runsByArm.get(arm);
            final Map<String, Object> cell = identify(CellBuilder.build("roundtrip", arm, recipe, rate, runs, options,
                orchestrator.jvm()));
            if (arm.arm() == Arm.FLOOR)
            {
                floor = cell;
            }
            else if (floor != null && (Long)cell.get("samples") > 0)
            {
                addFloorComparison(cell, floor);
            }
            cells.add(cell);
            append(out, cell);
            log.println(line(cell));
        }
        return cells;
    }

    /**
     * The capacity recipe: {@code capacity.warmup.seconds}/{@code capacity.measured.seconds}/{@code capacity.runs}
     * from the standards file, or with {@code smoke} the {@code capacity.smoke.*} values (labelled smoke in every
     * cell and record: smoke figures are never compared).
     */
    public static Recipe capacityRecipe(final Standards standards, final boolean smoke,
        final long rate)
    {
        final String prefix = smoke ? "capacity.smoke." : "capacity.";
        return new Recipe(smoke ? "smoke" : "capacity",
            (int)(rate * standards.getDouble(prefix + "warmup.seconds")),
            (int)(rate * standards.getDouble(prefix + "measured.seconds")), standards.getInt(prefix + "runs"));
    }

    /**
     * For each arm, climbs the ladder (never lowering a rate to fill a cell). Without {@code fullLadder} an arm's
     * ladder stops at its first failing rate; with it, it keeps climbing (for the plots, and because a higher rate
     * can pass: the capacity is the HIGHEST passing rate) until the arm saturates
     * (achieved < {@code capacity.saturation.stop} x offered: beyond that, higher rates only measure the queue in
     * front of the arm). The bracket ({@link Capacity}) is computed from every measured rate; a pass above a failure
     * is flagged non-monotone, rates not measured are listed.
     */
    public List<Map<String, Object>> capacity(final List<Long> rates, final boolean fullLadder, final boolean smoke,
        final Path out) throws Exception
    {
        final List<Map<String, Object>> results = new ArrayList<>();
        final double saturationStop = options.standards().getDouble("capacity.saturation.stop");
        final String label = smoke ? "smoke" : "capacity";
        for (final ArmSpec arm : options.rows())
        {
            final Map<Long, Capacity.Outcome> outcomes = new LinkedHashMap<>();
            String stopped = "top of the ladder reached";
            for (final long rate : rates)
            {
                final Recipe recipe = capacityRecipe(options.standards(), smoke, rate);
                final List<RunRecord> runs = new ArrayList<>();
                try
                {
                    for (int run = 1; run <= recipe.runs(); run++)
                    {
                        log.printf("%s %s %s at %s run %d/%d ...%n", label, options.scenario().label(),
                            arm.label(), rateText(rate), run, recipe.runs());
                        runs.add(orchestrator.run(arm, rate, recipe, run));
                    }
                }
                catch (final IllegalStateException e)
                {
                    // The arm broke at this rate (e.g. it dropped the connection): that is its failure here,
                    // reported as such; the ladder stops for this arm. Placement errors still abort everything.
                    final Map<String, Object> failed = new LinkedHashMap<>();
                    failed.put("kind", "capacity_error");
                    failed.put("recipe", label);
                    if (smoke)
                    {
                        failed.put("label", "smoke");
                    }
                    failed.put("arm", arm.label());
                    failed.put("scenario", options.scenario().label());
                    failed.put("rate_unit", "iterations/s");
                    failed.put("messages_per_iteration", options.scenario().messagesPerIteration());
                    failed.put("offered_rate", rate);
                    failed.put("error", e.getMessage());
                    failed.put("bench_params", Map.of("argv", options.argv()));
                    failed.put("bench_standards", options.standards().describe());
                    results.add(identify(failed));
                    append(out, failed);
                    log.println(label + " " + arm.label() + " at " + rate + ": run failed: " + e.getMessage());
                    outcomes.put(rate, Capacity.Outcome.ERROR);
                    stopped = "the run broke at " + rate;
                    break;
                }
                final Map<String, Object> cell = identify(CellBuilder.build("capacity", arm, recipe, rate, runs,
                    options, orchestrator.jvm()));
                results.add(cell);
                append(out, cell);
                log.println(line(cell));
                @SuppressWarnings("unchecked")
                final Map<String, Object> gate = (Map<String, Object>)((Map<String, Object>)cell.get("gates"))
                    .get("capacity");
                final boolean pass = "PASS".equals(gate.get("status"));
                outcomes.put(rate, pass ? Capacity.Outcome.PASS : Capacity.Outcome.FAIL);
                if (!pass && !fullLadder)
                {
                    stopped = "first failure at " + rate + " (without --full-ladder)";
                    break;
                }
                final double achieved = ((Number)cell.get("achieved_rate")).doubleValue();
                if (fullLadder && achieved < saturationStop * rate)
                {
                    // saturated: higher offered rates would only measure the queue in front of this arm
                    stopped = "saturated at " + rate;
                    log.println(label + " " + arm.label() + " saturated at " + rate + " (achieved " + achieved
                        + "/s < " + saturationStop + " x offered): ladder stops for this arm");
                    break;
                }
            }
            final Map<String, Object> bracket = bracketRecord(arm.label(), label, Capacity.bracket(outcomes, rates),
                rates, stopped);
            results.add(bracket);
            append(out, bracket);
            log.println(label + " " + arm.label() + ": " + bracket.get("bracket"));
        }
        return results;
    }

    private Map<String, Object> bracketRecord(final String arm, final String label, final Capacity.Bracket computed,
        final List<Long> rates, final String stopped)
    {
        final Map<String, Object> bracket = new LinkedHashMap<>();
        bracket.put("kind", "capacity_bracket");
        bracket.put("recipe", label);
        if ("smoke".equals(label))
        {
            bracket.put("label", "smoke");
        }
        bracket.put("arm", arm);
        bracket.put("scenario", options.scenario().label());
        bracket.put("definition", "capacity = the highest offered rate whose capacity gate passes;"
            + " bracket = that rate and the lowest failing rate above it");
        bracket.put("rate_unit", "iterations/s");
        bracket.put("messages_per_iteration", options.scenario().messagesPerIteration());
        bracket.putAll(computed.fields(options.scenario().messagesPerIteration()));
        bracket.put("rates", rates);
        bracket.put("ladder_stopped", stopped);
        bracket.put("saturated_at_rate", stopped.startsWith("saturated at ") ? computed.tried()
            .get(computed.tried().size() - 1) : null);
        bracket.put("gate", "completion 100%, achieved >= " + options.standards().get("gate.capacity.achieved.min")
            + ", p99 <= " + options.standards().get("gate.capacity.p99.max.us") + " us");
        bracket.put("bench_params", Map.of("argv", options.argv()));
        bracket.put("bench_standards", options.standards().describe());
        return identify(bracket);
    }

    /** Every record of this invocation carries the same run id and build (bench_build, read once at start). */
    private Map<String, Object> identify(final Map<String, Object> record)
    {
        record.put("bench_run_id", runId);
        record.put("bench_build", build);
        return record;
    }

    private String rateText(final long rate)
    {
        final int perIteration = options.scenario().messagesPerIteration();
        return rate + " iterations/s" + (perIteration == 1 ? "" : " (" + rate * perIteration + " requests/s)");
    }

    private static void addFloorComparison(final Map<String, Object> cell, final Map<String, Object> floor)
    {
        final double floorP50 = (Double)floor.get("p50_us");
        final double floorP99 = (Double)floor.get("p99_us");
        final double floorP999 = (Double)floor.get("p999_us");
        cell.put("floor_p50_us", floorP50);
        cell.put("engine_cost_p50_us", LatencySummary.round3((Double)cell.get("p50_us") - floorP50));
        cell.put("p99_vs_floor", floorP99 == 0 ? null : LatencySummary.round3((Double)cell.get("p99_us") / floorP99));
        cell.put("p999_vs_floor",
            floorP999 == 0 ? null : LatencySummary.round3((Double)cell.get("p999_us") / floorP999));
    }

    private static void append(final Path out, final Map<String, Object> cell) throws IOException
    {
        if (out.toAbsolutePath().getParent() != null)
        {
            Files.createDirectories(out.toAbsolutePath().getParent());
        }
        Files.writeString(out, Json.line(cell) + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** A one-line human summary of a cell for the console. */
    public static String line(final Map<String, Object> cell)
    {
        @SuppressWarnings("unchecked")
        final Map<String, Map<String, Object>> gates = (Map<String, Map<String, Object>>)cell.get("gates");
        final StringBuilder gateText = new StringBuilder();
        gates.forEach((name, gate) -> gateText.append(' ').append(name).append('=').append(gate.get("status")));
        return String.format("%-9s %-9s %-10s offered %7d achieved %10.1f samples %6d | response p50 %8.1f"
                + " p99 %9.1f p99.9 %9.1f max %9.1f us | service p50 %8.1f p99 %9.1f us |%s%s",
            cell.get("recipe"), cell.get("arm"), cell.get("scenario"), cell.get("offered_rate"),
            cell.get("achieved_rate"), cell.get("samples"), cell.get("p50_us"), cell.get("p99_us"),
            cell.get("p999_us"), cell.get("max_us"), cell.get("service_p50_us"), cell.get("service_p99_us"),
            gateText, cell.containsKey("engine_cost_p50_us") ? " engine_cost_p50 " + cell.get("engine_cost_p50_us")
                + " us" : "");
    }
}
