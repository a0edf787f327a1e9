package io.fixtape.engine.session;

import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;

/**
 * What the session does when its store throws ({@link StoreFailurePolicy}): under write-ahead the message the store
 * refused is neither sent nor delivered, and a logged-on session pauses, logs out or disconnects. While paused it
 * probes the store once per interval, resumes when the store would write, and gives up after
 * {@code StorePauseTimeout}. Every failure is counted, kept ({@link #lastFailure()}) and told to the error handler.
 *
 * <p>One instance per session, poller thread only. Allocation happens only on a failure (the Logout text).
 */
final class StoreFailureControl
{
    private final SessionConfig config;
    private final EpochNanoClock clock;
    private final MessageStore store;
    private final SessionLifecycle lifecycle;
    private final StorePause pause;
    private final SessionSender sender;
    private final InboundGaps gaps;
    private final HeartbeatTimer timer;
    private final SessionCounters counters;
    private MessageStoreException lastFailure;
    private ErrorHandler errorHandler;

    StoreFailureControl(
        final SessionConfig config, final EpochNanoClock clock, final MessageStore store,
        final SessionLifecycle lifecycle, final StorePause pause, final SessionSender sender, final InboundGaps gaps,
        final HeartbeatTimer timer, final SessionCounters counters)
    {
        this.config = config;
        this.clock = clock;
        this.store = store;
        this.lifecycle = lifecycle;
        this.pause = pause;
        this.sender = sender;
        this.gaps = gaps;
        this.timer = timer;
        this.counters = counters;
    }

    /** The last store failure, or null. */
    MessageStoreException lastFailure()
    {
        return lastFailure;
    }

    /** Where failures are reported besides the counters; null: counters only. */
    void errorHandler(final ErrorHandler errorHandler)
    {
        this.errorHandler = errorHandler;
    }

    /**
     * The store threw: a logged-on session applies its policy — pause, or a Logout (sent even if the journal
     * refuses it: its number goes to the sequence state only), or a disconnect, which is also the answer in every
     * other state, while already paused, and when even the Logout's number cannot be recorded. Never throws.
     */
    void onFailure(final MessageStoreException failure)
    {
        record(failure);
        if (lifecycle.isConnected() && lifecycle.isLoggedOn() && !pause.isPaused())
        {
            final long now = clock.nanoTime();
            switch (config.storeFailurePolicy())
            {
                case PAUSE:
                    beginPause(now);
                    return;
                case LOGOUT:
                    if (logOut(failure, now))
                    {
                        return;
                    }
                    break;
                default:
                    break;
            }
        }
        lifecycle.disconnectOnStoreFailure();
    }

    /**
     * Paused, the counterparty's Logout arrived and the store refused to journal it: it stays unprocessed (its
     * number not consumed, the application not handed the message), but the session ends as the counterparty
     * asked, answering with the store-failure Logout and closing.
     */
    void onLogoutNotJournaled(final MessageStoreException failure, final long now)
    {
        record(failure);
        pause.end(now);
        logOut(failure, now); // answered, unprocessed; sent only if its number can be recorded
        lifecycle.disconnect(DisconnectReason.LOGOUT); // the counterparty asked to end it: no wait for a Logout reply
    }

    /**
     * The duty cycle while paused: probe the store once per interval and resume when it would write; meanwhile only
     * Heartbeats, so that the counterparty keeps the connection. No TestRequest and no heartbeat timeout: what we
     * read is not processed. After {@code StorePauseTimeout} (unless 0) without a successful probe the session gives
     * up as {@link StoreFailurePolicy#LOGOUT} does.
     *
     * @return work done.
     */
    int doWorkWhilePaused(final long now)
    {
        int work = 0;
        final boolean timedOut = pause.isTimedOut(now);
        if (timedOut || pause.isProbeDue(now))
        {
            pause.probed(now);
            work++;
            if (store.probeWritable(now))
            {
                pause.end(now);
                counters.storeResumes++;
                sender.adminWithoutJournal(false);
                timer.onReceived(now); // the silence while we did not read is ours, not the counterparty's
                return work;
            }
        }
        if (timedOut)
        {
            giveUpPause(now);
            return work + 1;
        }
        return work + sender.heartbeatIfDue(now);
    }

    /** Counted, kept for the Logout text, and told to the error handler. */
    private void record(final MessageStoreException failure)
    {
        counters.storeFailures++;
        counters.events.storeFailure(failure.getMessage());
        lastFailure = failure;
        final ErrorHandler handler = errorHandler;
        if (handler != null)
        {
            try
            {
                handler.onError(failure);
            }
            catch (final RuntimeException ignore)
            {
                // a failing error handler must not take the session's policy with it
            }
        }
    }

    /**
     * The store-failure Logout, allowed out unjournaled.
     *
     * @return false when it could not go out (its number not recordable, not connected): the caller disconnects.
     */
    private boolean logOut(final MessageStoreException failure, final long now)
    {
        sender.adminWithoutJournal(true);
        try
        {
            lifecycle.sendLogout(LogoutReason.STORE_FAILURE, "Store failure: " + failure.reason(), now);
        }
        catch (final MessageStoreException ex)
        {
            lastFailure = ex; // not even the sequence state takes the number: send nothing
            return false;
        }
        return lifecycle.state() == SessionState.LOGOUT_SENT && lifecycle.isConnected();
    }

    private void beginPause(final long now)
    {
        pause.begin(now);
        sender.adminWithoutJournal(true); // Heartbeats (and resends asked before the pause) still go out
        sender.dropPending();
        // Whatever we were recovering is moot: inbound stops here and, after the pause, the next message is simply
        // too high and asks for everything from the expected number again.
        gaps.clear();
    }

    /** StorePauseTimeout: the store did not come back in time; log out as the LOGOUT policy would. */
    private void giveUpPause(final long now)
    {
        counters.storePauseTimeouts++;
        pause.end(now);
        if (!logOut(lastFailure, now))
        {
            lifecycle.disconnectOnStoreFailure();
        }
    }
}
