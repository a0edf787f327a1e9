package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A journal holds as many sessions as {@code JournalMaxSessions} allows: the sequence state starts small and grows as
 * sessions register, keeps every session's numbers across a restart and a rebuild, and a session past the limit is
 * refused without leaving a trace that would stop the next start.
 */
class JournalSessionLimitTest
{
    private static final int SESSIONS = 10_000;

    @TempDir
    Path dir;

    private static SessionId session(final int n)
    {
        return new SessionId("FIX.4.4", "FIXTAPE", "C" + n);
    }

    private JournalContext context()
    {
        return new JournalContext().directory(dir).lowSpaceBytes(0);
    }

    @Test
    void tenThousandSessionsKeepTheirNumbersAcrossRestartAndRebuild() throws Exception
    {
        try (Journal journal = Journal.open(context()))
        {
            for (int n = 1; n <= SESSIONS; n++)
            {
                final int id = journal.registerSession(session(n));
                assertEquals(n, id);
                if (n % 97 == 0 || n == SESSIONS)
                {
                    journal.appendAdmin(session(n), AdminRecords.SET_SEQUENCE_NUMBERS, n + 1, n + 2, 1_000L * n, "t");
                }
            }
        }
        final Path state = dir.resolve(Journal.STATE_DIR).resolve(SeqStateFile.FILE_NAME);
        final long slots = (Files.size(state) - SeqStateFile.HEADER_LENGTH) / SeqStateFile.SLOT_LENGTH;
        assertTrue(slots > SESSIONS && slots <= 2L * SESSIONS, "grown by doubling to hold them: " + slots + " slots");

        assertNumbersKept();
        Files.delete(state); // lost: rebuilt from the records, every session included
        assertNumbersKept();
    }

    private void assertNumbersKept()
    {
        try (Journal journal = Journal.open(context()))
        {
            for (int n = 1; n <= SESSIONS; n++)
            {
                final int id = journal.registerSession(session(n));
                final boolean set = n % 97 == 0 || n == SESSIONS;
                assertEquals(set ? n + 1 : 1, journal.nextSenderSeqNum(id), "next sender of session " + n);
                assertEquals(set ? n + 2 : 1, journal.nextTargetSeqNum(id), "next target of session " + n);
            }
        }
    }

    @Test
    void aSessionPastTheLimitIsRefusedAndTheJournalStillOpens()
    {
        try (Journal journal = Journal.open(context().maxSessions(3)))
        {
            for (int n = 1; n <= 3; n++)
            {
                journal.registerSession(session(n));
            }
            final JournalException refused = assertThrows(JournalException.class,
                () -> journal.registerSession(session(4)));
            assertTrue(refused.getMessage().contains("JournalMaxSessions=3"), refused.getMessage());
            assertEquals(2, journal.registerSession(session(2)), "a known session still registers");
        }
        final JournalSessionTable table = JournalSessionTable.open(dir, true);
        assertEquals(-1, table.idOf(session(4)), "the refused session is not in the table");
        try (Journal reopened = Journal.open(context().maxSessions(3)))
        {
            assertEquals(3, reopened.registerSession(session(3)));
            assertFalse(reopened.registry().ids().contains(4));
        }
    }

    @Test
    void aJournalHoldingMoreSessionsThanTheLimitKeepsThem()
    {
        try (Journal journal = Journal.open(context()))
        {
            for (int n = 1; n <= 2_000; n++)
            {
                journal.registerSession(session(n));
            }
            journal.appendAdmin(session(2_000), AdminRecords.SET_SEQUENCE_NUMBERS, 7, 8, 1_000L, "t");
        }
        try (Journal reopened = Journal.open(context().maxSessions(100)))
        {
            final int id = reopened.registerSession(session(2_000));
            assertEquals(2_000, id);
            assertEquals(7, reopened.nextSenderSeqNum(id));
            assertThrows(JournalException.class, () -> reopened.registerSession(session(2_001)));
        }
    }

    @Test
    void theLimitIsASettingsKey()
    {
        final JournalContext ctx = context();
        assertTrue(ctx.applySetting("JournalMaxSessions", "20000"));
        assertEquals(20_000, ctx.maxSessions());
        assertEquals(65_536, new JournalContext().maxSessions(), "the default");
    }
}
