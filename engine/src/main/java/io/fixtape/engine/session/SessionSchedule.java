package io.fixtape.engine.session;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Set;

/**
 * When a session may be logged on: non-stop, daily (StartTime/EndTime in a TimeZone, optionally only on some
 * Weekdays) or weekly (StartDay StartTime to EndDay EndTime), as in QuickFIX/J settings. StartTime equal to EndTime
 * is a 24-hour period that ends where the next begins. Time comes from the caller (the injected clock), never from
 * the wall clock.
 *
 * <p>The current period's bounds are cached as epoch nanos, so {@link #isInSession} and {@link #periodStart}
 * allocate only when a period boundary is crossed (java.time is used there), not per call.
 *
 * <p>Not thread-safe: one instance per session, used on the poller thread.
 */
public final class SessionSchedule
{
    /** {@link #periodStart} of a non-stop schedule. */
    public static final long NON_STOP_PERIOD = 0;
    /** {@link #periodStart} when outside every period. */
    public static final long OUTSIDE = Long.MIN_VALUE;

    private final boolean nonStop;
    private final LocalTime startTime;
    private final LocalTime endTime;
    private final DayOfWeek startDay;
    private final DayOfWeek endDay;
    private final ZoneId zone;
    /** Daily only: bit {@code DayOfWeek.getValue()} set for each day a period starts on; 0 = every day. */
    private final int weekdays;

    private long cachedFrom = Long.MAX_VALUE;
    private long cachedUntil = Long.MIN_VALUE;
    private long cachedPeriodStart = OUTSIDE;

    private SessionSchedule(
        final boolean nonStop, final LocalTime startTime, final LocalTime endTime, final DayOfWeek startDay,
        final DayOfWeek endDay, final ZoneId zone, final int weekdays)
    {
        this.weekdays = weekdays;
        this.nonStop = nonStop;
        this.startTime = startTime;
        this.endTime = endTime;
        this.startDay = startDay;
        this.endDay = endDay;
        this.zone = zone;
    }

    /** Always in session (NonStopSession=Y). */
    public static SessionSchedule nonStop()
    {
        return new SessionSchedule(true, null, null, null, null, ZoneOffset.UTC, 0);
    }

    /** Every day from {@code start} to {@code end} (end before start: the period spans midnight). */
    public static SessionSchedule daily(final LocalTime start, final LocalTime end, final ZoneId zone)
    {
        return new SessionSchedule(false, Objects.requireNonNull(start, "StartTime"),
            Objects.requireNonNull(end, "EndTime"), null, null, Objects.requireNonNull(zone, "TimeZone"), 0);
    }

    /**
     * Daily from {@code start} to {@code end}, but only periods that start on one of {@code days} (QuickFIX/J's
     * {@code Weekdays}); a period that spans midnight ends on the next day.
     */
    public static SessionSchedule daily(
        final LocalTime start, final LocalTime end, final ZoneId zone, final Set<DayOfWeek> days)
    {
        if (days.isEmpty())
        {
            throw new IllegalArgumentException("Weekdays must name at least one day");
        }
        int mask = 0;
        for (final DayOfWeek day : days)
        {
            mask |= 1 << day.getValue();
        }
        return new SessionSchedule(false, Objects.requireNonNull(start, "StartTime"),
            Objects.requireNonNull(end, "EndTime"), null, null, Objects.requireNonNull(zone, "TimeZone"), mask);
    }

    /** Weekly from {@code startDay start} to {@code endDay end}. */
    public static SessionSchedule weekly(
        final DayOfWeek startDay, final LocalTime start, final DayOfWeek endDay, final LocalTime end,
        final ZoneId zone)
    {
        return new SessionSchedule(false, Objects.requireNonNull(start, "StartTime"),
            Objects.requireNonNull(end, "EndTime"), Objects.requireNonNull(startDay, "StartDay"),
            Objects.requireNonNull(endDay, "EndDay"), Objects.requireNonNull(zone, "TimeZone"), 0);
    }

    /** A fresh copy with its own cache (a schedule instance belongs to one session). */
    public SessionSchedule copy()
    {
        return new SessionSchedule(nonStop, startTime, endTime, startDay, endDay, zone, weekdays);
    }

    public boolean isNonStop()
    {
        return nonStop;
    }

    public boolean isInSession(final long epochNanos)
    {
        return periodStart(epochNanos) != OUTSIDE;
    }

    /**
     * Start of the period containing {@code epochNanos} (epoch nanos), {@link #NON_STOP_PERIOD} for a non-stop
     * schedule, or {@link #OUTSIDE}. A change of this value between two calls means a new session period began
     * (the session resets its sequence numbers then).
     */
    public long periodStart(final long epochNanos)
    {
        if (nonStop)
        {
            return NON_STOP_PERIOD;
        }
        if (epochNanos < cachedFrom || epochNanos >= cachedUntil)
        {
            resolve(epochNanos);
        }
        return cachedPeriodStart;
    }

    private void resolve(final long epochNanos)
    {
        final ZonedDateTime now = Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
            Math.floorMod(epochNanos, 1_000_000_000L)).atZone(zone);
        final boolean weekly = startDay != null;
        ZonedDateTime start = now.with(startTime).truncatedTo(ChronoUnit.SECONDS);
        if (weekly)
        {
            start = start.plusDays(startDay.getValue() - now.getDayOfWeek().getValue());
        }
        if (start.isAfter(now))
        {
            start = weekly ? start.minusWeeks(1) : start.minusDays(1);
        }
        while (!startsOn(start))
        {
            start = start.minusDays(1); // the latest period start on one of the Weekdays
        }
        ZonedDateTime end = start.with(endTime).truncatedTo(ChronoUnit.SECONDS);
        if (weekly)
        {
            end = end.plusDays(Math.floorMod(endDay.getValue() - startDay.getValue(), 7));
        }
        if (!end.isAfter(start))
        {
            end = weekly ? end.plusWeeks(1) : end.plusDays(1);
        }
        ZonedDateTime nextStart = weekly ? start.plusWeeks(1) : start.plusDays(1);
        while (!startsOn(nextStart))
        {
            nextStart = nextStart.plusDays(1);
        }
        if (now.isBefore(end))
        {
            cachedFrom = nanos(start);
            cachedUntil = nanos(end);
            cachedPeriodStart = cachedFrom;
        }
        else
        {
            cachedFrom = nanos(end);
            cachedUntil = nanos(nextStart);
            cachedPeriodStart = OUTSIDE;
        }
    }

    private boolean startsOn(final ZonedDateTime start)
    {
        return weekdays == 0 || (weekdays & (1 << start.getDayOfWeek().getValue())) != 0;
    }

    private static long nanos(final ZonedDateTime time)
    {
        return time.toEpochSecond() * 1_000_000_000L + time.getNano();
    }

    @Override
    public String toString()
    {
        return nonStop ? "NonStopSession" :
            (startDay != null ? startDay + " " : "") + startTime + " - " + (endDay != null ? endDay + " " : "") +
            endTime + " " + zone + (weekdays != 0 ? " " + weekdayNames() : "");
    }

    private String weekdayNames()
    {
        final StringBuilder names = new StringBuilder();
        for (final DayOfWeek day : DayOfWeek.values())
        {
            if ((weekdays & (1 << day.getValue())) != 0)
            {
                names.append(names.length() == 0 ? "" : ",").append(day);
            }
        }
        return names.toString();
    }
}
