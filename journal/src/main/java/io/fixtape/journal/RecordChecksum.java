package io.fixtape.journal;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

import static io.fixtape.journal.JournalRecordDescriptor.CRC_OFFSET;
import static io.fixtape.journal.JournalRecordDescriptor.FIX_LENGTH_OFFSET;

/**
 * The CRC32C of a format 2.x record ({@link JournalRecordDescriptor}): over the header before the checksum field and
 * everything after it (the FIX length and the FIX bytes). Computed through {@link CRC32C#update(ByteBuffer)} on a
 * direct buffer, which the JIT turns into the CPU's CRC32C instructions and which allocates nothing. Each instance
 * belongs to one thread (the writer's staging buffer, or one reader's record).
 */
final class RecordChecksum
{
    private final CRC32C crc = new CRC32C();

    /**
     * @param record a direct buffer holding a whole record at offset 0; its position and limit are changed.
     * @param recordLength header + FIX bytes.
     */
    int compute(final ByteBuffer record, final int recordLength)
    {
        crc.reset();
        record.limit(CRC_OFFSET).position(0);
        crc.update(record);
        record.limit(recordLength).position(FIX_LENGTH_OFFSET);
        crc.update(record);
        return (int)crc.getValue();
    }
}
