package io.fixtape.engine.session;

import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionScheduleTest
{
    private static long at(final String instant)
    {
        final Instant time = Instant.parse(instant);
        return time.getEpochSecond() * 1_000_000_000L + time.getNano();
    }

    @Test
    void nonStopIsAlwaysInSession()
    {
        final SessionSchedule schedule = SessionSchedule.nonStop();
        assertTrue(schedule.isInSession(at("2026-12-06T03:00:00Z")));
        assertEquals(SessionSchedule.NON_STOP_PERIOD, schedule.periodStart(at("2026-12-02T03:00:00Z")));
    }

    @Test
    void dailyWindowAndItsPeriods()
    {
        final SessionSchedule schedule = SessionSchedule.daily(LocalTime.of(8, 0), LocalTime.of(17, 0),
            ZoneOffset.UTC);
        assertFalse(schedule.isInSession(at("2026-12-02T07:59:59Z")));
        assertTrue(schedule.isInSession(at("2026-12-02T08:00:00Z")));
        assertTrue(schedule.isInSession(at("2026-12-02T16:59:59Z")));
        assertFalse(schedule.isInSession(at("2026-12-02T17:00:00Z")));
        assertEquals(at("2026-12-02T08:00:00Z"), schedule.periodStart(at("2026-12-02T12:00:00Z")));
        assertNotEquals(schedule.periodStart(at("2026-12-02T12:00:00Z")),
            schedule.periodStart(at("2026-12-03T12:00:00Z")));
    }

    @Test
    void dailyWindowAcrossMidnightInATimeZone()
    {
        final SessionSchedule schedule = SessionSchedule.daily(LocalTime.of(22, 0), LocalTime.of(6, 0),
            ZoneId.of("America/New_York"));
        assertTrue(schedule.isInSession(at("2026-12-02T04:00:00Z")));  // 23:00 New York
        assertTrue(schedule.isInSession(at("2026-12-02T10:59:00Z")));  // 05:59 New York
        assertFalse(schedule.isInSession(at("2026-12-02T11:00:00Z"))); // 06:00 New York
        assertEquals(at("2026-12-02T03:00:00Z"), schedule.periodStart(at("2026-12-02T10:00:00Z")));
    }

    @Test
    void weeklyWindowFromSundayEveningToFridayEvening()
    {
        final SessionSchedule schedule = SessionSchedule.weekly(DayOfWeek.SUNDAY, LocalTime.of(17, 0),
            DayOfWeek.FRIDAY, LocalTime.of(17, 0), ZoneOffset.UTC);
        assertTrue(schedule.isInSession(at("2026-12-02T12:00:00Z")));   // Wednesday
        assertTrue(schedule.isInSession(at("2026-12-04T16:59:59Z")));   // Friday before close
        assertFalse(schedule.isInSession(at("2026-12-05T12:00:00Z")));  // Saturday
        assertFalse(schedule.isInSession(at("2026-12-06T16:59:59Z")));  // Sunday before open
        assertTrue(schedule.isInSession(at("2026-12-06T17:00:00Z")));   // Sunday open
        assertEquals(at("2026-11-29T17:00:00Z"), schedule.periodStart(at("2026-12-02T12:00:00Z")));
    }
}
