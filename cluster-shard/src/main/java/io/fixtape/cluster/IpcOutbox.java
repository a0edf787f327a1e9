package io.fixtape.cluster;

import io.aeron.Publication;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableRingBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One thread's way of publishing headed messages ({@link IpcHeaderDescriptor}) on an Aeron IPC publication without
 * blocking and without dropping. {@link #offer} tries the publication at once (header and payload gathered, no
 * copy); when Aeron answers {@code BACK_PRESSURED}, {@code ADMIN_ACTION} or {@code NOT_CONNECTED} — or older messages
 * are still waiting, to keep order — the message is copied into a bounded pending queue, counted, and published by
 * {@link #drain()} in a coming duty cycle. Only a full pending queue or a closed publication makes {@link #offer}
 * answer false (counted in {@code ipc.pending.full}): the caller then reports the failure.
 *
 * <p>Threading: single-threaded (the owning agent's). Steady state allocates nothing; the pending queue grows off
 * heap up to its bound.
 */
final class IpcOutbox
{
    private final Publication publication;
    private final ClusterCounters counters;
    private final UnsafeBuffer headerBuffer = new UnsafeBuffer(new byte[IpcHeaderDescriptor.HEADER_LENGTH]);
    private final IpcHeader header = new IpcHeader().wrap(headerBuffer, 0);
    private final UnsafeBuffer scratch;
    private final ExpandableRingBuffer pending;
    private final int highWaterMark;
    private final ExpandableRingBuffer.MessageConsumer publishPending = this::publishPending;

    /**
     * @param maxMessageLength largest payload + header ever offered.
     * @param maxPendingBytes  bound of the pending queue (power of two).
     */
    IpcOutbox(
        final Publication publication, final ClusterCounters counters, final int maxMessageLength,
        final int maxPendingBytes)
    {
        this.publication = publication;
        this.counters = counters;
        this.scratch = new UnsafeBuffer(new byte[maxMessageLength]);
        this.pending = new ExpandableRingBuffer(64 * 1024, maxPendingBytes, true);
        this.highWaterMark = maxPendingBytes / 2;
    }

    /**
     * Whether more than half the pending queue is in use: the session agent then stops reading its connections
     * ({@link SessionBridge#isHoldingReplies}) so that TCP flow control, not a full queue, holds the counterparty back.
     */
    boolean isAboveHighWaterMark()
    {
        return pending.size() > highWaterMark;
    }

    /**
     * Publish {@code header fields + payload}, or queue it for {@link #drain()}.
     *
     * @return false only when the message could neither be published nor queued (pending queue full, publication
     * closed); counted.
     */
    boolean offer(
        final int flags, final int worker, final int sessionIndex, final int seqNum, final long msgType,
        final DirectBuffer payload, final int offset, final int length)
    {
        header.write(flags, worker, sessionIndex, seqNum, length, msgType);
        if (pending.isEmpty())
        {
            final long result = publication.offer(
                headerBuffer, 0, IpcHeaderDescriptor.HEADER_LENGTH, payload, offset, length);
            if (result > 0)
            {
                return true;
            }
            if (result == Publication.CLOSED || result == Publication.MAX_POSITION_EXCEEDED)
            {
                counters.ipcPendingFull.increment();
                return false;
            }
            counters.ipcBackPressured.increment();
        }
        final int total = IpcHeaderDescriptor.HEADER_LENGTH + length;
        if (total > scratch.capacity())
        {
            counters.ipcPendingFull.increment();
            return false;
        }
        scratch.putBytes(0, headerBuffer, 0, IpcHeaderDescriptor.HEADER_LENGTH);
        scratch.putBytes(IpcHeaderDescriptor.HEADER_LENGTH, payload, offset, length);
        if (!pending.append(scratch, 0, total))
        {
            counters.ipcPendingFull.increment();
            return false;
        }
        return true;
    }

    /** Publish what waits in the pending queue, in order, until Aeron pushes back. @return messages published. */
    int drain()
    {
        if (pending.isEmpty())
        {
            return 0;
        }
        return pending.consume(publishPending, Integer.MAX_VALUE);
    }

    /**
     * Hand every queued message (header + payload) to {@code consumer} and forget it: the publication will not take
     * it any more (closing). @return messages discarded.
     */
    int discardPending(final ExpandableRingBuffer.MessageConsumer consumer)
    {
        return pending.isEmpty() ? 0 : pending.consume(consumer, Integer.MAX_VALUE);
    }

    int pendingBytes()
    {
        return pending.size();
    }

    private boolean publishPending(
        final MutableDirectBuffer buffer, final int offset, final int length, final int headOffset)
    {
        final long result = publication.offer(buffer, offset, length);
        if (result > 0)
        {
            counters.ipcRetriedPublished.increment();
            return true;
        }
        return false; // stays queued: the next duty cycle tries again
    }
}
