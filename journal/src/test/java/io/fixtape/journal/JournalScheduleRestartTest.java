package io.fixtape.journal;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionSchedule;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalTime;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A session on the Chronicle journal, schedule 08:00–17:00 UTC, injected clock: the journal's sequence-state file
 * keeps when the state began, so a process restarted the next morning resets yesterday's numbers at start-up,
 * while one restarted the same afternoon continues them.
 */
class JournalScheduleRestartTest
{
    private static final SessionSchedule SCHEDULE = SessionSchedule.daily(LocalTime.of(8, 0), LocalTime.of(17, 0),
        ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final TestClock clock = new TestClock(); // 12:00 UTC

    private int restartAndReadNextSender()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(dir).mode(JournalMode.STORE).lowSpaceBytes(0)))
        {
            final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").schedule(SCHEDULE),
                factory.create(TestSessions.acceptorConfig("FIX.4.4").sessionId()), Application.NO_OP, clock);
            acceptor.doWork(clock.nanoTime()); // first duty cycle after start-up
            return acceptor.nextSenderSeqNum();
        }
    }

    @Test
    void journaledStateOfAnEarlierPeriodIsResetAtStartUp()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(dir).mode(JournalMode.STORE).lowSpaceBytes(0)))
        {
            final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4").schedule(SCHEDULE),
                new InMemoryMessageStore(1 << 20, 4096), Application.NO_OP, clock);
            final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").schedule(SCHEDULE),
                factory.create(TestSessions.acceptorConfig("FIX.4.4").sessionId()), Application.NO_OP, clock);
            final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
            pair.initiator().logout("stop");
            pair.pump();
            assertEquals(3, acceptor.nextSenderSeqNum(), "Logon and Logout sent");
        }
        clock.advanceSeconds(3600); // 13:00: same period
        assertEquals(3, restartAndReadNextSender());
        clock.advanceSeconds(20 * 3600); // 09:00 next day
        assertEquals(1, restartAndReadNextSender());
    }
}
