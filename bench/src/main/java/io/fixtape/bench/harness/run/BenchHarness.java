package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.Recipe;

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

/**
 * The two benchmark procedures: a round-trip latency row per arm (recipe warm-up/measured/runs at one offered
 * rate, fresh process pair per run) and a capacity sweep (a rate ladder, fixed duration per rate, fresh process
 * pair per rate). Results are JSON lines, one object per cell, appended to the output file as each cell
 * completes so a long sweep loses nothing on failure. Threading: one caller thread.
 */
public final class BenchHarness
{
    private final BenchOptions options;
    private final RunOrchestrator orchestrator;
    private final PrintStream log;

    public BenchHarness(final BenchOptions options, final PrintStream log)
    {
        this.options = options;
        this.orchestrator = new RunOrchestrator(options);
        this.log = log;
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
        if (options.oneConnection())
        {
            for (final ArmSpec arm : options.rows())
            {
                log.printf("%s %s %s runs 1-%d on ONE connection (stability diagnostic) at %d msg/s ...%n",
                    recipe.label(), options.scenario().label(), arm.label(), recipe.runs(), rate);
                runsByArm.get(arm).addAll(
                    orchestrator.run(arm, rate, recipe.warmup(), recipe.measured(), 1, recipe.runs()));
            }
        }
        for (int run = 1; run <= recipe.runs() && !options.oneConnection(); run++)
        {
            for (final ArmSpec arm : options.rows())
            {
                log.printf("%s %s %s run %d/%d at %d msg/s ...%n", recipe.label(), options.scenario().label(),
                    arm.label(), run, recipe.runs(), rate);
                runsByArm.get(arm).add(orchestrator.run(arm, rate, recipe.warmup(), recipe.measured(), run));
            }
        }
        for (final ArmSpec arm : options.rows())
        {
            final List<RunRecord> runs = runsByArm.get(arm);
            final Map<String, Object> cell = CellBuilder.build("roundtrip", arm, recipe, rate, runs, options,
                orchestrator.jvm());
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
     * For each arm, climbs the ladder until the capacity gate fails at a rate (never lowering a rate to fill a
     * cell), then reports the bracket: the highest passing rate below the first failing one, and that first
     * failing rate. With {@code fullLadder} it keeps climbing after the failure (for the achieved-vs-offered and
     * p99-vs-offered plots) until the arm saturates (achieved < {@code capacity.saturation.stop} x offered: beyond
     * that, higher rates only measure the queue in front of the arm); the bracket is unchanged by later passes.
     */
    public List<Map<String, Object>> capacity(final List<Long> rates, final boolean fullLadder, final Path out)
        throws Exception
    {
        final List<Map<String, Object>> results = new ArrayList<>();
        final int runsPerRate = options.standards().getInt("capacity.runs");
        final double warmupSeconds = options.standards().getDouble("capacity.warmup.seconds");
        final double measuredSeconds = options.standards().getDouble("capacity.measured.seconds");
        final double saturationStop = options.standards().getDouble("capacity.saturation.stop");
        for (final ArmSpec arm : options.rows())
        {
            long highestPass = 0;
            long firstFail = 0;
            long saturatedAt = 0;
            for (final long rate : rates)
            {
                final Recipe recipe = new Recipe("capacity", (int)(rate * warmupSeconds), (int)(rate * measuredSeconds),
                    runsPerRate);
                final List<RunRecord> runs = new ArrayList<>();
                try
                {
                    for (int run = 1; run <= runsPerRate; run++)
                    {
                        log.printf("capacity %s %s at %d msg/s run %d/%d ...%n", options.scenario().label(),
                            arm.label(), rate, run, runsPerRate);
                        runs.add(orchestrator.run(arm, rate, recipe.warmup(), recipe.measured(), run));
                    }
                }
                catch (final IllegalStateException e)
                {
                    // The arm broke at this rate (e.g. it dropped the connection): that is its failure here,
                    // reported as such; the ladder stops for this arm. Placement errors still abort everything.
                    final Map<String, Object> failed = new LinkedHashMap<>();
                    failed.put("kind", "capacity_error");
                    failed.put("arm", arm.label());
                    failed.put("scenario", options.scenario().label());
                    failed.put("offered_rate", rate);
                    failed.put("error", e.getMessage());
                    failed.put("bench_params", Map.of("argv", options.argv()));
                    results.add(failed);
                    append(out, failed);
                    log.println("capacity " + arm.label() + " at " + rate + ": run failed: " + e.getMessage());
                    firstFail = firstFail == 0 ? rate : firstFail;
                    break;
                }
                final Map<String, Object> cell = CellBuilder.build("capacity", arm, recipe, rate, runs, options,
                    orchestrator.jvm());
                results.add(cell);
                append(out, cell);
                log.println(line(cell));
                @SuppressWarnings("unchecked")
                final Map<String, Object> gate = (Map<String, Object>)((Map<String, Object>)cell.get("gates"))
                    .get("capacity");
                if ("PASS".equals(gate.get("status")))
                {
                    if (firstFail == 0)
                    {
                        highestPass = rate;
                    }
                }
                else
                {
                    firstFail = firstFail == 0 ? rate : firstFail;
                    if (!fullLadder)
                    {
                        break;
                    }
                }
                final double achieved = ((Number)cell.get("achieved_rate")).doubleValue();
                if (fullLadder && achieved < saturationStop * rate)
                {
                    // saturated: higher offered rates would only measure the queue in front of this arm
                    saturatedAt = rate;
                    log.println("capacity " + arm.label() + " saturated at " + rate + " (achieved " + achieved
                        + "/s < " + saturationStop + " x offered): ladder stops for this arm");
                    break;
                }
            }
            final Map<String, Object> bracket = new LinkedHashMap<>();
            bracket.put("kind", "capacity_bracket");
            bracket.put("arm", arm.label());
            bracket.put("scenario", options.scenario().label());
            bracket.put("highest_passing_rate", highestPass);
            bracket.put("first_failing_rate", firstFail == 0 ? null : firstFail);
            bracket.put("bracket", (highestPass == 0 ? "none passed" : highestPass + " passes")
                + (firstFail == 0 ? ", no failure up to the top of the ladder" : ", " + firstFail + " fails"));
            bracket.put("rates", rates);
            bracket.put("saturated_at_rate", saturatedAt == 0 ? null : saturatedAt);
            bracket.put("gate", "completion 100%, achieved >= " + options.standards().get("gate.capacity.achieved.min")
                + ", p99 <= " + options.standards().get("gate.capacity.p99.max.us") + " us");
            bracket.put("bench_params", Map.of("argv", options.argv()));
            bracket.put("bench_standards", options.standards().describe());
            results.add(bracket);
            append(out, bracket);
            log.println("capacity " + arm.label() + ": " + bracket.get("bracket"));
        }
        return results;
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
