package io.fixtape.cluster;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionCountersView;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The {@link SessionHandle} an {@link Application} on the application agent holds for a session that belongs to a
 * worker thread: {@link #newMessage} starts a body in a local buffer, {@link #send} publishes it to the owning
 * worker's reply stream, where the real session adds header, MsgSeqNum, store write and checksum. Every method of
 * the handle works here:
 * <ul>
 *   <li>{@link #send} returns {@link #PUBLISHED} (1) when the reply was published or queued for the owning worker
 *   (not the MsgSeqNum, which the worker assigns later), {@link #BACK_PRESSURED} when even the pending queue is full,
 *   {@link #NOT_LOGGED_ON} between a Logout and the next Logon, {@link #NO_MESSAGE} without {@link #newMessage};</li>
 *   <li>{@link #sendingTimeNanos} is this agent's clock reading at {@link #newMessage} (the real SendingTime is
 *   stamped microseconds later);</li>
 *   <li>{@link #logout} and {@link #disconnect} are carried to the owning worker on the reply stream, after the
 *   replies sent before them;</li>
 *   <li>{@link #isLoggedOn} is what the session answered when it produced the event being handled (false from the
 *   application's own {@code logout} on); sequence numbers and counters are those the worker published
 *   ({@link SessionStates}).</li>
 * </ul>
 *
 * <p>Threading: the application agent's thread only. Allocation-free after construction.
 */
final class RemoteSession implements SessionHandle
{
    /** {@link #send} result: published (or queued behind back-pressure) for the session agent. */
    static final long PUBLISHED = 1;

    private final int sessionIndex;
    private final SessionId sessionId;
    private final SessionStates states;
    private final EpochNanoClock clock;
    private final FixEncoder encoder;
    private final UnsafeBuffer body;
    private final UnsafeBuffer logoutText = new UnsafeBuffer(new byte[1024]);
    private final IpcOutbox[] replyOutboxes;
    private IpcOutbox outbox;
    private int worker = -1;
    private int answeringSeqNum;
    private long msgType;
    private int bodyStart;
    private long sendingTimeNanos;
    private boolean pending;
    private boolean loggedOn;
    private boolean inSession;
    private boolean logoutRequested;

    RemoteSession(
        final int sessionIndex, final SessionConfig config, final SessionStates states, final EpochNanoClock clock,
        final IpcOutbox[] replyOutboxes, final int maxMessageSize)
    {
        this.sessionIndex = sessionIndex;
        this.sessionId = config.sessionId();
        this.states = states;
        this.clock = clock;
        this.replyOutboxes = replyOutboxes;
        this.encoder = new FixEncoder(config.sessionId().beginString()).timestampPrecision(config.timestampPrecision());
        this.body = new UnsafeBuffer(new byte[maxMessageSize]);
    }

    /** The session is served by {@code worker} (from the header of its latest event) and is or is not logged on. */
    void onEvent(final int worker, final boolean loggedOn, final int seqNum)
    {
        if (worker != this.worker)
        {
            this.worker = worker;
            this.outbox = replyOutboxes[worker];
        }
        this.loggedOn = loggedOn;
        this.answeringSeqNum = seqNum;
    }

    /** Between the session's Logon and Logout events (the single model's ACTIVE or LOGOUT_SENT). */
    void inSession(final boolean inSession)
    {
        this.inSession = inSession;
        this.logoutRequested = false;
    }

    boolean isInSession()
    {
        return inSession;
    }

    @Override
    public SessionId sessionId()
    {
        return sessionId;
    }

    @Override
    public int nextSenderSeqNum()
    {
        return states.nextSenderSeqNum(sessionIndex);
    }

    @Override
    public int nextTargetSeqNum()
    {
        return states.nextTargetSeqNum(sessionIndex);
    }

    @Override
    public SessionCountersView counters()
    {
        return states.counters(sessionIndex);
    }

    /** As the real session: false from the application's own {@link #logout} on (until the next Logon event). */
    @Override
    public boolean isLoggedOn()
    {
        return loggedOn && !logoutRequested;
    }

    /**
     * Ask the owning worker to log the session out ({@link IpcHeaderDescriptor#FLAG_LOGOUT} on its reply stream, so
     * it happens after the replies sent before, as a direct {@code logout} would). Replies sent after this call are
     * still published; the session journals them without writing (LOGOUT_SENT), as under single. Ignored when not
     * logged on. If even the pending queue is full the request is dropped and counted ({@code ipc.pending.full}).
     */
    @Override
    public void logout(final CharSequence text)
    {
        if (!loggedOn || outbox == null || logoutRequested)
        {
            return;
        }
        int length = 0;
        if (text != null)
        {
            length = Math.min(text.length(), logoutText.capacity());
            logoutText.putStringWithoutLengthAscii(0, text, 0, length);
        }
        if (outbox.offer(
            IpcHeaderDescriptor.FLAG_LOGOUT, worker, sessionIndex, answeringSeqNum, 0L, logoutText, 0, length))
        {
            logoutRequested = true;
        }
    }

    /**
     * Ask the owning worker to close the connection ({@link IpcHeaderDescriptor#FLAG_DISCONNECT} on its reply stream,
     * after the replies sent before). Ignored when the session has no worker yet; dropped and counted
     * ({@code ipc.pending.full}) if even the pending queue is full.
     */
    @Override
    public void disconnect()
    {
        if (outbox != null)
        {
            outbox.offer(IpcHeaderDescriptor.FLAG_DISCONNECT, worker, sessionIndex, answeringSeqNum, 0L, body, 0, 0);
        }
    }

    @Override
    public FixEncoder newMessage(final long msgType)
    {
        this.msgType = msgType;
        this.sendingTimeNanos = clock.nanoTime();
        encoder.wrap(body, 0).msgType(msgType);
        bodyStart = encoder.headroom() + encoder.bodyLength(); // fields after 35=..| travel, 35 goes in the header
        pending = true;
        return encoder;
    }

    @Override
    public long sendingTimeNanos()
    {
        return sendingTimeNanos;
    }

    @Override
    public long send()
    {
        if (!pending)
        {
            return NO_MESSAGE;
        }
        pending = false;
        if (!loggedOn || outbox == null)
        {
            return NOT_LOGGED_ON;
        }
        final int length = encoder.headroom() + encoder.bodyLength() - bodyStart;
        if (!outbox.offer(IpcHeaderDescriptor.FLAG_REPLY, worker, sessionIndex, answeringSeqNum, msgType, body,
            bodyStart, length))
        {
            return BACK_PRESSURED;
        }
        return PUBLISHED;
    }

    /** BusinessMessageReject (35=j) built here (45, 372, 380, 58) and sent like any reply. FIX.4.2 and later. */
    @Override
    public long sendBusinessReject(final FixDecoder message, final int businessRejectReason, final CharSequence text)
    {
        final FixEncoder out = newMessage(MsgTypes.BUSINESS_MESSAGE_REJECT);
        out.putInt(Tags.REF_SEQ_NUM, message.getInt(Tags.MSG_SEQ_NUM));
        final int msgTypeIndex = message.indexOf(Tags.MSG_TYPE);
        if (msgTypeIndex >= 0)
        {
            out.putBytes(Tags.REF_MSG_TYPE, message.buffer(), message.valueOffsetAt(msgTypeIndex),
                message.valueLengthAt(msgTypeIndex));
        }
        out.putInt(Tags.BUSINESS_REJECT_REASON, businessRejectReason);
        if (text != null)
        {
            out.putString(Tags.TEXT, text);
        }
        return send();
    }
}
