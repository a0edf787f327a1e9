package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Record integrity on real files: each record of format 2.0 carries a CRC32C; recovery checks every record it applies
 * and stops, refusing the open, at the first bad one; format 1.0 records still read.
 */
class JournalIntegrityTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");

    @TempDir
    Path dir;

    private JournalContext ctx()
    {
        return new JournalContext().directory(dir).lowSpaceBytes(0);
    }

    private static String order(final int seq)
    {
        return Fix.message("FIX.4.4", "D", seq, "11=ORD" + seq + "|55=IBM|");
    }

    private static void send(final ChronicleMessageStore store, final int seq)
    {
        final UnsafeBuffer b = Fix.buffer(order(seq));
        store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
    }

    /**
     * Five records through the store (the sequence state covers them), then three appended without a state update,
     * as when the process died between an append and its state update: recovery must read those three.
     */
    private void journalWithUncoveredTail() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 5; seq++)
            {
                send(store, seq);
            }
            for (int seq = 6; seq <= 8; seq++)
            {
                final UnsafeBuffer b = Fix.buffer(order(seq));
                factory.journal().append(store.sessionId(), JournalRecordDescriptor.DIRECTION_OUT, seq, 0, seq,
                    Fix.type("D"), b, 0, b.capacity());
            }
        }
    }

    @Test
    void everyRecordCarriesACrcThatMatches() throws IOException
    {
        journalWithUncoveredTail();
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int n = 0;
            while (reader.next(r))
            {
                n++;
                assertEquals(JournalRecordDescriptor.MAJOR_VERSION, r.majorVersion());
                assertEquals(JournalRecordDescriptor.HEADER_LENGTH, r.fixOffset());
                assertEquals(order(n), r.fixAsString());
                assertNull(r.damage());
            }
            assertEquals(8, n);
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            assertEquals(3, factory.journal().recoveredRecords());
            assertEquals(9, factory.create(S1).nextSenderSeqNum());
        }
    }

    @Test
    void aFlippedBitInARecordRecoveryAppliesRefusesTheOpenNamingIt() throws IOException
    {
        journalWithUncoveredTail();
        final Path file = Damage.cycleFile(dir);
        // swap two digits of the ClOrdID: the FIX CheckSum (a byte sum) cannot see it, the CRC32C does
        final long at = Damage.offsetOf(file, "11=ORD7\u0001");
        Damage.write(file, at, "11=ORD7\u0001".replace("11=", "1 =").getBytes());
        final JournalDamagedException ex = assertThrows(JournalDamagedException.class,
            () -> new ChronicleMessageStoreFactory(ctx()).close());
        assertTrue(ex.getMessage().contains("CRC32C mismatch"), ex.getMessage());
        assertTrue(ex.getMessage().contains(file.getFileName().toString()), ex.getMessage());
        assertTrue(ex.getMessage().contains("JournalRecoverTruncate=Y"), ex.getMessage());
        assertFalse(ex.getMessage().contains("\n"));
    }

    @Test
    void aSwapThatKeepsTheFixCheckSumIsStillCaught() throws IOException
    {
        journalWithUncoveredTail();
        final Path file = Damage.cycleFile(dir);
        final long at = Damage.offsetOf(file, "55=IBM\u0001");
        Damage.write(file, at + 3, "BIM".getBytes()); // same bytes, other order: same FIX CheckSum
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int damaged = 0;
            while (reader.next(r))
            {
                if (r.seqNum() == 8)
                {
                    assertEquals("CRC32C mismatch", r.damage());
                    damaged++;
                }
            }
            assertEquals(1, damaged);
        }
    }

    @Test
    void aZeroedRecordRecoveryAppliesRefusesTheOpen() throws IOException
    {
        journalWithUncoveredTail();
        final Path file = Damage.cycleFile(dir);
        final long header6 = headerOfRecordContaining(file, Damage.offsetOf(file, "11=ORD6\u0001"));
        // zero the record of seq 6 but not its Chronicle header (a page of the record's bytes lost)
        Damage.write(file, header6 + 4, new byte[chronicleLength(file, header6)]);
        final JournalDamagedException ex = assertThrows(JournalDamagedException.class,
            () -> new ChronicleMessageStoreFactory(ctx()).close());
        assertTrue(ex.getMessage().contains("zeroed record"), ex.getMessage());
    }

    /** The length in a Chronicle document header. */
    static int chronicleLength(final Path file, final long header) throws IOException
    {
        final byte[] content = java.nio.file.Files.readAllBytes(file);
        return java.nio.ByteBuffer.wrap(content, (int)header, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt() &
            IncompleteTail.LENGTH_MASK;
    }

    /** File offset of the Chronicle header of the record whose FIX bytes contain {@code inside}. */
    static long headerOfRecordContaining(final Path file, final long inside) throws IOException
    {
        final byte[] content = java.nio.file.Files.readAllBytes(file);
        for (long at = inside & ~3L; at >= 0; at -= 4)
        {
            // the journal header starts right after the Chronicle header: major 2, minor 0, direction 1, reserved 0
            if (content[(int)at + 4] == 2 && content[(int)at + 5] == 0 && content[(int)at + 6] == 1 && content[(int)at + 7] == 0)
            {
                return at;
            }
        }
        throw new AssertionError("no record header before " + inside);
    }

    @Test
    void formatOneRecordsStillReadAndRecover() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            send(store, 1);
            Damage.appendV1(factory.journal(), store.sessionId(), 2, order(2));
            Damage.appendV1(factory.journal(), store.sessionId(), 3, order(3));
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            for (int seq = 1; seq <= 3; seq++)
            {
                assertTrue(reader.next(r));
                assertEquals(seq == 1 ? 2 : 1, r.majorVersion());
                assertEquals(seq, r.seqNum());
                assertEquals(order(seq), r.fixAsString());
                assertTrue(r.isIntact());
            }
            assertFalse(reader.next(r));
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(4, store.nextSenderSeqNum(), "format 1.0 records recovered");
            assertEquals(3, store.replayOutbound(1, 3, (seq, buffer, offset, length) -> true));
        }
    }

    @Test
    void upgradeRewritesAFormatOneJournalKeepingIndexesAndTheOldQueue() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 50; seq++)
            {
                Damage.appendV1(factory.journal(), store.sessionId(), seq, order(seq));
            }
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            assertEquals(51, factory.create(S1).nextSenderSeqNum(), "recovery applied the 1.0 records");
        }
        final String line = JournalRewrite.upgrade(dir);
        assertTrue(line.contains("50 records rewritten in format fixtape-journal 2.0 (50 were 1.0)"), line);
        assertTrue(java.nio.file.Files.isDirectory(dir.resolve("queue.1.0")), "old queue kept");
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            for (int seq = 1; seq <= 50; seq++)
            {
                assertTrue(reader.next(r));
                assertEquals(2, r.majorVersion());
                assertEquals(seq, r.seqNum());
                assertEquals(order(seq), r.fixAsString());
                assertNull(r.damage());
            }
            assertFalse(reader.next(r));
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(51, store.nextSenderSeqNum());
            assertEquals(0, factory.journal().recoveredRecords(), "indexes unchanged: nothing to recover");
            final int[] resent = {0};
            assertEquals(50, store.replayOutbound(1, 50, (seq, buffer, offset, length) ->
            {
                assertEquals(order(seq), buffer.getStringWithoutLengthAscii(offset, length));
                resent[0]++;
                return true;
            }), "the resend indexes still point at the rewritten records");
            assertEquals(50, resent[0]);
        }
        assertTrue(JournalRewrite.upgrade(dir).contains("nothing to do"));
    }
}
