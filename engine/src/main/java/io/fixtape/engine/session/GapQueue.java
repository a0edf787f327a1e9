package io.fixtape.engine.session;

import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * Messages received beyond a sequence gap, kept (copied) until the gap is filled and then processed in order.
 * Bounded in bytes and in count; an offer that does not fit is refused and the message is simply re-requested
 * later. Storage is one direct buffer plus primitive arrays: nothing is allocated per message.
 *
 * <p>Indexed by sequence number: the entry of MsgSeqNum {@code n} lives in slot {@code n & mask} of a power-of-two
 * table at least as large as the message bound, so finding and removing the next due message is O(1) and draining
 * {@code n} queued messages is O(n). Two queued numbers that share a slot (a gap wider than the table) cannot both be
 * kept: the later offer is refused and re-requested. Entries below the next expected number (duplicates, or skipped
 * by a SequenceReset) are dropped by {@link #removeBelow}, which scans only when such entries can exist.
 *
 * <p>The byte area and the slot table are allocated on the first gap (most sessions never see one, and an idle
 * session must not keep tens of KiB of empty slots) and reused; the byte area is reclaimed when the queue becomes
 * empty (the normal case once a gap is filled).
 *
 * <p>Poller thread only.
 */
final class GapQueue
{
    private static final int EMPTY = 0; // MsgSeqNum 0 is never valid: an empty slot

    private final int capacityBytes;
    private final int maxMessages;
    private final int mask;
    private int[] seqNums;
    private int[] offsets;
    private int[] lengths;
    private UnsafeBuffer data;
    private int count;
    private int writePosition;
    /** Every queued MsgSeqNum is at least this (a lower bound, exact after {@link #removeBelow} scanned). */
    private int lowestQueued = Integer.MAX_VALUE;

    GapQueue(final int capacityBytes, final int maxMessages)
    {
        this.capacityBytes = capacityBytes;
        this.maxMessages = maxMessages;
        final int slots = maxMessages == 0 ? 1 : BitUtil.findNextPositivePowerOfTwo(maxMessages);
        this.mask = slots - 1;
    }

    /** Whether the first gap has allocated the storage (tests prove idle sessions never do). */
    boolean isAllocated()
    {
        return seqNums != null;
    }

    /** @return false when the message does not fit (or its slot is taken, by the same MsgSeqNum or another). */
    boolean offer(final int seqNum, final DirectBuffer buffer, final int offset, final int length)
    {
        final int slot = seqNum & mask;
        if (seqNum <= EMPTY || count == maxMessages || writePosition + length > capacityBytes)
        {
            return false;
        }
        if (data == null)
        {
            allocate(); // on the first gap only
        }
        if (seqNums[slot] != EMPTY)
        {
            return false;
        }
        data.putBytes(writePosition, buffer, offset, length);
        seqNums[slot] = seqNum;
        offsets[slot] = writePosition;
        lengths[slot] = length;
        count++;
        writePosition += length;
        lowestQueued = Math.min(lowestQueued, seqNum);
        return true;
    }

    /** The slot of {@code seqNum}, or -1 when it is not queued. */
    int indexOf(final int seqNum)
    {
        final int slot = seqNum & mask;
        return seqNum > EMPTY && count != 0 && seqNums[slot] == seqNum ? slot : -1;
    }

    DirectBuffer buffer()
    {
        return data;
    }

    int offsetAt(final int index)
    {
        return offsets[index];
    }

    int lengthAt(final int index)
    {
        return lengths[index];
    }

    /** Remove the entry for {@code seqNum}, if queued. */
    void remove(final int seqNum)
    {
        final int index = indexOf(seqNum);
        if (index >= 0)
        {
            seqNums[index] = EMPTY;
            count--;
            if (seqNum == lowestQueued)
            {
                lowestQueued = seqNum + 1; // still a lower bound of what is left
            }
            reclaimIfEmpty();
        }
    }

    /** Remove every entry below {@code minSeqNum} (no longer needed); scans only when there can be one. */
    void removeBelow(final int minSeqNum)
    {
        if (count == 0 || lowestQueued >= minSeqNum)
        {
            return;
        }
        int lowest = Integer.MAX_VALUE;
        for (int slot = 0; slot <= mask; slot++)
        {
            final int seqNum = seqNums[slot];
            if (seqNum == EMPTY)
            {
                continue;
            }
            if (seqNum < minSeqNum)
            {
                seqNums[slot] = EMPTY;
                count--;
            }
            else
            {
                lowest = Math.min(lowest, seqNum);
            }
        }
        lowestQueued = lowest;
        reclaimIfEmpty();
    }

    int size()
    {
        return count;
    }

    void clear()
    {
        if (count > 0)
        {
            java.util.Arrays.fill(seqNums, EMPTY);
        }
        count = 0;
        reclaimIfEmpty();
    }

    private void allocate()
    {
        final int slots = mask + 1;
        seqNums = new int[slots];
        offsets = new int[slots];
        lengths = new int[slots];
        data = new UnsafeBuffer(ByteBuffer.allocateDirect(capacityBytes));
    }

    private void reclaimIfEmpty()
    {
        if (count == 0)
        {
            writePosition = 0;
            lowestQueued = Integer.MAX_VALUE;
        }
    }
}
