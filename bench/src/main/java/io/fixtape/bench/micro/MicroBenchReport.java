package io.fixtape.bench.micro;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Turns JMH's results into the markdown tables of docs/BENCHMARKS.md, straight from the {@link RunResult}s of the
 * run (no copying by hand): every row with ns/op, its 99.9% error and B/op ({@code gc.alloc.rate.norm}), the
 * reference engine family's figures where a row has one, and the side-by-side ratios against QuickFIX/J and Artio
 * with their targets (at least {@link #QUICKFIXJ_TARGET}× QuickFIX/J, faster than Artio). Stateless.
 */
public final class MicroBenchReport
{
    /** Reference figures (ns/op, other hardware, JDK 25) of the primitives: compared by name, never as a ratio. */
    public static final Map<String, Double> REFERENCE_NS = Map.of(
        "scanSohFields", 82.9, "findClOrdIdTag", 44.8, "parseLongAscii", 18.3, "formatChecksum3Ascii", 9.6,
        "formatPositiveLongAscii", 76.7, "parseDecimalScaled6", 19.7, "checksumMessage", 78.6);

    /** Below this a row allocates nothing per operation (what remains is JMH's own, spread over all ops). */
    public static final double ZERO_ALLOCATION_BYTES = 1.0;
    /**
     * Benchmarks outside the allocation target: their operations create files and mappings (a {@code RandomAccessFile},
     * a {@code MappedByteBuffer}), and B/op also counts their {@code Level.Invocation} setup.
     */
    static final List<String> ALLOCATING_BY_DESIGN = List.of("ResendIndexFirstPutBenchmark");
    /** fixtape must be at least this many times faster than QuickFIX/J in the side-by-side rows. */
    public static final double QUICKFIXJ_TARGET = 10.0;

    private MicroBenchReport()
    {
    }

    /** One measured row. */
    public record Row(String name, String engine, double nsPerOp, double error, double cpuNsPerOp, double cpuError,
        double bytesPerOp)
    {
    }

    public static List<Row> rows(final Collection<RunResult> results)
    {
        final List<Row> rows = new ArrayList<>();
        for (final RunResult result : results)
        {
            final String benchmark = result.getParams().getBenchmark();
            final String shortName = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
            final String engine = result.getParams().getParam("engine");
            final Result<?> primary = result.getPrimaryResult();
            final Result<?> cpu = result.getSecondaryResults().get("cpu.time.norm");
            final Map<String, String> params = new TreeMap<>();
            for (final String key : result.getParams().getParamsKeys())
            {
                params.put(key, result.getParams().getParam(key));
            }
            rows.add(new Row(rowName(shortName, params), engine == null ? "fixtape" : engine, primary.getScore(),
                primary.getScoreError(), cpu == null ? Double.NaN : cpu.getScore(),
                cpu == null ? Double.NaN : cpu.getScoreError(), secondary(result, "gc.alloc.rate.norm")));
        }
        rows.sort(Comparator.comparing(Row::name));
        return rows;
    }

    private static double secondary(final RunResult result, final String name)
    {
        final Result<?> secondary = result.getSecondaryResults().get(name);
        return secondary == null ? Double.NaN : secondary.getScore();
    }

    /**
     * {@link #displayName} followed by the benchmark's parameters other than {@code engine} (which has its own
     * column), so that the rows of one benchmark stay apart: {@code ResendIndexFirstPutBenchmark put=first}.
     */
    static String rowName(final String classAndMethod, final Map<String, String> params)
    {
        final StringBuilder name = new StringBuilder(displayName(classAndMethod));
        params.forEach((key, value) ->
        {
            if (!"engine".equals(key))
            {
                name.append(' ').append(key).append('=').append(value);
            }
        });
        return name.toString();
    }

    /**
     * {@code CodecPrimitives.scanSohFields} → {@code scanSohFields}; {@code FixtapeEncodeLogon.encode} →
     * {@code FixtapeEncodeLogon}.
     */
    static String displayName(final String classAndMethod)
    {
        final int dot = classAndMethod.indexOf('.');
        final String type = classAndMethod.substring(0, dot);
        if ("CodecPrimitives".equals(type))
        {
            return classAndMethod.substring(dot + 1);
        }
        return "ParseNewOrderSingleSteps".equals(type) ? classAndMethod : type;
    }

    /**
     * @param label   recipe label (smoke figures are marked as such).
     * @param context free text put above the tables (machine, load, command).
     */
    public static String markdown(final Collection<RunResult> results, final String label, final String context)
    {
        final List<Row> rows = rows(results);
        final StringBuilder out = new StringBuilder();
        out.append("Recipe label: `").append(label).append("`").append("smoke".equals(label) ?
            " (smoke figures are never compared)\n\n" : "\n\n").append(context).append("\n\n");
        out.append("| benchmark | engine | ns/op | ± error (99.9%) | CPU ns/op | ± error | B/op | reference ns/op |" +
            " vs reference (CPU) |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (final Row row : rows)
        {
            final Double reference = REFERENCE_NS.get(row.name());
            out.append("| ").append(row.name()).append(" | ").append(row.engine()).append(" | ")
                .append(format(row.nsPerOp())).append(" | ").append(format(row.error())).append(" | ")
                .append(format(row.cpuNsPerOp())).append(" | ").append(format(row.cpuError())).append(" | ")
                .append(format(row.bytesPerOp())).append(" | ")
                .append(reference == null ? "" : format(reference)).append(" | ")
                .append(reference == null ? "" : (row.cpuNsPerOp() < reference ? "below" : "ABOVE") + " (" +
                    format(row.cpuNsPerOp() / reference) + "×)")
                .append(" |\n");
        }
        out.append('\n').append(sideBySide(rows)).append('\n').append(allocation(rows));
        return out.toString();
    }

    static String sideBySide(final List<Row> rows)
    {
        final Map<String, Map<String, Row>> byName = new LinkedHashMap<>();
        for (final Row row : rows)
        {
            if (row.name().equals("ParseNewOrderSingle") || row.name().equals("EncodeExecutionReport"))
            {
                byName.computeIfAbsent(row.name(), k -> new LinkedHashMap<>()).put(row.engine(), row);
            }
        }
        final StringBuilder out = new StringBuilder();
        if (byName.isEmpty())
        {
            return "";
        }
        out.append("| side by side | time | QuickFIX/J ÷ fixtape (target ≥ ").append(format(QUICKFIXJ_TARGET))
            .append("×) | Artio ÷ fixtape (target > 1×) | fixtape-typed ÷ fixtape |\n|---|---|---|---|---|\n");
        byName.forEach((name, engines) ->
        {
            final Row fixtape = engines.get("fixtape");
            for (final boolean cpu : new boolean[] {false, true})
            {
                out.append("| ").append(name).append(" | ").append(cpu ? "CPU" : "wall").append(" | ")
                    .append(ratio(engines.get("quickfixj"), fixtape, QUICKFIXJ_TARGET, cpu)).append(" | ")
                    .append(ratio(engines.get("artio"), fixtape, 1.0, cpu)).append(" | ")
                    .append(ratio(engines.get("fixtape-typed"), fixtape, cpu)).append(" |\n");
            }
        });
        return out.toString();
    }

    /** The generated codecs against the tag/value flyweights they are built on: a cost, no target. */
    private static String ratio(final Row typed, final Row fixtape, final boolean cpu)
    {
        if (typed == null || fixtape == null)
        {
            return "not measured";
        }
        return format(cpu ? typed.cpuNsPerOp() / fixtape.cpuNsPerOp() : typed.nsPerOp() / fixtape.nsPerOp()) + "×";
    }

    private static String ratio(final Row peer, final Row fixtape, final double target, final boolean cpu)
    {
        if (peer == null || fixtape == null)
        {
            return "not measured";
        }
        final double ratio = cpu ? peer.cpuNsPerOp() / fixtape.cpuNsPerOp() : peer.nsPerOp() / fixtape.nsPerOp();
        if (Double.isNaN(ratio))
        {
            return "n/a";
        }
        final boolean met = target > 1 ? ratio >= target : ratio > target;
        return format(ratio) + "× " + (met ? "met" : "MISSED");
    }

    static String allocation(final List<Row> rows)
    {
        final List<String> allocating = new ArrayList<>();
        for (final Row row : rows)
        {
            if (row.engine().startsWith("fixtape") && !(row.bytesPerOp() < ZERO_ALLOCATION_BYTES) &&
                !ALLOCATING_BY_DESIGN.contains(row.name().split(" ")[0]))
            {
                allocating.add(row.name() + ("fixtape".equals(row.engine()) ? "" : ":" + row.engine()) + " (" +
                    format(row.bytesPerOp()) + " B/op)");
            }
        }
        return allocating.isEmpty()
            ? "Allocation target (every fixtape row < " + format(ZERO_ALLOCATION_BYTES) + " B/op): met\n"
            : "Allocation target MISSED by: " + String.join(", ", allocating) + "\n";
    }

    static String format(final double value)
    {
        if (Double.isNaN(value))
        {
            return "n/a";
        }
        final double magnitude = Math.abs(value);
        return String.format(Locale.ROOT, magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ?
            "%.2f" : "%.3f", value);
    }
}
