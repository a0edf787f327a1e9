package io.fixtape.engine.session;

import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Where the session is in its life cycle ({@link SessionState}) and the moves between states: binding a connection
 * (an initiator's Logon goes out then), logging on, sending a Logout, the logon and logout timeouts, closing the
 * connection, and what the end of every connection resets. The other parts of the session read the state here and
 * change it only through these methods.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class SessionLifecycle
{
    private final SessionConfig config;
    private final EpochNanoClock clock;
    private final MessageStore store;
    private final SequenceTracker sequence;
    private final SessionSender sender;
    private final InboundGaps gaps;
    private final ResendResponder resender;
    private final LogonHandler logon;
    private final StorePause pause;
    private final ApplicationNotifier notifier;
    private final SessionCounters counters;

    private Connection connection;
    private SessionState state = SessionState.DISCONNECTED;
    private long connectedAtNanos;
    private long logoutSentAtNanos;
    private DisconnectReason closeWhenFlushed;

    SessionLifecycle(
        final SessionConfig config, final EpochNanoClock clock, final MessageStore store,
        final SequenceTracker sequence, final SessionSender sender, final InboundGaps gaps,
        final ResendResponder resender, final LogonHandler logon, final StorePause pause,
        final ApplicationNotifier notifier, final SessionCounters counters)
    {
        this.config = config;
        this.clock = clock;
        this.store = store;
        this.sequence = sequence;
        this.sender = sender;
        this.gaps = gaps;
        this.resender = resender;
        this.logon = logon;
        this.pause = pause;
        this.notifier = notifier;
        this.counters = counters;
    }

    SessionState state()
    {
        return state;
    }

    /** The bound connection, or null. */
    Connection connection()
    {
        return connection;
    }

    boolean isConnected()
    {
        return connection != null;
    }

    /** Logon exchanged, no Logout sent: application messages flow. */
    boolean isLoggedOn()
    {
        return state == SessionState.ACTIVE;
    }

    /** Connected, Logon not exchanged yet. */
    boolean isLoggingOn()
    {
        return state == SessionState.AWAITING_LOGON || state == SessionState.LOGON_SENT;
    }

    /** Logged on, or our Logout is outstanding: the counterparty's messages are answered (Rejects included). */
    boolean isLoggedOnOrLoggingOut()
    {
        return state == SessionState.ACTIVE || state == SessionState.LOGOUT_SENT;
    }

    /**
     * Bind {@code newConnection}: nothing of the last connection carries over; an initiator's session
     * ({@code initiated}) sends its Logon now, resetting its sequence numbers first under ResetOnLogon.
     */
    void bindAndStartLogon(final Connection newConnection, final boolean initiated, final long now)
    {
        connection = newConnection;
        sender.bind(newConnection);
        logon.onConnect(initiated, newConnection.remoteAddress());
        connectedAtNanos = now;
        state = SessionState.AWAITING_LOGON;
        forgetConnectionState();
        counters.events.connected(newConnection.remoteAddress());
        if (initiated)
        {
            if (logon.decideInitiatorLogonReset())
            {
                resetSequenceNumbers();
            }
            logon.sendInitiatorLogon(now);
            state = SessionState.LOGON_SENT;
        }
    }

    /** The counterparty's Logon was accepted and answered ({@code resetInLogon}: sequence numbers reset by it). */
    void loggedOn(final boolean resetInLogon)
    {
        state = SessionState.ACTIVE;
        counters.logons++;
        counters.events.logon(logon.heartBtIntSeconds(), resetInLogon);
    }

    /** When a session logging on times out (engine clock). */
    long logonDeadlineNanos()
    {
        return connectedAtNanos + config.logonTimeoutNanos();
    }

    /** When our unanswered Logout times out (engine clock). */
    long logoutDeadlineNanos()
    {
        return logoutSentAtNanos + config.logoutTimeoutNanos();
    }

    /** Logging on for longer than LogonTimeout: disconnect. @return work done. */
    int disconnectIfLogonTimedOut(final long now)
    {
        if (now - connectedAtNanos >= config.logonTimeoutNanos())
        {
            disconnect(DisconnectReason.LOGON_TIMEOUT);
            return 1;
        }
        return 0;
    }

    /** Our Logout unanswered (or still queued) for longer than LogoutTimeout: disconnect. @return work done. */
    int disconnectIfLogoutTimedOut(final long now)
    {
        if (connection != null && now - logoutSentAtNanos >= config.logoutTimeoutNanos())
        {
            disconnect(closeWhenFlushed != null ? closeWhenFlushed : DisconnectReason.LOGOUT);
            return 1;
        }
        return 0;
    }

    /** Send a Logout with {@code text} (may be null) and wait for the reply (or the logout timeout). */
    void sendLogout(final LogoutReason reason, final CharSequence text, final long now)
    {
        sender.logout(text, now);
        counters.events.logoutSent(reason, text);
        logoutSent(reason, now);
    }

    /** The Logout {@code MsgSeqNum too low, expecting X but received Y}. */
    void sendLogoutSequenceTooLow(final int received, final long now)
    {
        sender.logoutSequenceTooLow(sequence.nextTarget(), received, now);
        counters.events.logoutSent(LogoutReason.SEQUENCE_TOO_LOW, null);
        logoutSent(LogoutReason.SEQUENCE_TOO_LOW, now);
    }

    private void logoutSent(final LogoutReason reason, final long now)
    {
        pause.end(now); // logging out: read again (a store failure now disconnects)
        counters.logoutSent(reason);
        if (connection != null)
        {
            state = SessionState.LOGOUT_SENT;
            logoutSentAtNanos = now;
            sender.holdApplicationMessages();
        }
    }

    /**
     * The Logout just sent ends the connection: it closes now, or, when the Logout had to be queued (back-pressure,
     * a resend in progress), once it is written ({@link #disconnectIfFlushed}) or after LogoutTimeout. Meanwhile
     * nothing more is read ({@link #isClosing()}).
     */
    void disconnectAfterLogout(final DisconnectReason reason)
    {
        if (connection != null && sender.hasQueued())
        {
            closeWhenFlushed = reason;
            return;
        }
        disconnect(reason);
    }

    /** Waiting for a queued Logout to be written before closing: inbound messages are ignored. */
    boolean isClosing()
    {
        return closeWhenFlushed != null;
    }

    /** The queued Logout of {@link #disconnectAfterLogout} is written: close. @return work done. */
    int disconnectIfFlushed()
    {
        if (closeWhenFlushed != null && connection != null && !sender.hasQueued())
        {
            disconnect(closeWhenFlushed);
            return 1;
        }
        return 0;
    }

    /**
     * A session message could be neither written nor queued ({@link SessionSender#isUnsendable()}): the session
     * acted as if it had been sent, so the connection closes as a slow consumer. @return work done.
     */
    int disconnectIfUnsendable()
    {
        if (connection != null && sender.isUnsendable())
        {
            disconnect(DisconnectReason.SLOW_CONSUMER);
            return 1;
        }
        return 0;
    }

    /** Close the connection now (no Logout); queued messages the connection still takes go out first. */
    void disconnect(final DisconnectReason reason)
    {
        final Connection current = connection;
        if (current != null)
        {
            sender.flushQueued(clock.nanoTime());
            unbind();
            current.close(reason);
            onDisconnected(reason);
        }
    }

    /** The transport saw the connection end. Idempotent. */
    void onDisconnect(final DisconnectReason reason)
    {
        if (connection != null)
        {
            unbind();
            onDisconnected(reason);
        }
    }

    /**
     * After a store failure: close at once, no Logout, without touching the store again (no reset); the next Logon
     * resynchronises.
     */
    void disconnectOnStoreFailure()
    {
        pause.end(clock.nanoTime());
        final Connection current = connection;
        unbind();
        final boolean wasLoggedOn = leaveConnectedState();
        if (current != null)
        {
            current.close(DisconnectReason.STORE_FAILURE);
            counters.disconnect(DisconnectReason.STORE_FAILURE);
            counters.events.disconnected(DisconnectReason.STORE_FAILURE);
        }
        if (wasLoggedOn)
        {
            notifier.onLogout();
        }
    }

    /** Both sequence numbers back to 1, stored messages forgotten; a new sequence state begins now. */
    void resetSequenceNumbers()
    {
        sequence.reset();
        store.creationTimeNanos(clock.nanoTime());
        counters.sessionResets++;
        counters.events.sequenceNumbersReset();
    }

    private void unbind()
    {
        connection = null;
        closeWhenFlushed = null;
        sender.bind(null);
    }

    private void onDisconnected(final DisconnectReason reason)
    {
        if (pause.isPaused())
        {
            counters.disconnectsWhilePaused++; // e.g. the counterparty closed while we were paused
        }
        pause.end(clock.nanoTime());
        final boolean wasLoggedOn = leaveConnectedState();
        counters.disconnect(reason);
        counters.events.disconnected(reason);
        if (config.resetOnDisconnect() || (wasLoggedOn && config.resetOnLogout() && reason == DisconnectReason.LOGOUT))
        {
            resetSequenceNumbers();
        }
        if (wasLoggedOn)
        {
            notifier.onLogout();
        }
    }

    /** @return whether the session was logged on (or logging out) until now. */
    private boolean leaveConnectedState()
    {
        final boolean wasLoggedOn = isLoggedOnOrLoggingOut();
        state = SessionState.DISCONNECTED;
        forgetConnectionState();
        return wasLoggedOn;
    }

    /** Nothing of a connection outlives it: kept gap messages, recoveries in progress, an unsent message. */
    private void forgetConnectionState()
    {
        sender.dropPending();
        gaps.clear();
        resender.cancel();
    }
}
