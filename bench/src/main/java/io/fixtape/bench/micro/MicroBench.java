package io.fixtape.bench.micro;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import io.fixtape.bench.harness.Standards;

/**
 * Runs the micro benchmark suite (every JMH benchmark in {@code io.fixtape.bench.micro}) through JMH's
 * {@link Runner} with the GC profiler and {@link CpuTimeProfiler}, writing JMH's own JSON result file. Used by
 * {@code bin/fixtape bench micro}.
 *
 * <p>Forked benchmark JVMs are started with the project's JVM flags (env {@code FIXTAPE_JVM_FLAGS} exported by
 * bin/fixtape, else system property {@code fixtape.jvm.flags}), a fixed heap, Artio's codec settings and
 * {@code -Dfixtape.bench.label=smoke|full}, so the label is part of JMH's JSON ({@code jvmArgs}). Not thread-safe.
 */
public final class MicroBench
{
    /** Every benchmark of the suite lives in this package. */
    public static final String PACKAGE_PATTERN = "io\\.fixtape\\.bench\\.micro\\.";

    /** Heap of every forked benchmark JVM (fixed so GC behaviour does not depend on the machine's memory). */
    public static final String HEAP = "-Xms512m -Xmx512m";

    /**
     * Artio's generated decoders reject fields not defined for the message only with this set (QuickFIX/J and
     * fixtape do it by default): same validation work in all three rows.
     */
    public static final String ARTIO_VALIDATION = "-Dfix.codecs.reject_unknown_field=true";

    private MicroBench()
    {
    }

    /**
     * How long JMH measures: forks, warm-up and measurement iterations of {@code iterationSeconds} each. The
     * named recipes live in bench/standards.properties ({@code micro.<label>.*}).
     */
    public record Recipe(String label, int forks, int warmupIterations, int measurementIterations,
        int iterationSeconds)
    {
        public Recipe
        {
            if (forks < 1 || warmupIterations < 0 || measurementIterations < 1 || iterationSeconds < 1)
            {
                throw new IllegalArgumentException("recipe needs forks>=1, warmups>=0, iterations>=1, seconds>=1: " +
                    forks + "/" + warmupIterations + "/" + measurementIterations + "/" + iterationSeconds);
            }
        }

        /** Recipe {@code label} ("full", "smoke") from the standards file. */
        public static Recipe from(final Standards standards, final String label)
        {
            final String prefix = "micro." + label + ".";
            return new Recipe(label, standards.getInt(prefix + "forks"), standards.getInt(prefix + "warmups"),
                standards.getInt(prefix + "iterations"), standards.getInt(prefix + "seconds"));
        }
    }

    /**
     * JMH options for the suite.
     *
     * @param recipe       forks and iterations.
     * @param includeRegex extra filter on the benchmark name (JMH find semantics), or null for the whole suite.
     * @param jsonOut      where JMH writes its JSON result, or null for none.
     */
    public static Options options(
        final Recipe recipe, final String standardsSha256, final String includeRegex, final Path jsonOut)
    {
        final String include = includeRegex == null || includeRegex.isBlank()
            ? PACKAGE_PATTERN
            : PACKAGE_PATTERN + ".*(?:" + Pattern.compile(includeRegex).pattern() + ")";
        final ChainedOptionsBuilder builder = new OptionsBuilder()
            .include(include)
            .mode(Mode.AverageTime)
            .timeUnit(TimeUnit.NANOSECONDS)
            .forks(recipe.forks())
            .warmupIterations(recipe.warmupIterations())
            .warmupTime(TimeValue.seconds(recipe.iterationSeconds()))
            .measurementIterations(recipe.measurementIterations())
            .measurementTime(TimeValue.seconds(recipe.iterationSeconds()))
            .addProfiler(GCProfiler.class)
            .addProfiler(CpuTimeProfiler.class)
            .shouldFailOnError(true)
            .jvmArgs(forkJvmArgs(recipe.label(), standardsSha256).toArray(new String[0]));
        final String java = System.getenv("FIXTAPE_JAVA");
        if (java != null && !java.isBlank())
        {
            builder.jvm(java);
        }
        if (jsonOut != null)
        {
            builder.resultFormat(ResultFormatType.JSON).result(jsonOut.toString());
        }
        return builder.build();
    }

    /**
     * Arguments of every forked JVM: project flags, heap, Artio validation, and the recipe label and standards
     * checksum as system properties, so JMH's JSON ({@code jvmArgs}) says how it was produced.
     */
    public static List<String> forkJvmArgs(final String label, final String standardsSha256)
    {
        final List<String> args = new ArrayList<>();
        String flags = System.getenv("FIXTAPE_JVM_FLAGS");
        if (flags == null || flags.isBlank())
        {
            flags = System.getProperty("fixtape.jvm.flags", "");
        }
        if (flags.isBlank())
        {
            // not started by bin/fixtape (IDE, test): forks inherit this JVM's own arguments, as JMH does by default
            flags = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
        }
        for (final String flag : (flags + " " + HEAP + " " + ARTIO_VALIDATION).trim().split("\\s+"))
        {
            if (!flag.isEmpty())
            {
                args.add(flag);
            }
        }
        args.add("-Dfixtape.bench.label=" + label);
        args.add("-Dfixtape.bench.standards.sha256=" + standardsSha256);
        return args;
    }

    public static Collection<RunResult> run(
        final Recipe recipe, final String standardsSha256, final String includeRegex, final Path jsonOut)
        throws RunnerException
    {
        return new Runner(options(recipe, standardsSha256, includeRegex, jsonOut)).run();
    }
}
