package io.fixtape.cluster;

import io.aeron.ControlledFragmentAssembler;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.ControlledFragmentHandler;
import io.aeron.logbuffer.Header;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.codec.FixDecoder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The application agent of the {@code mono}, {@code pool} and {@code shard} models: polls the inbound IPC stream
 * (every worker publishes there), wraps each message in a {@link FixDecoder} and calls the session's own
 * {@link Application} with a {@link RemoteSession} whose sends go back to the worker that owns the session; then
 * publishes what back-pressure left queued on the reply streams.
 *
 * <p>Every {@link Application} callback is delivered here as under the single model: {@code onLogon},
 * {@code onMessage}, {@code onAdminMessage} and {@code onLogout} in the order the session produced them (one IPC
 * log, one publisher per session at any time), and {@code doWork} every duty cycle for each session between its
 * Logon and Logout events (the session-side hook of held replies). After each callback the application's
 * {@code isHoldingReplies()} is published per session for the worker ({@link SessionBridge#isHoldingReplies}), so
 * the worker pauses reading that counterparty as the single model does.
 *
 * <p>Replies the application published that never reached their session are reported to an application that
 * implements {@link ReplyNotSentListener}: those a worker refused (session ended) as they arrive, and at
 * {@link #onClose} — after the workers have stopped — those still queued here or unread on the reply streams.
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
    private final EpochNanoClock clock;
    private final AtomicIntegerArray holding;
    private final boolean[] holdingPublished;
    private final ReplyNotSentListener[] listeners;
    private final Subscription[] replySubscriptions;
    private final FixDecoder decoder = new FixDecoder().reserveLookups();
    private final IpcHeader header = new IpcHeader();

    AppAgent(
        final Subscription inbound, final Application[] applications, final RemoteSession[] sessions,
        final IpcOutbox[] replyOutboxes, final ClusterCounters counters, final ErrorHandler errorHandler,
        final EpochNanoClock clock, final AtomicIntegerArray holding, final Subscription[] replySubscriptions)
    {
        this.inbound = inbound;
        this.assembler = new ControlledFragmentAssembler(this);
        this.applications = applications;
        this.sessions = sessions;
        this.replyOutboxes = replyOutboxes;
        this.counters = counters;
        this.errorHandler = errorHandler;
        this.clock = clock;
        this.holding = holding;
        this.holdingPublished = new boolean[sessions.length];
        this.replySubscriptions = replySubscriptions;
        this.listeners = new ReplyNotSentListener[applications.length];
        for (int i = 0; i < applications.length; i++)
        {
            listeners[i] = applications[i] instanceof ReplyNotSentListener ? (ReplyNotSentListener)applications[i] : null;
        }
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
        work += inbound.controlledPoll(assembler, FRAGMENT_LIMIT);
        return work + applicationWork();
    }

    /** {@code Application.doWork} of every session between its Logon and Logout events (as Session.doWork does). */
    private int applicationWork()
    {
        int work = 0;
        long nowNanos = 0;
        for (int i = 0; i < sessions.length; i++)
        {
            final RemoteSession session = sessions[i];
            if (!session.isInSession())
            {
                continue;
            }
            if (nowNanos == 0)
            {
                nowNanos = clock.nanoTime();
            }
            try
            {
                work += applications[i].doWork(session, nowNanos);
            }
            catch (final Throwable t)
            {
                work++;
                errorHandler.onError(t);
            }
            publishHolding(i);
        }
        return work;
    }

    /**
     * Closing, after the workers stopped (ClusterAcceptor closes them first): deliver the events still on the
     * inbound stream, then report every reply that will never be sent — queued here or unread on a reply stream.
     * Allocates (assemblers): not the message path.
     */
    @Override
    public void onClose()
    {
        for (int i = 0; i < 1024 && inbound.controlledPoll(assembler, FRAGMENT_LIMIT) > 0; i++)
        {
            // deliver what the workers published before they stopped (final Logouts, refused replies)
        }
        // per worker, oldest first: what the stopped worker did not read, then what was still queued here
        final FragmentAssembler dropUnread = new FragmentAssembler(
            (buffer, offset, length, aeronHeader) -> droppedAtClose(buffer, offset, length));
        final DropQueued dropQueued = new DropQueued();
        for (int w = 0; w < replySubscriptions.length; w++)
        {
            for (int i = 0; i < 1 << 20 && replySubscriptions[w].poll(dropUnread, FRAGMENT_LIMIT) > 0; i++)
            {
                // every unread reply is reported once
            }
            replyOutboxes[w].discardPending(dropQueued);
        }
    }

    /** Discards the application side's queued replies, reporting each. */
    private final class DropQueued implements org.agrona.ExpandableRingBuffer.MessageConsumer
    {
        @Override
        public boolean onMessage(
            final MutableDirectBuffer buffer, final int offset, final int length, final int headOffset)
        {
            droppedAtClose(buffer, offset, length);
            return true;
        }
    }

    private void droppedAtClose(final DirectBuffer buffer, final int offset, final int length)
    {
        header.wrap(buffer, offset);
        final int index = header.sessionIndex();
        if (header.version() != IpcHeaderDescriptor.VERSION || index < 0 || index >= sessions.length ||
            header.payloadLength() != length - IpcHeaderDescriptor.HEADER_LENGTH)
        {
            counters.ipcBadHeader.increment();
            return;
        }
        counters.replyDroppedAtClose.increment();
        replyNotSent(index, buffer, ReplyNotSentListener.ACCEPTOR_CLOSED);
    }

    /** Report the reply under {@link #header} to the session's application, if it listens. */
    private void replyNotSent(final int index, final DirectBuffer buffer, final int reason)
    {
        final ReplyNotSentListener listener = listeners[index];
        if (listener == null)
        {
            return;
        }
        try
        {
            listener.onReplyNotSent(sessions[index], header.msgType(), header.seqNum(), buffer, header.payloadOffset(),
                header.payloadLength(), reason);
        }
        catch (final Throwable t)
        {
            errorHandler.onError(t);
        }
    }

    /** Tell the session's worker whether the application holds replies (only when it changed). */
    private void publishHolding(final int index)
    {
        final boolean held = applications[index].isHoldingReplies();
        if (held != holdingPublished[index])
        {
            holdingPublished[index] = held;
            holding.set(index, held ? 1 : 0);
        }
    }

    @Override
    public Action onFragment(final DirectBuffer buffer, final int offset, final int length, final Header aeronHeader)
    {
        header.wrap(buffer, offset);
        final int index = header.sessionIndex();
        final int flags = header.flags();
        if (header.version() != IpcHeaderDescriptor.VERSION || !IpcHeaderDescriptor.isValidSessionEvent(flags) ||
            index < 0 || index >= sessions.length || header.worker() >= replyOutboxes.length ||
            header.payloadLength() != length - IpcHeaderDescriptor.HEADER_LENGTH)
        {
            counters.ipcBadHeader.increment();
            errorHandler.onError(new IllegalStateException("application agent: inbound message with a bad header"
                + " (version " + header.version() + ", flags " + flags + ", session index " + index + ", worker "
                + header.worker() + ")"));
            return Action.CONTINUE;
        }
        final RemoteSession session = sessions[index];
        final Application application = applications[index];
        if ((flags & IpcHeaderDescriptor.SESSION_EVENT_KINDS) == IpcHeaderDescriptor.FLAG_REPLY_NOT_SENT)
        {
            // about an earlier reply: not an event of the session's current connection (no onEvent)
            replyNotSent(index, buffer, ReplyNotSentListener.SESSION_ENDED);
            return Action.CONTINUE;
        }
        session.onEvent(header.worker(), (flags & IpcHeaderDescriptor.FLAG_LOGGED_ON) != 0, header.seqNum());
        try
        {
            switch (flags & IpcHeaderDescriptor.SESSION_EVENT_KINDS)
            {
                case IpcHeaderDescriptor.FLAG_APP_MESSAGE:
                    decoder.wrap(buffer, header.payloadOffset(), header.payloadLength());
                    application.onMessage(decoder, session);
                    break;
                case IpcHeaderDescriptor.FLAG_ADMIN_MESSAGE:
                    decoder.wrap(buffer, header.payloadOffset(), header.payloadLength());
                    application.onAdminMessage(decoder, session);
                    break;
                case IpcHeaderDescriptor.FLAG_LOGON:
                    session.inSession(true);
                    application.onLogon(session);
                    break;
                default: // FLAG_LOGOUT
                    session.inSession(false);
                    application.onLogout(session);
                    break;
            }
        }
        catch (final Throwable t)
        {
            // as on the poller: an application bug must not stop the stream for every other session
            errorHandler.onError(t);
        }
        publishHolding(index);
        return Action.CONTINUE;
    }
}
