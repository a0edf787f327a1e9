package io.fixtape.engine.session;

import io.fixtape.engine.transport.DisconnectReason;

/**
 * The session's share of the poller's duty cycle, by state: the schedule, continuing a back-pressured resend,
 * logon and logout timeouts, the application's own duty-cycle hook, and while logged on the Heartbeats,
 * TestRequests and heartbeat timeout that keep the connection alive (a session paused on a store failure runs
 * {@link StoreFailureControl#doWorkWhilePaused} instead).
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class SessionDutyCycle
{
    private static final String TEST_REQ_ID = "TEST";

    private final ScheduleGuard schedule;
    private final SessionLifecycle lifecycle;
    private final StorePause pause;
    private final StoreFailureControl storeFailures;
    private final ResendResponder resender;
    private final HeartbeatTimer timer;
    private final SessionSender sender;
    private final ApplicationNotifier notifier;
    private final SessionCounters counters;

    SessionDutyCycle(
        final ScheduleGuard schedule, final SessionLifecycle lifecycle, final StorePause pause,
        final StoreFailureControl storeFailures, final ResendResponder resender, final HeartbeatTimer timer,
        final SessionSender sender, final ApplicationNotifier notifier, final SessionCounters counters)
    {
        this.schedule = schedule;
        this.lifecycle = lifecycle;
        this.pause = pause;
        this.storeFailures = storeFailures;
        this.resender = resender;
        this.timer = timer;
        this.sender = sender;
        this.notifier = notifier;
        this.counters = counters;
    }

    /** @return work done (0 lets the idle strategy back off). */
    int doWork(final long nowNanos)
    {
        schedule.enforce(nowNanos);
        if (!lifecycle.isConnected())
        {
            return 0;
        }
        if (lifecycle.disconnectIfUnsendable() > 0)
        {
            return 1;
        }
        int work = sender.flushQueued(nowNanos); // behind an active resend only what was queued before it
        work += resender.resume(nowNanos);
        if (lifecycle.disconnectIfFlushed() > 0)
        {
            return work + 1;
        }
        switch (lifecycle.state())
        {
            case AWAITING_LOGON:
            case LOGON_SENT:
                work += lifecycle.disconnectIfLogonTimedOut(nowNanos);
                break;
            case LOGOUT_SENT:
                work += notifier.doWork(nowNanos);
                work += lifecycle.disconnectIfLogoutTimedOut(nowNanos);
                break;
            case ACTIVE:
                if (pause.isPaused())
                {
                    work += storeFailures.doWorkWhilePaused(nowNanos);
                    break;
                }
                work += notifier.doWork(nowNanos);
                if (lifecycle.isLoggedOn())
                {
                    work += keepAlive(nowNanos);
                }
                break;
            default:
                break;
        }
        return work + lifecycle.disconnectIfUnsendable();
    }

    /** Heartbeat timeout (disconnect), else a TestRequest after inbound silence and a Heartbeat after ours. */
    private int keepAlive(final long now)
    {
        if (timer.isTimedOut(now))
        {
            lifecycle.disconnect(DisconnectReason.HEARTBEAT_TIMEOUT);
            return 1;
        }
        int work = 0;
        if (timer.isTestRequestDue(now))
        {
            if (sender.testRequest(TEST_REQ_ID, now))
            {
                timer.onTestRequestSent();
                counters.testRequestsSent++;
                work++;
            }
        }
        return work + sender.heartbeatIfDue(now);
    }
}
