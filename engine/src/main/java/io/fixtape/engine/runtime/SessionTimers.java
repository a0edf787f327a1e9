package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import org.agrona.DeadlineTimerWheel;
import org.agrona.collections.Long2ObjectHashMap;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Which sessions run their {@code doWork} in a duty cycle: those something happened to ({@link Session#waker}: a
 * connection, a message, a send, a logout), those that need every duty cycle ({@link Session#needsEveryDutyCycle}),
 * and those whose next timer ({@link Session#nextTimerNanos}: Heartbeat, TestRequest, heartbeat, logon and logout
 * timeouts, schedule) has come, kept on Agrona's {@link DeadlineTimerWheel}. Thousands of idle sessions therefore
 * cost nothing between their timers, instead of a call each per duty cycle.
 *
 * <p>A session keeps its timer while its new deadline is not earlier (a timer that fires early runs a
 * {@code doWork} that finds nothing due and takes the new deadline), so a busy session does not reschedule on every
 * message. Wheel: ticks of 2^20 ns (about 1 ms), 1024 ticks per turn; later deadlines wait in their spoke.
 *
 * <p>Poller thread only. Steady state allocates nothing (arrays grow with the number of sessions only).
 */
final class SessionTimers
{
    private static final long TICK_NANOS = 1L << 20;
    private static final int TICKS_PER_WHEEL = 1024;
    private static final int INITIAL_TICK_ALLOCATION = 16;
    private static final long NO_TIMER = DeadlineTimerWheel.NULL_DEADLINE;

    /** The poller's view of one session: its timer and whether it runs in this duty cycle. */
    static final class Slot implements Runnable
    {
        private final SessionTimers timers;
        final Session session;
        private long timerId = NO_TIMER;
        private long timerDeadline = Long.MAX_VALUE;
        private boolean active;

        private Slot(final SessionTimers timers, final Session session)
        {
            this.timers = timers;
            this.session = session;
        }

        /** The session's waker: run its doWork in this duty cycle. */
        @Override
        public void run()
        {
            timers.activate(this);
        }
    }

    private final DeadlineTimerWheel wheel;
    private final Long2ObjectHashMap<Slot> byTimerId = new Long2ObjectHashMap<>();
    private final DeadlineTimerWheel.TimerHandler onExpiry = this::onExpiry;
    private Slot[] active = new Slot[16];
    private int activeCount;

    SessionTimers(final long startNanos)
    {
        wheel = new DeadlineTimerWheel(
            TimeUnit.NANOSECONDS, startNanos, TICK_NANOS, TICKS_PER_WHEEL, INITIAL_TICK_ALLOCATION);
    }

    /** Serve {@code session} from now on; it runs in the coming duty cycle and is its waker from then on. */
    Slot add(final Session session)
    {
        final Slot slot = new Slot(this, session);
        session.waker(slot);
        activate(slot);
        return slot;
    }

    /** Stop serving the session of {@code slot} (handed to another engine): its timer is cancelled. */
    void remove(final Slot slot)
    {
        cancelTimer(slot);
        if (slot.active)
        {
            for (int i = 0; i < activeCount; i++)
            {
                if (active[i] == slot)
                {
                    System.arraycopy(active, i + 1, active, i, activeCount - i - 1);
                    active[--activeCount] = null;
                    break;
                }
            }
            slot.active = false;
        }
        slot.session.waker(null);
    }

    /**
     * Fire the timers that are due, then run {@code doWork(now)} of every active session once; afterwards a session
     * stays active only while it needs every duty cycle, the others wait for their next timer.
     *
     * @return work done.
     */
    int doWork(final long nowNanos)
    {
        // the wheel advances one tick per poll: catch up after a slow duty cycle, one turn at most per cycle
        for (int i = 0; i < TICKS_PER_WHEEL; i++)
        {
            wheel.poll(nowNanos, onExpiry, Integer.MAX_VALUE);
            if (wheel.currentTickTime() > nowNanos)
            {
                break;
            }
        }
        int work = 0;
        // activeCount may grow while we go: a session's doWork can wake another (it then runs in this cycle too)
        for (int i = 0; i < activeCount; i++)
        {
            work += active[i].session.doWork(nowNanos);
        }
        int kept = 0;
        for (int i = 0; i < activeCount; i++)
        {
            final Slot slot = active[i];
            active[i] = null;
            if (slot.session.needsEveryDutyCycle())
            {
                active[kept++] = slot;
            }
            else
            {
                slot.active = false;
                schedule(slot, slot.session.nextTimerNanos(nowNanos));
            }
        }
        activeCount = kept;
        return work;
    }

    /** Sessions running in every duty cycle now (tests, reports). */
    int activeCount()
    {
        return activeCount;
    }

    /** Sessions waiting on the wheel (tests, reports). */
    long timerCount()
    {
        return wheel.timerCount();
    }

    private void activate(final Slot slot)
    {
        if (slot.active)
        {
            return;
        }
        slot.active = true;
        if (activeCount == active.length)
        {
            active = Arrays.copyOf(active, activeCount * 2);
        }
        active[activeCount++] = slot;
    }

    private void schedule(final Slot slot, final long deadline)
    {
        if (slot.timerId != NO_TIMER && slot.timerDeadline <= deadline)
        {
            return; // the earlier timer fires first and reschedules then
        }
        cancelTimer(slot);
        if (deadline != Long.MAX_VALUE)
        {
            slot.timerId = wheel.scheduleTimer(deadline);
            slot.timerDeadline = deadline;
            byTimerId.put(slot.timerId, slot);
        }
    }

    private void cancelTimer(final Slot slot)
    {
        if (slot.timerId != NO_TIMER)
        {
            wheel.cancelTimer(slot.timerId);
            byTimerId.remove(slot.timerId);
            slot.timerId = NO_TIMER;
            slot.timerDeadline = Long.MAX_VALUE;
        }
    }

    private boolean onExpiry(final TimeUnit timeUnit, final long now, final long timerId)
    {
        final Slot slot = byTimerId.remove(timerId);
        if (slot != null)
        {
            slot.timerId = NO_TIMER;
            slot.timerDeadline = Long.MAX_VALUE;
            activate(slot);
        }
        return true;
    }
}
