package io.fixtape.engine.session;

import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.transport.DisconnectReason;

/**
 * Keeps the session inside its {@link SessionSchedule}: outside every period a logged-on session logs out and one
 * logging on is disconnected; so does a session still connected when a new period begins (a 24-hour schedule,
 * StartTime equal to EndTime, goes straight from one period to the next), as QuickFIX/J does. A new period starts
 * at sequence number 1 as soon as the connection of the old one has ended, and so does the first period after
 * start-up when the stored numbers belong to an earlier one.
 *
 * <p>One instance per session (with its own copy of the schedule), poller thread only. Allocates only when a
 * period boundary is crossed (see {@link SessionSchedule}).
 */
final class ScheduleGuard
{
    private static final long UNSET_PERIOD = Long.MIN_VALUE + 7;

    private final SessionSchedule schedule;
    private final MessageStore store;
    private final SequenceTracker sequence;
    private final SessionLifecycle lifecycle;
    private long lastPeriodStart = UNSET_PERIOD;

    ScheduleGuard(
        final SessionSchedule schedule, final MessageStore store, final SequenceTracker sequence,
        final SessionLifecycle lifecycle)
    {
        this.schedule = schedule;
        this.store = store;
        this.sequence = sequence;
        this.lifecycle = lifecycle;
    }

    /** Whether {@code epochNanos} is inside the schedule. */
    boolean isInSession(final long epochNanos)
    {
        return schedule.isInSession(epochNanos);
    }

    /**
     * Act on where {@code now} falls: outside every period, end the session (Logout when logged on, disconnect
     * when logging on); at the start of a new period while disconnected, reset the sequence numbers.
     */
    void enforce(final long now)
    {
        if (schedule.isNonStop())
        {
            return;
        }
        final long period = schedule.periodStart(now);
        if (period == SessionSchedule.OUTSIDE)
        {
            endPeriod(now);
            return;
        }
        if (period != lastPeriodStart && lastPeriodStart != UNSET_PERIOD && lifecycle.isConnected())
        {
            endPeriod(now); // the old period's connection ends first; the reset follows once it has
            return;
        }
        if (period != lastPeriodStart && !lifecycle.isConnected())
        {
            if (lastPeriodStart == UNSET_PERIOD)
            {
                startFirstPeriod(period, now);
            }
            else
            {
                lifecycle.resetSequenceNumbers(); // a new session period starts at 1
            }
            lastPeriodStart = period;
        }
    }

    /** Logged on: Logout (the reply or LogoutTimeout closes); logging on: disconnect. */
    private void endPeriod(final long now)
    {
        if (lifecycle.isLoggedOn())
        {
            lifecycle.sendLogout(LogoutReason.SCHEDULE_END, "Session end", now);
        }
        else if (lifecycle.isLoggingOn())
        {
            lifecycle.disconnect(DisconnectReason.ENGINE_CLOSE);
        }
    }

    /**
     * First period after start-up: the stored numbers belong to an earlier period when the store's sequence state
     * began before this period started (an engine restarted mid-period after a night off), and are reset. A store
     * that does not know when its state began is kept as is; a fresh one (both numbers 1) is stamped now.
     */
    private void startFirstPeriod(final long periodStart, final long now)
    {
        final long created = store.creationTimeNanos();
        if (created == MessageStore.UNKNOWN_CREATION_TIME)
        {
            if (sequence.nextSender() == 1 && sequence.nextTarget() == 1)
            {
                store.creationTimeNanos(now);
            }
        }
        else if (created < periodStart)
        {
            lifecycle.resetSequenceNumbers();
        }
    }
}
