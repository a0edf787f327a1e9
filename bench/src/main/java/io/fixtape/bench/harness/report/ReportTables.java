package io.fixtape.bench.harness.report;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.fixtape.bench.harness.report.Comparability.text;

/**
 * The tables of a report: reads result files (JSON lines), groups the cells by title (scenario, recipe and, for a
 * round trip, the offered rate), attaches each capacity bracket or capacity error to the capacity table of its
 * scenario and recipe (records without one are orphans), and refuses a table whose members were not measured under
 * the same conditions ({@link Comparability}; the message names the fields and the files).
 *
 * <p>Single-threaded.
 */
final class ReportTables
{
    private final Map<String, List<ReportSource>> cellsByTitle = new LinkedHashMap<>();
    private final Map<String, List<ReportSource>> recordsByTitle = new LinkedHashMap<>();
    private final List<ReportSource> orphans = new ArrayList<>();

    private ReportTables()
    {
    }

    /**
     * @throws IllegalArgumentException when the files hold no result cell.
     * @throws ReportGenerator.IncomparableCellsException when a table mixes conditions.
     */
    static ReportTables read(final List<Path> results) throws IOException
    {
        final List<ReportSource> cells = new ArrayList<>();
        final List<ReportSource> records = new ArrayList<>();
        for (final Path file : results)
        {
            for (final JsonObject object : Json.readLines(file))
            {
                final String kind = text(object, "kind");
                ("capacity_bracket".equals(kind) || "capacity_error".equals(kind) ? records : cells)
                    .add(new ReportSource(object, file));
            }
        }
        if (cells.isEmpty())
        {
            throw new IllegalArgumentException("no result cells in " + results);
        }
        final ReportTables tables = new ReportTables();
        for (final ReportSource cell : cells)
        {
            tables.cellsByTitle.computeIfAbsent(title(cell.json()), t -> new ArrayList<>()).add(cell);
        }
        for (final ReportSource record : records)
        {
            final String title = capacityTitle(text(record.json(), "scenario"), Comparability.recipe(record.json()));
            if (tables.cellsByTitle.containsKey(title))
            {
                tables.recordsByTitle.computeIfAbsent(title, t -> new ArrayList<>()).add(record);
            }
            else
            {
                tables.orphans.add(record);
            }
        }
        for (final Map.Entry<String, List<ReportSource>> table : tables.cellsByTitle.entrySet())
        {
            requireComparable(table.getKey(), table.getValue(), tables.records(table.getKey()));
        }
        return tables;
    }

    /** Title → its cells, in the order the files list them. */
    Map<String, List<ReportSource>> cellsByTitle()
    {
        return cellsByTitle;
    }

    /** The capacity brackets and capacity errors of the table titled {@code title}. */
    List<ReportSource> records(final String title)
    {
        return recordsByTitle.getOrDefault(title, List.of());
    }

    /** Brackets and errors whose capacity cells are not in these files. */
    List<ReportSource> orphans()
    {
        return orphans;
    }

    private static String title(final JsonObject cell)
    {
        final String oneConnection = text(Comparability.object(cell, "bench_profile"), "runs")
            .startsWith("stability diagnostic") ? " — runs on ONE connection (stability diagnostic)" : "";
        if (!"roundtrip".equals(text(cell, "kind")))
        {
            return capacityTitle(text(cell, "scenario"), Comparability.recipe(cell)) + oneConnection;
        }
        final int perIteration = Comparability.messagesPerIteration(cell);
        final long offered = cell.get("offered_rate").getAsLong();
        return String.format(Locale.ROOT, "Round trip %s, recipe %s, offered %d iterations/s%s%s",
            text(cell, "scenario"), text(cell, "recipe"), offered,
            perIteration > 1 ? " (" + offered * perIteration + " requests/s)" : "", oneConnection);
    }

    private static String capacityTitle(final String scenario, final String recipe)
    {
        return "Capacity " + scenario + ", recipe " + recipe;
    }

    /** Refuses a table whose cells, capacity errors or brackets were measured under other conditions. */
    private static void requireComparable(final String title, final List<ReportSource> rows,
        final List<ReportSource> records)
    {
        final ReportSource first = rows.get(0);
        final Map<String, String> reference = Comparability.key(first.json());
        for (final ReportSource row : rows)
        {
            refuseIf(title, first, row, Comparability.differences(reference, Comparability.key(row.json())));
            final String mismatch = Comparability.declaredModelMismatch(row.json());
            if (mismatch != null)
            {
                throw new ReportGenerator.IncomparableCellsException("refusing to tabulate '" + title + "': "
                    + mismatch + " (from " + row.file() + ")");
            }
        }
        final Map<String, String> recordReference = Comparability.recordKey(first.json());
        for (final ReportSource record : records)
        {
            refuseIf(title, first, record,
                Comparability.differences(recordReference, Comparability.recordKey(record.json())));
        }
    }

    private static void refuseIf(final String title, final ReportSource first, final ReportSource other,
        final List<String> differences)
    {
        if (!differences.isEmpty())
        {
            throw new ReportGenerator.IncomparableCellsException("refusing to tabulate '" + title + "': "
                + text(other.json(), "kind") + " " + other.arm() + " from " + other.file()
                + " was not measured like " + text(first.json(), "kind") + " " + first.arm() + " from "
                + first.file() + "; differing:\n  " + String.join("\n  ", differences));
        }
    }
}
