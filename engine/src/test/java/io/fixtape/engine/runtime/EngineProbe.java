package io.fixtape.engine.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Test helpers for launched engines: ask the poller thread a question, wait for a condition. */
public final class EngineProbe
{
    private EngineProbe()
    {
    }

    /** A condition that may throw (e.g. because it queries the poller). */
    public interface Condition
    {
        boolean get() throws Exception;
    }

    /** Run {@code query} on the engine's poller thread and wait (up to 10 s) for its answer. */
    public static <T> T onPoller(final FixEngine engine, final Callable<T> query) throws Exception
    {
        final CompletableFuture<T> answer = new CompletableFuture<>();
        if (!engine.execute(() ->
        {
            try
            {
                answer.complete(query.call());
            }
            catch (final Throwable t)
            {
                answer.completeExceptionally(t);
            }
        }))
        {
            throw new IllegalStateException("engine refused the command (closing or queue full)");
        }
        return answer.get(10, TimeUnit.SECONDS);
    }

    /** Poll {@code condition} every 5 ms for up to 30 s. */
    public static void await(final Condition condition, final String what) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.get())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }
}
