package io.fixtape.cluster;

import io.aeron.ControlledFragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.ControlledFragmentHandler;
import io.aeron.logbuffer.Header;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.session.Session;
import org.agrona.AsciiSequenceView;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;

/**
 * The IPC half of a worker's duty cycle (a {@link DutyCycleTask} of its engine): publish what its sessions queued
 * for the application ({@link IpcOutbox#drain()}), then poll its reply stream and send each reply on its session
 * ({@code session.newMessage(type)} + the reply's body fields + {@code session.send()}, so sequence numbers, header,
 * store and checksum stay the session's). A reply the session cannot take now ({@link Session#BACK_PRESSURED}) is
 * ABORTed and redelivered by Aeron next cycle; one refused for good (not logged on, or the session moved away) is
 * counted and reported back to the application ({@link IpcHeaderDescriptor#FLAG_REPLY_NOT_SENT}).
 *
 * <p>Threading: the worker's poller thread only (sessions are bound with {@link #bind} through a command on that
 * thread). Steady state allocates nothing.
 */
final class WorkerIpc implements DutyCycleTask, ControlledFragmentHandler
{
    private static final int FRAGMENT_LIMIT = 64;

    private final int worker;
    private final IpcOutbox outbox;
    private final Subscription replies;
    private final ControlledFragmentAssembler assembler;
    private final ClusterCounters counters;
    private final ErrorHandler errorHandler;
    private final Session[] sessions;
    private final SessionStates states;
    private final IpcHeader header = new IpcHeader();
    private final AsciiSequenceView logoutText = new AsciiSequenceView();

    WorkerIpc(
        final int worker, final IpcOutbox outbox, final Subscription replies, final SessionStates states,
        final int sessionCount, final ClusterCounters counters, final ErrorHandler errorHandler)
    {
        this.states = states;
        this.worker = worker;
        this.outbox = outbox;
        this.replies = replies;
        this.assembler = new ControlledFragmentAssembler(this);
        this.counters = counters;
        this.errorHandler = errorHandler;
        this.sessions = new Session[sessionCount];
    }

    IpcOutbox outbox()
    {
        return outbox;
    }

    /**
     * Serve replies for {@code sessionIndex} with {@code session} and publish its state to the application agent
     * (poller thread).
     */
    void bind(final int sessionIndex, final Session session)
    {
        sessions[sessionIndex] = session;
        states.bind(sessionIndex, session);
    }

    /** Stop serving replies for {@code sessionIndex}: the session moved to another worker (poller thread). */
    void unbind(final int sessionIndex)
    {
        sessions[sessionIndex] = null;
    }

    @Override
    public int doWork(final long nowNanos)
    {
        return outbox.drain() + replies.controlledPoll(assembler, FRAGMENT_LIMIT);
    }

    @Override
    public Action onFragment(final DirectBuffer buffer, final int offset, final int length, final Header aeronHeader)
    {
        header.wrap(buffer, offset);
        final int index = header.sessionIndex();
        if (header.version() != IpcHeaderDescriptor.VERSION || !IpcHeaderDescriptor.isValidApplicationRequest(header.flags()) ||
            index < 0 || index >= sessions.length || header.worker() != worker ||
            header.payloadLength() != length - IpcHeaderDescriptor.HEADER_LENGTH)
        {
            counters.ipcBadHeader.increment();
            errorHandler.onError(new IllegalStateException("worker " + worker + ": reply with a bad header (version "
                + header.version() + ", session index " + index + ", worker " + header.worker() + ")"));
            return Action.CONTINUE;
        }
        final Session session = sessions[index];
        if (session == null)
        {
            // the session moved to another worker after this reply was published: it was logged out here, so a
            // direct send would have answered NOT_LOGGED_ON
            return refused(buffer, index);
        }
        if (header.flags() == IpcHeaderDescriptor.FLAG_DISCONNECT)
        {
            session.disconnect(); // the application's session.disconnect(), in order after its earlier replies
            return Action.CONTINUE;
        }
        if (header.flags() == IpcHeaderDescriptor.FLAG_LOGOUT)
        {
            // the application's session.logout(text), in order after its earlier replies (a no-op when not logged on)
            session.logout(header.payloadLength() == 0 ? null :
                logoutText.wrap(buffer, header.payloadOffset(), header.payloadLength()));
            return Action.CONTINUE;
        }
        session.newMessage(header.msgType()).putRaw(buffer, header.payloadOffset(), header.payloadLength());
        final long result = session.send();
        if (result > 0)
        {
            states.publish(index, session);
            counters.replies(worker).increment();
            return Action.CONTINUE;
        }
        if (result == Session.BACK_PRESSURED)
        {
            counters.replyBackPressured.increment();
            return Action.ABORT;
        }
        return refused(buffer, index);
    }

    /** A reply the session will never take: count it and tell the application, in order with its other events. */
    private Action refused(final DirectBuffer buffer, final int index)
    {
        counters.replyRefused.increment();
        if (!outbox.offer(IpcHeaderDescriptor.FLAG_REPLY_NOT_SENT, worker, index, header.seqNum(), header.msgType(),
            buffer, header.payloadOffset(), header.payloadLength()))
        {
            errorHandler.onError(new IllegalStateException("worker " + worker + ": reply not sent on session index "
                + index + " (not logged on) and its report to the application refused (pending queue full)"));
        }
        return Action.CONTINUE;
    }
}
