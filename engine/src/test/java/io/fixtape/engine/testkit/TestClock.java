package io.fixtape.engine.testkit;

import org.agrona.concurrent.EpochNanoClock;

import java.util.concurrent.TimeUnit;

/**
 * A clock that only moves when the test says so: deterministic timers, no sleeps. Starts at
 * 2026-12-02T12:00:00Z unless told otherwise. Single-threaded use.
 */
public final class TestClock implements EpochNanoClock
{
    /** 2026-12-02T12:00:00Z. */
    public static final long DEFAULT_START_NANOS = 1_796_212_800L * 1_000_000_000L;

    private long nowNanos;

    public TestClock()
    {
        this(DEFAULT_START_NANOS);
    }

    public TestClock(final long startNanos)
    {
        this.nowNanos = startNanos;
    }

    @Override
    public long nanoTime()
    {
        return nowNanos;
    }

    public TestClock advanceNanos(final long nanos)
    {
        nowNanos += nanos;
        return this;
    }

    public TestClock advanceMillis(final long millis)
    {
        return advanceNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    public TestClock advanceSeconds(final long seconds)
    {
        return advanceNanos(TimeUnit.SECONDS.toNanos(seconds));
    }

    public TestClock set(final long epochNanos)
    {
        nowNanos = epochNanos;
        return this;
    }
}
