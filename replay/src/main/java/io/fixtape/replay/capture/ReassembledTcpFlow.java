package io.fixtape.replay.capture;

import java.util.Map;
import java.util.TreeMap;

import org.agrona.DirectBuffer;

/**
 * A reassembled TCP flow: one TCP connection of a capture with both directions put back in order by sequence
 * number. Retransmitted bytes are dropped (also partial overlaps), out-of-order segments wait until the hole before
 * them is filled, and at the end of the capture any hole that never filled is skipped and counted as a gap.
 * Sequence numbers are unwrapped to 64 bits so a stream may pass 4 GiB.
 *
 * <p>Not thread-safe; owned by a {@link TcpReassembler}.
 */
public final class ReassembledTcpFlow
{
    private final Direction forward;
    private final Direction backward;
    /** Which side sent the SYN (without ACK): 1 first sender, -1 the other, 0 not seen. */
    private int clientSide;
    private Object attachment;

    ReassembledTcpFlow()
    {
        this.forward = new Direction(true);
        this.backward = new Direction(false);
    }

    /**
     * True when the first sender (the side whose packet was seen first) opened the connection (sent the SYN); false
     * if the other did; null if unseen.
     */
    public Boolean firstSenderIsClient()
    {
        return clientSide == 0 ? null : clientSide > 0;
    }

    /** Importer state for this connection (e.g. which side is the recorded engine). */
    public Object attachment()
    {
        return attachment;
    }

    public void attachment(final Object attachment)
    {
        this.attachment = attachment;
    }

    Direction direction(final boolean fromFirstSender)
    {
        return fromFirstSender ? forward : backward;
    }

    void onSegment(
        final boolean fromFirstSender,
        final long timestampNanos,
        final int sequence,
        final int flags,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final FixStreamHandler handler)
    {
        if ((flags & TcpSegment.SYN) != 0 && (flags & TcpSegment.ACK) == 0)
        {
            clientSide = fromFirstSender ? 1 : -1;
        }
        direction(fromFirstSender).onSegment(timestampNanos, sequence, flags, buffer, offset, length, handler);
    }

    void finish(final long timestampNanos, final FixStreamHandler handler)
    {
        forward.finish(timestampNanos, handler);
        backward.finish(timestampNanos, handler);
    }

    /** One direction's reassembly state. */
    final class Direction
    {
        private final boolean fromFirstSender;
        private final FixStreamSplitter splitter = new FixStreamSplitter();
        private final TreeMap<Long, byte[]> outOfOrder = new TreeMap<>();
        private boolean synced;
        private int nextSequence;
        private long nextAbsolute;
        long retransmittedBytes;
        long outOfOrderSegments;
        long gapBytes;
        long payloadBytes;

        Direction(final boolean fromFirstSender)
        {
            this.fromFirstSender = fromFirstSender;
        }

        void onSegment(
            final long timestampNanos,
            final int sequence,
            final int flags,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final FixStreamHandler handler)
        {
            if ((flags & TcpSegment.SYN) != 0)
            {
                synced = true;
                nextSequence = sequence + 1; // the SYN takes one sequence number
                return;
            }
            if (length == 0)
            {
                return;
            }
            if (!synced)
            {
                synced = true; // capture started mid-connection: the framer skips to the first "8=FIX"
                nextSequence = sequence;
            }
            final int delta = sequence - nextSequence; // int arithmetic handles 32-bit wrap
            if (delta < 0)
            {
                final int overlap = -delta;
                if (overlap >= length)
                {
                    retransmittedBytes += length;
                    return;
                }
                retransmittedBytes += overlap;
                deliver(timestampNanos, buffer, offset + overlap, length - overlap, handler);
                drain(timestampNanos, handler);
            }
            else if (delta == 0)
            {
                deliver(timestampNanos, buffer, offset, length, handler);
                drain(timestampNanos, handler);
            }
            else
            {
                outOfOrderSegments++;
                final long key = nextAbsolute + delta;
                final byte[] existing = outOfOrder.get(key);
                if (existing == null || existing.length < length)
                {
                    final byte[] copy = new byte[length];
                    buffer.getBytes(offset, copy);
                    outOfOrder.put(key, copy);
                }
                else
                {
                    retransmittedBytes += length;
                }
            }
        }

        private void deliver(
            final long timestampNanos, final DirectBuffer buffer, final int offset, final int length,
            final FixStreamHandler handler)
        {
            nextSequence += length;
            nextAbsolute += length;
            payloadBytes += length;
            splitter.onBytes(ReassembledTcpFlow.this, fromFirstSender, timestampNanos, buffer, offset, length, handler);
        }

        private void drain(final long timestampNanos, final FixStreamHandler handler)
        {
            Map.Entry<Long, byte[]> first;
            while ((first = outOfOrder.firstEntry()) != null && first.getKey() <= nextAbsolute)
            {
                outOfOrder.pollFirstEntry();
                final byte[] data = first.getValue();
                final int overlap = (int)(nextAbsolute - first.getKey());
                if (overlap < data.length)
                {
                    retransmittedBytes += overlap;
                    deliver(timestampNanos, new org.agrona.concurrent.UnsafeBuffer(data), overlap, data.length - overlap,
                        handler);
                }
                else
                {
                    retransmittedBytes += data.length;
                }
            }
        }

        /** End of capture: skip holes that never filled, delivering what lies after them. */
        void finish(final long timestampNanos, final FixStreamHandler handler)
        {
            Map.Entry<Long, byte[]> first;
            while ((first = outOfOrder.firstEntry()) != null)
            {
                final long hole = first.getKey() - nextAbsolute;
                gapBytes += hole;
                nextAbsolute += hole;
                nextSequence += (int)hole;
                splitter.onGap();
                drain(timestampNanos, handler);
            }
        }

        FixStreamSplitter splitter()
        {
            return splitter;
        }
    }
}
