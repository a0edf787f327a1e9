package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteOrder;

import static io.fixtape.journal.JournalRecordDescriptor.CRC_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.FIX_LENGTH_OFFSET;
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
 * The append path stages a record off-heap ({@link #stage}); {@link #writeHeader} + {@link #writeBody} write the same
 * bytes through Chronicle's {@code Bytes} calls (tests and probes compare the two).
 */
final class RecordCodec
{
    private RecordCodec()
    {
    }

    /**
     * Lays out a whole record (header + FIX bytes) at offset 0 of {@code staging}, an off-heap buffer the journal
     * hands to Chronicle in one {@code appender.writeBytes(BytesStore)} call: a handful of plain little-endian stores
     * and one {@code copyMemory}. The bytes are exactly those of {@link #writeHeader} + {@link #writeBody}
     * ({@code JournalRecordDescriptor}).
     *
     * The CRC32C is computed last, over the staged bytes ({@link RecordChecksum}).
     *
     * @param staging an UnsafeBuffer wrapping a direct ByteBuffer (the checksum reads it through that ByteBuffer).
     * @return the record length (header + FIX bytes).
     */
    static int stage(
        final UnsafeBuffer staging,
        final RecordChecksum checksum,
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
        staging.putByte(MAJOR_VERSION_OFFSET, (byte)JournalRecordDescriptor.MAJOR_VERSION);
        staging.putByte(MINOR_VERSION_OFFSET, (byte)JournalRecordDescriptor.MINOR_VERSION);
        staging.putByte(DIRECTION_OFFSET, direction);
        staging.putByte(RESERVED_OFFSET, (byte)0);
        staging.putInt(FLAGS_OFFSET, flags, ByteOrder.LITTLE_ENDIAN);
        staging.putInt(SESSION_ID_OFFSET, sessionId, ByteOrder.LITTLE_ENDIAN);
        staging.putInt(SEQ_NUM_OFFSET, seqNum, ByteOrder.LITTLE_ENDIAN);
        staging.putLong(TIMESTAMP_OFFSET, timestampNanos, ByteOrder.LITTLE_ENDIAN);
        staging.putLong(MSG_TYPE_OFFSET, msgType, ByteOrder.LITTLE_ENDIAN);
        staging.putInt(FIX_LENGTH_OFFSET, length, ByteOrder.LITTLE_ENDIAN);
        staging.putBytes(HEADER_LENGTH, buffer, offset, length);
        final int recordLength = HEADER_LENGTH + length;
        staging.putInt(CRC_OFFSET, checksum.compute(staging.byteBuffer(), recordLength), ByteOrder.LITTLE_ENDIAN);
        return recordLength;
    }

    /**
     * Writes a format 2.0 header through Chronicle's {@code Bytes} calls (tests and probes); the checksum is
     * {@code crc}, computed by the caller over the same bytes ({@link #stage} gives it).
     */
    static void writeHeader(
        final Bytes<?> bytes,
        final int crc,
        final int fixLength,
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
        bytes.writeInt(crc);
        bytes.writeInt(fixLength);
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

    /**
     * Copies the remaining bytes of a read document into {@code record}, checking the major version first. A record
     * too short for a header, or with a major version of 0 (zeroed bytes), is copied as it is: the record then says
     * it is not intact ({@link JournalRecord#isIntact()}), so that damage is reported and never applied.
     */
    static void read(final Bytes<?> bytes, final long queueIndex, final JournalRecord record, final String source)
    {
        final long position = bytes.readPosition();
        final int length = (int)bytes.readRemaining();
        final int major = length > 0 ? bytes.readUnsignedByte(position) : 0;
        if (major != 0 && length >= JournalRecordDescriptor.V1_HEADER_LENGTH && !JournalRecordDescriptor.isSupported(major))
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
