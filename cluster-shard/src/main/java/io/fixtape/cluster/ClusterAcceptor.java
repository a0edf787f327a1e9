package io.fixtape.cluster;

import io.aeron.Publication;
import io.aeron.Subscription;
import io.fixtape.engine.app.Application;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.IdleStrategies;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.transport.tcp.TcpTransport;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.ThreadPlacement;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

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
 * ({@link EmbeddedDriver}), so the fan-out models run workers + 1 busy agents + 1 mostly parked driver thread.
 *
 * <p>Threading: {@link #launch} and {@link #close} on one controlling thread; {@link #counters()} and
 * {@link #profile()} from any thread.
 */
public final class ClusterAcceptor implements AutoCloseable
{
    private static final String IPC = "aeron:ipc?term-length=";
    private static final long SETUP_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ClusterContext context;
    private final EngineContext base;
    private final ClusterCounters counters;
    private final List<SessionEndpoint> endpoints;
    private final FixEngine[] workers;
    private final TcpTransport[] workerTransports;
    private final WorkerIpc[] workerIpc;
    private final String[] pinnedCpus;
    private final boolean[] created;
    /** Per session index: 1 while its application holds replies (application agent writes, workers read). */
    private final AtomicIntegerArray holding;
    /** Pool: holder and busy flag of each session (accepting agent and workers). */
    private final SessionPlacement.PoolState poolState;
    /** Pool: each session and its bridge once created (written by the accepting agent before any hand-over). */
    private final Session[] sessionsByIndex;
    private final SessionBridge[] bridges;
    private EmbeddedDriver driver;
    private AgentRunner controlRunner;
    private int boundPort = -1;
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
        this.pinnedCpus = new String[threads];
        this.created = new boolean[endpoints.size()];
        this.holding = new AtomicIntegerArray(endpoints.size());
        this.poolState = new SessionPlacement.PoolState(endpoints.size());
        this.sessionsByIndex = new Session[endpoints.size()];
        this.bridges = new SessionBridge[endpoints.size()];
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
            return acceptor;
        }
        catch (final RuntimeException ex)
        {
            acceptor.close();
            throw ex;
        }
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
            engineContext.addSession(rebind(endpoint, counted));
        }
        base.tasks().forEach(engineContext::addTask);
        workers[0] = FixEngine.launch(engineContext);
        boundPort = workers[0].boundPort();
    }

    private void startFanOut()
    {
        final int threads = workers.length;
        driver = new EmbeddedDriver(context.aeronDirectoryName(), base.errorHandler());
        final String channel = IPC + context.ipcTermLength();
        final Publication inbound = driver.aeron().addPublication(channel, IpcHeaderDescriptor.INBOUND_STREAM_ID);
        final Subscription appSubscription =
            driver.aeron().addSubscription(channel, IpcHeaderDescriptor.INBOUND_STREAM_ID);
        final IpcOutbox[] replyOutboxes = new IpcOutbox[threads];
        final Subscription[] replySubscriptions = new Subscription[threads];
        final List<Publication> publications = new ArrayList<>();
        publications.add(inbound);
        final int maxLength = base.maxMessageSize() + IpcHeaderDescriptor.HEADER_LENGTH;
        for (int w = 0; w < threads; w++)
        {
            final Publication reply = driver.aeron().addExclusivePublication(
                channel, IpcHeaderDescriptor.REPLY_STREAM_ID_BASE + w);
            publications.add(reply);
            replySubscriptions[w] = driver.aeron().addSubscription(channel, IpcHeaderDescriptor.REPLY_STREAM_ID_BASE + w);
            replyOutboxes[w] = new IpcOutbox(reply, counters, maxLength, context.maxPendingBytes());
        }
        awaitConnected(publications);

        final Application[] applications = new Application[endpoints.size()];
        final RemoteSession[] remoteSessions = new RemoteSession[endpoints.size()];
        for (int i = 0; i < endpoints.size(); i++)
        {
            applications[i] = endpoints.get(i).application();
            remoteSessions[i] = new RemoteSession(
                i, endpoints.get(i).config(), base.clock(), replyOutboxes, base.maxMessageSize());
        }
        final AppAgent appAgent = new AppAgent(
            appSubscription, applications, remoteSessions, replyOutboxes, counters, base.errorHandler(), base.clock(),
            holding, replySubscriptions);

        final CountDownLatch pinned = new CountDownLatch(threads);
        final Throwable[] pinErrors = new Throwable[threads];
        for (int w = 0; w < threads; w++)
        {
            workerIpc[w] = new WorkerIpc(w, new IpcOutbox(inbound, counters, maxLength, context.maxPendingBytes()),
                replySubscriptions[w], endpoints.size(), counters, base.errorHandler());
        }
        final List<Agent> controlAgents = new ArrayList<>();
        if (context.model() == AcceptorModel.MONO)
        {
            final EngineContext engineContext = workerContext("fixtape", null, base.counters());
            for (int i = 0; i < endpoints.size(); i++)
            {
                engineContext.addSession(rebind(endpoints.get(i), bridge(i, 0)));
            }
            base.tasks().forEach(engineContext::addTask);
            engineContext.addTask(workerIpc[0]);
            workers[0] = FixEngine.launch(engineContext);
            bindAll(0);
            boundPort = workers[0].boundPort();
        }
        else
        {
            final boolean shard = context.model() == AcceptorModel.SHARD;
            final List<SessionId> ids = new ArrayList<>();
            endpoints.forEach(endpoint -> ids.add(endpoint.config().sessionId()));
            final SessionPlacement placement = shard ?
                SessionPlacement.shard(ids, threads) : SessionPlacement.leastLoaded(poolState, threads);
            for (int w = 0; w < threads; w++)
            {
                final String name = (shard ? "fixtape-shard-" : "fixtape-pool-") + w; // thread: <name>-poller
                workerTransports[w] = new TcpTransport(base.transportConfig(), new EngineCounters());
                final EngineContext engineContext = workerContext(name,
                    shard ? pinningFactory(name, w, context.cpus()[w], pinned, pinErrors) : null, null)
                    .transport(workerTransports[w]);
                if (shard)
                {
                    for (int i = 0; i < endpoints.size(); i++)
                    {
                        if (placement.workerFor(i) == w)
                        {
                            engineContext.addSession(rebind(endpoints.get(i), bridge(i, w)));
                            created[i] = true;
                        }
                    }
                }
                engineContext.addTask(workerIpc[w]);
                workers[w] = FixEngine.launch(engineContext);
                bindAll(w);
            }
            if (shard)
            {
                awaitPins(pinned, pinErrors);
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
            controlAgents.add(new AcceptingAgent(acceptTransport, indexByKey, placement, this::handOff, base.clock(),
                counters, base.logonTimeoutNanos(), base.maxMessageSize()));
        }
        controlAgents.add(appAgent);
        controlAgents.add(driver.agent());
        final IdleStrategy appIdle = IdleStrategies.byName(context.appIdleStrategy());
        // AgentRunner.startOnThread names the thread after the agent: keep it short (Linux shows 15 characters)
        final String controlName = controlAgents.size() > 2 ? "fixtape-app+acc" : "fixtape-app";
        controlRunner = new AgentRunner(appIdle, base.errorHandler(), null,
            new NamedAgent(controlName, new CompositeAgent(controlAgents)));
        AgentRunner.startOnThread(controlRunner, runnable -> new Thread(runnable, controlName));
    }

    private SessionBridge bridge(final int sessionIndex, final int worker)
    {
        final SessionBridge bridge = SessionBridge.fanOut(sessionIndex, worker, workerIpc[worker].outbox(), counters,
            base.errorHandler(), holding, context.model() == AcceptorModel.POOL ? poolState : null);
        bridges[sessionIndex] = bridge;
        return bridge;
    }

    /** Hand the sessions a worker was built with to its IPC task, on the worker's thread. */
    private void bindAll(final int worker)
    {
        for (final Session session : workers[worker].sessions())
        {
            final int index = indexOf(session.sessionId());
            final WorkerIpc ipc = workerIpc[worker];
            if (!workers[worker].execute(() -> ipc.bind(index, session)))
            {
                throw new IllegalStateException("worker " + worker + ": command queue full at start");
            }
        }
    }

    private int indexOf(final SessionId id)
    {
        for (int i = 0; i < endpoints.size(); i++)
        {
            if (endpoints.get(i).config().sessionId().equals(id))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("no session " + id);
    }

    /**
     * Accepting agent's thread: the connection of {@code sessionIndex} goes to {@code worker}. Shard and pool's first
     * Logon: create the session there (pool) and adopt the socket. Pool, session held by another worker: ask the
     * holder to move the session ({@link #moveOrKeep}, on the holder's thread).
     */
    private void handOff(final int sessionIndex, final int worker, final SocketChannel channel, final byte[] bytesRead)
    {
        try
        {
            if (!created[sessionIndex])
            {
                final FixEngine engine = workers[worker];
                final Session session = engine.addSession(rebind(endpoints.get(sessionIndex), bridge(sessionIndex, worker)));
                created[sessionIndex] = true;
                sessionsByIndex[sessionIndex] = session;
                poolState.holder(sessionIndex, worker);
                final WorkerIpc ipc = workerIpc[worker];
                engine.execute(() -> ipc.bind(sessionIndex, session));
            }
            final int holder = context.model() == AcceptorModel.POOL ? poolState.holder(sessionIndex) : worker;
            if (holder == worker ?
                workers[worker].execute(() -> adopt(worker, channel, bytesRead)) :
                workers[holder].execute(() -> moveOrKeep(sessionIndex, holder, worker, channel, bytesRead)))
            {
                return;
            }
        }
        catch (final RuntimeException ex)
        {
            base.errorHandler().onError(ex);
        }
        refuse(channel);
    }

    /** Worker {@code worker}'s thread: serve the connection (its transport reports it as just accepted). */
    private void adopt(final int worker, final SocketChannel channel, final byte[] bytesRead)
    {
        counters.handoffs(worker).increment();
        workerTransports[worker].adopt(channel, bytesRead);
    }

    /**
     * Pool, on the holder's thread: move the session to {@code to} if its state can move now, else keep it and serve
     * the connection here. The state moves only between connections: the session has no connection and is neither
     * logging on nor out, every event the holder produced for the application has been published (its outbox has
     * nothing pending, so the application sees the old connection's Logout before the new Logon), and its store
     * keeps its state on the heap with no thread of its own ({@link #canMove}). The same {@code Session} object then
     * goes to {@code to} with its store: sequence numbers, stored messages for resend and counters follow unchanged.
     */
    private void moveOrKeep(
        final int sessionIndex, final int from, final int to, final SocketChannel channel, final byte[] bytesRead)
    {
        final Session session = sessionsByIndex[sessionIndex];
        final MessageStore store = workerIpc[from].outbox().pendingBytes() == 0 ?
            workers[from].detachSession(session, ClusterAcceptor::canMove) : null;
        if (store == null)
        {
            counters.poolMovesDeclined.increment();
            adopt(from, channel, bytesRead);
            return;
        }
        workerIpc[from].unbind(sessionIndex);
        poolState.holder(sessionIndex, to);
        final SessionBridge bridge = bridges[sessionIndex];
        final WorkerIpc ipc = workerIpc[to];
        try
        {
            // one command on 'to': serve the session, point its bridge and reply binding there, hand it the socket
            workers[to].adoptSession(session, store, () ->
            {
                bridge.moveTo(to, ipc.outbox());
                ipc.bind(sessionIndex, session);
                adopt(to, channel, bytesRead);
            });
        }
        catch (final RuntimeException ex)
        {
            // 'to' is closing or its command queue is full: nothing was queued there, the session stays here
            base.errorHandler().onError(ex);
            counters.poolMovesDeclined.increment();
            poolState.holder(sessionIndex, from);
            try
            {
                workers[from].adoptSession(session, store, () ->
                {
                    workerIpc[from].bind(sessionIndex, session);
                    adopt(from, channel, bytesRead);
                });
            }
            catch (final RuntimeException closing)
            {
                base.errorHandler().onError(closing); // both workers closing: nothing will serve it any more
                store.close();
                refuse(channel);
            }
            return;
        }
        counters.poolMoves.increment();
    }

    /**
     * Whether a store's state may be used from another worker thread: the engine's heap stores
     * ({@link InMemoryMessageStore}, {@link NoMessageStore}). Any other store (a journal bound to its writer thread,
     * a user store) keeps its session on the worker that created it.
     */
    static boolean canMove(final MessageStore store)
    {
        return store instanceof InMemoryMessageStore || store instanceof NoMessageStore;
    }

    private void refuse(final SocketChannel channel)
    {
        counters.acceptRefused.increment();
        try
        {
            channel.close();
        }
        catch (final IOException ignore)
        {
            // refused connection: nothing more to release
        }
    }

    private static SessionEndpoint rebind(final SessionEndpoint endpoint, final Application application)
    {
        return SessionEndpoint.acceptor(endpoint.config(), application, endpoint.address());
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
            .commandQueueCapacity(base.commandQueueCapacity());
        engineContext.threadFactory(threadFactory != null ? threadFactory : runnable -> new Thread(runnable, name));
        return engineContext;
    }

    /** Starts a shard's thread pinned to {@code cpu}; the pin is read back from the OS before the agent runs. */
    private ThreadFactory pinningFactory(
        final String name, final int worker, final int cpu, final CountDownLatch pinned, final Throwable[] errors)
    {
        return runnable -> new Thread(() ->
        {
            try
            {
                final ThreadPlacement placement = CpuAffinity.pinCurrentThread(cpu);
                pinnedCpus[worker] = placement.cpus();
            }
            catch (final Throwable t)
            {
                errors[worker] = t;
            }
            finally
            {
                pinned.countDown();
            }
            runnable.run(); // a failed pin still runs the agent so that launch() can close it gracefully
        }, name);
    }

    private void awaitPins(final CountDownLatch pinned, final Throwable[] errors)
    {
        try
        {
            if (!pinned.await(10, TimeUnit.SECONDS))
            {
                throw new IllegalStateException("shard threads did not report their CPU pin within 10 s");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pinning shards", ex);
        }
        for (int w = 0; w < errors.length; w++)
        {
            if (errors[w] != null)
            {
                throw new IllegalStateException("shard " + w + ": CPU pin to " + context.cpus()[w] +
                    " could not be applied: " + errors[w].getMessage(), errors[w]);
            }
        }
    }

    private void awaitConnected(final List<Publication> publications)
    {
        final IdleStrategy idle = IdleStrategies.byName("backoff");
        final long deadline = System.nanoTime() + SETUP_TIMEOUT_NANOS;
        for (final Publication publication : publications)
        {
            while (!publication.isConnected())
            {
                if (System.nanoTime() > deadline)
                {
                    throw new IllegalStateException("IPC stream " + publication.streamId() + " not connected in 10 s");
                }
                idle.idle(driver.invoke());
            }
        }
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
     * message counts — the fields a bench profile needs to verify the declared topology.
     */
    public Map<String, Object> profile()
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("acceptor_model", context.model().text());
        profile.put("worker_threads", workers.length);
        profile.put("agent_threads", context.agentThreads());
        profile.put("worker_idle_strategy", base.idleStrategyName());
        if (context.model().fansOut())
        {
            profile.put("app_idle_strategy", context.appIdleStrategy());
            profile.put("aeron", "embedded media driver, SHARED mode on its own thread (aeron-driver, backoff idle, "
                + "parks up to " + EmbeddedDriver.MAX_PARK_NS / 1000 + " us); client conductor stepped by the "
                + "application agent; IPC streams "
                + IpcHeaderDescriptor.INBOUND_STREAM_ID + " (inbound) and " + IpcHeaderDescriptor.REPLY_STREAM_ID_BASE
                + "+w (replies), header v" + IpcHeaderDescriptor.VERSION);
        }
        final int allowed = context.allowedCpus();
        if (context.agentThreads() > allowed)
        {
            profile.put("oversubscribed", context.agentThreads() + " agent threads on " + allowed + " CPU(s) this "
                + "process may use: idle strategies " + base.idleStrategyName() + " (workers) / "
                + context.appIdleStrategy() + " (application agent); busy-spin is refused in this case");
        }
        final Map<String, String> cpusByThread = new LinkedHashMap<>();
        try
        {
            for (final ThreadPlacement placement : CpuAffinity.selfThreads())
            {
                if (placement.name().startsWith("fixtape-"))
                {
                    cpusByThread.put(placement.name(), placement.cpus());
                }
            }
        }
        catch (final RuntimeException ex)
        {
            cpusByThread.put("error", String.valueOf(ex.getMessage()));
        }
        profile.put("thread_cpus_read_back", cpusByThread);
        final List<Map<String, Object>> perWorker = new ArrayList<>();
        for (int w = 0; w < workers.length; w++)
        {
            final Map<String, Object> one = new LinkedHashMap<>();
            one.put("worker", w);
            if (context.cpus() != null)
            {
                one.put("cpu_requested", context.cpus()[w]);
                one.put("cpu_read_back", pinnedCpus[w]);
            }
            one.put("sessions", counters.sessions(w).get());
            one.put("logons", counters.logons(w).get());
            one.put("messages", counters.messages(w).get());
            one.put("admin", counters.adminMessages(w).get());
            one.put("replies", counters.replies(w).get());
            perWorker.add(one);
        }
        profile.put("workers", perWorker);
        if (context.model().fansOut())
        {
            profile.put("reply_refused", counters.replyRefused.get());
            profile.put("reply_dropped_at_close", counters.replyDroppedAtClose.get());
        }
        if (context.model() == AcceptorModel.POOL)
        {
            profile.put("pool_moves", counters.poolMoves.get());
            profile.put("pool_moves_declined", counters.poolMovesDeclined.get());
        }
        return profile;
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
        CloseHelper.quietClose(driver);
    }
}
