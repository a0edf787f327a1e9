package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.time.LocalTime;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An engine restarted in the middle of a schedule period (08:00–17:00 UTC; injected clock): its stores keep the
 * sequence numbers and the time their sequence state began. Restarted later the same day the numbers continue;
 * restarted the next morning — the engine was down over the period boundary, so no in-process reset happened —
 * the numbers of yesterday's period are reset to 1 before the first Logon.
 */
class ScheduleRestartTest
{
    private static final SessionSchedule SCHEDULE = SessionSchedule.daily(LocalTime.of(8, 0), LocalTime.of(17, 0),
        ZoneOffset.UTC);

    private final TestClock clock = new TestClock(); // 12:00 UTC
    private final MessageStore initiatorStore = new InMemoryMessageStore(1 << 20, 4096);
    private final MessageStore acceptorStore = new InMemoryMessageStore(1 << 20, 4096);

    private InProcessSessionPair start()
    {
        return new InProcessSessionPair(
            TestSessions.session(TestSessions.initiatorConfig("FIX.4.4").schedule(SCHEDULE), initiatorStore,
                Application.NO_OP, clock),
            TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").schedule(SCHEDULE), acceptorStore,
                Application.NO_OP, clock),
            clock);
    }

    /** The poller's first duty cycle after start-up: timers and schedule, before any connection. */
    private void startUp(final InProcessSessionPair pair)
    {
        pair.initiator().doWork(clock.nanoTime());
        pair.acceptor().doWork(clock.nanoTime());
    }

    private void tradeAndStop(final InProcessSessionPair pair)
    {
        pair.connect();
        SessionPairTest.sendOrder(pair.initiator(), "R1");
        SessionPairTest.sendOrder(pair.initiator(), "R2");
        pair.pump();
        pair.initiator().logout("engine stop");
        pair.pump();
    }

    @Test
    void restartInTheSamePeriodKeepsTheNumbers()
    {
        final InProcessSessionPair first = start();
        tradeAndStop(first);
        final long created = acceptorStore.creationTimeNanos();
        assertEquals(clock.nanoTime(), created, "a fresh store is stamped at first use");
        final int sender = first.initiator().nextSenderSeqNum();
        assertEquals(5, sender, "Logon, two orders, Logout");

        clock.advanceSeconds(3600); // 13:00, same period
        final InProcessSessionPair restarted = start();
        startUp(restarted);
        assertEquals(sender, restarted.initiator().nextSenderSeqNum());
        assertEquals(created, acceptorStore.creationTimeNanos());
        assertEquals(0, restarted.initiator().counters().sessionResets());
    }

    @Test
    void restartInALaterPeriodResetsNumbersOfTheEarlierPeriod()
    {
        tradeAndStop(start());
        assertEquals(5, initiatorStore.nextSenderSeqNum());

        clock.advanceSeconds(22 * 3600); // 10:00 the next day: down over 17:00 and 08:00
        final InProcessSessionPair restarted = start();
        startUp(restarted);
        assertEquals(1, restarted.initiator().nextSenderSeqNum());
        assertEquals(1, restarted.acceptor().nextTargetSeqNum());
        assertEquals(1, restarted.initiator().counters().sessionResets());
        assertEquals(clock.nanoTime(), initiatorStore.creationTimeNanos(), "the new state begins now");

        restarted.connect();
        assertTrue(restarted.initiator().isLoggedOn(), "both sides start the new period at 1");
        assertEquals(2, restarted.initiator().nextSenderSeqNum());
    }
}
