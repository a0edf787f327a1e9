package io.fixtape.engine.store;

import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Keeps sequence numbers and the most recent outbound application messages in memory, for resend. Bounded: the
 * messages live in one direct byte ring of {@code capacityBytes}, indexed by MsgSeqNum in primitive arrays of
 * {@code indexCapacity} slots (a power of two); the oldest messages are overwritten as the ring wraps and are
 * then answered with a gap fill, as messages never stored are. No object is created per message; the ring is
 * allocated when the first application message is stored.
 *
 * <p>Admin messages and resent copies ({@link #FLAG_ADMIN}, {@link #FLAG_POSS_DUP}) are not kept: a resend
 * answers them with a gap fill anyway. Inbound messages are not kept either (no audit trail in memory).
 *
 * <p>Single writer: the session's poller thread. Nothing survives a restart: use the journal module for that.
 */
public final class InMemoryMessageStore extends HeapSequenceNumbers
{
    /** Default ring size: 16 MiB of outbound messages. */
    public static final int DEFAULT_CAPACITY_BYTES = 16 * 1024 * 1024;
    /** Default number of index slots: the last 64 Ki MsgSeqNums can be resent. */
    public static final int DEFAULT_INDEX_CAPACITY = 64 * 1024;

    private UnsafeBuffer data;
    private final int capacity;
    private final int mask;
    private final int[] seqNums;
    private final long[] positions;
    private final int[] lengths;
    private long writePosition;

    public InMemoryMessageStore()
    {
        this(DEFAULT_CAPACITY_BYTES, DEFAULT_INDEX_CAPACITY);
    }

    /**
     * @param capacityBytes size of the message ring.
     * @param indexCapacity number of MsgSeqNums indexed; rounded up to a power of two.
     */
    public InMemoryMessageStore(final int capacityBytes, final int indexCapacity)
    {
        if (capacityBytes < 1024 || indexCapacity < 2)
        {
            throw new IllegalArgumentException("capacityBytes must be >= 1024 and indexCapacity >= 2: " +
                capacityBytes + ", " + indexCapacity);
        }
        this.capacity = capacityBytes;
        final int slots = BitUtil.findNextPositivePowerOfTwo(indexCapacity);
        this.mask = slots - 1;
        this.seqNums = new int[slots];
        this.positions = new long[slots];
        this.lengths = new int[slots];
    }

    @Override
    public void onOutbound(
        final int seqNum, final long msgType, final int flags, final long timestampNanos, final DirectBuffer buffer,
        final int offset, final int length)
    {
        if ((flags & (FLAG_ADMIN | FLAG_POSS_DUP)) != 0 || length > capacity || seqNum <= 0)
        {
            return;
        }
        if (data == null)
        {
            data = new UnsafeBuffer(ByteBuffer.allocateDirect(capacity)); // first application message only
        }
        int physical = (int)(writePosition % capacity);
        if (physical + length > capacity)
        {
            writePosition += capacity - physical; // do not split a message across the wrap
            physical = 0;
        }
        data.putBytes(physical, buffer, offset, length);
        final int slot = seqNum & mask;
        seqNums[slot] = seqNum;
        positions[slot] = writePosition;
        lengths[slot] = length;
        writePosition += length;
    }

    @Override
    public int replayOutbound(final int beginSeqNum, final int endSeqNum, final ReplayHandler handler)
    {
        if (data == null)
        {
            return 0;
        }
        final int last = Math.min(endSeqNum, nextSenderSeqNum() - 1);
        final int first = Math.max(Math.max(beginSeqNum, 1), last - mask);
        int delivered = 0;
        for (int seqNum = first; seqNum <= last && seqNum > 0; seqNum++)
        {
            final int slot = seqNum & mask;
            final long position = positions[slot];
            if (seqNums[slot] != seqNum || writePosition - position > capacity)
            {
                continue;
            }
            if (!handler.onMessage(seqNum, data, (int)(position % capacity), lengths[slot]))
            {
                break;
            }
            delivered++;
        }
        return delivered;
    }

    @Override
    public void reset()
    {
        resetSequenceNumbers();
        Arrays.fill(seqNums, 0);
        writePosition = 0;
    }

    @Override
    public boolean persistsMessages()
    {
        return true;
    }

    @Override
    public void close()
    {
    }
}
