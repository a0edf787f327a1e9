package io.fixtape.replay.drive;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.agrona.concurrent.EpochNanoClock;

/**
 * The replay clock when the engine reads it on threads of its own ({@link ModelReplay}: workers, an application
 * agent): only the replay thread moves it, forwards only, and every reader sees each move (release/acquire).
 */
final class SharedReplayClock implements EpochNanoClock
{
    private static final VarHandle NOW;

    static
    {
        try
        {
            NOW = MethodHandles.lookup().findVarHandle(SharedReplayClock.class, "now", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused") private long now;

    SharedReplayClock(final long start)
    {
        NOW.setRelease(this, start);
    }

    @Override
    public long nanoTime()
    {
        return (long)NOW.getAcquire(this);
    }

    /** Replay thread only: advance to {@code timestampNanos} (ignored if earlier than the current time). */
    void advanceTo(final long timestampNanos)
    {
        if (timestampNanos > (long)NOW.getAcquire(this))
        {
            NOW.setRelease(this, timestampNanos);
        }
    }
}
