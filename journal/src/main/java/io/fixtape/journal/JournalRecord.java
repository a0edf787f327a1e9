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
    private final RecordChecksum checksum = new RecordChecksum();
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

    /** Sets the Chronicle index of the record just copied in (a reader that computes it from its cycle file). */
    void queueIndex(final long queueIndex)
    {
        this.queueIndex = queueIndex;
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

    /** Length of the whole record (header and FIX bytes): the Chronicle document's length. */
    public int recordLength()
    {
        return length;
    }

    public int fixOffset()
    {
        return JournalRecordDescriptor.headerLength(majorVersion());
    }

    public int fixLength()
    {
        return Math.max(0, length - fixOffset());
    }

    /**
     * Whether the record is as it was written. Format 2.x: its major version is known, the stored FIX length matches
     * the record's and the CRC32C over its bytes matches the stored one. Format 1.x: the FIX bytes end in a CheckSum
     * (10=nnn SOH) that matches their content. Either way a truncated, zeroed or overwritten record (torn file, bad
     * sector) is detected on read. Allocation free.
     */
    public boolean isIntact()
    {
        return damage() == null;
    }

    /** What is wrong with this record, or null when it is intact ({@link #isIntact()}). Allocation free. */
    public String damage()
    {
        final int major = length == 0 ? 0 : majorVersion();
        if (major == 0)
        {
            return "zeroed record (major version 0)";
        }
        if (!JournalRecordDescriptor.isSupported(major))
        {
            return "unknown major version";
        }
        if (length < fixOffset())
        {
            return "record shorter than its header";
        }
        if (major == 1)
        {
            return fixChecksumMatches() ? null : "FIX CheckSum (10=) does not match (format 1.0 record)";
        }
        if (buffer.getInt(FIX_LENGTH_OFFSET, java.nio.ByteOrder.LITTLE_ENDIAN) != length - HEADER_LENGTH)
        {
            return "stored FIX length does not match the record length";
        }
        final int stored = buffer.getInt(CRC_OFFSET, java.nio.ByteOrder.LITTLE_ENDIAN);
        return checksum.compute(buffer.byteBuffer(), length) == stored ? null : "CRC32C mismatch";
    }

    private boolean fixChecksumMatches()
    {
        final int headerLength = fixOffset();
        final int length = fixLength();
        if (length < 7)
        {
            return false;
        }
        final int end = headerLength + length;
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
        for (int i = headerLength; i < trailer; i++)
        {
            sum += buffer.getByte(i);
        }
        return (sum & 0xFF) == expected && (trailer == headerLength || buffer.getByte(trailer - 1) == 1);
    }

    /** The raw FIX bytes as a String (tools only; allocates). */
    public String fixAsString()
    {
        return buffer.getStringWithoutLengthAscii(fixOffset(), fixLength());
    }
}
