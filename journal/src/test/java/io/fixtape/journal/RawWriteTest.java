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
 * {@link Journal#append} stages each record off-heap and hands it to Chronicle in one {@code writeBytes} call, which
 * copies it straight into the mapped chunk when it fits there and across the chunk end otherwise. With a small block
 * size and record lengths from ~100 to ~3,000 bytes, many records straddle chunk ends and the staging buffer grows;
 * every record must read back byte for byte.
 */
class RawWriteTest
{
    @TempDir
    Path dir;

    @Test
    void recordsStraddlingChunkEndsReadBackByteForByte()
    {
        final int records = 6_000;
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0)
            .blockSize(256 * 1024).pretouch(false);
        long growths;
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
            growths = factory.journal().stagingGrowths();
        }
        assertTrue(growths == 0, "8 KiB of staging holds every record here, grown " + growths + " times");

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

    @Test
    void aRecordLongerThanTheStagingBufferGrowsItAndReadsBack()
    {
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0)
            .blockSize(256 * 1024).pretouch(false);
        final UnsafeBuffer big = new UnsafeBuffer(Fix.message("FIX.4.4", "8", 2, "58=" + "Y".repeat(20_000) + "|")
            .getBytes(StandardCharsets.US_ASCII));
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
            final UnsafeBuffer small = message(1);
            store.onOutbound(1, Fix.type("8"), 0, 1_000L, small, 0, small.capacity());
            store.onOutbound(2, Fix.type("8"), 0, 2_000L, big, 0, big.capacity());
            store.onOutbound(3, Fix.type("8"), 0, 3_000L, small, 0, small.capacity());
            assertEquals(1, factory.journal().stagingGrowths());
        }
        final JournalRecord record = new JournalRecord();
        try (JournalReader reader = new JournalReader(dir))
        {
            assertTrue(reader.next(record));
            assertTrue(reader.next(record));
            assertEquals(2, record.seqNum());
            assertEquals(big.capacity(), record.fixLength());
            for (int i = 0; i < big.capacity(); i++)
            {
                assertEquals(big.getByte(i), record.buffer().getByte(record.fixOffset() + i), "byte " + i);
            }
            assertTrue(record.isIntact());
            assertTrue(reader.next(record));
            assertEquals(3, record.seqNum());
            assertTrue(record.isIntact());
        }
    }

    /** Lengths from ~100 to ~3,000 bytes so records straddle chunk ends at many offsets. */
    private static UnsafeBuffer message(final int seq)
    {
        final String pad = "X".repeat((seq * 7919) % 2_900);
        return new UnsafeBuffer(Fix.message("FIX.4.4", "8", seq, "58=" + pad + "|").getBytes(StandardCharsets.US_ASCII));
    }
}
