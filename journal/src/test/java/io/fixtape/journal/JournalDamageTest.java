package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Fault injection with real files: a queue file cut short, bytes zeroed in place, a lost and a stale sequence state.
 * Each ends in a clear outcome: the engine refuses to start naming the damage, or (opted in) cuts at the last good
 * record, or rebuilds the state from the journal; no sequence number is used twice and the tools never fault.
 */
class JournalDamageTest
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

    private static void receive(final ChronicleMessageStore store, final int seq)
    {
        final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "8", seq, "37=E" + seq + "|"));
        store.onInbound(seq, Fix.type("8"), 0, seq, b, 0, b.capacity());
        store.nextTargetSeqNum(seq + 1);
    }

    private void sendOrders(final int count)
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = store.nextSenderSeqNum(), end = seq + count; seq < end; seq++)
            {
                send(store, seq);
            }
        }
    }

    /**
     * Reads the journal with the tools' reader; returns the intact records read before it stopped (numbered 1, 2, ...
     * in order), and what stopped it. A record partly damaged reads back as not intact.
     */
    private int readAll(final StringBuilder stopped)
    {
        int n = 0;
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.isIntact())
                {
                    assertEquals(++n, r.seqNum());
                }
            }
        }
        catch (final JournalDamagedException ex)
        {
            stopped.append(ex.getMessage());
        }
        return n;
    }

    @Test
    void aQueueFileCutShortIsRefusedReadSafelyAndCutOnlyWhenAskedTo() throws IOException
    {
        sendOrders(2000);
        final Path file = Damage.cycleFile(dir);
        Damage.truncate(file, Damage.offsetOf(file, "11=ORD1000\u0001"));

        final JournalDamagedException refused = assertThrows(JournalDamagedException.class,
            () -> new ChronicleMessageStoreFactory(ctx()).close());
        assertTrue(refused.getMessage().contains("cut short"), refused.getMessage());
        assertTrue(refused.getMessage().contains(file.getFileName().toString()), refused.getMessage());
        assertTrue(refused.getMessage().contains("--recover-truncate"), refused.getMessage());
        assertTrue(Files.size(file) < 1_000_000, "the refused open did not extend the file");

        final StringBuilder stopped = new StringBuilder();
        assertEquals(999, readAll(stopped), "the tools read every good record");
        assertTrue(stopped.toString().contains("cut short"), stopped.toString());

        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx().recoverTruncate(true)))
        {
            final Journal journal = factory.journal();
            assertEquals(1, journal.truncateRecoveries());
            assertTrue(journal.startupWarnings().get(0).contains("cut at its last good record"),
                journal.startupWarnings().toString());
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(2001, store.nextSenderSeqNum(), "numbers sent before the damage are never used again");
            assertEquals(999, store.replayOutbound(1, 2000, (seq, buffer, offset, length) -> true),
                "what was cut is gap-filled");
            send(store, 2001);
        }
        try (Stream<Path> aside = Files.list(dir))
        {
            assertEquals(1, aside.filter(p -> p.getFileName().toString().startsWith("queue.damaged-")).count());
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            assertNull(reader.damage());
            final JournalRecord r = new JournalRecord();
            int n = 0;
            int last = 0;
            while (reader.next(r))
            {
                n++;
                last = r.seqNum();
            }
            assertEquals(1000, n);
            assertEquals(2001, last);
        }
    }

    @Test
    void bytesZeroedInTheMiddleOfTheRecordsAreRefused() throws IOException
    {
        sendOrders(300);
        final Path file = Damage.cycleFile(dir);
        final long at = Damage.offsetOf(file, "11=ORD100\u0001") & ~4095L;
        Damage.write(file, at, new byte[4096]);
        final JournalDamagedException refused = assertThrows(JournalDamagedException.class,
            () -> new ChronicleMessageStoreFactory(ctx()).close());
        assertTrue(refused.getMessage().contains("zeroed"), refused.getMessage());
        final StringBuilder stopped = new StringBuilder();
        final int read = readAll(stopped);
        assertTrue(read > 50 && read < 100, "read " + read);
        assertTrue(stopped.toString().contains("zeroed"), stopped.toString());
    }

    @Test
    void aLostSequenceStateIsRebuiltFromTheJournalWithAWarning() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 10; seq++)
            {
                send(store, seq);
                if (seq <= 7)
                {
                    receive(store, seq);
                }
            }
        }
        Files.delete(dir.resolve("state").resolve(SeqStateFile.FILE_NAME));
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            assertEquals(1, factory.journal().stateRebuilds());
            final String warning = factory.journal().startupWarnings().get(0);
            assertTrue(warning.contains("seqstate.dat was missing") && warning.contains("rebuilt"), warning);
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(11, store.nextSenderSeqNum());
            assertEquals(8, store.nextTargetSeqNum(), "the counterparty is not asked to resend what was received");
            assertEquals(10, store.replayOutbound(1, 10, (seq, buffer, offset, length) -> true), "resend index rebuilt");
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            assertEquals(0, factory.journal().stateRebuilds(), "once rebuilt, the state is current");
        }
    }

    @Test
    void aStaleSequenceStateIsRebuiltKeepingNumbersNeverReused() throws IOException
    {
        sendOrders(5);
        final Path stateFile = dir.resolve("state").resolve(SeqStateFile.FILE_NAME);
        final Path copy = dir.resolveSibling(dir.getFileName() + "-seqstate.copy");
        Files.copy(stateFile, copy, StandardCopyOption.REPLACE_EXISTING);
        sendOrders(10);
        Files.copy(copy, stateFile, StandardCopyOption.REPLACE_EXISTING); // an old backup restored
        Files.delete(copy);
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            assertEquals(1, factory.journal().stateRebuilds());
            assertTrue(factory.journal().startupWarnings().get(0).contains("stale"),
                factory.journal().startupWarnings().toString());
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(16, store.nextSenderSeqNum());
            assertEquals(15, store.replayOutbound(1, 15, (seq, buffer, offset, length) -> true));
        }
    }

    @Test
    void aFailedSyncAfterTheRecordWasWrittenLeavesItsNumberUsedAndItsResendAGapFill()
    {
        final boolean[] fail = {false};
        final JournalContext ctx = ctx().durability(JournalDurability.MSYNC_PER_MESSAGE)
            .faultInjector(new JournalWriteFaultInjector()
            {
                @Override
                public void beforeWrite(final int sessionId, final int seqNum, final int length)
                {
                }

                @Override
                public void beforeSync() throws IOException
                {
                    if (fail[0])
                    {
                        throw new IOException("Input/output error");
                    }
                }
            });
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(S1);
            send(store, 1);
            send(store, 2);
            fail[0] = true;
            final io.fixtape.engine.store.MessageStoreException ex =
                assertThrows(io.fixtape.engine.store.MessageStoreException.class, () -> send(store, 3));
            assertEquals(io.fixtape.engine.store.MessageStoreException.Reason.IO_ERROR, ex.reason());
            assertEquals(4, store.nextSenderSeqNum(), "the record is written: its number is used before the failure");
            assertEquals(1, store.syncFailures());
            assertEquals(2, store.replayOutbound(1, 3, (seq, buffer, offset, length) -> true),
                "the unsent message is not resent: gap fill");
            fail[0] = false;
            send(store, 4);
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx()))
        {
            assertEquals(5, factory.create(S1).nextSenderSeqNum());
            assertEquals(0, factory.journal().stateRebuilds());
        }
        final StringBuilder stopped = new StringBuilder();
        assertEquals(4, readAll(stopped), "1, 2, 3, 4: each once");
        assertEquals("", stopped.toString());
    }
}
