package io.fixtape.replay.drive;

import org.agrona.concurrent.EpochNanoClock;

/**
 * The replayed engine's clock: it reads the recorded time of the inbound message being processed, so every
 * timestamp the engine writes (SendingTime, TransactTime, journal times) is a function of the recording only —
 * hence byte-identical output run to run and transport to transport. Never goes backwards (recorded times of
 * consecutive messages may tie or, from captures, step back by a few microseconds).
 *
 * <p>Threading: set and read on the engine's poller thread only (see {@link TimelineTransport}).
 */
public final class ReplayClock implements EpochNanoClock
{
    private long now;

    public ReplayClock(final long start)
    {
        this.now = start;
    }

    @Override
    public long nanoTime()
    {
        return now;
    }

    /** Advance to {@code timestampNanos} (ignored if earlier than the current time). */
    public void advanceTo(final long timestampNanos)
    {
        if (timestampNanos > now)
        {
            now = timestampNanos;
        }
    }
}
