package io.fixtape.engine.runtime;

import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionRegistry;
import io.fixtape.engine.session.SessionState;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The engine's one duty cycle: commands from other threads → transport I/O (accept, connect, read, frame, route,
 * {@code session.onMessage} → application callbacks, flush) → session timers ({@code session.doWork(now)} of the
 * sessions something happened to or whose timer is due, see {@link SessionTimers}) →
 * initiator reconnects → acceptor logon timeouts → user tasks → shutdown progress.
 *
 * <p>Acceptor connections: {@link ConnectionAdmission} caps those without a Logon and routes each one's first
 * message to its session (or refuses it); garbled bytes before the Logon, an oversized BodyLength or no message
 * within the logon timeout end in a disconnect here. Each case is counted in {@link EngineCounters}; other
 * connections are not affected.
 *
 * <p>Threading: everything runs on the poller thread (an {@code AgentRunner}'s, or the test thread stepping an
 * {@code AgentInvoker}); other threads talk to it only through {@link #offer(Runnable)} and {@link #requestShutdown()}.
 * Steady state allocates nothing: connection state is created per connection, never per message.
 *
 * <p>Fairness: one busy session cannot starve the others. The transport reads at most one receive buffer (64 KiB
 * by default) per connection per poll and hands every readable connection its turn in the same poll; a session's
 * timers run once per duty cycle at most.
 */
final class EnginePoller implements Agent, TransportListener, MessageAssembler.Handler
{
    private final String roleName;
    private final EpochNanoClock clock;
    private final Transport transport;
    private final SessionRegistry registry;
    private Session[] sessions;
    private MessageStore[] stores;
    private SessionTimers.Slot[] slots;
    private int sessionCount;
    private final SessionTimers timers;
    private final ConnectionAdmission admission;
    private final InitiatorConnector[] connectors;
    private final DutyCycleTask[] tasks;
    private final EngineCounters counters;
    private final ErrorHandler errorHandler;
    private final FixFramer framer;
    private final FixDecoder decoder = new FixDecoder().reserveLookups(); // every inbound message is looked up
    private final long logonTimeoutNanos;
    private final long shutdownTimeoutNanos;
    private final Long2ObjectHashMap<ConnectionState> states = new Long2ObjectHashMap<>();
    private final ArrayDeque<ConnectionState> awaitingLogon = new ArrayDeque<>();
    private final ManyToOneConcurrentArrayQueue<Runnable> commands;
    private final Consumer<Runnable> runCommand = this::runCommand;
    private final CountDownLatch closed = new CountDownLatch(1);

    private volatile boolean shutdownRequested;
    private boolean shuttingDown;
    private boolean resourcesClosed;
    private long shutdownDeadlineNanos;
    private long nowNanos;
    private ConnectionState current;

    EnginePoller(
        final String name,
        final EpochNanoClock clock,
        final Transport transport,
        final SessionRegistry registry,
        final List<Session> sessions,
        final List<MessageStore> stores,
        final ConnectionAdmission admission,
        final List<InitiatorConnector> connectors,
        final List<DutyCycleTask> tasks,
        final EngineCounters counters,
        final ErrorHandler errorHandler,
        final int maxMessageSize,
        final long logonTimeoutNanos,
        final long shutdownTimeoutNanos,
        final int commandQueueCapacity)
    {
        this.roleName = name + "-poller";
        this.clock = clock;
        this.transport = transport;
        this.registry = registry;
        this.sessions = sessions.toArray(new Session[0]);
        this.stores = stores.toArray(new MessageStore[0]);
        this.sessionCount = this.sessions.length;
        this.timers = new SessionTimers(clock.nanoTime());
        this.slots = new SessionTimers.Slot[this.sessions.length];
        for (int i = 0; i < sessionCount; i++)
        {
            slots[i] = timers.add(this.sessions[i]);
        }
        this.admission = admission;
        this.connectors = connectors.toArray(new InitiatorConnector[0]);
        this.tasks = tasks.toArray(new DutyCycleTask[0]);
        this.counters = counters;
        this.errorHandler = errorHandler;
        this.framer = new FixFramer(maxMessageSize);
        this.logonTimeoutNanos = logonTimeoutNanos;
        this.shutdownTimeoutNanos = shutdownTimeoutNanos;
        this.commands = new ManyToOneConcurrentArrayQueue<>(commandQueueCapacity);
    }

    @Override
    public String roleName()
    {
        return roleName;
    }

    /** Run {@code command} on the poller thread at the start of a coming duty cycle. @return false when full. */
    boolean offer(final Runnable command)
    {
        return !shuttingDown && commands.offer(command);
    }

    /**
     * Serve one more acceptor session from now on (poller thread only, e.g. from an {@link #offer} command, or a
     * session an acceptor template created). The session arrays grow by doubling: a control operation, not the
     * message path, and thousands of template sessions cost amortised O(1) each.
     */
    void addSession(final Session session, final MessageStore store)
    {
        registry.add(session);
        if (sessionCount == sessions.length)
        {
            final int capacity = Math.max(8, sessionCount * 2);
            sessions = Arrays.copyOf(sessions, capacity);
            stores = Arrays.copyOf(stores, capacity);
            slots = Arrays.copyOf(slots, capacity);
        }
        sessions[sessionCount] = session;
        stores[sessionCount] = store;
        slots[sessionCount] = timers.add(session);
        sessionCount++;
    }

    /**
     * Stop serving an acceptor session that has no connection (poller thread only), so that another engine can serve
     * the same {@link Session} object with its store ({@link FixEngine#adoptSession}). A control operation: copies
     * the session arrays once.
     *
     * @return the session's store, or null (nothing changed) when the session is connected, not disconnected
     * (logging on or out), not served here, or {@code movable} refuses its store.
     */
    MessageStore removeSession(final Session session, final Predicate<MessageStore> movable)
    {
        if (session.isConnected() || session.state() != SessionState.DISCONNECTED)
        {
            return null;
        }
        int index = -1;
        for (int i = 0; i < sessionCount; i++)
        {
            if (sessions[i] == session)
            {
                index = i;
                break;
            }
        }
        if (index < 0 || !movable.test(stores[index]) || !registry.remove(session))
        {
            return null;
        }
        final MessageStore store = stores[index];
        timers.remove(slots[index]);
        System.arraycopy(sessions, index + 1, sessions, index, sessionCount - index - 1);
        System.arraycopy(stores, index + 1, stores, index, sessionCount - index - 1);
        System.arraycopy(slots, index + 1, slots, index, sessionCount - index - 1);
        sessionCount--;
        sessions[sessionCount] = null;
        stores[sessionCount] = null;
        slots[sessionCount] = null;
        return store;
    }

    /** Ask for a graceful stop: Logout on every logged-on session, then close. Any thread. */
    void requestShutdown()
    {
        shutdownRequested = true;
    }

    /** Counted down after {@link #onClose()}: stores closed, sockets closed. */
    CountDownLatch closedLatch()
    {
        return closed;
    }

    @Override
    public int doWork()
    {
        if (resourcesClosed)
        {
            return 0;
        }
        final long now = clock.nanoTime();
        nowNanos = now;
        int work = commands.drain(runCommand);
        work += transport.poll(this);
        work += timers.doWork(now);
        if (!shuttingDown)
        {
            for (final InitiatorConnector connector : connectors)
            {
                work += connector.doWork(transport, now); // a transport that can connect (EngineContext checks)
            }
        }
        work += expireLogonTimeouts(now);
        for (final DutyCycleTask task : tasks)
        {
            work += task.doWork(now);
        }
        if (shutdownRequested)
        {
            work += shutdownStep(now);
        }
        return work;
    }

    private void runCommand(final Runnable command)
    {
        try
        {
            command.run();
        }
        catch (final Throwable t)
        {
            onError(t);
        }
    }

    private int shutdownStep(final long now)
    {
        if (!shuttingDown)
        {
            shuttingDown = true;
            shutdownDeadlineNanos = now + shutdownTimeoutNanos;
            for (int i = 0; i < sessionCount; i++)
            {
                final Session session = sessions[i];
                if (session.isLoggedOn())
                {
                    session.logout("Engine shutting down");
                }
                else if (session.isConnected())
                {
                    session.disconnect(DisconnectReason.ENGINE_CLOSE);
                }
            }
            return 1;
        }
        boolean anyConnected = false;
        for (int i = 0; i < sessionCount; i++)
        {
            anyConnected |= sessions[i].isConnected();
        }
        if (anyConnected && now < shutdownDeadlineNanos)
        {
            return 0;
        }
        // done: release everything now; the runner's close() then only stops the thread
        closeResources();
        return 1;
    }

    /** Shutdown finished (sockets and stores closed). */
    boolean isClosed()
    {
        return resourcesClosed;
    }

    @Override
    public void onClose()
    {
        closeResources();
    }

    private void closeResources()
    {
        if (resourcesClosed)
        {
            return;
        }
        resourcesClosed = true;
        try
        {
            for (int i = 0; i < sessionCount; i++)
            {
                sessions[i].disconnect(DisconnectReason.ENGINE_CLOSE);
            }
            transport.poll(this);
            transport.close();
            for (int i = 0; i < sessionCount; i++)
            {
                final MessageStore store = stores[i];
                try
                {
                    store.flush();
                    store.close();
                }
                catch (final Throwable t)
                {
                    onError(t);
                }
            }
        }
        finally
        {
            closed.countDown();
        }
    }

    // ------------------------------------------------------------------------------------------ transport events

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        final ConnectionState state = new ConnectionState(connection, new MessageAssembler(framer), nowNanos);
        states.put(connection.connectionId(), state);
        if (initiated)
        {
            final InitiatorConnector connector = connectorFor(connection.connectionId());
            if (connector == null || shuttingDown)
            {
                connection.close(DisconnectReason.ENGINE_CLOSE);
                return;
            }
            state.connector = connector;
            state.session = connector.session();
            if (!connector.onConnected(connection))
            {
                state.session = null;
                connection.close(DisconnectReason.DUPLICATE_SESSION);
            }
        }
        else if (shuttingDown)
        {
            connection.close(DisconnectReason.ENGINE_CLOSE);
        }
        else if (admission.admit(state))
        {
            awaitingLogon.addLast(state);
        }
    }

    @Override
    public void onConnectFailed(final long connectionId)
    {
        onConnectFailed(connectionId, "connect failed");
    }

    /** Counted by the transport that failed it; the connector logs it and schedules the next attempt. */
    @Override
    public void onConnectFailed(final long connectionId, final String reason)
    {
        final InitiatorConnector connector = connectorFor(connectionId);
        if (connector != null)
        {
            connector.onConnectFailed(nowNanos, reason);
        }
    }

    /** The bound session's application holds back-pressured replies: read nothing more until they are sent. */
    @Override
    public boolean isReadPaused(final Connection connection)
    {
        final ConnectionState state = states.get(connection.connectionId());
        return state != null && state.session != null && state.session.isReadPaused();
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        final ConnectionState state = states.get(connection.connectionId());
        if (state == null)
        {
            return;
        }
        current = state;
        try
        {
            state.assembler.onData(buffer, offset, length, this);
        }
        catch (final Throwable t)
        {
            // a bug must not take the event loop (or other sessions) down: drop this connection, count, report
            onError(t);
            connection.close(DisconnectReason.APPLICATION);
        }
        finally
        {
            current = null;
        }
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        final ConnectionState state = states.remove(connection.connectionId());
        if (state == null)
        {
            return;
        }
        admission.release(state);
        state.assembler.reset();
        if (state.session != null)
        {
            state.session.onDisconnect(connection, reason);
        }
        if (state.connector != null)
        {
            state.connector.onDisconnected(nowNanos, reason);
        }
    }

    // ------------------------------------------------------------------------------------------ framing results

    @Override
    public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        final ConnectionState state = current;
        counters.messagesReceived.incrementRelease();
        decoder.wrap(buffer, offset, length);
        if (state.session != null)
        {
            state.session.onMessage(decoder);
            return state.connection.isOpen();
        }
        return admission.routeFirstMessage(state, decoder, nowNanos, !shuttingDown);
    }

    @Override
    public boolean onGarbled(final int reason, final int discardedBytes)
    {
        final ConnectionState state = current;
        if (reason == FixFramer.REASON_TOO_LARGE)
        {
            // the stream cannot be resynchronised safely past an announced body we refuse to buffer
            counters.messagesTooLarge.incrementRelease();
            state.connection.close(DisconnectReason.MESSAGE_TOO_LARGE);
            return false;
        }
        counters.garbledMessages.incrementRelease();
        if (state.session == null)
        {
            state.connection.close(DisconnectReason.GARBLED_BEFORE_LOGON);
            return false;
        }
        state.session.onGarbled(reason);
        return true;
    }

    // ------------------------------------------------------------------------------------------ timers

    private int expireLogonTimeouts(final long now)
    {
        int work = 0;
        ConnectionState state;
        // FIFO: connections were accepted in time order and share one timeout
        while ((state = awaitingLogon.peekFirst()) != null)
        {
            if (state.session != null || !state.connection.isOpen())
            {
                awaitingLogon.pollFirst();
                continue;
            }
            if (now - state.connectedAtNanos < logonTimeoutNanos)
            {
                break;
            }
            awaitingLogon.pollFirst();
            counters.logonTimeouts.incrementRelease();
            state.connection.close(DisconnectReason.LOGON_TIMEOUT);
            work++;
        }
        return work;
    }

    private InitiatorConnector connectorFor(final long connectionId)
    {
        for (final InitiatorConnector connector : connectors)
        {
            if (connector.isPending(connectionId))
            {
                return connector;
            }
        }
        return null;
    }

    private void onError(final Throwable t)
    {
        counters.errors.incrementRelease();
        errorHandler.onError(t);
    }
}
