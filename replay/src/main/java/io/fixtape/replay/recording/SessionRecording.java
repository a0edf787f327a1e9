package io.fixtape.replay.recording;

import io.fixtape.engine.session.SessionId;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.collections.IntArrayList;
import org.agrona.collections.LongArrayList;

/**
 * One recorded session held in memory, column-wise: every message's raw bytes packed back to back in one off-heap
 * buffer, with parallel primitive arrays for offset, length, timestamp and direction. Replaying iterates it without
 * allocating.
 *
 * <p>Not thread-safe: filled by one thread, then read (also by other threads after a safe hand-off).
 */
public final class SessionRecording
{
    private final SessionId sessionId;
    private final ExpandableDirectByteBuffer data = new ExpandableDirectByteBuffer(64 * 1024);
    private final IntArrayList offsets = new IntArrayList();
    private final IntArrayList lengths = new IntArrayList();
    private final LongArrayList timestamps = new LongArrayList();
    private final IntArrayList inbound = new IntArrayList();
    private int size;
    private int inboundCount;

    public SessionRecording(final SessionId sessionId)
    {
        this.sessionId = sessionId;
    }

    public SessionId sessionId()
    {
        return sessionId;
    }

    public void add(final boolean inbound, final long timestampNanos, final DirectBuffer buffer, final int offset,
        final int length)
    {
        if ((long)size + length > Integer.MAX_VALUE - 8)
        {
            throw new IllegalStateException("recording of " + sessionId + " exceeds 2 GiB");
        }
        offsets.addInt(size);
        lengths.addInt(length);
        timestamps.addLong(timestampNanos);
        this.inbound.addInt(inbound ? 1 : 0);
        data.putBytes(size, buffer, offset, length);
        size += length;
        if (inbound)
        {
            inboundCount++;
        }
    }

    /** Number of messages, both directions. */
    public int count()
    {
        return offsets.size();
    }

    public int inboundCount()
    {
        return inboundCount;
    }

    public int outboundCount()
    {
        return count() - inboundCount;
    }

    public DirectBuffer buffer()
    {
        return data;
    }

    public int offset(final int index)
    {
        return offsets.getInt(index);
    }

    public int length(final int index)
    {
        return lengths.getInt(index);
    }

    public long timestampNanos(final int index)
    {
        return timestamps.getLong(index);
    }

    public boolean isInbound(final int index)
    {
        return inbound.getInt(index) != 0;
    }

    /**
     * The first {@code inboundMessages} inbound messages with every outbound message recorded before the next one
     * (a warm-up run's workload). Copies.
     */
    public SessionRecording prefix(final int inboundMessages)
    {
        final SessionRecording prefix = new SessionRecording(sessionId);
        int inboundSeen = 0;
        for (int i = 0; i < count(); i++)
        {
            if (isInbound(i) && inboundSeen++ == inboundMessages)
            {
                break;
            }
            prefix.add(isInbound(i), timestampNanos(i), data, offset(i), length(i));
        }
        return prefix;
    }

    /** Total bytes of all messages. */
    public long bytes()
    {
        return size;
    }
}
