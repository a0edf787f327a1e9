package io.fixtape.bench.harness.report;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.run.Capacity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.fixtape.bench.harness.report.Comparability.text;

/**
 * The Markdown of a capacity title: one series per (run, arm), a line per offered rate; the capacity of each series
 * computed here from its per-rate cells and capacity errors ({@link Capacity}: the highest passing rate, non-monotone
 * ladders flagged) next to the bracket the harness recorded; the failed runs; and the achieved-vs-offered and
 * p99-vs-offered plots ({@link ReportPlots}).
 *
 * <p>Single-threaded; AWT headless.
 */
final class CapacityTable
{
    private final StringBuilder md;
    private final Map<String, String> runTags;
    private final CellGates gates;

    private CapacityTable(final StringBuilder md, final Map<String, String> runTags, final CellGates gates)
    {
        this.md = md;
        this.runTags = runTags;
        this.gates = gates;
    }

    /** @param slug the file-name prefix of this table's plots in {@code outDir}. */
    static void append(final StringBuilder md, final String heading, final List<ReportSource> rows,
        final List<ReportSource> records, final Map<String, String> runTags, final CellGates gates,
        final Path outDir, final String slug) throws IOException
    {
        new CapacityTable(md, runTags, gates).capacity(heading, rows, records, outDir, slug);
    }

    private void capacity(final String heading, final List<ReportSource> rows, final List<ReportSource> records,
        final Path outDir, final String slug) throws IOException
    {
        // one series per (run, arm): a ladder is only ever read within the invocation that measured it
        final Map<String, List<ReportSource>> series = new LinkedHashMap<>();
        for (final ReportSource row : rows)
        {
            series.computeIfAbsent(runTags.get(row.run()) + " " + row.arm(), k -> new ArrayList<>()).add(row);
        }
        series.values().forEach(list -> list.sort(Comparator.comparingLong(s -> s.json().get("offered_rate")
            .getAsLong())));
        md.append("| run | row | offered it/s | offered req/s | achieved it/s | completion | p50 µs | p99 µs"
            + " | p99.9 µs | max µs | offered load | capacity gate |\n");
        md.append("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|\n");
        for (final List<ReportSource> list : series.values())
        {
            for (final ReportSource source : list)
            {
                rateLine(source);
            }
        }
        md.append('\n');
        brackets(rows, records);
        final JsonObject first = rows.get(0).json();
        final Map<String, List<JsonObject>> plotted = new LinkedHashMap<>();
        series.forEach((key, list) -> plotted.put(key.substring(0, key.indexOf(' ') + 1)
            + Comparability.rowLabel(list.get(0).json()), ReportSource.jsons(list)));
        final String achieved = slug + "-achieved.png";
        final String p99 = slug + "-p99.png";
        final double p99Gate = Double.parseDouble(gates.standard(first, "gate.capacity.p99.max.us", "100"));
        ReportPlots.capacity(heading, plotted, Comparability.messagesPerIteration(first), p99Gate,
            outDir.resolve(achieved), false);
        ReportPlots.capacity(heading, plotted, Comparability.messagesPerIteration(first), p99Gate,
            outDir.resolve(p99), true);
        md.append("![achieved vs offered](").append(achieved).append(")\n\n");
        md.append("![p99 vs offered](").append(p99).append(")\n\n");
    }

    private void rateLine(final ReportSource source)
    {
        final JsonObject row = source.json();
        final JsonObject rowGates = row.getAsJsonObject("gates");
        final Map<String, Object> offered = gates.offeredLoad(row);
        md.append("| ").append(runTags.get(source.run()))
            .append(" | ").append(Comparability.rowLabel(row))
            .append(" | ").append(text(row, "offered_rate"))
            .append(" | ").append(row.get("offered_rate").getAsLong() * Comparability.messagesPerIteration(row))
            .append(" | ").append(text(row, "achieved_rate"))
            .append(" | ").append(text(rowGates.getAsJsonObject("completion"), "value"))
            .append(" | ").append(text(row, "p50_us"))
            .append(" | ").append(text(row, "p99_us"))
            .append(" | ").append(text(row, "p999_us"))
            .append(" | ").append(text(row, "max_us"))
            .append(" | ").append(offered.get("status")).append(" (").append(offered.get("value")).append(')')
            .append(" | ").append(text(rowGates.getAsJsonObject("capacity"), "status"))
            .append(" |\n");
    }

    /**
     * The bracket of every (run, arm), computed here from its per-rate cells and capacity errors; the bracket the
     * harness recorded is shown where it differs (a record with {@code highest_passing_rate} instead of
     * {@code capacity_rate} holds the highest pass below the first failure).
     */
    private void brackets(final List<ReportSource> rows, final List<ReportSource> records)
    {
        final Map<String, Map<Long, Capacity.Outcome>> outcomes = new LinkedHashMap<>();
        final Map<String, String> labels = new LinkedHashMap<>();
        final Map<String, ReportSource> recorded = new LinkedHashMap<>();
        final Map<String, Integer> perIteration = new LinkedHashMap<>();
        for (final ReportSource row : rows)
        {
            final String key = row.run() + "\u0000" + row.arm();
            final boolean pass = "PASS".equals(text(row.json().getAsJsonObject("gates")
                .getAsJsonObject("capacity"), "status"));
            outcomes.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(row.json().get("offered_rate").getAsLong(),
                pass ? Capacity.Outcome.PASS : Capacity.Outcome.FAIL);
            labels.putIfAbsent(key, Comparability.rowLabel(row.json()));
            perIteration.putIfAbsent(key, Comparability.messagesPerIteration(row.json()));
        }
        final List<ReportSource> errors = new ArrayList<>();
        for (final ReportSource record : records)
        {
            final String key = record.run() + "\u0000" + record.arm();
            if ("capacity_error".equals(text(record.json(), "kind")))
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
        md.append("Capacity = the highest offered rate whose capacity gate passes, computed by"
            + " this report from the cells above:\n\n");
        md.append("| run | row | capacity it/s | capacity req/s | lowest failing rate above | non-monotone | bracket"
            + " | harness recorded |\n|---|---|---:|---:|---:|---|---|---|\n");
        for (final Map.Entry<String, Map<Long, Capacity.Outcome>> entry : outcomes.entrySet())
        {
            final String key = entry.getKey();
            final ReportSource bracketRecord = recorded.get(key);
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
        for (final ReportSource error : errors)
        {
            md.append("- run failed: ").append(runTags.get(error.run())).append(' ').append(error.arm())
                .append(" at ").append(text(error.json(), "offered_rate")).append(" iterations/s: ")
                .append(text(error.json(), "error").lines().findFirst().orElse("").replace("|", "\\|")).append('\n');
        }
        md.append('\n');
    }

    private static List<Long> ladder(final ReportSource bracketRecord)
    {
        final List<Long> ladder = new ArrayList<>();
        if (bracketRecord != null && bracketRecord.json().has("rates"))
        {
            bracketRecord.json().getAsJsonArray("rates").forEach(rate -> ladder.add(rate.getAsLong()));
        }
        return ladder;
    }

    private static String recordedText(final ReportSource bracketRecord, final Capacity.Bracket computed)
    {
        if (bracketRecord == null)
        {
            return "no bracket record";
        }
        final JsonObject json = bracketRecord.json();
        final String capacity = json.has("capacity_rate") ? text(json, "capacity_rate")
            : text(json, "highest_passing_rate");
        final boolean same = capacity.equals(Long.toString(computed.capacity()))
            && Boolean.parseBoolean(text(json, "non_monotone")) == computed.nonMonotone();
        return same ? "same" : "differs: '" + text(json, "bracket") + "'";
    }
}
