package io.fixtape.bench.micro;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.List;

import org.agrona.collections.Long2LongHashMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * JMH profiler reporting {@code cpu.time.norm}: CPU time of the benchmark threads per operation (ns/op), read
 * with {@link ThreadMXBean#getThreadCpuTime} before and after each iteration and divided by the iteration's
 * operations, the way JMH's GC profiler normalises allocation. On a shared machine where the benchmark thread is
 * descheduled part of the time, wall-clock ns/op grows with the load while CPU ns/op mostly does not (cache and
 * TLB damage from neighbours still shows). Both are reported; docs/BENCHMARKS.md says which one a claim uses.
 *
 * <p>Runs inside the forked benchmark JVM, called by JMH's control thread.
 */
public final class CpuTimeProfiler implements InternalProfiler
{
    /** JMH names its benchmark threads {@code <benchmark>-jmh-worker-<n>}. */
    private static final String WORKER_MARKER = "-jmh-worker-";

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Long2LongHashMap cpuAtStart = new Long2LongHashMap(0L);

    public CpuTimeProfiler()
    {
        if (!threads.isThreadCpuTimeSupported())
        {
            throw new IllegalStateException("thread CPU time is not supported by this JVM");
        }
        threads.setThreadCpuTimeEnabled(true);
    }

    @Override
    public String getDescription()
    {
        return "CPU time of the benchmark threads per operation (ns/op)";
    }

    @Override
    public void beforeIteration(final BenchmarkParams benchmarkParams, final IterationParams iterationParams)
    {
        cpuAtStart.clear();
        for (final ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds()))
        {
            if (info != null && info.getThreadName().contains(WORKER_MARKER))
            {
                cpuAtStart.put(info.getThreadId(), threads.getThreadCpuTime(info.getThreadId()));
            }
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(
        final BenchmarkParams benchmarkParams, final IterationParams iterationParams, final IterationResult result)
    {
        long cpuNanos = 0;
        for (final ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds()))
        {
            if (info != null && info.getThreadName().contains(WORKER_MARKER))
            {
                final long now = threads.getThreadCpuTime(info.getThreadId());
                if (now > 0)
                {
                    // a worker started during this iteration has no start entry: all its CPU time is this iteration's
                    cpuNanos += now - cpuAtStart.get(info.getThreadId());
                }
            }
        }
        final long ops = result.getMetadata().getAllOps();
        final double perOp = ops == 0 ? Double.NaN : (double)cpuNanos / ops;
        return List.of(new ScalarResult("cpu.time.norm", perOp, "ns/op", AggregationPolicy.AVG));
    }
}
