package io.fixtape.cluster;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.IdleStrategies;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.status.MetricsHttpServer;
import io.fixtape.engine.transport.tcp.TcpTransport;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;

/**
 * Acceptor sessions run under one of four {@link AcceptorModel}s (see docs/CLUSTER_SHARD.md):
 * <ul>
 *   <li>{@code single} — one {@link FixEngine}, application on its poller;</li>
 *   <li>{@code mono} — one engine for I/O and sessions, application on the application agent behind Aeron IPC;</li>
 *   <li>{@code pool} — an accepting agent reads each connection's Logon and hands the socket to the least-loaded
 *   of N worker engines (sticky per session), application behind IPC;</li>
 *   <li>{@code shard} — the same hand-over, to the shard chosen by a stable hash of the SessionId, each shard's
 *   thread pinned to its CPU and the pin read back (a pin that does not hold aborts {@link #launch}).</li>
 * </ul>
 * Each worker is a {@link FixEngine} with its own poller agent, TCP transport, counters and sessions; the engine
 * knows nothing of Aeron: the fan-out is an {@link Application} ({@link SessionBridge}) plus a duty-cycle task
 * ({@link WorkerIpc}) on each worker. The application agent, the accepting agent and the Aeron client conductor
 * share one thread ({@link CompositeAgent}); the embedded media driver has one backoff thread of its own
 * ({@link EmbeddedMediaDriver}), so the fan-out models run workers + 1 busy agents + 1 mostly parked driver thread.
 * This class starts and stops the model; its parts: {@link IpcStreams} (media driver, Aeron client and IPC streams),
 * {@link SessionHandover} (bridges, and connections handed to workers), {@link ShardPinning} and
 * {@link AcceptorProfile}.
 *
 * <p>Threading: {@link #launch} and {@link #close} on one controlling thread; {@link #counters()} and
 * {@link #profile()} from any thread.
 */
public final class ClusterAcceptor implements AutoCloseable
{
    private final ClusterContext context;
    private final EngineContext base;
    private final ClusterCounters counters;
    private final List<SessionEndpoint> endpoints;
    private final FixEngine[] workers;
    private final TcpTransport[] workerTransports;
    private final WorkerIpc[] workerIpc;
    private final ShardPinning pinning;
    private final SessionHandover handover;
    private IpcStreams ipc;
    private AgentRunner controlRunner;
    private int boundPort = -1;
    private MetricsHttpServer metricsHttp;
    private boolean closed;

    private ClusterAcceptor(final ClusterContext context)
    {
        this.context = context.conclude();
        this.base = context.engine().conclude();
        this.endpoints = base.sessions();
        final int threads = context.threads();
        this.counters = new ClusterCounters(threads);
        this.workers = new FixEngine[threads];
        this.workerTransports = new TcpTransport[threads];
        this.workerIpc = new WorkerIpc[threads];
        this.pinning = new ShardPinning(threads);
        this.handover = new SessionHandover(context.model(), endpoints, counters, base.errorHandler(), workers,
            workerTransports, workerIpc);
    }

    /**
     * Start the model: media driver and IPC streams (fan-out models), workers, the application agent and, for
     * pool/shard, the accepting agent.
     *
     * @throws IllegalArgumentException for a bad configuration (named); IllegalStateException when a shard's pin
     *                                  did not hold (everything started is closed again).
     */
    public static ClusterAcceptor launch(final ClusterContext context)
    {
        final ClusterAcceptor acceptor = new ClusterAcceptor(context);
        try
        {
            acceptor.start();
            acceptor.startMetricsHttp();
            return acceptor;
        }
        catch (final RuntimeException ex)
        {
            acceptor.close();
            throw ex;
        }
    }

    /** The base counters (the engine's, with the sessions' metrics under single and mono) over HTTP. */
    private void startMetricsHttp()
    {
        if (base.metricsHttpPort() >= 0)
        {
            metricsHttp = MetricsHttpServer.start(
                new InetSocketAddress(base.metricsHttpAddress(), base.metricsHttpPort()), base.counters().reader(),
                () -> !closed);
        }
    }

    /** The port of the metrics endpoint, or -1 when there is none. */
    public int metricsHttpPort()
    {
        return metricsHttp == null ? -1 : metricsHttp.port();
    }

    private void start()
    {
        switch (context.model())
        {
            case SINGLE:
                startSingle();
                return;
            case MONO:
            case POOL:
            case SHARD:
                startFanOut();
                return;
            default:
                throw new IllegalArgumentException("model: " + context.model());
        }
    }

    private void startSingle()
    {
        final EngineContext engineContext = workerContext("fixtape", null, base.counters());
        for (final SessionEndpoint endpoint : endpoints)
        {
            final Application counted = SessionBridge.counting(0, endpoint.application(), counters);
            engineContext.addSession(SessionHandover.rebind(endpoint, counted));
        }
        base.tasks().forEach(engineContext::addTask);
        workers[0] = FixEngine.launch(engineContext);
        boundPort = workers[0].boundPort();
    }

    private void startFanOut()
    {
        final int threads = workers.length;
        // Every worker engine takes the base context's store factory: one journal per directory, written by each
        // worker serving one of its sessions (and, for pool, opened for a session by the accepting agent at its first
        // Logon). Say so before any of those threads starts, so that a shared store serialises its writers.
        final int storeThreads = context.model() == AcceptorModel.POOL ? threads + 1 : threads;
        if (storeThreads > 1)
        {
            base.storeFactory().concurrentWriters(storeThreads);
        }
        ipc = IpcStreams.open(context, base, counters);
        final AppAgent appAgent = appAgent();
        for (int w = 0; w < threads; w++)
        {
            workerIpc[w] = new WorkerIpc(w, ipc.newInboundOutbox(), ipc.replySubscriptions()[w], handover.states(),
                endpoints.size(), counters, base.errorHandler());
        }
        final List<Agent> controlAgents = new ArrayList<>();
        if (context.model() == AcceptorModel.MONO)
        {
            startMono();
        }
        else
        {
            controlAgents.add(startWorkersAndAcceptor(context.model() == AcceptorModel.SHARD));
        }
        controlAgents.add(appAgent);
        controlAgents.add(ipc.clientAgent());
        final IdleStrategy appIdle = IdleStrategies.byName(context.appIdleStrategy());
        // AgentRunner.startOnThread names the thread after the agent: keep it short (Linux shows 15 characters)
        final String controlName = controlAgents.size() > 2 ? "fixtape-app+acc" : "fixtape-app";
        controlRunner = new AgentRunner(appIdle, base.errorHandler(), null,
            new NamedAgent(controlName, new CompositeAgent(controlAgents)));
        AgentRunner.startOnThread(controlRunner, runnable -> new Thread(runnable, controlName));
    }

    /** The application agent: every session's application, behind the IPC streams. */
    private AppAgent appAgent()
    {
        final Application[] applications = new Application[endpoints.size()];
        final RemoteSession[] remoteSessions = new RemoteSession[endpoints.size()];
        for (int i = 0; i < endpoints.size(); i++)
        {
            applications[i] = endpoints.get(i).application();
            remoteSessions[i] = new RemoteSession(i, endpoints.get(i).config(), handover.states(), base.clock(),
                ipc.replyOutboxes(), base.maxMessageSize());
        }
        return new AppAgent(ipc.appSubscription(), applications, remoteSessions, ipc.replyOutboxes(), counters,
            base.errorHandler(), base.clock(), handover.holding(), ipc.replySubscriptions());
    }

    /** Mono: one engine for I/O and every session, its sessions' events published to the application agent. */
    private void startMono()
    {
        final EngineContext engineContext = workerContext("fixtape", null, base.counters());
        for (int i = 0; i < endpoints.size(); i++)
        {
            engineContext.addSession(handover.endpointOn(i, 0));
        }
        base.tasks().forEach(engineContext::addTask);
        engineContext.addTask(workerIpc[0]);
        workers[0] = FixEngine.launch(engineContext);
        handover.bindAll(0);
        boundPort = workers[0].boundPort();
    }

    /**
     * Pool and shard: the worker engines (shard: each with its sessions, its thread pinned) and the accepting agent
     * that hands each connection to its worker.
     *
     * @return the accepting agent, to run on the application agent's thread.
     */
    private AcceptingAgent startWorkersAndAcceptor(final boolean shard)
    {
        final int threads = workers.length;
        final List<SessionId> ids = new ArrayList<>();
        endpoints.forEach(endpoint -> ids.add(endpoint.config().sessionId()));
        final SessionPlacement placement = shard ?
            SessionPlacement.shard(ids, threads) : SessionPlacement.leastLoaded(handover.poolState(), threads);
        for (int w = 0; w < threads; w++)
        {
            final String name = (shard ? "fixtape-shard-" : "fixtape-pool-") + w; // thread: <name>-poller
            workerTransports[w] = new TcpTransport(base.transportConfig(), new EngineCounters());
            final EngineContext engineContext = workerContext(name,
                shard ? pinning.threadFactory(name, w, context.cpus()[w]) : null, null)
                .transport(workerTransports[w]);
            if (shard)
            {
                for (int i = 0; i < endpoints.size(); i++)
                {
                    if (placement.workerFor(i) == w)
                    {
                        engineContext.addSession(handover.endpointOn(i, w));
                        handover.markCreated(i);
                    }
                }
            }
            if (w == 0)
            {
                base.tasks().forEach(engineContext::addTask); // once, as under single: e.g. the journal's msync
            }
            engineContext.addTask(workerIpc[w]);
            workers[w] = FixEngine.launch(engineContext);
            handover.bindAll(w);
        }
        if (shard)
        {
            pinning.await(context.cpus());
        }
        final TcpTransport acceptTransport = new TcpTransport(base.transportConfig(), base.counters());
        final Map<String, Integer> indexByKey = new HashMap<>();
        final Map<InetSocketAddress, Integer> ports = new LinkedHashMap<>();
        for (int i = 0; i < endpoints.size(); i++)
        {
            final SessionId id = ids.get(i);
            if (indexByKey.put(AcceptingAgent.key(id.beginString(), id.senderCompId(), id.targetCompId()), i) != null)
            {
                throw new IllegalArgumentException("AcceptorModel=" + context.model().text() + ": two sessions "
                    + "with the same BeginString and CompIDs (" + id + "): a Logon cannot tell them apart");
            }
            ports.computeIfAbsent(endpoints.get(i).address(), acceptTransport::bind);
        }
        boundPort = ports.values().iterator().next();
        return new AcceptingAgent(acceptTransport, indexByKey, placement, handover, base.clock(), counters,
            base.logonTimeoutNanos(), base.maxMessageSize());
    }

    /** A worker engine's context: the base settings, its own counters, thread name and (shard) pinning factory. */
    private EngineContext workerContext(final String name, final ThreadFactory threadFactory, final EngineCounters own)
    {
        final EngineContext engineContext = new EngineContext()
            .name(name)
            .clock(base.clock())
            .storeFactory(base.storeFactory())
            .transportConfig(base.transportConfig())
            .idleStrategy(base.idleStrategyName()) // by name: every worker gets its own (stateful) instance
            .errorHandler(base.errorHandler())
            .counters(own != null ? own : new EngineCounters())
            .maxMessageSize(base.maxMessageSize())
            .logonTimeoutNanos(base.logonTimeoutNanos())
            .shutdownTimeoutNanos(base.shutdownTimeoutNanos())
            .commandQueueCapacity(base.commandQueueCapacity())
            .sessionEvents(base.sessionEvents())
            .sessionEventSink(base.sessionEventSink())
            // single and mono serve every session on the engine whose counters are the base's (its counters file):
            // their sessions' metrics go there; pool and shard workers keep their counters in memory
            .sessionMetrics(own == base.counters() && base.sessionMetrics());
        engineContext.threadFactory(threadFactory != null ? threadFactory : runnable -> new Thread(runnable, name));
        return engineContext;
    }

    public AcceptorModel model()
    {
        return context.model();
    }

    public ClusterContext context()
    {
        return context;
    }

    /** The port of the first acceptor address. */
    public int boundPort()
    {
        return boundPort;
    }

    public ClusterCounters counters()
    {
        return counters;
    }

    /** Worker engines (one for single and mono). Touch their sessions only through {@code execute}. */
    public List<FixEngine> workers()
    {
        return List.of(workers);
    }

    /**
     * What was actually configured, with per-thread CPUs read back from the OS and each worker's own session and
     * message counts — the fields a bench profile needs to verify the declared topology ({@link AcceptorProfile}).
     */
    public Map<String, Object> profile()
    {
        return AcceptorProfile.describe(context, base, counters, workers.length, pinning);
    }

    /**
     * Graceful stop: workers log out their sessions and close (their last Logout events still reach the application
     * agent), then the application/accepting agent stops and the media driver closes. Idempotent.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (final FixEngine worker : workers)
        {
            CloseHelper.quietClose(worker);
        }
        CloseHelper.quietClose(controlRunner);
        CloseHelper.quietClose(ipc);
        CloseHelper.quietClose(metricsHttp);
        if (base.counters().file() != null)
        {
            base.counters().file().markClosed();
        }
    }
}
