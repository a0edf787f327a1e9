package io.fixtape.bench.harness.report;

import com.google.gson.JsonObject;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.fixtape.bench.harness.report.Comparability.text;

/**
 * The Markdown table of a round-trip title: one line per row (arm and store) with its latency percentiles, the
 * engine cost and ratios against the floor, and its gates. A row whose run has no floor row in the table is marked
 * with † and listed under the table.
 *
 * <p>Single-threaded.
 */
final class RoundTripTable
{
    private RoundTripTable()
    {
    }

    static void append(final StringBuilder md, final List<ReportSource> rows, final Map<String, String> runTags,
        final CellGates gates)
    {
        final Set<String> runsWithFloor = new LinkedHashSet<>();
        rows.stream().filter(r -> "floor".equals(r.arm())).forEach(r -> runsWithFloor.add(r.run()));
        final List<String> withoutFloor = new ArrayList<>();
        md.append("| run | row | store | offered it/s | offered req/s | achieved it/s | samples | p50 µs | p90 µs"
            + " | p99 µs | p99.9 µs | max µs | service p50 µs | service p99 µs | engine_cost p50 µs | p99 / floor"
            + " | p99.9 / floor | server idle | gates |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (final ReportSource source : rows)
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
                .append(" | ").append(text(profile, "store"))
                .append(" | ").append(text(row, "offered_rate"))
                .append(" | ").append(row.get("offered_rate").getAsLong() * Comparability.messagesPerIteration(row))
                .append(" | ").append(text(row, "achieved_rate"))
                .append(" | ").append(text(row, "samples"))
                .append(" | ").append(text(row, "p50_us"))
                .append(" | ").append(text(row, "p90_us"))
                .append(" | ").append(text(row, "p99_us"))
                .append(" | ").append(text(row, "p999_us"))
                .append(" | ").append(text(row, "max_us"))
                .append(" | ").append(text(row, "service_p50_us"))
                .append(" | ").append(text(row, "service_p99_us"))
                .append(" | ").append(orDash(row, "engine_cost_p50_us")).append(mark)
                .append(" | ").append(orDash(row, "p99_vs_floor")).append(mark)
                .append(" | ").append(orDash(row, "p999_vs_floor")).append(mark)
                .append(" | ").append(text(profile, "idle_strategy"))
                .append(" | ").append(gates.summary(row)).append(" |\n");
        }
        if (!withoutFloor.isEmpty())
        {
            md.append("\n† **no floor row from the same run in this table** (every round-trip table carries the"
                + " floor measured in the same run): ").append(String.join(", ", withoutFloor))
                .append(". Their floor comparisons, if any, are against a floor not shown here.\n");
        }
    }

    private static String orDash(final JsonObject object, final String key)
    {
        final String value = text(object, key);
        return value.isEmpty() ? "–" : value;
    }
}
