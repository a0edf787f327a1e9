package io.fixtape.journal;

import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.store.NoMessageStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

class JournalStoreProviderTest
{
    @TempDir
    Path dir;

    private Settings parse(final String text)
    {
        return new SettingsParser(JournalStoreProvider.knownKeys(KnownKeys.standard())).parse("test.cfg", text);
    }

    @Test
    void sessionsOfOneDirectoryShareOneJournalWhichClosesWithTheLastStore()
    {
        final Settings settings = parse("[DEFAULT]\nFileStorePath=" + dir + "\nJournalDurability=periodic\n" +
            "JournalSyncIntervalMs=5\nJournalRollCycle=hourly\nJournalRetentionCycles=48\nJournalPretouch=N\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=C\nJournalMode=audit\n");
        final JournalContext ctx = JournalStoreProvider.context(settings.sessions().get(0));
        assertEquals(JournalDurability.PERIODIC_MSYNC, ctx.durability());
        assertEquals(5_000_000L, ctx.syncIntervalNanos());
        assertEquals(net.openhft.chronicle.queue.RollCycles.FAST_HOURLY, ctx.rollCycle());
        assertEquals(48, ctx.retentionCycles());
        assertFalse(ctx.pretouch());
        final MessageStore a;
        final MessageStore c;
        try (JournalStoreProvider provider = new JournalStoreProvider())
        {
            final MessageStoreFactory fa = provider.apply(settings.sessions().get(0));
            final MessageStoreFactory fc = provider.apply(settings.sessions().get(1));
            assertSame(fa, fc);
            a = fa.create(new SessionId("FIX.4.4", "A", "B"));
            c = fc.create(new SessionId("FIX.4.4", "A", "C"));
            a.nextSenderSeqNum(5);
            a.close();
            assertThrows(JournalLock.JournalLockedException.class, () -> Journal.open(new JournalContext().directory(dir)),
                "still open while session C's store is");
            c.close();
        }
        try (Journal reopened = Journal.open(new JournalContext().directory(dir)))
        {
            assertEquals(2, reopened.registry().ids().size());
        }
        assertTrue(Files.exists(dir.resolve(JournalSessionTable.FILE_NAME)));
    }

    /**
     * An engine built from a settings file runs its journal's housekeeping in the poller's duty cycle: the periodic
     * msync happens while the session is idle (no append needed to trigger it), once per interval of the engine clock.
     */
    @Test
    void engineFromSettingsRunsTheJournalsPeriodicMsyncInItsDutyCycle()
    {
        final Settings settings = parse("[DEFAULT]\nConnectionType=acceptor\nNonStopSession=Y\nSocketAcceptPort=0\nJournalPath=" + dir +
            "\nJournalDurability=periodic\nJournalSyncIntervalMs=100\nJournalPretouch=N\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=C\n");
        try (JournalStoreProvider provider = new JournalStoreProvider())
        {
            final io.fixtape.engine.runtime.EngineContext context = new io.fixtape.engine.config.EngineSettings()
                .storeProvider("journal", provider)
                .toContext(settings, new org.agrona.concurrent.OffsetEpochNanoClock(),
                    (config, clock) -> io.fixtape.apps.BuiltinApplications.create("echo", config, clock));
            final java.util.List<ChronicleMessageStoreFactory> journals = new java.util.ArrayList<>();
            context.tasks().forEach(task ->
            {
                if (task instanceof ChronicleMessageStoreFactory)
                {
                    journals.add((ChronicleMessageStoreFactory)task);
                }
            });
            assertEquals(1, journals.size(), "one housekeeping task for the one journal both sessions share");
            final ChronicleMessageStoreFactory journal = journals.get(0);
            final MessageStore store = context.storeFactory().create(new SessionId("FIX.4.4", "A", "B"));
            final org.agrona.concurrent.UnsafeBuffer fix = Fix.buffer(Fix.message("FIX.4.4", "D", 1, "11=A1|55=X|54=1|"));
            store.onOutbound(1, Fix.type("D"), 0, 1L, fix, 0, fix.capacity());
            final long t0 = 1_000_000_000_000L;
            final long before = journal.journal().syncCount();
            journal.doWork(t0);                    // first pass: due at once
            journal.doWork(t0 + 50_000_000L);      // 50 ms later: not due
            assertEquals(before + 1, journal.journal().syncCount());
            journal.doWork(t0 + 100_000_000L);     // one interval later: due
            assertEquals(before + 2, journal.journal().syncCount());
            store.close();
        }
    }

    @Test
    void journalPathWinsOverItsAliasAndModeNoneUsesNoStore()
    {
        final Settings settings = parse("[DEFAULT]\nJournalPath=" + dir.resolve("j") + "\nFileStorePath=" + dir.resolve("f") +
            "\n[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\nJournalMode=none\n");
        assertEquals(dir.resolve("j"), JournalStoreProvider.context(settings.sessions().get(0)).directory());
        try (JournalStoreProvider provider = new JournalStoreProvider())
        {
            assertTrue(provider.apply(settings.sessions().get(0)).create(new SessionId("FIX.4.4", "A", "B")) instanceof NoMessageStore);
        }
    }

    /**
     * The engine picks the journal from any of its keys: FileStorePath alone (QuickFIX/J's key) persists to a
     * Chronicle journal, JournalMode=none alone compiles the store out (resends by gap fill), and a session with
     * neither keeps the in-memory store.
     */
    @Test
    void engineSettingsChooseTheJournalFromFileStorePathOrJournalModeAlone()
    {
        final Settings settings = parse("[DEFAULT]\nConnectionType=acceptor\nNonStopSession=Y\nSocketAcceptPort=0\n" +
            "JournalPretouch=N\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=B\nFileStorePath=" + dir.resolve("qfj-style") + "\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=C\nJournalMode=none\n" +
            "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=A\nTargetCompID=D\n");
        try (JournalStoreProvider provider = new JournalStoreProvider())
        {
            final io.fixtape.engine.runtime.EngineContext context = new io.fixtape.engine.config.EngineSettings()
                .storeProvider("journal", provider)
                .toContext(settings, new org.agrona.concurrent.OffsetEpochNanoClock(),
                    (config, clock) -> io.fixtape.apps.BuiltinApplications.create("echo", config, clock));
            try (MessageStore b = context.storeFactory().create(new SessionId("FIX.4.4", "A", "B"));
                MessageStore c = context.storeFactory().create(new SessionId("FIX.4.4", "A", "C"));
                MessageStore d = context.storeFactory().create(new SessionId("FIX.4.4", "A", "D")))
            {
                assertTrue(b instanceof ChronicleMessageStore, "FileStorePath alone: " + b.getClass().getSimpleName());
                assertTrue(b.persistsMessages());
                assertTrue(Files.exists(dir.resolve("qfj-style").resolve(JournalSessionTable.FILE_NAME)), "journal created there");
                assertTrue(c instanceof NoMessageStore, "JournalMode=none alone: " + c.getClass().getSimpleName());
                assertFalse(c.persistsMessages());
                assertTrue(d instanceof io.fixtape.engine.store.InMemoryMessageStore, "no journal key: " + d.getClass().getSimpleName());
            }
        }
    }

    @Test
    void badValuesAreNamedWithTheirLocation()
    {
        final Settings settings = parse("[DEFAULT]\nJournalPath=" + dir + "\n[SESSION]\nBeginString=FIX.4.4\n" +
            "SenderCompID=A\nTargetCompID=B\nJournalMode=everything\n");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> JournalStoreProvider.context(settings.sessions().get(0)));
        assertTrue(ex.getMessage().contains("test.cfg") && ex.getMessage().contains("JournalMode=everything"), ex.getMessage());
    }
}
