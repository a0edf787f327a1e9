package io.fixtape.bench.harness.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.Standards;
import io.fixtape.bench.harness.run.Capacity;
import io.fixtape.bench.harness.run.Gates;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code bench report}: reads result files (JSON lines), groups cells into tables, refuses to tabulate cells,
 * capacity brackets or capacity errors whose conditions disagree ({@link Comparability}: the message names the
 * field and the files), and writes {@code report.md} plus PNG plots ({@link ReportPlots}). Capacity is recomputed
 * from the per-rate cells ({@link Capacity}: the highest passing rate, non-monotone ladders flagged), per run, so
 * results written by older harness versions can be re-reported without rerunning; the bracket the harness
 * recorded is shown where it disagrees. A round-trip row without a floor from its own run is marked. The
 * could-not-offer-the-load gate is derived from the per-run send rate and scheduler lag where a cell predates it.
 * Single-threaded; AWT headless.
 */
public final class ReportGenerator
{
    /** Thrown when cells that would share a table were not measured under the same conditions. */
    public static final class IncomparableCellsException extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        IncomparableCellsException(final String message)
        {
            super(message);
        }
    }

    /** One record and the file it was read from. */
    record Source(JsonObject json, Path file)
    {
        /** Which invocation measured it: its run id, or (records from before run ids) its file and arguments. */
        String run()
        {
            final String id = Comparability.text(json, "bench_run_id");
            return !id.isEmpty() ? id
                : file + " " + Comparability.text(Comparability.object(json, "bench_params"), "argv").hashCode();
        }

        String arm()
        {
            return Comparability.text(json, "arm");
        }
    }

    private final Map<String, String> fallbackStandards;
    private final StringBuilder md = new StringBuilder();

    private ReportGenerator(final Map<String, String> fallbackStandards)
    {
        this.fallbackStandards = fallbackStandards;
    }

    /** @return the Markdown written to {@code outDir/report.md}. */
    public static String generate(final List<Path> results, final Path outDir) throws IOException
    {
        return generate(results, outDir, currentStandards());
    }

    /**
     * @param fallbackStandards gate thresholds for cells that predate a gate and whose own standards lack it
     *                          (the values of the current standards file), may be empty.
     */
    static String generate(final List<Path> results, final Path outDir, final Map<String, String> fallbackStandards)
        throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final List<Source> cells = new ArrayList<>();
        final List<Source> records = new ArrayList<>();
        for (final Path file : results)
        {
            for (final JsonObject object : Json.readLines(file))
            {
                final String kind = Comparability.text(object, "kind");
                ("capacity_bracket".equals(kind) || "capacity_error".equals(kind) ? records : cells)
                    .add(new Source(object, file));
            }
        }
        if (cells.isEmpty())
        {
            throw new IllegalArgumentException("no result cells in " + results);
        }
        final Map<String, List<Source>> tables = new LinkedHashMap<>();
        for (final Source cell : cells)
        {
            tables.computeIfAbsent(title(cell.json()), t -> new ArrayList<>()).add(cell);
        }
        final Map<String, List<Source>> recordsByTable = new LinkedHashMap<>();
        final List<Source> orphans = new ArrayList<>();
        for (final Source record : records)
        {
            final String title = capacityTitle(Comparability.text(record.json(), "scenario"),
                Comparability.recipe(record.json()));
            if (tables.containsKey(title))
            {
                recordsByTable.computeIfAbsent(title, t -> new ArrayList<>()).add(record);
            }
            else
            {
                orphans.add(record);
            }
        }
        for (final Map.Entry<String, List<Source>> table : tables.entrySet())
        {
            requireComparable(table.getKey(), table.getValue(), recordsByTable.getOrDefault(table.getKey(), List.of()));
        }

        Files.createDirectories(outDir);
        final ReportGenerator report = new ReportGenerator(fallbackStandards);
        report.md.append("# fixtape bench report\n\nGenerated by `fixtape bench report` from ").append(results)
            .append(".\nRates are iterations of the open-loop schedule per second; one iteration sends"
                + " `messages_per_iteration` requests (md_nos_er: 2, other scenarios: 1).\n\n");
        int figure = 0;
        for (final Map.Entry<String, List<Source>> table : tables.entrySet())
        {
            report.table(table.getKey(), table.getValue(), recordsByTable.getOrDefault(table.getKey(), List.of()),
                outDir, ++figure);
        }
        for (final Source orphan : orphans)
        {
            report.md.append("- ").append(Comparability.text(orphan.json(), "kind")).append(" from ")
                .append(orphan.file()).append(" (").append(orphan.arm()).append(", ")
                .append(Comparability.text(orphan.json(), "scenario"))
                .append(") has no capacity cells in these files: not tabulated\n");
        }
        Files.writeString(outDir.resolve("report.md"), report.md.toString(), StandardCharsets.UTF_8);
        return report.md.toString();
    }

    private static String title(final JsonObject cell)
    {
        final String oneConnection = Comparability.text(Comparability.object(cell, "bench_profile"), "runs")
            .startsWith("stability diagnostic") ? " — runs on ONE connection (stability diagnostic)" : "";
        if (!"roundtrip".equals(Comparability.text(cell, "kind")))
        {
            return capacityTitle(Comparability.text(cell, "scenario"), Comparability.recipe(cell)) + oneConnection;
        }
        final int perIteration = Comparability.messagesPerIteration(cell);
        final long offered = cell.get("offered_rate").getAsLong();
        return String.format(Locale.ROOT, "Round trip %s, recipe %s, offered %d iterations/s%s%s",
            Comparability.text(cell, "scenario"), Comparability.text(cell, "recipe"), offered,
            perIteration > 1 ? " (" + offered * perIteration + " requests/s)" : "", oneConnection);
    }

    private static String capacityTitle(final String scenario, final String recipe)
    {
        return "Capacity " + scenario + ", recipe " + recipe;
    }

    /** Refuses a table whose cells, capacity errors or brackets were measured under other conditions. */
    private static void requireComparable(final String title, final List<Source> rows, final List<Source> records)
    {
        final Source first = rows.get(0);
        final Map<String, String> reference = Comparability.key(first.json());
        for (final Source row : rows)
        {
            refuseIf(title, first, row, Comparability.differences(reference, Comparability.key(row.json())));
            final String mismatch = Comparability.declaredModelMismatch(row.json());
            if (mismatch != null)
            {
                throw new IncomparableCellsException("refusing to tabulate '" + title + "': " + mismatch + " (from "
                    + row.file() + ")");
            }
        }
        final Map<String, String> recordReference = Comparability.recordKey(first.json());
        for (final Source record : records)
        {
            refuseIf(title, first, record,
                Comparability.differences(recordReference, Comparability.recordKey(record.json())));
        }
    }

    private static void refuseIf(final String title, final Source first, final Source other,
        final List<String> differences)
    {
        if (!differences.isEmpty())
        {
            throw new IncomparableCellsException("refusing to tabulate '" + title + "': "
                + Comparability.text(other.json(), "kind") + " " + other.arm() + " from " + other.file()
                + " was not measured like " + Comparability.text(first.json(), "kind") + " " + first.arm() + " from "
                + first.file() + "; differing:\n  " + String.join("\n  ", differences));
        }
    }

    private void table(final String title, final List<Source> rows, final List<Source> records, final Path outDir,
        final int figure) throws IOException
    {
        final JsonObject first = rows.get(0).json();
        final boolean smoke = "smoke".equals(Comparability.text(first, "recipe"))
            || "smoke".equals(Comparability.text(first, "label"));
        final String heading = title + (smoke ? " — SMOKE (not comparable, do not publish)" : "");
        md.append("## ").append(heading).append("\n\n");
        final Map<String, String> runTags = runTags(rows, records);
        md.append(conditions(first)).append(runList(rows, records, runTags)).append('\n');
        final String slug = slug(title) + "-" + figure;
        if ("roundtrip".equals(Comparability.text(first, "kind")))
        {
            roundTrip(rows, runTags);
            final String png = slug + "-percentiles.png";
            ReportPlots.percentiles(heading, json(rows), Comparability::rowLabel, outDir.resolve(png));
            md.append("![latency percentiles](").append(png).append(")\n\n");
        }
        else
        {
            capacity(heading, rows, records, runTags, outDir, slug);
        }
        warnings(rows);
    }

    private static Map<String, String> runTags(final List<Source> rows, final List<Source> records)
    {
        final Map<String, String> tags = new LinkedHashMap<>();
        for (final Source source : concat(rows, records))
        {
            tags.computeIfAbsent(source.run(), r -> "r" + (tags.size() + 1));
        }
        return tags;
    }

    private static String runList(final List<Source> rows, final List<Source> records, final Map<String, String> tags)
    {
        final StringBuilder out = new StringBuilder("- runs (invocations) in this table:");
        final Set<String> builds = new LinkedHashSet<>();
        final Set<String> done = new LinkedHashSet<>();
        for (final Source source : concat(rows, records))
        {
            if (done.add(source.run()))
            {
                final String build = build(source.json());
                builds.add(build);
                out.append(' ').append(tags.get(source.run())).append(" = ").append(source.file().getFileName())
                    .append(Comparability.text(source.json(), "bench_run_id").isEmpty() ? ""
                        : " run " + Comparability.text(source.json(), "bench_run_id"))
                    .append(", build ").append(build).append(';');
            }
        }
        out.append('\n');
        if (builds.size() > 1)
        {
            out.append("- **rows of this table were measured on different builds**: ").append(builds).append('\n');
        }
        return out.toString();
    }

    private static String build(final JsonObject record)
    {
        final JsonObject build = Comparability.object(record, "bench_build");
        if (build == null)
        {
            return "not recorded";
        }
        return Comparability.text(build, "git_commit") + ("true".equals(Comparability.text(build, "dirty"))
            ? " (dirty)" : "");
    }

    private static String conditions(final JsonObject cell)
    {
        final JsonObject params = Comparability.object(cell, "bench_params");
        final JsonObject profile = Comparability.object(cell, "bench_profile");
        final List<String> argv = new ArrayList<>();
        params.getAsJsonArray("argv").forEach(e -> argv.add(e.getAsString()));
        final JsonObject jvm = Comparability.object(profile, "jvm");
        return "- command: `fixtape " + String.join(" ", argv) + "`\n"
            + "- recipe: " + Comparability.text(params, "recipe") + " (warm-up " + Comparability.text(params, "warmup")
            + ", measured " + Comparability.text(params, "measured") + ", runs " + Comparability.text(params, "runs")
            + "); standards sha256 " + Comparability.text(Comparability.object(cell, "bench_standards"), "sha256")
            + "\n- placement: " + Comparability.text(profile, "pairing") + "\n"
            + "- transport: " + Comparability.text(profile, "transport") + "; kernel bypass: "
            + Comparability.text(profile, "kernel_bypass") + "; validation lane: "
            + Comparability.lane(Comparability.text(profile, "validation")) + "\n"
            + "- JVM: " + Comparability.text(Comparability.object(jvm, "client_jvm"), "version")
            + "; machine: " + Comparability.text(profile, "machine") + "\n"
            + "- runs: " + Comparability.text(profile, "runs") + "\n"
            + (cell.has("latency_of_record") ? "- latency of record (p50..max): " + Comparability.text(cell,
                "latency_of_record") + "\n" : "");
    }

    private void roundTrip(final List<Source> rows, final Map<String, String> runTags)
    {
        final Set<String> runsWithFloor = new LinkedHashSet<>();
        rows.stream().filter(r -> "floor".equals(r.arm())).forEach(r -> runsWithFloor.add(r.run()));
        final List<String> withoutFloor = new ArrayList<>();
        md.append("| run | row | store | offered it/s | offered req/s | achieved it/s | samples | p50 µs | p90 µs"
            + " | p99 µs | p99.9 µs | max µs | service p50 µs | service p99 µs | engine_cost p50 µs | p99 / floor"
            + " | p99.9 / floor | server idle | gates |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (final Source source : rows)
        {
            final JsonObject row = source.json();
            final JsonObject profile = Comparability.object(row, "bench_profile");
            final boolean floorHere = "floor".equals(source.arm()) || runsWithFloor.contains(source.run());
            if (!floorHere)
            {
                withoutFloor.add(runTags.get(source.run()) + " " + Comparability.rowLabel(row));
            }
            final String mark = floorHere ? "" : " †";
            md.append("| ").append(runTags.get(source.run()))
                .append(" | ").append(Comparability.rowLabel(row))
                .append(" | ").append(Comparability.text(profile, "store"))
                .append(" | ").append(t(row, "offered_rate"))
                .append(" | ").append(row.get("offered_rate").getAsLong() * Comparability.messagesPerIteration(row))
                .append(" | ").append(t(row, "achieved_rate"))
                .append(" | ").append(t(row, "samples"))
                .append(" | ").append(t(row, "p50_us"))
                .append(" | ").append(t(row, "p90_us"))
                .append(" | ").append(t(row, "p99_us"))
                .append(" | ").append(t(row, "p999_us"))
                .append(" | ").append(t(row, "max_us"))
                .append(" | ").append(t(row, "service_p50_us"))
                .append(" | ").append(t(row, "service_p99_us"))
                .append(" | ").append(orDash(row, "engine_cost_p50_us")).append(mark)
                .append(" | ").append(orDash(row, "p99_vs_floor")).append(mark)
                .append(" | ").append(orDash(row, "p999_vs_floor")).append(mark)
                .append(" | ").append(Comparability.text(profile, "idle_strategy"))
                .append(" | ").append(gates(row)).append(" |\n");
        }
        if (!withoutFloor.isEmpty())
        {
            md.append("\n† **no floor row from the same run in this table** (BENCH_CONTRACT 1: every round-trip table"
                + " carries the floor measured in the same run): ").append(String.join(", ", withoutFloor))
                .append(". Their floor comparisons, if any, are against a floor not shown here.\n");
        }
    }

    private void capacity(final String heading, final List<Source> rows, final List<Source> records,
        final Map<String, String> runTags, final Path outDir, final String slug) throws IOException
    {
        // one series per (run, arm): a ladder is only ever read within the invocation that measured it
        final Map<String, List<Source>> series = new LinkedHashMap<>();
        for (final Source row : rows)
        {
            series.computeIfAbsent(runTags.get(row.run()) + " " + row.arm(), k -> new ArrayList<>()).add(row);
        }
        series.values().forEach(list -> list.sort(Comparator.comparingLong(s -> s.json().get("offered_rate")
            .getAsLong())));
        md.append("| run | row | offered it/s | offered req/s | achieved it/s | completion | p50 µs | p99 µs"
            + " | p99.9 µs | max µs | offered load | capacity gate |\n");
        md.append("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|\n");
        for (final List<Source> list : series.values())
        {
            for (final Source source : list)
            {
                final JsonObject row = source.json();
                final JsonObject gates = row.getAsJsonObject("gates");
                final Map<String, Object> offered = offeredLoad(row);
                md.append("| ").append(runTags.get(source.run()))
                    .append(" | ").append(Comparability.rowLabel(row))
                    .append(" | ").append(t(row, "offered_rate"))
                    .append(" | ").append(row.get("offered_rate").getAsLong() * Comparability.messagesPerIteration(row))
                    .append(" | ").append(t(row, "achieved_rate"))
                    .append(" | ").append(Comparability.text(gates.getAsJsonObject("completion"), "value"))
                    .append(" | ").append(t(row, "p50_us"))
                    .append(" | ").append(t(row, "p99_us"))
                    .append(" | ").append(t(row, "p999_us"))
                    .append(" | ").append(t(row, "max_us"))
                    .append(" | ").append(offered.get("status")).append(" (").append(offered.get("value")).append(')')
                    .append(" | ").append(Comparability.text(gates.getAsJsonObject("capacity"), "status"))
                    .append(" |\n");
            }
        }
        md.append('\n');
        brackets(rows, records, runTags);
        final JsonObject first = rows.get(0).json();
        final Map<String, List<JsonObject>> plotted = new LinkedHashMap<>();
        series.forEach((key, list) -> plotted.put(key.substring(0, key.indexOf(' ') + 1)
            + Comparability.rowLabel(list.get(0).json()), json(list)));
        final String achieved = slug + "-achieved.png";
        final String p99 = slug + "-p99.png";
        final double p99Gate = Double.parseDouble(standard(first, "gate.capacity.p99.max.us", "100"));
        ReportPlots.capacity(heading, plotted, Comparability.messagesPerIteration(first), p99Gate,
            outDir.resolve(achieved), false);
        ReportPlots.capacity(heading, plotted, Comparability.messagesPerIteration(first), p99Gate,
            outDir.resolve(p99), true);
        md.append("![achieved vs offered](").append(achieved).append(")\n\n");
        md.append("![p99 vs offered](").append(p99).append(")\n\n");
    }

    /**
     * The bracket of every (run, arm), computed here from its per-rate cells and capacity errors; the bracket the
     * harness recorded (older versions took the highest pass below the first failure) is shown where it differs.
     */
    private void brackets(final List<Source> rows, final List<Source> records, final Map<String, String> runTags)
    {
        final Map<String, Map<Long, Capacity.Outcome>> outcomes = new LinkedHashMap<>();
        final Map<String, String> labels = new LinkedHashMap<>();
        final Map<String, Source> recorded = new LinkedHashMap<>();
        final Map<String, Integer> perIteration = new LinkedHashMap<>();
        for (final Source row : rows)
        {
            final String key = row.run() + "\u0000" + row.arm();
            final boolean pass = "PASS".equals(Comparability.text(row.json().getAsJsonObject("gates")
                .getAsJsonObject("capacity"), "status"));
            outcomes.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(row.json().get("offered_rate").getAsLong(),
                pass ? Capacity.Outcome.PASS : Capacity.Outcome.FAIL);
            labels.putIfAbsent(key, Comparability.rowLabel(row.json()));
            perIteration.putIfAbsent(key, Comparability.messagesPerIteration(row.json()));
        }
        final List<Source> errors = new ArrayList<>();
        for (final Source record : records)
        {
            final String key = record.run() + "\u0000" + record.arm();
            if ("capacity_error".equals(Comparability.text(record.json(), "kind")))
            {
                outcomes.computeIfAbsent(key, k -> new LinkedHashMap<>())
                    .put(record.json().get("offered_rate").getAsLong(), Capacity.Outcome.ERROR);
                labels.putIfAbsent(key, record.arm());
                perIteration.putIfAbsent(key, Comparability.messagesPerIteration(record.json()));
                errors.add(record);
            }
            else
            {
                recorded.put(key, record);
            }
        }
        md.append("Capacity = the highest offered rate whose capacity gate passes (BENCH_CONTRACT 3), computed by"
            + " this report from the cells above:\n\n");
        md.append("| run | row | capacity it/s | capacity req/s | lowest failing rate above | non-monotone | bracket"
            + " | harness recorded |\n|---|---|---:|---:|---:|---|---|---|\n");
        for (final Map.Entry<String, Map<Long, Capacity.Outcome>> entry : outcomes.entrySet())
        {
            final String key = entry.getKey();
            final Source bracketRecord = recorded.get(key);
            final Capacity.Bracket bracket = Capacity.bracket(entry.getValue(), ladder(bracketRecord));
            md.append("| ").append(runTags.get(key.substring(0, key.indexOf('\u0000'))))
                .append(" | ").append(labels.get(key))
                .append(" | ").append(bracket.capacity() == 0 ? "none" : Long.toString(bracket.capacity()))
                .append(" | ").append(bracket.capacity() == 0 ? "none"
                    : Long.toString(bracket.capacity() * perIteration.get(key)))
                .append(" | ").append(bracket.failingAbove() == null ? "–" : bracket.failingAbove().toString())
                .append(" | ").append(bracket.nonMonotone() ? "**YES** (fails at " + bracket.failuresBelow() + ")"
                    : "no")
                .append(" | ").append(bracket.describe())
                .append(" | ").append(recordedText(bracketRecord, bracket)).append(" |\n");
        }
        md.append('\n');
        for (final Source error : errors)
        {
            md.append("- run failed: ").append(runTags.get(error.run())).append(' ').append(error.arm())
                .append(" at ").append(t(error.json(), "offered_rate")).append(" iterations/s: ")
                .append(t(error.json(), "error").lines().findFirst().orElse("").replace("|", "\\|")).append('\n');
        }
        md.append('\n');
    }

    private static List<Long> ladder(final Source bracketRecord)
    {
        final List<Long> ladder = new ArrayList<>();
        if (bracketRecord != null && bracketRecord.json().has("rates"))
        {
            bracketRecord.json().getAsJsonArray("rates").forEach(rate -> ladder.add(rate.getAsLong()));
        }
        return ladder;
    }

    private static String recordedText(final Source bracketRecord, final Capacity.Bracket computed)
    {
        if (bracketRecord == null)
        {
            return "no bracket record";
        }
        final JsonObject json = bracketRecord.json();
        final String capacity = json.has("capacity_rate") ? t(json, "capacity_rate") : t(json, "highest_passing_rate");
        final boolean same = capacity.equals(Long.toString(computed.capacity()))
            && Boolean.parseBoolean(t(json, "non_monotone")) == computed.nonMonotone();
        return same ? "same" : "differs: '" + t(json, "bracket") + "'";
    }

    /** The cell's offered_load gate, or (cells from before it existed) derived here from its per-run figures. */
    private Map<String, Object> offeredLoad(final JsonObject cell)
    {
        final JsonObject gates = cell.getAsJsonObject("gates");
        if (gates.has("offered_load"))
        {
            final Map<String, Object> gate = new LinkedHashMap<>();
            gate.put("status", Comparability.text(gates.getAsJsonObject("offered_load"), "status"));
            gate.put("value", Comparability.text(gates.getAsJsonObject("offered_load"), "value"));
            return gate;
        }
        final List<Double> sendRates = new ArrayList<>();
        final List<Double> lags = new ArrayList<>();
        if (cell.has("per_run"))
        {
            for (final JsonElement run : cell.getAsJsonArray("per_run"))
            {
                sendRates.add(run.getAsJsonObject().get("send_rate").getAsDouble());
                lags.add(run.getAsJsonObject().get("max_scheduler_lag_us").getAsDouble());
            }
        }
        final String tolerance = standard(cell, "gate.offered.send.tolerance", null);
        final String maxLag = standard(cell, "gate.offered.lag.max.us", null);
        if (tolerance == null || maxLag == null)
        {
            final Map<String, Object> gate = new LinkedHashMap<>();
            gate.put("status", "N/A");
            gate.put("value", "no thresholds");
            return gate;
        }
        final Map<String, Object> gate = Gates.offeredLoad(sendRates, lags, cell.get("offered_rate").getAsLong(),
            Double.parseDouble(tolerance), Double.parseDouble(maxLag));
        gate.put("value", gate.get("value") + ", derived by report");
        return gate;
    }

    /** A standards value: the cell's own, else the current standards file's, else {@code fallback}. */
    private String standard(final JsonObject cell, final String key, final String fallback)
    {
        final JsonObject values = Comparability.object(Comparability.object(cell, "bench_standards"), "values");
        if (values != null && values.has(key))
        {
            return values.get(key).getAsString();
        }
        return fallbackStandards.getOrDefault(key, fallback);
    }

    private void warnings(final List<Source> rows)
    {
        for (final Source source : rows)
        {
            final JsonObject row = source.json();
            final List<String> lines = new ArrayList<>();
            if (row.has("warnings"))
            {
                row.getAsJsonArray("warnings").forEach(w -> lines.add(w.getAsString()));
            }
            final Map<String, Object> offered = offeredLoad(row);
            if (!row.getAsJsonObject("gates").has("offered_load") && "WARN".equals(offered.get("status")))
            {
                lines.add(0, "could not offer the load (" + offered.get("value") + "): the latency includes queueing"
                    + " in front of the arm, not only service (BENCH_CONTRACT 3)");
            }
            if (!lines.isEmpty())
            {
                md.append("Warnings for ").append(Comparability.rowLabel(row)).append(" @ ")
                    .append(t(row, "offered_rate")).append(" iterations/s:\n");
                lines.forEach(line -> md.append("- ").append(line.replace("|", "\\|")).append('\n'));
                md.append('\n');
            }
        }
    }

    private String gates(final JsonObject row)
    {
        final StringBuilder out = new StringBuilder();
        for (final Map.Entry<String, JsonElement> gate : row.getAsJsonObject("gates").entrySet())
        {
            if (out.length() > 0)
            {
                out.append(", ");
            }
            final JsonObject g = gate.getValue().getAsJsonObject();
            out.append(gate.getKey()).append(' ').append(g.get("status").getAsString());
            if ("stability".equals(gate.getKey()))
            {
                out.append(" (cv ").append(Comparability.text(g, "value")).append(')');
            }
        }
        if (!row.getAsJsonObject("gates").has("offered_load"))
        {
            out.append(", offered_load ").append(offeredLoad(row).get("status")).append(" (derived)");
        }
        return out.toString();
    }

    private static Map<String, String> currentStandards()
    {
        try
        {
            @SuppressWarnings("unchecked")
            final Map<String, String> values = (Map<String, String>)Standards.load(Standards.locate()).describe()
                .get("values");
            return values;
        }
        catch (final RuntimeException e)
        {
            return Map.of(); // no standards file here: gates a cell predates stay N/A
        }
    }

    private static List<Source> concat(final List<Source> a, final List<Source> b)
    {
        final List<Source> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static List<JsonObject> json(final List<Source> sources)
    {
        return sources.stream().map(Source::json).toList();
    }

    private static String t(final JsonObject object, final String key)
    {
        return Comparability.text(object, key);
    }

    private static String orDash(final JsonObject object, final String key)
    {
        final String value = Comparability.text(object, key);
        return value.isEmpty() ? "–" : value;
    }

    private static String slug(final String title)
    {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("-+$", "");
    }
}
