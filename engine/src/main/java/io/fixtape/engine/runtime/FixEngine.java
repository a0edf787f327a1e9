package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.session.SessionRegistry;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.status.MetricsHttpServer;
import io.fixtape.engine.status.SessionEventLog;
import io.fixtape.engine.status.SessionEventLogger;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TlsSettings;
import io.fixtape.engine.transport.tcp.TcpTransport;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A running fixtape engine: the sessions of an {@link EngineContext} (configured ones, and those its acceptor
 * templates create on a Logon or re-create at start-up from their store), their stores, one TCP transport and the
 * poller agent that drives them.
 *
 * <p>Two ways to run it: {@link #launch} starts the poller on its own thread under an {@link AgentRunner} with
 * the context's idle strategy; {@link #invoked} starts no thread and the caller steps the poller with
 * {@link #invoker()} (deterministic tests). Listening sockets are bound in the constructor, so
 * {@link #boundPort} is known as soon as the engine exists.
 *
 * <p>Threading: sessions, stores and connections belong to the poller thread. From other threads use
 * {@link #execute(Runnable)} (runs on the poller thread), {@link #counters()} (readable from anywhere) and
 * {@link #close()}.
 */
public final class FixEngine implements AutoCloseable
{
    /** The event logger sleeps this long when idle: lines appear within milliseconds at no cost to the poller. */
    private static final long EVENT_LOGGER_SLEEP_MS = 5;

    private final EngineContext context;
    private final Transport transport;
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    private final Map<InetSocketAddress, Integer> boundPorts = new LinkedHashMap<>();
    private final EnginePoller poller;
    private final AgentRunner runner;
    private final AgentInvoker invoker;
    private final SessionEventLog eventLog;
    private final AgentRunner eventRunner;
    private final MetricsPublisher metrics;
    private final MetricsHttpServer metricsHttp;
    private final SessionMBeans mbeans;
    private boolean closed;

    private FixEngine(final EngineContext context, final boolean ownThread)
    {
        this.context = context.conclude();
        this.eventLog = !context.sessionEvents() ? null :
            context.sessionEventLog() != null ? context.sessionEventLog() : new SessionEventLog();
        this.mbeans = context.jmxEnabled() ? new SessionMBeans(this, context.errorHandler()) : null;
        this.metrics = context.sessionMetrics() ?
            new MetricsPublisher(context.counters(), context.clock(), context.errorHandler()) : null;
        final String fileLimitWarning = FileDescriptorLimit.warning(this.context);
        if (fileLimitWarning != null)
        {
            System.err.println(fileLimitWarning); // once, at start-up: the operator must raise the limit
        }
        // a transport from the context (inproc/Aeron for replay) replaces the engine's own NIO TCP transport
        final TcpTransport tcp = context.transport() == null ?
            new TcpTransport(context.transportConfig(), context.counters()) : null;
        this.transport = tcp != null ? tcp : context.transport();
        final SessionRegistry registry = new SessionRegistry();
        final List<Session> created = new ArrayList<>();
        final List<MessageStore> stores = new ArrayList<>();
        final List<InitiatorConnector> connectors = new ArrayList<>();
        final Map<InetSocketAddress, TlsSettings> boundTls = new HashMap<>();
        try
        {
            for (final SessionEndpoint endpoint : context.sessions())
            {
                final MessageStore store = context.storeFactory().create(endpoint.config().sessionId());
                stores.add(store);
                final Session session = newSession(endpoint, store);
                created.add(session);
                if (endpoint.isInitiator())
                {
                    if (tcp != null && endpoint.tls() != null)
                    {
                        tcp.tlsContext(endpoint.tls()); // read the stores now: a bad one fails the start
                    }
                    connectors.add(new InitiatorConnector(session, endpoint.addresses(), endpoint.reconnect(),
                        context.counters(), context.connectLog(), endpoint.tls()));
                }
                else
                {
                    if (tcp != null)
                    {
                        // sessions told apart only by SessionQualifier are routed by the port they listen on
                        registry.add(session, bindAcceptor(tcp, endpoint, boundTls));
                    }
                    else
                    {
                        registry.add(session);
                    }
                }
            }
            for (final SessionTemplate template : context.templates())
            {
                if (tcp != null)
                {
                    boundPorts.computeIfAbsent(template.address(), tcp::bind);
                }
                recoverTemplateSessions(template, registry, created, stores);
            }
        }
        catch (final RuntimeException ex)
        {
            transport.close();
            stores.forEach(MessageStore::close);
            throw ex;
        }
        eventRunner = startEventLogger(context);

        final List<DutyCycleTask> tasks = new ArrayList<>(context.tasks());
        if (metrics != null)
        {
            tasks.add(metrics);
        }
        sessions.addAll(created);
        final ConnectionAdmission admission = new ConnectionAdmission(
            registry, created, context.templates(), this::createFromTemplate, context.maxUnauthenticatedConnections(),
            context.maxUnauthenticatedConnectionsPerAddress(), context.clock(), context.counters(),
            context.errorHandler());
        this.poller = new EnginePoller(
            context.name(), context.clock(), transport, registry, created, stores, admission, connectors, tasks,
            context.counters(), context.errorHandler(), context.maxMessageSize(), context.logonTimeoutNanos(),
            context.shutdownTimeoutNanos(), context.commandQueueCapacity());
        metricsHttp = startMetricsHttp(context, poller, stores);
        if (ownThread)
        {
            runner = new AgentRunner(context.idleStrategy(), context.errorHandler(), context.counters().errors, poller);
            invoker = null;
            AgentRunner.startOnThread(runner, context.threadFactory());
        }
        else
        {
            runner = null;
            invoker = new AgentInvoker(context.errorHandler(), context.counters().errors, poller);
            invoker.start();
        }

    }

    /** The metrics endpoint, before the poller starts: a port that cannot be bound stops the engine cleanly. */
    private MetricsHttpServer startMetricsHttp(
        final EngineContext context, final EnginePoller poller, final List<MessageStore> stores)
    {
        if (context.metricsHttpPort() < 0)
        {
            return null;
        }
        try
        {
            return MetricsHttpServer.start(new InetSocketAddress(context.metricsHttpAddress(),
                context.metricsHttpPort()), context.counters().reader(), () -> !poller.isClosed());
        }
        catch (final RuntimeException ex)
        {
            transport.close();
            stores.forEach(MessageStore::close);
            closeEventLogger();
            throw ex;
        }
    }

    /** The engine's own event log gets a logger thread; a shared one is run by whoever shares it. */
    private AgentRunner startEventLogger(final EngineContext context)
    {
        if (eventLog == null || context.sessionEventLog() != null)
        {
            return null;
        }
        final AgentRunner events = new AgentRunner(new SleepingMillisIdleStrategy(EVENT_LOGGER_SLEEP_MS),
            context.errorHandler(), null, new SessionEventLogger(eventLog, context.sessionEventSink()));
        AgentRunner.startOnThread(events);
        return events;
    }

    /** The session event log the sessions report to, or null when session events are off. */
    public SessionEventLog sessionEventLog()
    {
        return eventLog;
    }

    /** Binds the endpoint's listening address once; sessions sharing it must share its TLS settings. @return the port. */
    private int bindAcceptor(final TcpTransport tcp, final SessionEndpoint endpoint,
        final Map<InetSocketAddress, TlsSettings> boundTls)
    {
        final InetSocketAddress address = endpoint.address();
        final Integer bound = boundPorts.get(address);
        if (bound != null)
        {
            if (!java.util.Objects.equals(boundTls.get(address), endpoint.tls()))
            {
                throw new IllegalArgumentException("session " + endpoint.config().sessionId() + " listens on " +
                    address + " with other TLS settings than the sessions already there (one listening socket, one TLS)");
            }
            return bound;
        }
        final int port = tcp.bind(address, endpoint.tls());
        boundPorts.put(address, port);
        boundTls.put(address, endpoint.tls());
        return port;
    }

    /** Start an engine with its own poller thread. */
    public static FixEngine launch(final EngineContext context)
    {
        return new FixEngine(context, true);
    }

    /** Create an engine without a thread: step it with {@link #invoker()}{@code .invoke()}. */
    public static FixEngine invoked(final EngineContext context)
    {
        return new FixEngine(context, false);
    }

    /** The invoker of an {@link #invoked} engine (null for a launched one). */
    public AgentInvoker invoker()
    {
        return invoker;
    }

    public EngineContext context()
    {
        return context;
    }

    /** Sessions in configuration order. Touch them only on the poller thread (see {@link #execute}). */
    public List<Session> sessions()
    {
        return Collections.unmodifiableList(sessions);
    }

    public Session session(final SessionId sessionId)
    {
        for (final Session session : sessions)
        {
            if (session.sessionId().equals(sessionId))
            {
                return session;
            }
        }
        throw new IllegalArgumentException("no session " + sessionId);
    }

    /**
     * Add an acceptor session to a running engine whose context supplied its own {@link EngineContext#transport}
     * (connections are then delivered by that transport, e.g. handed over by cluster-shard's accepting agent). The
     * store and session are created on the calling thread; the poller starts serving the session in a coming duty
     * cycle, before any command offered after this call.
     *
     * @return the new session (touch it only on the poller thread).
     * @throws IllegalArgumentException for an initiator, a duplicate session id or an engine with its own TCP
     *                                  transport; IllegalStateException when the command queue is full or closing.
     */
    public Session addSession(final SessionEndpoint endpoint)
    {
        if (endpoint.isInitiator() || context.transport() == null)
        {
            throw new IllegalArgumentException("addSession: acceptor sessions on an engine with a supplied transport"
                + " only: " + endpoint.config().sessionId());
        }
        requireNewSessionId(endpoint.config().sessionId());
        final MessageStore store = context.storeFactory().create(endpoint.config().sessionId());
        final Session session = newSession(endpoint, store);
        if (!poller.offer(() -> poller.addSession(session, store)))
        {
            store.close();
            throw new IllegalStateException("addSession: engine closing or command queue full");
        }
        sessions.add(session);
        return session;
    }

    /**
     * Poller thread only (inside {@link #execute}): stop serving an acceptor session between connections and hand
     * back its store, so that another engine with a supplied transport can go on serving the same {@link Session}
     * object — sequence numbers, store and counters unchanged — with {@link #adoptSession}. The caller must pass the
     * session on to that engine through its {@link #execute} queue (which orders the hand-over between the threads).
     *
     * @param movable whether the session's store may be used from another thread from now on.
     * @return the store, or null and nothing changed when the session has a connection, is logging on or out, is
     * not served here or {@code movable} refuses the store.
     */
    public MessageStore detachSession(final Session session, final Predicate<MessageStore> movable)
    {
        final MessageStore store = poller.removeSession(session, movable);
        if (store != null)
        {
            sessions.remove(session);
            if (metrics != null)
            {
                metrics.remove(session);
            }
            if (mbeans != null)
            {
                mbeans.unregister(session);
            }
        }
        return store;
    }

    /**
     * Serve a session (and its store) detached from another engine with {@link #detachSession}, on an engine whose
     * context supplied its own transport; the poller serves it before any command offered after this call, and runs
     * {@code then} on the poller thread right after adding it (in the same command: both happen or neither).
     *
     * @param then run on the poller thread once the session is served here (e.g. hand it its connection); may be null.
     * @throws IllegalArgumentException for an engine with its own TCP transport or a duplicate session id;
     *                                  IllegalStateException when the command queue is full or closing (nothing
     *                                  was queued).
     */
    public void adoptSession(final Session session, final MessageStore store, final Runnable then)
    {
        if (context.transport() == null)
        {
            throw new IllegalArgumentException("adoptSession: engines with a supplied transport only: " +
                session.sessionId());
        }
        requireNewSessionId(session.sessionId());
        final boolean offered = poller.offer(() ->
        {
            session.events(eventLog);
            if (metrics != null)
            {
                metrics.add(session);
            }
            if (mbeans != null)
            {
                mbeans.register(session);
            }
            poller.addSession(session, store);
            if (then != null)
            {
                then.run();
            }
        });
        if (!offered)
        {
            throw new IllegalStateException("adoptSession: engine closing or command queue full");
        }
        sessions.add(session);
    }

    /**
     * The sessions of a template its store factory knows from an earlier run (a journal's session registry) and no
     * configured session already serves: created again now, with their stored sequence numbers.
     */
    private void recoverTemplateSessions(
        final SessionTemplate template, final SessionRegistry registry, final List<Session> created,
        final List<MessageStore> stores)
    {
        for (final SessionId id : template.storeFactory().knownSessions())
        {
            if (!template.matches(id) || registry.contains(id))
            {
                continue;
            }
            final SessionEndpoint endpoint = template.endpoint(id);
            final MessageStore store = template.storeFactory().create(id);
            stores.add(store);
            final Session session = newSession(endpoint, store);
            created.add(session);
            registry.add(session);
        }
    }

    /** Poller thread: a template's session for a Logon no session had (see {@link SessionTemplate}). */
    private Session createFromTemplate(final SessionTemplate template, final SessionId id)
    {
        final SessionEndpoint endpoint = template.endpoint(id);
        final MessageStore store = template.storeFactory().create(id);
        final Session session;
        try
        {
            session = newSession(endpoint, store);
        }
        catch (final RuntimeException ex)
        {
            store.close();
            throw ex;
        }
        poller.addSession(session, store);
        sessions.add(session);
        return session;
    }

    /** Store failures are reported to the engine's error handler, not only counted. */
    private Session newSession(final SessionEndpoint endpoint, final MessageStore store)
    {
        final Session session = new Session(endpoint.config(), store, endpoint.application(), context.clock())
            .errorHandler(context.errorHandler())
            .events(eventLog);
        if (metrics != null)
        {
            metrics.add(session);
        }
        if (mbeans != null)
        {
            mbeans.register(session);
        }
        return session;
    }

    /** @throws IllegalArgumentException when this engine already serves a session with {@code sessionId}. */
    private void requireNewSessionId(final SessionId sessionId)
    {
        for (final Session existing : sessions)
        {
            if (existing.sessionId().equals(sessionId))
            {
                throw new IllegalArgumentException("duplicate session " + existing.sessionId());
            }
        }
    }

    /** The port actually bound for an acceptor address (useful with port 0). */
    public int boundPort(final InetSocketAddress address)
    {
        final Integer port = boundPorts.get(address);
        if (port == null)
        {
            throw new IllegalArgumentException("no acceptor on " + address);
        }
        return port;
    }

    /** The port of the first acceptor address, or -1 when there is none. */
    public int boundPort()
    {
        return boundPorts.isEmpty() ? -1 : boundPorts.values().iterator().next();
    }

    public EngineCounters counters()
    {
        return context.counters();
    }

    /**
     * Run {@code command} on the poller thread in a coming duty cycle (control operations: log out a session,
     * change sequence numbers, read state). Allocation here is fine: it is not the message path.
     *
     * @return false when the command queue is full or the engine is closing.
     */
    public boolean execute(final Runnable command)
    {
        return poller.offer(command);
    }

    /**
     * Graceful stop: Logout on every logged-on session, wait for the replies (up to the shutdown timeout), close
     * connections and stores. Blocks the calling thread until done; idempotent. With an invoked engine the caller's
     * thread steps the poller until it has finished.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        poller.requestShutdown();
        final long waitNanos = context.shutdownTimeoutNanos() + TimeUnit.SECONDS.toNanos(5);
        if (invoker != null)
        {
            final long deadline = System.nanoTime() + waitNanos;
            while (!poller.isClosed() && System.nanoTime() < deadline)
            {
                invoker.invoke();
                context.idleStrategy().idle();
            }
            invoker.close();
            closeEventLogger();
            closeMetrics();
            return;
        }
        try
        {
            poller.closedLatch().await(waitNanos, TimeUnit.NANOSECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        runner.close();
        closeEventLogger();
        closeMetrics();
    }

    /** The final values published; the counters file says the engine stopped; the endpoint stops answering. */
    private void closeMetrics()
    {
        if (mbeans != null)
        {
            mbeans.unregisterAll();
        }
        if (metrics != null)
        {
            metrics.publishNow(context.clock().nanoTime());
        }
        if (context.counters().file() != null)
        {
            context.counters().file().markClosed();
        }
        if (metricsHttp != null)
        {
            metricsHttp.close();
        }
    }

    /** The port of the metrics endpoint, or -1 when there is none. */
    public int metricsHttpPort()
    {
        return metricsHttp == null ? -1 : metricsHttp.port();
    }

    /** After the poller: the logger drains the last events (shutdown Logouts, disconnects) as it closes. */
    private void closeEventLogger()
    {
        if (eventRunner != null)
        {
            eventRunner.close();
        }
    }
}
