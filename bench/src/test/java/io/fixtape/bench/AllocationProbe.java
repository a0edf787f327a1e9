package io.fixtape.bench;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated by the calling thread (HotSpot's per-thread counter) for a unit of work, robust on a slow, loaded
 * CI machine: after a warm-up, the work is measured in repeated rounds and the MINIMUM is kept, stopping at the
 * first round under the bound. A JIT compilation that finishes late (background compiler threads starved of CPU)
 * or a one-off lazy initialisation allocates in one round, not in every round; per-operation allocation shows in
 * every round, so the minimum still catches it. Not thread-safe: measures the caller's thread.
 */
public final class AllocationProbe
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private AllocationProbe()
    {
    }

    /**
     * @return the fewest bytes any of up to {@code maxRounds} rounds allocated; stops at the first round that
     *         allocated less than {@code stopBelow} bytes.
     */
    public static long minAllocatedBytes(final Runnable round, final int maxRounds, final long stopBelow)
    {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < maxRounds && min >= stopBelow; i++)
        {
            final long before = THREADS.getCurrentThreadAllocatedBytes();
            round.run();
            min = Math.min(min, THREADS.getCurrentThreadAllocatedBytes() - before);
        }
        return min;
    }

    /**
     * Bytes per operation (integer division: a few bytes per round, e.g. JMH's Blackhole keeping a WeakReference on
     * a rare random draw, are not per-operation allocation; 16 B/op shows as 16), the minimum over up to
     * {@code maxRounds} rounds of {@code perRound} operations after {@code warmup} operations.
     */
    public static long minBytesPerOperation(final Runnable operation, final int warmup, final int perRound,
        final int maxRounds)
    {
        for (int i = 0; i < warmup; i++)
        {
            operation.run(); // class loading, first use and JIT compilation (deoptimisation may allocate) happen here
        }
        return minAllocatedBytes(() ->
        {
            for (int i = 0; i < perRound; i++)
            {
                operation.run();
            }
        }, maxRounds, perRound) / perRound;
    }
}
