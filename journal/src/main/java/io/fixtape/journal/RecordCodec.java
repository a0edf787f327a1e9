package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteOrder;

import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.FLAGS_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.HEADER_LENGTH;
import static io.fixtape.journal.JournalRecordDescriptor.MAJOR_VERSION_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.MINOR_VERSION_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.MSG_TYPE_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.RESERVED_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.SEQ_NUM_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.SESSION_ID_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.TIMESTAMP_OFFSET;

/**
 * Moves records between Chronicle {@link Bytes} and Agrona buffers without allocating: uses the raw-memory
 * (object, offset) addressing both libraries share, so neither a byte[] nor a ByteBuffer is created per record.
 */
final class RecordCodec
{
    private RecordCodec()
    {
    }

    /**
     * Writes a whole record (header + FIX bytes) straight into the mapped memory at the write position of an open
     * Chronicle document, through {@code view}, and advances the position past it: a handful of plain stores and one
     * {@code copyMemory}, instead of ten bounds- and thread-checked {@link Bytes} calls and Chronicle's byte-by-byte
     * copy loop for heap sources (measured: docs/JOURNAL_FORMAT.md, "Append cost"). The bytes written are exactly those
     * of {@link #writeHeader} + {@link #writeBody} (little-endian).
     *
     * @return false, having written nothing, when the record does not lie inside the mapped chunk that holds the
     * write position (near a chunk end): the caller then uses {@link #writeHeader} + {@link #writeBody}.
     */
    static boolean writeRaw(
        final Bytes<?> bytes,
        final UnsafeBuffer view,
        final byte direction,
        final int flags,
        final int sessionId,
        final int seqNum,
        final long timestampNanos,
        final long msgType,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        final int recordLength = HEADER_LENGTH + length;
        final long position = bytes.writePosition();
        final BytesStore<?, ?> chunk = bytes.bytesStore();
        if (chunk == null || !chunk.isDirectMemory() || position < chunk.start() || position + recordLength > chunk.safeLimit())
        {
            return false;
        }
        view.wrap(bytes.addressForWrite(position), recordLength);
        view.putByte(MAJOR_VERSION_OFFSET, (byte)JournalRecordDescriptor.MAJOR_VERSION);
        view.putByte(MINOR_VERSION_OFFSET, (byte)JournalRecordDescriptor.MINOR_VERSION);
        view.putByte(DIRECTION_OFFSET, direction);
        view.putByte(RESERVED_OFFSET, (byte)0);
        view.putInt(FLAGS_OFFSET, flags, ByteOrder.LITTLE_ENDIAN);
        view.putInt(SESSION_ID_OFFSET, sessionId, ByteOrder.LITTLE_ENDIAN);
        view.putInt(SEQ_NUM_OFFSET, seqNum, ByteOrder.LITTLE_ENDIAN);
        view.putLong(TIMESTAMP_OFFSET, timestampNanos, ByteOrder.LITTLE_ENDIAN);
        view.putLong(MSG_TYPE_OFFSET, msgType, ByteOrder.LITTLE_ENDIAN);
        view.putBytes(HEADER_LENGTH, buffer, offset, length);
        bytes.writeSkip(recordLength);
        return true;
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
