package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.MessageValidator;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;

import java.nio.charset.StandardCharsets;

/**
 * One configured FIX session (FIX 4.0–4.4, FIXT.1.1): Logon/Logout, heartbeats and TestRequests, sequence
 * numbers with gap detection, ResendRequest in both directions, SequenceReset, Reject and the header checks of
 * the FIX session-layer specification, behaving as QuickFIX/J does where the specification leaves a choice.
 *
 * <p><b>Threading:</b> every method is called on the poller thread that owns the session's connection
 * (transport events, {@link #doWork} timers and the application's sends, which happen inside callbacks or in the
 * same duty cycle). Nothing here blocks, and nothing throws out: bad input becomes a Reject, a Logout or a
 * disconnect, each counted in {@link #counters()}.
 *
 * <p><b>Driving it:</b> the transport calls {@link #onConnect} (an initiator's session sends its Logon),
 * {@link #onMessage} for every framed, checksum-valid message, {@link #onGarbled} for discarded bytes and
 * {@link #onDisconnect} when the connection ends; the poller calls {@link #doWork} every duty cycle. On an
 * acceptor, the first message of a new connection is routed with {@link SessionRegistry#route}.
 *
 * <p><b>Sending:</b> {@link #newMessage} writes the header (35, 49, 56, 34, 52) and returns the encoder for the
 * body; {@link #send} frames, journals ({@link MessageStore#onOutbound}) and only then writes to the connection.
 * It returns the MsgSeqNum used or a negative code of {@link SessionHandle}. Steady-state sending and receiving
 * allocate nothing.
 *
 * <p><b>Store failures</b> (full disk, read-only journal): the refused message is neither sent nor delivered and
 * uses no number; a logged-on session then disconnects, logs out or pauses per {@link StoreFailurePolicy}.
 *
 * <p><b>Parts:</b> this class is the facade the engine drives; the work is done by package-private parts with one
 * job each: {@link SessionLifecycle} (connection and state moves), {@link InboundPipeline} (the path of every inbound
 * message), {@link InboundChecks} (validation and sequence checks, and their Rejects), {@link AdminMessageHandler}
 * (Logon, Logout, SequenceReset, ResendRequest, TestRequest), {@link SessionDutyCycle} (timers),
 * {@link ScheduleGuard}, {@link StoreFailureControl} with {@link StorePause}, {@link ApplicationNotifier}
 * (callbacks) and {@link ApplicationSends} (the application's sends); below them {@link SessionSender},
 * {@link SequenceTracker}, {@link InboundGaps}, {@link ResendResponder} and {@link LogonHandler}.
 *
 * <p><b>Applications</b> see the session only as a {@link SessionHandle} (identity, state, sequence numbers,
 * sending, business reject, logout, disconnect, counters), which this class implements; the rest is the engine's.
 * The send codes are {@link SessionHandle}'s ({@link #BACK_PRESSURED}, ...).
 */
public final class Session implements SessionHandle
{
    /** How often a session with a schedule checks it (QuickFIX/J checks once a second). */
    private static final long SCHEDULE_CHECK_NANOS = 1_000_000_000L;

    private final SessionConfig config;
    private final SessionId sessionId;
    private final EpochNanoClock clock;
    private final SessionCounters counters = new SessionCounters();
    private final byte[] beginString;
    private final byte[] senderCompId;
    private final byte[] targetCompId;
    private final SequenceTracker sequence;
    private final LogonHandler logon;
    private final ApplicationNotifier notifier;
    private final StorePause pause;
    private final SessionLifecycle lifecycle;
    private final ScheduleGuard schedule;
    private final StoreFailureControl storeFailures;
    private final InboundChecks inboundChecks;
    private final InboundPipeline inbound;
    private final SessionDutyCycle dutyCycle;
    private final ApplicationSends sends;
    private final ResendResponder resender;
    private final HeartbeatTimer timer;
    private Runnable waker;

    /**
     * @param config      concluded configuration of this session.
     * @param store       the session's store (sequence numbers, outbound messages for resend).
     * @param application callbacks; {@link Application#NO_OP} for none.
     * @param clock       the injected clock every protocol decision reads.
     */
    @SuppressWarnings("this-escape") // the parts keep this facade to hand it to callbacks, none runs before we return
    public Session(
        final SessionConfig config, final MessageStore store, final Application application,
        final EpochNanoClock clock)
    {
        this.config = config.conclude();
        this.sessionId = config.sessionId();
        this.clock = clock;
        this.sequence = new SequenceTracker(store);
        final HeartbeatTimer timer =
            new HeartbeatTimer(config.testRequestDelayMultiplier(), config.heartbeatTimeoutMultiplier());
        this.beginString = ascii(sessionId.beginString());
        this.senderCompId = ascii(sessionId.senderCompId());
        this.targetCompId = ascii(sessionId.targetCompId());
        final HeaderChecks checks = new HeaderChecks(this.config, senderCompId, targetCompId);
        final SessionSender sender = new SessionSender(
            this.config, store, sequence, timer, counters, clock, version(sessionId.beginString()));
        final InboundGaps gaps = new InboundGaps(this.config, sequence, sender, counters);
        final ResendResponder resender = new ResendResponder(sender, store, this.config, counters);
        this.resender = resender;
        this.timer = timer;
        this.logon = new LogonHandler(this.config, checks, sequence, sender, resender);
        this.notifier = new ApplicationNotifier(application, this, counters);
        this.pause = new StorePause(this.config, counters);
        this.lifecycle = new SessionLifecycle(
            this.config, clock, store, sequence, sender, gaps, resender, logon, pause, notifier, counters);
        this.schedule = new ScheduleGuard(this.config.schedule().copy(), store, sequence, lifecycle);
        this.storeFailures = new StoreFailureControl(
            this.config, clock, store, lifecycle, pause, sender, gaps, timer, counters);
        this.inboundChecks = new InboundChecks(
            checks, new ApplVerIdValidators(this.config.validator()), sequence, gaps, sender, lifecycle, counters);
        final AdminMessageHandler admin = new AdminMessageHandler(
            this.config, lifecycle, inboundChecks, logon, sequence, gaps, resender, sender, timer, notifier, counters);
        this.inbound = new InboundPipeline(store, beginString, lifecycle, pause, storeFailures, inboundChecks, admin,
            gaps, sequence, timer, sender, notifier, counters);
        this.dutyCycle = new SessionDutyCycle(
            schedule, lifecycle, pause, storeFailures, resender, timer, sender, notifier, counters);
        this.sends = new ApplicationSends(sender, lifecycle, pause, storeFailures, counters);
    }

    private static byte[] ascii(final String value)
    {
        return value.getBytes(StandardCharsets.US_ASCII);
    }

    /** 40, 41, 42, 43, 44 for FIX.4.x; 50 for FIXT.1.1 and FIX.5.0 (rules "newer than 4.4"). */
    static int version(final String beginString)
    {
        if (beginString.startsWith("FIX.4.") && beginString.length() == 7)
        {
            return 40 + (beginString.charAt(6) - '0');
        }
        return 50;
    }

    // ------------------------------------------------------------------------------------------ accessors

    @Override
    public SessionId sessionId()
    {
        return sessionId;
    }

    public SessionConfig config()
    {
        return config;
    }

    public SessionState state()
    {
        return lifecycle.state();
    }

    @Override
    public boolean isLoggedOn()
    {
        return lifecycle.isLoggedOn();
    }

    /**
     * Whether the transport should stop reading this session's connection for now: logged on and the application
     * holds replies the connection could not take ({@link Application#isHoldingReplies()}). Reading resumes once
     * they are sent, so a counterparty that does not read is slowed down by flow control instead of filling the
     * application's bounded queue. Never while {@link #isStorePaused() paused on a store failure}: the connection is
     * read then so that the counterparty's close or Logout is seen (what it sends meanwhile is dropped unprocessed).
     */
    public boolean isReadPaused()
    {
        return lifecycle.isLoggedOn() && !pause.isPaused() && notifier.isHoldingReplies();
    }

    /**
     * Paused on a store failure ({@link StoreFailurePolicy#PAUSE}): logged on, inbound messages are dropped
     * unprocessed (re-requested after the pause; a Logout or a close still ends the session) and application sends
     * return {@link #STORE_PAUSED} until the store accepts writes again or {@code StorePauseTimeout} expires.
     */
    public boolean isStorePaused()
    {
        return pause.isPaused();
    }

    /** The last store failure this session saw (its reason and the store's message), or null. */
    public MessageStoreException lastStoreFailure()
    {
        return storeFailures.lastFailure();
    }

    /**
     * Where store failures are reported (once per failure, with the store's message), besides the counters; the
     * engine passes its own ({@code EngineContext.errorHandler}). Configuration time; null: counters only.
     */
    public Session errorHandler(final ErrorHandler errorHandler)
    {
        storeFailures.errorHandler(errorHandler);
        return this;
    }

    /**
     * Report this session's events (connected, Logon, Logout, disconnect, ResendRequest, SequenceReset, Rejects,
     * store failures, slow consumer) to {@code log}, one record each; null stops it. Configuration time, or on the
     * poller thread between connections (an engine adopting the session attaches its own log).
     */
    public Session events(final io.fixtape.engine.status.SessionEventLog log)
    {
        counters.events.attach(log, sessionId.toString());
        return this;
    }

    /** Whether a connection is bound (logged on or not). */
    public boolean isConnected()
    {
        return lifecycle.isConnected();
    }

    public Connection connection()
    {
        return lifecycle.connection();
    }

    @Override
    public SessionCounters counters()
    {
        return counters;
    }

    @Override
    public int nextSenderSeqNum()
    {
        return sequence.nextSender();
    }

    @Override
    public int nextTargetSeqNum()
    {
        return sequence.nextTarget();
    }

    /** HeartBtInt in force: ours as initiator, the counterparty's as acceptor. */
    public int heartBtIntSeconds()
    {
        return logon.heartBtIntSeconds();
    }

    /**
     * The validator in force: the configured one, or under FIXT.1.1 the one for the DefaultApplVerID (1137) of
     * the counterparty's Logon; null when the session does not validate.
     */
    public MessageValidator validator()
    {
        return inboundChecks.validator();
    }

    /** Whether {@code epochNanos} is inside the session schedule. */
    public boolean isInSchedule(final long epochNanos)
    {
        return schedule.isInSession(epochNanos);
    }

    byte[] beginStringBytes()
    {
        return beginString;
    }

    byte[] senderCompIdBytes()
    {
        return senderCompId;
    }

    byte[] targetCompIdBytes()
    {
        return targetCompId;
    }

    // ------------------------------------------------------------------------------------------ operator actions

    /**
     * Set both sequence numbers, as an operator does when a counterparty's numbers must be matched (e.g. migrating
     * a QuickFIX/J session). Poller thread (through the engine's {@code execute}); only while no connection is bound.
     *
     * @throws IllegalStateException while connected; IllegalArgumentException for a number below 1.
     */
    public void setSequenceNumbers(final int nextSenderSeqNum, final int nextTargetSeqNum)
    {
        if (nextSenderSeqNum < 1 || nextTargetSeqNum < 1)
        {
            throw new IllegalArgumentException("sequence numbers must be >= 1: sender " + nextSenderSeqNum +
                ", target " + nextTargetSeqNum);
        }
        requireDisconnected("set sequence numbers");
        sequence.nextSender(nextSenderSeqNum);
        sequence.nextTarget(nextTargetSeqNum);
    }

    /**
     * Both sequence numbers back to 1 and the stored messages forgotten. Poller thread; only while no connection is
     * bound.
     *
     * @throws IllegalStateException while connected.
     */
    public void resetSequenceNumbers()
    {
        requireDisconnected("reset");
        lifecycle.resetSequenceNumbers();
    }

    private void requireDisconnected(final String action)
    {
        if (lifecycle.isConnected())
        {
            throw new IllegalStateException(sessionId + ": cannot " + action + " while connected (" +
                lifecycle.state() + "); log out first");
        }
    }

    // ------------------------------------------------------------------------------------------ transport events

    /**
     * Bind a new connection. An initiator's session ({@code initiated}) sends its Logon now.
     *
     * @return false when the session already has a connection or is outside its schedule (the caller closes the
     * new connection).
     */
    public boolean onConnect(final Connection newConnection, final boolean initiated)
    {
        wake();
        try
        {
            return connect(newConnection, initiated);
        }
        catch (final MessageStoreException ex)
        {
            storeFailures.onFailure(ex);
            return false;
        }
    }

    private boolean connect(final Connection newConnection, final boolean initiated)
    {
        final long now = clock.nanoTime();
        schedule.enforce(now);
        if (lifecycle.isConnected() || !schedule.isInSession(now))
        {
            return false;
        }
        inboundChecks.useConfiguredValidator();
        lifecycle.bindAndStartLogon(newConnection, initiated, now);
        return true;
    }

    /** A framed, checksum-valid inbound message (only valid during the call). */
    public void onMessage(final FixDecoder message)
    {
        wake();
        if (!lifecycle.isConnected() || lifecycle.isClosing())
        {
            return;
        }
        final long now = clock.nanoTime();
        counters.received(message.msgType(), message.length());
        try
        {
            inbound.onMessage(message, now);
            lifecycle.disconnectIfUnsendable();
        }
        catch (final MessageStoreException ex)
        {
            storeFailures.onFailure(ex);
        }
        catch (final RuntimeException ex)
        {
            onInternalError(); // last line of defence: hostile input must never escape the event loop
        }
    }

    /** Bytes the framer discarded (bad checksum, garbage): ignored as the spec says, counted. */
    public void onGarbled(final int reason)
    {
        counters.garbledMessages++;
    }

    /** The transport saw the connection end. Idempotent. */
    public void onDisconnect(final DisconnectReason reason)
    {
        wake();
        lifecycle.onDisconnect(reason);
    }

    /** As {@link #onDisconnect(DisconnectReason)}, ignored unless {@code closed} is the bound connection. */
    public void onDisconnect(final Connection closed, final DisconnectReason reason)
    {
        if (closed == lifecycle.connection())
        {
            onDisconnect(reason);
        }
    }

    /** The application closes the connection now (no Logout). */
    @Override
    public void disconnect()
    {
        disconnect(DisconnectReason.APPLICATION);
    }

    /** Close the connection now (no Logout), e.g. on engine shutdown after {@link #logout}. */
    public void disconnect(final DisconnectReason reason)
    {
        wake();
        lifecycle.disconnect(reason);
    }

    /** Start a Logout handshake (the connection closes on the reply or after the logout timeout). */
    @Override
    public void logout(final CharSequence text)
    {
        wake();
        if (lifecycle.isLoggedOn())
        {
            try
            {
                lifecycle.sendLogout(LogoutReason.REQUESTED, text, clock.nanoTime());
                lifecycle.disconnectIfUnsendable();
            }
            catch (final MessageStoreException ex)
            {
                storeFailures.onFailure(ex);
            }
        }
        else if (lifecycle.isLoggingOn())
        {
            lifecycle.disconnect(DisconnectReason.APPLICATION);
        }
    }

    /**
     * Timers: logon and logout timeouts, Heartbeat, TestRequest, heartbeat timeout, schedule, and continuing a
     * back-pressured resend.
     *
     * @return work done (0 lets the idle strategy back off).
     */
    public int doWork(final long nowNanos)
    {
        try
        {
            return dutyCycle.doWork(nowNanos);
        }
        catch (final MessageStoreException ex)
        {
            storeFailures.onFailure(ex);
            return 1;
        }
        catch (final RuntimeException ex)
        {
            onInternalError();
            return 1;
        }
    }

    /**
     * Whether {@link #doWork} must run in every duty cycle now: a back-pressured resend to go on, a store pause,
     * or an application whose duty-cycle hook has work ({@link Application#isDutyCycleIdle}). Otherwise the session
     * needs {@link #doWork} only by {@link #nextTimerNanos} or after its next event.
     */
    public boolean needsEveryDutyCycle()
    {
        if (!lifecycle.isConnected())
        {
            return false;
        }
        if (resender.isResuming())
        {
            return true;
        }
        switch (lifecycle.state())
        {
            case ACTIVE:
                return pause.isPaused() || notifier.wantsDutyCycle();
            case LOGOUT_SENT:
                return notifier.wantsDutyCycle();
            default:
                return false;
        }
    }

    /**
     * The engine time by which {@link #doWork} must run again if nothing else happens on the session: the Heartbeat,
     * TestRequest or heartbeat timeout due, the logon or logout timeout, and a schedule check every second for a
     * session with a schedule (as QuickFIX/J's one-second timer); {@link Long#MAX_VALUE} for none.
     */
    public long nextTimerNanos(final long nowNanos)
    {
        long next = config.schedule().isNonStop() ? Long.MAX_VALUE : nowNanos + SCHEDULE_CHECK_NANOS;
        if (!lifecycle.isConnected())
        {
            return next;
        }
        switch (lifecycle.state())
        {
            case AWAITING_LOGON:
            case LOGON_SENT:
                next = Math.min(next, lifecycle.logonDeadlineNanos());
                break;
            case LOGOUT_SENT:
                next = Math.min(next, lifecycle.logoutDeadlineNanos());
                break;
            case ACTIVE:
                next = Math.min(next, timer.nextDeadlineNanos());
                break;
            default:
                break;
        }
        return next;
    }

    /**
     * Called (poller thread) whenever something happens on the session — a connection, a message, a send, a
     * logout — so that the engine runs its {@link #doWork} in this duty cycle and takes its new timers.
     */
    public void waker(final Runnable waker)
    {
        this.waker = waker;
    }

    private void wake()
    {
        final Runnable w = waker;
        if (w != null)
        {
            w.run();
        }
    }

    // ------------------------------------------------------------------------------------------ outbound

    /**
     * Begin an application message: the header (35, 49, 56, 34 = the next MsgSeqNum, 52 = now) is written; put
     * optional header fields (e.g. 97) first, then body fields, then call {@link #send()}.
     */
    @Override
    public FixEncoder newMessage(final long msgType)
    {
        return sends.newMessage(msgType);
    }

    /**
     * The SendingTime (engine clock, epoch nanos) stamped on the message begun by the last {@link #newMessage}.
     * Applications use it for their own time fields (e.g. TransactTime) so that one message carries one reading of
     * the clock — a replay with the recorded clock then reproduces it exactly.
     */
    @Override
    public long sendingTimeNanos()
    {
        return sends.sendingTimeNanos();
    }

    /**
     * Frame, journal and write the message begun with {@link #newMessage}.
     *
     * @return the MsgSeqNum used (&gt; 0) or a negative code of {@link SessionHandle}.
     */
    @Override
    public long send()
    {
        wake();
        return sends.send();
    }

    /**
     * Answer {@code message} with a BusinessMessageReject (35=j): RefSeqNum, RefMsgType, BusinessRejectReason
     * (e.g. {@link #UNSUPPORTED_MESSAGE_TYPE}) and Text. FIX 4.0/4.1 have no 35=j: a session Reject is sent.
     *
     * @return as {@link #send()}.
     */
    @Override
    public long sendBusinessReject(final FixDecoder message, final int businessRejectReason, final CharSequence text)
    {
        wake();
        return sends.sendBusinessReject(message, businessRejectReason, text);
    }

    /** A bug or an input no check foresaw threw: count it and drop the connection rather than the poller. */
    private void onInternalError()
    {
        counters.internalErrors++;
        lifecycle.disconnect(DisconnectReason.PROTOCOL_ERROR);
    }

    @Override
    public String toString()
    {
        return "Session{" + sessionId + ", " + lifecycle.state() + ", out=" + sequence.nextSender() + ", in=" +
            sequence.nextTarget() + "}";
    }
}
