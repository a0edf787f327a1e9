package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A 24-hour session (StartTime equal to EndTime) goes from one period straight into the next: a session connected
 * at that boundary logs out there and starts the new period at sequence number 1, instead of carrying on and
 * resetting at its next disconnect, in the middle of the new period. Weekdays limits a daily schedule to some days.
 */
class ScheduleBoundaryTest
{
    private static final LocalTime BOUNDARY = LocalTime.of(17, 0);

    private static long at(final String instant)
    {
        final Instant time = Instant.parse(instant);
        return time.getEpochSecond() * 1_000_000_000L + time.getNano();
    }

    @Test
    void aConnectedTwentyFourHourSessionLogsOutAndResetsAtTheBoundary()
    {
        final TestClock clock = new TestClock(at("2026-12-02T16:59:00Z"));
        final SessionSchedule schedule = SessionSchedule.daily(BOUNDARY, BOUNDARY, ZoneOffset.UTC);
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4").schedule(schedule),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").schedule(schedule),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
        assertTrue(initiator.isLoggedOn());
        SessionPairTest.sendOrder(initiator, "BEFORE");
        pair.pump();
        assertEquals(3, initiator.nextSenderSeqNum());

        pair.advanceSeconds(59);
        assertTrue(initiator.isLoggedOn(), "still the old period");
        pair.advanceSeconds(1); // 17:00:00: the next period begins
        pair.doWork();

        assertFalse(initiator.isConnected());
        assertFalse(acceptor.isConnected());
        assertEquals(1, initiator.counters().logoutsSent(LogoutReason.SCHEDULE_END), "both sides see the boundary");
        assertEquals(1, acceptor.counters().logoutsSent(LogoutReason.SCHEDULE_END));
        assertEquals(1, initiator.nextSenderSeqNum(), "reset at the boundary, not at a later disconnect");
        assertEquals(1, initiator.nextTargetSeqNum());
        assertEquals(1, acceptor.nextSenderSeqNum());
        assertEquals(1, acceptor.nextTargetSeqNum());

        pair.connect();
        assertTrue(initiator.isLoggedOn() && acceptor.isLoggedOn());
        SessionPairTest.sendOrder(initiator, "AFTER");
        pair.pump();
        for (int i = 0; i < 360; i++)
        {
            pair.advanceSeconds(10); // an hour into the new period, heartbeats flowing: nothing else happens
        }
        assertTrue(initiator.isLoggedOn());
        assertEquals(0, initiator.counters().logoutsSent(LogoutReason.SEQUENCE_TOO_LOW) +
            acceptor.counters().logoutsSent(LogoutReason.SEQUENCE_TOO_LOW));
        assertEquals(initiator.nextSenderSeqNum(), acceptor.nextTargetSeqNum());
        assertEquals(1, initiator.counters().sessionResets());
    }

    @Test
    void aSessionStillLoggingOnAtTheBoundaryIsDisconnectedAndReset()
    {
        final TestClock clock = new TestClock(at("2026-12-02T16:59:59Z"));
        final SessionSchedule schedule = SessionSchedule.daily(BOUNDARY, BOUNDARY, ZoneOffset.UTC);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").schedule(schedule),
            clock);
        acceptor.doWork(clock.nanoTime());
        assertTrue(acceptor.onConnect(io.fixtape.engine.testkit.InProcessConnection.pair("a", "b", 4096)[0], false));

        clock.advanceSeconds(1);
        acceptor.doWork(clock.nanoTime());
        assertFalse(acceptor.isConnected());
        acceptor.doWork(clock.nanoTime());
        assertEquals(1, acceptor.counters().sessionResets());
    }

    @Test
    void weekdaysLimitADailyScheduleToSomeDays()
    {
        final SessionSchedule schedule = SessionSchedule.daily(LocalTime.of(8, 0), LocalTime.of(17, 0),
            ZoneOffset.UTC, EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));
        assertTrue(schedule.isInSession(at("2026-12-04T12:00:00Z")), "Friday");
        assertFalse(schedule.isInSession(at("2026-12-05T12:00:00Z")), "Saturday");
        assertFalse(schedule.isInSession(at("2026-12-06T12:00:00Z")), "Sunday");
        assertFalse(schedule.isInSession(at("2026-12-07T07:59:59Z")), "Monday before the start");
        assertTrue(schedule.isInSession(at("2026-12-07T08:00:00Z")));
        assertEquals(at("2026-12-07T08:00:00Z"), schedule.periodStart(at("2026-12-07T16:00:00Z")));
    }

    @Test
    void weekdaysWithAPeriodAcrossMidnightEndTheNextDay()
    {
        final SessionSchedule schedule = SessionSchedule.daily(LocalTime.of(18, 0), LocalTime.of(6, 0),
            ZoneOffset.UTC, EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.WEDNESDAY));
        assertEquals(at("2026-12-07T18:00:00Z"), schedule.periodStart(at("2026-12-08T05:59:59Z")),
            "Monday's period ends Tuesday 06:00");
        assertFalse(schedule.isInSession(at("2026-12-08T18:30:00Z")), "no period starts on Tuesday");
        assertTrue(schedule.isInSession(at("2026-12-09T18:30:00Z")), "Wednesday");
    }

    @Test
    void twentyFourHourSchedulePeriodsFollowEachOther()
    {
        final SessionSchedule schedule = SessionSchedule.daily(BOUNDARY, BOUNDARY, ZoneOffset.UTC);
        assertTrue(schedule.isInSession(at("2026-12-02T16:59:59Z")));
        assertTrue(schedule.isInSession(at("2026-12-02T17:00:00Z")));
        assertEquals(at("2026-12-01T17:00:00Z"), schedule.periodStart(at("2026-12-02T16:59:59Z")));
        assertEquals(at("2026-12-02T17:00:00Z"), schedule.periodStart(at("2026-12-02T17:00:00Z")));
        assertNotEquals(schedule.periodStart(at("2026-12-02T16:59:59Z")),
            schedule.periodStart(at("2026-12-02T17:00:00Z")));
    }
}
