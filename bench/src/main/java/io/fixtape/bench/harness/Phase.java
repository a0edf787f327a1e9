package io.fixtape.bench.harness;

/**
 * Warm-up or measured, for an iteration (tick) index, without a branch. Every harness loop keeps its counters and
 * histograms per phase ({@code [WARMUP]}, {@code [MEASURED]}) and indexes them with {@link #of}: the code that
 * records a measured value then runs, and is compiled by the JIT, from the first warm-up iteration on. A test such
 * as {@code if (index >= warmup)} is never true during the warm-up, so the JIT compiles it as an uncommon trap: the
 * first measured iteration deoptimises the whole compiled loop (client or server) and the recompilation runs inside
 * the measured window, on the process's one core (with such a branch, JFR's {@code jdk.Deoptimization} events show
 * exactly this in {@code OpenLoopClient.run}, {@code OpenLoopClient.onMessage} and {@code ServerProbe.record}).
 */
public final class Phase
{
    public static final int WARMUP = 0;
    public static final int MEASURED = 1;

    private Phase()
    {
    }

    /** {@link #WARMUP} when {@code index < warmup}, else {@link #MEASURED} (for {@code index >= 0}). Branch-free. */
    public static int of(final long index, final long warmup)
    {
        return (int)((warmup - 1L - index) >>> 63);
    }
}
