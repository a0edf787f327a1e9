package io.fixtape.engine.session;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * Messages received beyond a sequence gap, kept (copied) until the gap is filled and then processed in order.
 * Bounded in bytes and in count; an offer that does not fit is refused and the message is simply re-requested
 * later. Storage is one direct buffer plus parallel primitive arrays: nothing is allocated per message.
 *
 * <p>The byte area is allocated on the first gap (most sessions never see one) and reused; it is reclaimed when
 * the queue becomes empty (the normal case once a gap is filled).
 *
 * <p>Poller thread only.
 */
final class GapQueue
{
    private final int capacityBytes;
    private UnsafeBuffer data;
    private final int[] seqNums;
    private final int[] offsets;
    private final int[] lengths;
    private int count;
    private int writePosition;

    GapQueue(final int capacityBytes, final int maxMessages)
    {
        this.capacityBytes = capacityBytes;
        seqNums = new int[maxMessages];
        offsets = new int[maxMessages];
        lengths = new int[maxMessages];
    }

    /** @return false when the message does not fit (or the same MsgSeqNum is already queued). */
    boolean offer(final int seqNum, final DirectBuffer buffer, final int offset, final int length)
    {
        if (count == seqNums.length || writePosition + length > capacityBytes || indexOf(seqNum) >= 0)
        {
            return false;
        }
        if (data == null)
        {
            data = new UnsafeBuffer(ByteBuffer.allocateDirect(capacityBytes)); // on the first gap only
        }
        data.putBytes(writePosition, buffer, offset, length);
        seqNums[count] = seqNum;
        offsets[count] = writePosition;
        lengths[count] = length;
        count++;
        writePosition += length;
        return true;
    }

    int indexOf(final int seqNum)
    {
        for (int i = 0; i < count; i++)
        {
            if (seqNums[i] == seqNum)
            {
                return i;
            }
        }
        return -1;
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

    /** Remove the entry for {@code seqNum} and every entry below {@code minSeqNum} (no longer needed). */
    void remove(final int seqNum, final int minSeqNum)
    {
        int kept = 0;
        for (int i = 0; i < count; i++)
        {
            if (seqNums[i] != seqNum && seqNums[i] >= minSeqNum)
            {
                seqNums[kept] = seqNums[i];
                offsets[kept] = offsets[i];
                lengths[kept] = lengths[i];
                kept++;
            }
        }
        count = kept;
        if (count == 0)
        {
            writePosition = 0;
        }
    }

    int size()
    {
        return count;
    }

    void clear()
    {
        count = 0;
        writePosition = 0;
    }
}
