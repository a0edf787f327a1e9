package io.fixtape.journal;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;

import static io.fixtape.journal.JournalRecordDescriptor.*;

/**
 * Flyweight view of one journal record (layout in {@link JournalRecordDescriptor}) held in a reusable buffer the
 * reader copies into. Valid until the next read into it. Not thread safe.
 */
public final class JournalRecord
{
    private final ExpandableDirectByteBuffer buffer = new ExpandableDirectByteBuffer(1024);
    private int length;
    private long queueIndex;

    /** Buffer with room for at least {@code length} bytes, to copy a record into. */
    MutableDirectBuffer prepare(final int length, final long queueIndex)
    {
        buffer.checkLimit(length);
        this.length = length;
        this.queueIndex = queueIndex;
        return buffer;
    }

    /** Chronicle index of this record. */
    public long queueIndex()
    {
        return queueIndex;
    }

    public int majorVersion()
    {
        return buffer.getByte(MAJOR_VERSION_OFFSET) & 0xFF;
    }

    public int minorVersion()
    {
        return buffer.getByte(MINOR_VERSION_OFFSET) & 0xFF;
    }

    /** {@link JournalRecordDescriptor#DIRECTION_IN} or {@link JournalRecordDescriptor#DIRECTION_OUT}. */
    public byte direction()
    {
        return buffer.getByte(DIRECTION_OFFSET);
    }

    /** MessageStore.FLAG_* bits. */
    public int flags()
    {
        return buffer.getInt(FLAGS_OFFSET);
    }

    public int sessionId()
    {
        return buffer.getInt(SESSION_ID_OFFSET);
    }

    public int seqNum()
    {
        return buffer.getInt(SEQ_NUM_OFFSET);
    }

    public long timestampNanos()
    {
        return buffer.getLong(TIMESTAMP_OFFSET);
    }

    public long msgType()
    {
        return buffer.getLong(MSG_TYPE_OFFSET);
    }

    public DirectBuffer buffer()
    {
        return buffer;
    }

    public int fixOffset()
    {
        return HEADER_LENGTH;
    }

    public int fixLength()
    {
        return JournalRecordDescriptor.fixLength(length);
    }

    /**
     * Whether the FIX bytes end in a CheckSum (10=nnn SOH) that matches their content. The journal stores no checksum
     * of its own: a FIX message is self-checking, so a truncated or overwritten record (torn file, bad sector) is
     * detected on read at no cost to the writer. Allocation free.
     */
    public boolean isIntact()
    {
        final int length = fixLength();
        if (length < 7)
        {
            return false;
        }
        final int end = HEADER_LENGTH + length;
        final int trailer = end - 7;
        if (buffer.getByte(trailer) != '1' || buffer.getByte(trailer + 1) != '0' || buffer.getByte(trailer + 2) != '=' ||
            buffer.getByte(end - 1) != 1)
        {
            return false;
        }
        int expected = 0;
        for (int i = trailer + 3; i < end - 1; i++)
        {
            final int digit = buffer.getByte(i) - '0';
            if (digit < 0 || digit > 9)
            {
                return false;
            }
            expected = expected * 10 + digit;
        }
        int sum = 0;
        for (int i = HEADER_LENGTH; i < trailer; i++)
        {
            sum += buffer.getByte(i);
        }
        return (sum & 0xFF) == expected && (trailer == HEADER_LENGTH || buffer.getByte(trailer - 1) == 1);
    }

    /** The raw FIX bytes as a String (tools only; allocates). */
    public String fixAsString()
    {
        return buffer.getStringWithoutLengthAscii(HEADER_LENGTH, fixLength());
    }
}
