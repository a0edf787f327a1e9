package io.fixtape.engine.runtime;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.concurrent.TimeUnit;

/** Idle strategies by the names used in settings files ({@code IdleStrategy=}) and on the command line. */
public final class IdleStrategies
{
    /** Names accepted by {@link #byName}. */
    public static final String NAMES = "busy-spin, yielding, backoff, sleeping";

    private IdleStrategies()
    {
    }

    /**
     * @param name {@code busy-spin} (a whole core, lowest latency), {@code yielding}, {@code backoff} (spin, yield,
     *             then park up to 1 ms; the default) or {@code sleeping} (1 ms sleeps; for tools and tests).
     */
    public static IdleStrategy byName(final String name)
    {
        switch (name)
        {
            case "busy-spin":
                return new BusySpinIdleStrategy();
            case "yielding":
                return new YieldingIdleStrategy();
            case "backoff":
                return new BackoffIdleStrategy(10, 20, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(1));
            case "sleeping":
                return new SleepingMillisIdleStrategy(1);
            default:
                throw new IllegalArgumentException("idleStrategy must be one of " + NAMES + ": '" + name + "'");
        }
    }
}
