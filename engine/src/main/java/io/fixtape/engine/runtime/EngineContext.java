package io.fixtape.engine.runtime;

import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.status.SessionEventLog;
import io.fixtape.engine.status.SessionEventSink;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.OffsetEpochNanoClock;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Everything a {@link FixEngine} is made of: sessions and their endpoints, the clock, the store factory, the
 * transport settings, the idle strategy, error handling and counters. Fluent setters with documented defaults;
 * {@link #conclude()} fills the defaults and fails naming the first bad field. Built on the configuring thread,
 * then handed to the engine and not changed again.
 */
public final class EngineContext
{
    /** Default idle strategy name, see {@link IdleStrategies}. */
    public static final String DEFAULT_IDLE_STRATEGY = "backoff";
    /** Default time an accepted connection has to deliver its first message (the Logon). */
    public static final long DEFAULT_LOGON_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Default time {@link FixEngine#close()} waits for Logout replies before closing connections. */
    public static final long DEFAULT_SHUTDOWN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(3);
    /** Default address the metrics endpoint binds. */
    public static final String DEFAULT_METRICS_HTTP_ADDRESS = "0.0.0.0";
    /** Sessions beyond the configured ones a counters file has room for (sessions added while running). */
    public static final int DEFAULT_EXTRA_SESSION_CAPACITY = 16;
    /** Default cap on accepted connections that have not yet sent a routable Logon, overall. */
    public static final int DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS = 256;
    /** Default cap on accepted connections without a routable Logon from one remote address. */
    public static final int DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS_PER_ADDRESS = 64;
    /** Default capacity of the queue of commands handed to the poller from other threads. */
    public static final int DEFAULT_COMMAND_QUEUE_CAPACITY = 1024;

    private final List<SessionEndpoint> endpoints = new ArrayList<>();
    private final List<DutyCycleTask> tasks = new ArrayList<>();
    private final List<SessionTemplate> templates = new ArrayList<>();
    private EpochNanoClock clock;
    private MessageStoreFactory storeFactory;
    private Transport transport;
    private TcpTransportConfig transportConfig;
    private String idleStrategyName = DEFAULT_IDLE_STRATEGY;
    private IdleStrategy idleStrategy;
    private ErrorHandler errorHandler;
    private Consumer<String> connectLog;
    private EngineCounters counters;
    private ThreadFactory threadFactory;
    private int maxMessageSize = FixFramer.DEFAULT_MAX_MESSAGE_SIZE;
    private long logonTimeoutNanos = DEFAULT_LOGON_TIMEOUT_NANOS;
    private long shutdownTimeoutNanos = DEFAULT_SHUTDOWN_TIMEOUT_NANOS;
    private int commandQueueCapacity = DEFAULT_COMMAND_QUEUE_CAPACITY;
    private String name = "fixtape";
    private boolean sessionEvents = true;
    private java.nio.file.Path engineDirectory;
    private int metricsHttpPort = -1;
    private Boolean sessionMetrics;
    private boolean jmxEnabled;
    private String metricsHttpAddress = DEFAULT_METRICS_HTTP_ADDRESS;
    private SessionEventLog sessionEventLog;
    private SessionEventSink sessionEventSink;
    private int maxUnauthenticatedConnections = DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS;
    private int maxUnauthenticatedConnectionsPerAddress = DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS_PER_ADDRESS;

    /** Add an acceptor or initiator session. */
    public EngineContext addSession(final SessionEndpoint endpoint)
    {
        endpoints.add(endpoint);
        return this;
    }

    public List<SessionEndpoint> sessions()
    {
        return Collections.unmodifiableList(endpoints);
    }

    /** Add an acceptor template: sessions created on a matching Logon (see {@link SessionTemplate}). */
    public EngineContext addTemplate(final SessionTemplate template)
    {
        templates.add(template);
        return this;
    }

    public List<SessionTemplate> templates()
    {
        return Collections.unmodifiableList(templates);
    }

    /** Extra work the poller does every duty cycle (e.g. an order generator). */
    public EngineContext addTask(final DutyCycleTask task)
    {
        tasks.add(task);
        return this;
    }

    public List<DutyCycleTask> tasks()
    {
        return Collections.unmodifiableList(tasks);
    }

    /**
     * The only source of time for sessions and timers. Default {@link OffsetEpochNanoClock}: wall-clock epoch
     * nanoseconds from {@code System.nanoTime()} plus an offset sampled at start (and hourly), so reading it
     * allocates nothing ({@code SystemEpochNanoClock} goes through {@code Instant.now()}, which allocates).
     */
    public EngineContext clock(final EpochNanoClock clock)
    {
        this.clock = clock;
        return this;
    }

    public EpochNanoClock clock()
    {
        return clock;
    }

    /** Creates each session's store. Default: {@link InMemoryMessageStore}. The journal module supplies another. */
    public EngineContext storeFactory(final MessageStoreFactory storeFactory)
    {
        this.storeFactory = storeFactory;
        return this;
    }

    public MessageStoreFactory storeFactory()
    {
        return storeFactory;
    }

    /**
     * A transport to use instead of the engine's own NIO TCP transport, e.g. the inproc or Aeron transports of the
     * replay module. The engine polls it on its poller thread and closes it on shutdown; acceptor addresses are
     * not bound (the transport delivers connections itself) and initiator sessions need a transport that connects
     * ({@link Transport#canConnect()}). Default: null (NIO TCP).
     */
    public EngineContext transport(final Transport transport)
    {
        this.transport = transport;
        return this;
    }

    public Transport transport()
    {
        return transport;
    }

    /** TCP settings (buffers, connection limit, slow-consumer policy). Default {@code new TcpTransportConfig()}. */
    public EngineContext transportConfig(final TcpTransportConfig transportConfig)
    {
        this.transportConfig = transportConfig;
        return this;
    }

    public TcpTransportConfig transportConfig()
    {
        return transportConfig;
    }

    /** Idle strategy by name ({@value IdleStrategies#NAMES}); default {@value #DEFAULT_IDLE_STRATEGY}. */
    public EngineContext idleStrategy(final String name)
    {
        this.idleStrategyName = name;
        this.idleStrategy = null;
        return this;
    }

    /** Idle strategy instance (overrides the name). */
    public EngineContext idleStrategy(final IdleStrategy idleStrategy)
    {
        this.idleStrategy = idleStrategy;
        return this;
    }

    public IdleStrategy idleStrategy()
    {
        return idleStrategy;
    }

    public String idleStrategyName()
    {
        return idleStrategyName;
    }

    /** Receives errors caught in the duty cycle (they are also counted). Default: print to stderr. */
    public EngineContext errorHandler(final ErrorHandler errorHandler)
    {
        this.errorHandler = errorHandler;
        return this;
    }

    public ErrorHandler errorHandler()
    {
        return errorHandler;
    }

    /**
     * Receives one line per failed initiator connection: the session, {@code host:port}, the reason, the attempt
     * and when the next one is due (no stack trace; the failures are also counted). Poller thread. Default: print
     * the line to stderr.
     */
    public EngineContext connectLog(final Consumer<String> connectLog)
    {
        this.connectLog = connectLog;
        return this;
    }

    public Consumer<String> connectLog()
    {
        return connectLog;
    }

    public EngineContext counters(final EngineCounters counters)
    {
        this.counters = counters;
        return this;
    }

    public EngineCounters counters()
    {
        return counters;
    }

    /** Starts the poller thread (pinning belongs here). Default: a thread named {@code <name>-poller}. */
    public EngineContext threadFactory(final ThreadFactory threadFactory)
    {
        this.threadFactory = threadFactory;
        return this;
    }

    public ThreadFactory threadFactory()
    {
        return threadFactory;
    }

    /** Largest inbound message, checked from BodyLength before buffering. Default 65536. */
    public EngineContext maxMessageSize(final int maxMessageSize)
    {
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    /** Time an accepted connection has to send its first message. Default 10 s. */
    public EngineContext logonTimeoutNanos(final long logonTimeoutNanos)
    {
        this.logonTimeoutNanos = logonTimeoutNanos;
        return this;
    }

    public long logonTimeoutNanos()
    {
        return logonTimeoutNanos;
    }

    /** Time {@link FixEngine#close()} waits for the Logout handshakes. Default 3 s. */
    public EngineContext shutdownTimeoutNanos(final long shutdownTimeoutNanos)
    {
        this.shutdownTimeoutNanos = shutdownTimeoutNanos;
        return this;
    }

    public long shutdownTimeoutNanos()
    {
        return shutdownTimeoutNanos;
    }

    public EngineContext commandQueueCapacity(final int commandQueueCapacity)
    {
        this.commandQueueCapacity = commandQueueCapacity;
        return this;
    }

    public int commandQueueCapacity()
    {
        return commandQueueCapacity;
    }

    /**
     * Caps on accepted connections that have not yet been routed to a session by their Logon: overall and per remote
     * address (defaults {@value #DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS} and
     * {@value #DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS_PER_ADDRESS}). A connection over a cap is closed when accepted.
     */
    public EngineContext maxUnauthenticatedConnections(final int overall, final int perAddress)
    {
        this.maxUnauthenticatedConnections = overall;
        this.maxUnauthenticatedConnectionsPerAddress = perAddress;
        return this;
    }

    public int maxUnauthenticatedConnections()
    {
        return maxUnauthenticatedConnections;
    }

    public int maxUnauthenticatedConnectionsPerAddress()
    {
        return maxUnauthenticatedConnectionsPerAddress;
    }

    /** Name for the poller thread and reports. Default {@code fixtape}. */
    public EngineContext name(final String name)
    {
        this.name = name;
        return this;
    }

    public String name()
    {
        return name;
    }

    /**
     * A directory for the engine's files other processes read: {@code counters.dat}, its counters and every session's
     * metrics ({@code fixtape stat}, {@code fixtape session list}). Default null: counters in memory only.
     */
    public EngineContext engineDirectory(final java.nio.file.Path engineDirectory)
    {
        this.engineDirectory = engineDirectory;
        return this;
    }

    public java.nio.file.Path engineDirectory()
    {
        return engineDirectory;
    }

    /** Serve the counters in the Prometheus format and health answers on this port (0: any free port). Default -1: off. */
    public EngineContext metricsHttpPort(final int metricsHttpPort)
    {
        this.metricsHttpPort = metricsHttpPort;
        return this;
    }

    public int metricsHttpPort()
    {
        return metricsHttpPort;
    }

    /** Address the metrics endpoint binds. Default {@value #DEFAULT_METRICS_HTTP_ADDRESS}. */
    public EngineContext metricsHttpAddress(final String metricsHttpAddress)
    {
        this.metricsHttpAddress = metricsHttpAddress;
        return this;
    }

    public String metricsHttpAddress()
    {
        return metricsHttpAddress;
    }

    /**
     * Register an MBean per session ({@link SessionControlMBean}: state, sequence numbers, logout, reset, set
     * sequence numbers; run on the poller thread) in the platform MBean server. Default false.
     */
    public EngineContext jmxEnabled(final boolean jmxEnabled)
    {
        this.jmxEnabled = jmxEnabled;
        return this;
    }

    public boolean jmxEnabled()
    {
        return jmxEnabled;
    }

    /**
     * Whether each session publishes its metrics into {@link #counters} (they need room for them: see
     * {@code EngineCounters.inMemory/inDirectory}). Default: when an engine directory or a metrics port is set.
     */
    public EngineContext sessionMetrics(final boolean sessionMetrics)
    {
        this.sessionMetrics = sessionMetrics;
        return this;
    }

    public boolean sessionMetrics()
    {
        return sessionMetrics != null ? sessionMetrics : engineDirectory != null || metricsHttpPort >= 0;
    }

    /**
     * Whether sessions report their events (connected, Logon, Logout, disconnect, ResendRequest, SequenceReset,
     * Rejects, store failure, slow consumer), one line each through {@link #sessionEventSink}. Default true.
     */
    public EngineContext sessionEvents(final boolean sessionEvents)
    {
        this.sessionEvents = sessionEvents;
        return this;
    }

    public boolean sessionEvents()
    {
        return sessionEvents;
    }

    /**
     * A session event log shared with other engines (e.g. the workers of one acceptor), whose logger the caller
     * runs. Default null: the engine creates its own and runs its logger on a thread
     * ({@value io.fixtape.engine.status.SessionEventLogger#ROLE_NAME}).
     */
    public EngineContext sessionEventLog(final SessionEventLog sessionEventLog)
    {
        this.sessionEventLog = sessionEventLog;
        return this;
    }

    public SessionEventLog sessionEventLog()
    {
        return sessionEventLog;
    }

    /** Where the engine's own event logger puts its lines. Default {@link SessionEventSink#slf4j()}. */
    public EngineContext sessionEventSink(final SessionEventSink sessionEventSink)
    {
        this.sessionEventSink = sessionEventSink;
        return this;
    }

    public SessionEventSink sessionEventSink()
    {
        return sessionEventSink;
    }

    /**
     * Fill defaults and validate.
     *
     * @throws IllegalArgumentException naming the bad field.
     */
    public EngineContext conclude()
    {
        if (endpoints.isEmpty() && templates.isEmpty() && transport == null)
        {
            // with a supplied transport, sessions may arrive later through FixEngine.addSession (cluster-shard workers)
            throw new IllegalArgumentException("sessions: at least one session or acceptor template is required");
        }
        if (transport != null)
        {
            for (final SessionEndpoint endpoint : endpoints)
            {
                if (endpoint.tls() != null)
                {
                    throw new IllegalArgumentException("transport: session " + endpoint.config().sessionId() +
                        " asks for TLS, which only the engine's own TCP transport runs (" + transport.name() + ")");
                }
                if (endpoint.isInitiator() && !transport.canConnect())
                {
                    throw new IllegalArgumentException("transport: initiator session " + endpoint.config().sessionId() +
                        " needs a transport that connects (" + transport.name() + " serves acceptor sessions only)");
                }
            }
        }
        if (maxMessageSize < 256)
        {
            throw new IllegalArgumentException("maxMessageSize must be >= 256: " + maxMessageSize);
        }
        if (logonTimeoutNanos <= 0)
        {
            throw new IllegalArgumentException("logonTimeoutNanos must be > 0: " + logonTimeoutNanos);
        }
        if (shutdownTimeoutNanos < 0)
        {
            throw new IllegalArgumentException("shutdownTimeoutNanos must be >= 0: " + shutdownTimeoutNanos);
        }
        if (maxUnauthenticatedConnections <= 0 || maxUnauthenticatedConnectionsPerAddress <= 0)
        {
            throw new IllegalArgumentException("maxUnauthenticatedConnections and maxUnauthenticatedConnectionsPerAddress" +
                " must be > 0: " + maxUnauthenticatedConnections + ", " + maxUnauthenticatedConnectionsPerAddress);
        }
        if (commandQueueCapacity < 2)
        {
            throw new IllegalArgumentException("commandQueueCapacity must be >= 2: " + commandQueueCapacity);
        }
        if (clock == null)
        {
            clock = new OffsetEpochNanoClock();
        }
        if (storeFactory == null)
        {
            storeFactory = sessionId -> new InMemoryMessageStore();
        }
        if (transportConfig == null)
        {
            transportConfig = new TcpTransportConfig();
        }
        transportConfig.conclude();
        if (transportConfig.outboundBufferCapacity() < maxMessageSize)
        {
            throw new IllegalArgumentException("transportConfig.outboundBufferCapacity (" +
                transportConfig.outboundBufferCapacity() + ") must be >= maxMessageSize (" + maxMessageSize + ")");
        }
        if (idleStrategy == null)
        {
            idleStrategy = IdleStrategies.byName(idleStrategyName);
        }
        if (metricsHttpPort > 65535 || metricsHttpPort < -1)
        {
            throw new IllegalArgumentException("metricsHttpPort must be 0..65535 (or -1: off): " + metricsHttpPort);
        }
        if (counters == null)
        {
            final int sessionCapacity = endpoints.size() + DEFAULT_EXTRA_SESSION_CAPACITY;
            counters = engineDirectory != null ?
                EngineCounters.inDirectory(engineDirectory, name, sessionCapacity, clock.nanoTime() / 1_000_000) :
                metricsHttpPort >= 0 ? EngineCounters.inMemory(sessionCapacity) : new EngineCounters();
        }
        if (errorHandler == null)
        {
            errorHandler = Throwable::printStackTrace;
        }
        if (connectLog == null)
        {
            connectLog = line -> System.err.println("fixtape: " + line);
        }
        if (threadFactory == null)
        {
            final String threadName = name + "-poller";
            threadFactory = runnable -> new Thread(runnable, threadName);
        }
        if (sessionEvents && sessionEventSink == null)
        {
            sessionEventSink = SessionEventSink.slf4j();
        }
        for (final SessionEndpoint endpoint : endpoints)
        {
            endpoint.config().conclude();
        }
        return this;
    }
}
