package io.fixtape.cluster;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The {@link Application} a session sees when its real application runs on the application agent: Logon, Logout,
 * every application message and every session-level message ({@link #onAdminMessage}) are published, in the order
 * the session produced them, to the inbound IPC stream with the session's index, the worker that owns it and
 * whether the session was logged on at that moment; each is counted for that worker. {@link #isHoldingReplies}
 * answers what the application agent last published for this session ({@link #holding}), so a worker stops reading
 * a counterparty whose replies the application holds, as under the single model. Also the counting wrapper of the
 * {@code single} model ({@link #counting}), where the application stays on the poller thread.
 *
 * <p>Threading: called on the owning worker's poller thread only; {@link #moveTo} on the new owner's thread
 * before it serves the session (pool rebalancing; the hand-over goes through the engines' command queues, which
 * order the writes). Allocation-free.
 */
final class SessionBridge implements Application
{
    private static final UnsafeBuffer EMPTY = new UnsafeBuffer(new byte[0]);

    private final int sessionIndex;
    private final Application direct;
    private final ClusterCounters counters;
    private final ErrorHandler errorHandler;
    private final AtomicIntegerArray holding;
    private final SessionPlacement.PoolState poolState;
    private final SessionStates states;
    private int worker;
    private IpcOutbox outbox;
    private boolean backlogPaused;

    private SessionBridge(
        final int sessionIndex, final int worker, final IpcOutbox outbox, final Application direct,
        final ClusterCounters counters, final ErrorHandler errorHandler, final AtomicIntegerArray holding,
        final SessionPlacement.PoolState poolState, final SessionStates states)
    {
        this.sessionIndex = sessionIndex;
        this.states = states;
        this.worker = worker;
        this.outbox = outbox;
        this.direct = direct;
        this.counters = counters;
        this.errorHandler = errorHandler;
        this.holding = holding;
        this.poolState = poolState;
    }

    /**
     * Fan the session's events out to the application agent over {@code outbox}.
     *
     * @param holding   per session index, 1 while the application holds replies (written by the application agent).
     * @param poolState the pool's placement state (the session is no longer busy at its Logout), or null.
     * @param states    where the session's sequence numbers are published for the application's handle.
     */
    static SessionBridge fanOut(
        final int sessionIndex, final int worker, final IpcOutbox outbox, final ClusterCounters counters,
        final ErrorHandler errorHandler, final AtomicIntegerArray holding, final SessionPlacement.PoolState poolState,
        final SessionStates states)
    {
        return new SessionBridge(
            sessionIndex, worker, outbox, null, counters, errorHandler, holding, poolState, states);
    }

    /** Call {@code application} directly on the poller thread, counting for {@code worker} (single model). */
    static SessionBridge counting(final int worker, final Application application, final ClusterCounters counters)
    {
        return new SessionBridge(-1, worker, null, application, counters, null, null, null, null);
    }

    int worker()
    {
        return worker;
    }

    /** From now on the session is served by {@code worker}, whose events go to {@code outbox} (new owner's thread). */
    void moveTo(final int worker, final IpcOutbox outbox)
    {
        this.worker = worker;
        this.outbox = outbox;
    }

    @Override
    public void onLogon(final SessionHandle session)
    {
        counters.sessions(worker).increment();
        counters.logons(worker).increment();
        if (direct != null)
        {
            direct.onLogon(session);
            return;
        }
        states.publish(sessionIndex, session);
        publish(IpcHeaderDescriptor.FLAG_LOGON | IpcHeaderDescriptor.FLAG_LOGGED_ON, 0, 0L, null);
    }

    @Override
    public void onLogout(final SessionHandle session)
    {
        counters.sessions(worker).decrement();
        if (direct != null)
        {
            direct.onLogout(session);
            return;
        }
        states.publish(sessionIndex, session);
        publish(IpcHeaderDescriptor.FLAG_LOGOUT, 0, 0L, null);
        if (poolState != null)
        {
            poolState.busy(sessionIndex, false);
        }
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        counters.messages(worker).increment();
        if (direct != null)
        {
            direct.onMessage(message, session);
            return;
        }
        publishMessage(IpcHeaderDescriptor.FLAG_APP_MESSAGE, message, session);
    }

    @Override
    public void onAdminMessage(final FixDecoder message, final SessionHandle session)
    {
        counters.adminMessages(worker).increment();
        if (direct != null)
        {
            direct.onAdminMessage(message, session);
            return;
        }
        publishMessage(IpcHeaderDescriptor.FLAG_ADMIN_MESSAGE, message, session);
    }

    /**
     * Fan-out: true while the application holds replies for this session, or while the worker's queue towards the
     * application is more than half full (the application agent is behind): the worker then stops reading, so the
     * counterparty is slowed by TCP flow control instead of events being refused by a full queue. Counted per
     * pause in {@code ipc.read.paused}.
     */
    @Override
    public boolean isHoldingReplies()
    {
        if (direct != null)
        {
            return direct.isHoldingReplies();
        }
        final boolean backlog = outbox.isAboveHighWaterMark();
        if (backlog != backlogPaused)
        {
            backlogPaused = backlog;
            if (backlog)
            {
                counters.ipcReadPaused.increment();
            }
        }
        return backlog || holding.get(sessionIndex) != 0;
    }

    @Override
    public int doWork(final SessionHandle session, final long nowNanos)
    {
        // fan-out models: the application's duty-cycle hook runs on the application agent (AppAgent.doWork)
        return direct != null ? direct.doWork(session, nowNanos) : 0;
    }

    private void publishMessage(final int kind, final FixDecoder message, final SessionHandle session)
    {
        int flags = kind;
        final int possDup = message.indexOf(Tags.POSS_DUP_FLAG);
        if (possDup >= 0 && message.booleanAt(possDup))
        {
            flags |= IpcHeaderDescriptor.FLAG_POSS_DUP;
        }
        if (session.isLoggedOn())
        {
            flags |= IpcHeaderDescriptor.FLAG_LOGGED_ON;
        }
        states.publish(sessionIndex, session);
        publish(flags, message.getInt(Tags.MSG_SEQ_NUM), message.msgType(), message);
    }

    private void publish(final int flags, final int seqNum, final long msgType, final FixDecoder message)
    {
        final boolean queued = message == null ?
            outbox.offer(flags, worker, sessionIndex, seqNum, msgType, EMPTY, 0, 0) :
            outbox.offer(flags, worker, sessionIndex, seqNum, msgType, message.buffer(), message.offset(),
                message.length());
        if (!queued)
        {
            // counted in ipc.pending.full; the application will not see this event: say so loudly
            errorHandler.onError(new IllegalStateException("IPC to the application refused (pending queue full or "
                + "publication closed): session index " + sessionIndex + ", flags " + flags + ", seq " + seqNum));
        }
    }
}
