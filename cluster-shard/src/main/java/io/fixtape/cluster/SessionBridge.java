package io.fixtape.cluster;

import io.fixtape.engine.app.Application;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The {@link Application} a session sees when its real application runs on the application agent: Logon, Logout
 * and every application message are published to the inbound IPC stream with the session's index and the worker
 * that owns it, and counted for that worker. Also the counting wrapper of the {@code single} model
 * ({@link #counting}), where the application stays on the poller thread.
 *
 * <p>Threading: called on the owning worker's poller thread only. Allocation-free.
 */
final class SessionBridge implements Application
{
    private static final UnsafeBuffer EMPTY = new UnsafeBuffer(new byte[0]);

    private final int sessionIndex;
    private final int worker;
    private final IpcOutbox outbox;
    private final Application direct;
    private final ClusterCounters counters;
    private final ErrorHandler errorHandler;

    private SessionBridge(
        final int sessionIndex, final int worker, final IpcOutbox outbox, final Application direct,
        final ClusterCounters counters, final ErrorHandler errorHandler)
    {
        this.sessionIndex = sessionIndex;
        this.worker = worker;
        this.outbox = outbox;
        this.direct = direct;
        this.counters = counters;
        this.errorHandler = errorHandler;
    }

    /** Fan the session's events out to the application agent over {@code outbox}. */
    static SessionBridge fanOut(
        final int sessionIndex, final int worker, final IpcOutbox outbox, final ClusterCounters counters,
        final ErrorHandler errorHandler)
    {
        return new SessionBridge(sessionIndex, worker, outbox, null, counters, errorHandler);
    }

    /** Call {@code application} directly on the poller thread, counting for {@code worker} (single model). */
    static SessionBridge counting(final int worker, final Application application, final ClusterCounters counters)
    {
        return new SessionBridge(-1, worker, null, application, counters, null);
    }

    @Override
    public void onLogon(final Session session)
    {
        counters.sessions(worker).increment();
        counters.logons(worker).increment();
        if (direct != null)
        {
            direct.onLogon(session);
            return;
        }
        publish(IpcHeaderDescriptor.FLAG_LOGON, 0, 0L, null);
    }

    @Override
    public void onLogout(final Session session)
    {
        counters.sessions(worker).decrement();
        if (direct != null)
        {
            direct.onLogout(session);
            return;
        }
        publish(IpcHeaderDescriptor.FLAG_LOGOUT, 0, 0L, null);
    }

    @Override
    public void onMessage(final FixDecoder message, final Session session)
    {
        counters.messages(worker).increment();
        if (direct != null)
        {
            direct.onMessage(message, session);
            return;
        }
        int flags = IpcHeaderDescriptor.FLAG_APP_MESSAGE;
        final int possDup = message.indexOf(Tags.POSS_DUP_FLAG);
        if (possDup >= 0 && message.booleanAt(possDup))
        {
            flags |= IpcHeaderDescriptor.FLAG_POSS_DUP;
        }
        publish(flags, message.getInt(Tags.MSG_SEQ_NUM), message.msgType(), message);
    }

    @Override
    public void onAdminMessage(final FixDecoder message, final Session session)
    {
        if (direct != null)
        {
            direct.onAdminMessage(message, session);
        }
        // fan-out models: session-level messages stay with the session agent (documented in CLUSTER_SHARD.md)
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
