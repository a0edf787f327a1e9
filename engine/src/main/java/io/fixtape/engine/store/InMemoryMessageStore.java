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
 * then answered with a gap fill, as messages never stored are. No object is created per message.
 *
 * <p>Nothing is allocated until the first application message is stored (a session that only heartbeats costs a
 * few fields, where the full ring and index would be over 17 MiB): then a ring of {@value #INITIAL_BYTES} bytes and
 * an index of {@value #INITIAL_SLOTS} slots, each doubled as the messages stored need (the ring before it first
 * wraps, the index while MsgSeqNums pass its size) up to the bounds; once grown, storing allocates nothing.
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

    /** Bytes of the ring allocated by the first stored message (or the whole ring, if smaller). */
    public static final int INITIAL_BYTES = 64 * 1024;
    /** Index slots allocated by the first stored message (or all of them, if fewer). */
    public static final int INITIAL_SLOTS = 1024;

    private UnsafeBuffer data;
    private final int capacity;
    private final int maxSlots;
    private int mask = -1;
    private int[] seqNums;
    private long[] positions;
    private int[] lengths;
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
        this.maxSlots = BitUtil.findNextPositivePowerOfTwo(indexCapacity);
    }

    /** {@return the bytes of the ring allocated so far (0 until the first application message is stored)} */
    public int allocatedBytes()
    {
        return data == null ? 0 : data.capacity();
    }

    /** {@return the index slots allocated so far (0 until the first application message is stored)} */
    public int allocatedSlots()
    {
        return mask + 1;
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
        growFor(seqNum, length);
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

    /**
     * Room for {@code seqNum} in the index and {@code length} more bytes in the ring: growth, while below the
     * bounds. The ring grows only before it first wraps, so a message's position is still its offset in it.
     */
    private void growFor(final int seqNum, final int length)
    {
        if (data == null)
        {
            data = new UnsafeBuffer(ByteBuffer.allocateDirect(Math.min(INITIAL_BYTES, capacity)));
            resizeIndex(Math.min(INITIAL_SLOTS, maxSlots));
        }
        if (writePosition + length > data.capacity() && data.capacity() < capacity)
        {
            int bytes = data.capacity();
            while (writePosition + length > bytes && bytes < capacity)
            {
                bytes = (int)Math.min((long)bytes << 1, capacity);
            }
            final UnsafeBuffer bigger = new UnsafeBuffer(ByteBuffer.allocateDirect(bytes));
            bigger.putBytes(0, data, 0, (int)writePosition);
            data = bigger;
        }
        if (seqNum > mask && mask + 1 < maxSlots)
        {
            int slots = mask + 1;
            while (seqNum >= slots && slots < maxSlots)
            {
                slots <<= 1;
            }
            resizeIndex(slots);
        }
    }

    /** An index of {@code slots} holding the entries of the current one. */
    private void resizeIndex(final int slots)
    {
        final int[] oldSeqNums = seqNums;
        final long[] oldPositions = positions;
        final int[] oldLengths = lengths;
        seqNums = new int[slots];
        positions = new long[slots];
        lengths = new int[slots];
        mask = slots - 1;
        if (oldSeqNums != null)
        {
            for (int slot = 0; slot < oldSeqNums.length; slot++)
            {
                final int seqNum = oldSeqNums[slot];
                if (seqNum != 0)
                {
                    final int to = seqNum & mask;
                    seqNums[to] = seqNum;
                    positions[to] = oldPositions[slot];
                    lengths[to] = oldLengths[slot];
                }
            }
        }
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
        if (seqNums != null)
        {
            Arrays.fill(seqNums, 0);
        }
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
