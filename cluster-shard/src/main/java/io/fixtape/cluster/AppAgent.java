package io.fixtape.cluster;

import io.aeron.ControlledFragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.ControlledFragmentHandler;
import io.aeron.logbuffer.Header;
import io.fixtape.engine.app.Application;
import io.fixtape.engine.codec.FixDecoder;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;

/**
 * The application agent of the {@code mono}, {@code pool} and {@code shard} models: polls the inbound IPC stream
 * (every worker publishes there), wraps each message in a {@link FixDecoder} and calls the session's own
 * {@link Application} with a {@link RemoteSession} whose sends go back to the worker that owns the session; then
 * publishes what back-pressure left queued on the reply streams.
 *
 * <p>Threading: one thread (its runner's, possibly composed with the accepting agent and the media driver's
 * invoker). Applications therefore see every session on one thread, in order per session. Steady state allocates
 * nothing. A callback that throws is counted by the caller's runner and does not stop the agent.
 */
final class AppAgent implements Agent, ControlledFragmentHandler
{
    private static final int FRAGMENT_LIMIT = 64;

    private final Subscription inbound;
    private final ControlledFragmentAssembler assembler;
    private final Application[] applications;
    private final RemoteSession[] sessions;
    private final IpcOutbox[] replyOutboxes;
    private final ClusterCounters counters;
    private final ErrorHandler errorHandler;
    private final FixDecoder decoder = new FixDecoder();
    private final IpcHeader header = new IpcHeader();

    AppAgent(
        final Subscription inbound, final Application[] applications, final RemoteSession[] sessions,
        final IpcOutbox[] replyOutboxes, final ClusterCounters counters, final ErrorHandler errorHandler)
    {
        this.inbound = inbound;
        this.assembler = new ControlledFragmentAssembler(this);
        this.applications = applications;
        this.sessions = sessions;
        this.replyOutboxes = replyOutboxes;
        this.counters = counters;
        this.errorHandler = errorHandler;
    }

    @Override
    public String roleName()
    {
        return "fixtape-app";
    }

    @Override
    public int doWork()
    {
        int work = 0;
        for (final IpcOutbox outbox : replyOutboxes)
        {
            work += outbox.drain();
        }
        return work + inbound.controlledPoll(assembler, FRAGMENT_LIMIT);
    }

    @Override
    public Action onFragment(final DirectBuffer buffer, final int offset, final int length, final Header aeronHeader)
    {
        header.wrap(buffer, offset);
        final int index = header.sessionIndex();
        if (header.version() != IpcHeaderDescriptor.VERSION || index < 0 || index >= sessions.length ||
            header.worker() >= replyOutboxes.length ||
            header.payloadLength() != length - IpcHeaderDescriptor.HEADER_LENGTH)
        {
            counters.ipcBadHeader.increment();
            errorHandler.onError(new IllegalStateException("application agent: inbound message with a bad header"
                + " (version " + header.version() + ", session index " + index + ", worker " + header.worker() + ")"));
            return Action.CONTINUE;
        }
        final RemoteSession session = sessions[index];
        final Application application = applications[index];
        final int flags = header.flags();
        try
        {
            if ((flags & IpcHeaderDescriptor.FLAG_LOGON) != 0)
            {
                session.onEvent(header.worker(), true, 0);
                application.onLogon(session);
            }
            else if ((flags & IpcHeaderDescriptor.FLAG_LOGOUT) != 0)
            {
                session.onEvent(header.worker(), false, 0);
                application.onLogout(session);
            }
            else if ((flags & IpcHeaderDescriptor.FLAG_APP_MESSAGE) != 0)
            {
                session.onEvent(header.worker(), true, header.seqNum());
                decoder.wrap(buffer, header.payloadOffset(), header.payloadLength());
                application.onMessage(decoder, session);
            }
        }
        catch (final Throwable t)
        {
            // as on the poller: an application bug must not stop the stream for every other session
            errorHandler.onError(t);
        }
        return Action.CONTINUE;
    }
}
