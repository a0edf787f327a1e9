package io.fixtape.cluster;

import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.ThreadPlacement;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The CPU pins of the {@code shard} model: each shard's thread pins itself to its CPU and reads the pin back from the
 * OS before its agent runs ({@link #threadFactory}); {@link #await} then fails the launch, naming the shard and the
 * CPU, if a pin did not hold. The CPUs read back are kept for the bench profile ({@link #cpuReadBack}).
 *
 * <p>Threading: each shard thread writes its own slot before counting down the latch; {@link #await} on the
 * launching thread; {@link #cpuReadBack} from any thread after that.
 */
final class ShardPinning
{
    private final String[] cpusReadBack;
    private final Throwable[] errors;
    private final CountDownLatch pinned;

    ShardPinning(final int threads)
    {
        this.cpusReadBack = new String[threads];
        this.errors = new Throwable[threads];
        this.pinned = new CountDownLatch(threads);
    }

    /** Starts shard {@code worker}'s thread pinned to {@code cpu}; the pin is read back before the agent runs. */
    ThreadFactory threadFactory(final String name, final int worker, final int cpu)
    {
        return runnable -> new Thread(() ->
        {
            try
            {
                final ThreadPlacement placement = CpuAffinity.pinCurrentThread(cpu);
                cpusReadBack[worker] = placement.cpus();
            }
            catch (final Throwable t)
            {
                errors[worker] = t;
            }
            finally
            {
                pinned.countDown();
            }
            runnable.run(); // a failed pin still runs the agent so that launch() can close it gracefully
        }, name);
    }

    /**
     * Waits until every shard thread reported its pin.
     *
     * @param cpus the CPU requested for each shard (named in the error).
     * @throws IllegalStateException when a pin could not be applied or the threads did not report within 10 s.
     */
    void await(final int[] cpus)
    {
        try
        {
            if (!pinned.await(10, TimeUnit.SECONDS))
            {
                throw new IllegalStateException("shard threads did not report their CPU pin within 10 s");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pinning shards", ex);
        }
        for (int w = 0; w < errors.length; w++)
        {
            if (errors[w] != null)
            {
                throw new IllegalStateException("shard " + w + ": CPU pin to " + cpus[w] +
                    " could not be applied: " + errors[w].getMessage(), errors[w]);
            }
        }
    }

    /** The CPUs shard {@code worker}'s thread may run on as read back from the OS, or null if it was not pinned. */
    String cpuReadBack(final int worker)
    {
        return cpusReadBack[worker];
    }
}
