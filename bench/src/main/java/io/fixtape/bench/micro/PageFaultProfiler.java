package io.fixtape.bench.micro;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * JMH profiler reporting the forked JVM's page faults per operation ({@code faults.norm}: minor + major, from
 * {@code /proc/self/stat} fields 10 and 12 around each iteration) and its kernel CPU time per operation
 * ({@code sys.time.norm}, field 15, clock ticks: 10 ms resolution, so only meaningful over iterations of 10⁵+ ops).
 * Process-wide: JIT and GC threads count too, which after warm-up is noise next to a journal taking one fault per
 * few records. The software counterpart of {@code perf stat -e page-faults} on a VM without hardware counters.
 * Linux only; elsewhere it reports NaN. Runs inside the forked benchmark JVM, called by JMH's control thread.
 */
public final class PageFaultProfiler implements InternalProfiler
{
    private static final Path STAT = Path.of("/proc/self/stat");
    /** USER_HZ: the unit of utime/stime in /proc (100 on every Linux this runs on). */
    private static final long NANOS_PER_TICK = 10_000_000L;
    private long faultsAtStart;
    private long sysTicksAtStart;

    @Override
    public String getDescription()
    {
        return "page faults (minor + major) and kernel CPU time of the forked JVM per operation";
    }

    @Override
    public void beforeIteration(final BenchmarkParams benchmarkParams, final IterationParams iterationParams)
    {
        final long[] stat = read();
        faultsAtStart = stat[0];
        sysTicksAtStart = stat[1];
    }

    @Override
    public Collection<? extends Result> afterIteration(
        final BenchmarkParams benchmarkParams, final IterationParams iterationParams, final IterationResult result)
    {
        final long[] stat = read();
        final long ops = result.getMetadata().getAllOps();
        final boolean valid = ops > 0 && stat[0] >= 0 && faultsAtStart >= 0;
        final double faults = valid ? (double)(stat[0] - faultsAtStart) / ops : Double.NaN;
        final double sysNanos = valid ? (double)(stat[1] - sysTicksAtStart) * NANOS_PER_TICK / ops : Double.NaN;
        return List.of(
            new ScalarResult("faults.norm", faults, "faults/op", AggregationPolicy.AVG),
            new ScalarResult("sys.time.norm", sysNanos, "ns/op", AggregationPolicy.AVG));
    }

    /** {minflt + majflt, stime} of this process, or {-1, -1} when /proc is not there. */
    static long[] read()
    {
        try
        {
            final String line = Files.readString(STAT);
            // the command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'
            final String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state): field n is f[n - 3]
            return new long[] {Long.parseLong(f[7]) + Long.parseLong(f[9]), Long.parseLong(f[12])};
        }
        catch (final IOException | RuntimeException ex)
        {
            return new long[] {-1, -1};
        }
    }
}
