package io.fixtape.replay.drive;

import org.agrona.collections.IntArrayList;
import org.agrona.collections.LongArrayList;

/**
 * When each inbound message is due, relative to the start of the replay ({@link Pacing}), and its MsgType for the
 * latency figures. A schedule slides: when the replay waits for the engine (its answer to a Logon, a connection to
 * open), the messages from there on keep their spacing from the moment the wait ended instead of queueing up
 * behind it ({@link #slideFrom}).
 *
 * <p>Threading: the replay thread only. {@link #offset} of the messages still to send is O(1) and allocation-free.
 */
final class Schedule
{
    final int inboundCount;
    final long[] inboundTypes;
    final long[] scheduledOffsets;
    /** Slides so far: from which inbound message on, and by how much in total. */
    private final IntArrayList slideFrom = new IntArrayList();
    private final LongArrayList slideTotal = new LongArrayList();
    private int lastSlideFrom = Integer.MAX_VALUE;
    private long lastSlideTotal;

    Schedule(final ReplayPlan plan, final Pacing pacing)
    {
        inboundCount = plan.inboundCount();
        inboundTypes = plan.inboundTypes;
        scheduledOffsets = new long[inboundCount];
        for (int in = 0; in < inboundCount; in++)
        {
            scheduledOffsets[in] = pacing.scheduledOffset(in, plan.inboundTimestamps[in] - plan.inboundTimestamps[0]);
        }
    }

    /** Whether inbound message {@code inbound} is due {@code elapsedNanos} after the start (clock injected). */
    boolean isDue(final int inbound, final long elapsedNanos)
    {
        return elapsedNanos >= offset(inbound);
    }

    /** When inbound message {@code inbound} is due, ns after the start (recorded or paced, plus the slides before it). */
    long offset(final int inbound)
    {
        if (inbound >= lastSlideFrom)
        {
            return scheduledOffsets[inbound] + lastSlideTotal;
        }
        long slide = 0;
        for (int i = 0; i < slideFrom.size() && slideFrom.getInt(i) <= inbound; i++)
        {
            slide = slideTotal.getLong(i);
        }
        return scheduledOffsets[inbound] + slide;
    }

    /**
     * Inbound messages from {@code inbound} on (at or after the last slide) are due as if the schedule restarted at
     * {@code elapsedNanos}: never earlier than now scheduled, spacing kept.
     */
    void slideTo(final int inbound, final long elapsedNanos)
    {
        if (inbound >= inboundCount)
        {
            return;
        }
        final long by = elapsedNanos - offset(inbound);
        if (by > 0)
        {
            lastSlideFrom = inbound;
            lastSlideTotal += by;
            slideFrom.addInt(inbound);
            slideTotal.addLong(lastSlideTotal);
        }
    }

    /** Inbound messages per second the schedule asks for; 0 when everything is due at once. */
    double offeredPerSecond()
    {
        final long span = inboundCount == 0 ? 0 : scheduledOffsets[inboundCount - 1];
        return span <= 0 ? 0 : (inboundCount - 1) * 1e9 / span;
    }
}
