package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.DirectBuffer;

/**
 * Moves records between Chronicle {@link Bytes} and Agrona buffers without allocating: uses the raw-memory
 * (object, offset) addressing both libraries share, so neither a byte[] nor a ByteBuffer is created per record.
 */
final class RecordCodec
{
    private RecordCodec()
    {
    }

    static void writeHeader(
        final Bytes<?> bytes,
        final byte direction,
        final int flags,
        final int sessionId,
        final int seqNum,
        final long timestampNanos,
        final long msgType)
    {
        bytes.writeByte((byte)JournalRecordDescriptor.MAJOR_VERSION);
        bytes.writeByte((byte)JournalRecordDescriptor.MINOR_VERSION);
        bytes.writeByte(direction);
        bytes.writeByte((byte)0);
        bytes.writeInt(flags);
        bytes.writeInt(sessionId);
        bytes.writeInt(seqNum);
        bytes.writeLong(timestampNanos);
        bytes.writeLong(msgType);
    }

    static void writeBody(final Bytes<?> bytes, final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] array = buffer.byteArray();
        if (array != null)
        {
            bytes.unsafeWriteObject(array, (int)(buffer.addressOffset() + offset), length);
        }
        else
        {
            bytes.unsafeWrite(buffer.addressOffset() + offset, length);
        }
    }

    /** Copies the remaining bytes of a read document into {@code record}, checking the major version first. */
    static void read(final Bytes<?> bytes, final long queueIndex, final JournalRecord record, final String source)
    {
        final long position = bytes.readPosition();
        final int length = (int)bytes.readRemaining();
        if (length < JournalRecordDescriptor.HEADER_LENGTH)
        {
            throw new JournalException(source + ": record at index " + Long.toHexString(queueIndex) + " is " + length +
                " bytes, shorter than the " + JournalRecordDescriptor.HEADER_LENGTH + "-byte header");
        }
        final int major = bytes.readUnsignedByte(position) ;
        if (major != JournalRecordDescriptor.MAJOR_VERSION)
        {
            throw new UnsupportedJournalVersionException(source + ": record at index " + Long.toHexString(queueIndex),
                major, bytes.readUnsignedByte(position + 1));
        }
        final org.agrona.MutableDirectBuffer target = record.prepare(length, queueIndex);
        final byte[] array = target.byteArray();
        if (array != null)
        {
            bytes.unsafeReadObject(array, (int)target.addressOffset(), length);
        }
        else
        {
            bytes.unsafeRead(target.addressOffset(), length);
        }
    }
}
