package io.fixtape.engine.runtime;

import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.status.EngineCounters;
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
    private EngineCounters counters;
    private ThreadFactory threadFactory;
    private int maxMessageSize = FixFramer.DEFAULT_MAX_MESSAGE_SIZE;
    private long logonTimeoutNanos = DEFAULT_LOGON_TIMEOUT_NANOS;
    private long shutdownTimeoutNanos = DEFAULT_SHUTDOWN_TIMEOUT_NANOS;
    private int commandQueueCapacity = DEFAULT_COMMAND_QUEUE_CAPACITY;
    private String name = "fixtape";

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
        if (counters == null)
        {
            counters = new EngineCounters();
        }
        if (errorHandler == null)
        {
            errorHandler = Throwable::printStackTrace;
        }
        if (threadFactory == null)
        {
            final String threadName = name + "-poller";
            threadFactory = runnable -> new Thread(runnable, threadName);
        }
        for (final SessionEndpoint endpoint : endpoints)
        {
            endpoint.config().conclude();
        }
        return this;
    }
}
