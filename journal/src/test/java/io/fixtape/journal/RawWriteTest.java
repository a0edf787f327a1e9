package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Journal#append} writes a record straight into the mapped chunk when it fits there and through Chronicle's
 * checked {@code Bytes} calls otherwise (near a chunk end). With a small block size both paths run many times; every
 * record must read back byte for byte, whichever path wrote it.
 */
class RawWriteTest
{
    @TempDir
    Path dir;

    @Test
    void bothWritePathsProduceIdenticalRecordsAcrossChunkBoundaries()
    {
        final int records = 6_000;
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0)
            .blockSize(256 * 1024).pretouch(false);
        long checked;
        int sessionId;
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
            sessionId = store.sessionId();
            for (int seq = 1; seq <= records; seq++)
            {
                final UnsafeBuffer fix = message(seq);
                store.onOutbound(seq, Fix.type("8"), 0, seq * 1_000L, fix, 0, fix.capacity());
            }
            checked = factory.journal().checkedWrites();
        }
        assertTrue(checked > 0 && checked < records / 10, "both paths used: " + checked + " checked of " + records);

        final JournalRecord record = new JournalRecord();
        int seq = 0;
        try (JournalReader reader = new JournalReader(dir))
        {
            while (reader.next(record))
            {
                seq++;
                final UnsafeBuffer expected = message(seq);
                assertEquals(JournalRecordDescriptor.MAJOR_VERSION, record.majorVersion());
                assertEquals(JournalRecordDescriptor.DIRECTION_OUT, record.direction());
                assertEquals(sessionId, record.sessionId());
                assertEquals(seq, record.seqNum());
                assertEquals(seq * 1_000L, record.timestampNanos());
                assertEquals(Fix.type("8"), record.msgType());
                assertEquals(expected.capacity(), record.fixLength());
                for (int i = 0; i < expected.capacity(); i++)
                {
                    assertEquals(expected.getByte(i), record.buffer().getByte(record.fixOffset() + i), "seq " + seq + " byte " + i);
                }
                assertTrue(record.isIntact());
            }
        }
        assertEquals(records, seq);
    }

    /** Lengths from ~100 to ~3,000 bytes so records straddle chunk ends at many offsets. */
    private static UnsafeBuffer message(final int seq)
    {
        final String pad = "X".repeat((seq * 7919) % 2_900);
        return new UnsafeBuffer(Fix.message("FIX.4.4", "8", seq, "58=" + pad + "|").getBytes(StandardCharsets.US_ASCII));
    }
}
