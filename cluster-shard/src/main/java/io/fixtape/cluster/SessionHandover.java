package io.fixtape.cluster;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.transport.tcp.TcpTransport;
import org.agrona.ErrorHandler;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The sessions of a fan-out model and the workers serving them: creates each session's {@link SessionBridge} on the
 * worker it starts on, binds the session to that worker's {@link WorkerIpc}, and hands each connection the
 * accepting agent identified to its worker ({@link #handOff}) — in the pool model moving the session's state to
 * that worker first when it can move ({@link #moveOrKeep}).
 *
 * <p>Threading: {@link #endpointOn}, {@link #markCreated} and {@link #bindAll} on the launching thread before the
 * accepting agent starts; {@link #handOff} (which creates a pool session at its first Logon) on the accepting
 * agent's thread; the work it queues runs on the workers' threads, ordered by their command queues. The worker
 * arrays are filled by the launching thread before any hand-over.
 */
final class SessionHandover implements AcceptingAgent.Handoff
{
    private final AcceptorModel model;
    private final List<SessionEndpoint> endpoints;
    private final ClusterCounters counters;
    private final ErrorHandler errorHandler;
    private final FixEngine[] workers;
    private final TcpTransport[] workerTransports;
    private final WorkerIpc[] workerIpc;
    private final boolean[] created;
    /** Per session index: 1 while its application holds replies (application agent writes, workers read). */
    private final AtomicIntegerArray holding;
    /** Per session index: its sequence numbers and counters as the workers publish them for the application agent. */
    private final SessionStates states;
    /** Pool: holder and busy flag of each session (accepting agent and workers). */
    private final SessionPlacement.PoolState poolState;
    /** Pool: each session and its bridge once created (written by the accepting agent before any hand-over). */
    private final Session[] sessionsByIndex;
    private final SessionBridge[] bridges;

    SessionHandover(
        final AcceptorModel model, final List<SessionEndpoint> endpoints, final ClusterCounters counters,
        final ErrorHandler errorHandler, final FixEngine[] workers, final TcpTransport[] workerTransports,
        final WorkerIpc[] workerIpc)
    {
        this.model = model;
        this.endpoints = endpoints;
        this.counters = counters;
        this.errorHandler = errorHandler;
        this.workers = workers;
        this.workerTransports = workerTransports;
        this.workerIpc = workerIpc;
        this.created = new boolean[endpoints.size()];
        this.holding = new AtomicIntegerArray(endpoints.size());
        this.states = new SessionStates(endpoints.size());
        this.poolState = new SessionPlacement.PoolState(endpoints.size());
        this.sessionsByIndex = new Session[endpoints.size()];
        this.bridges = new SessionBridge[endpoints.size()];
    }

    /** Per session index: 1 while its application holds replies; the application agent writes it. */
    AtomicIntegerArray holding()
    {
        return holding;
    }

    /** Per session index: what the application agent's handles read of the real sessions. */
    SessionStates states()
    {
        return states;
    }

    /** The pool's placement state (holder and busy flag of each session). */
    SessionPlacement.PoolState poolState()
    {
        return poolState;
    }

    /** The endpoint with its application replaced. */
    static SessionEndpoint rebind(final SessionEndpoint endpoint, final Application application)
    {
        return SessionEndpoint.acceptor(endpoint.config(), application, endpoint.address());
    }

    /** Session {@code sessionIndex} as {@code worker} serves it: its endpoint with a new bridge to the application. */
    SessionEndpoint endpointOn(final int sessionIndex, final int worker)
    {
        return rebind(endpoints.get(sessionIndex), bridge(sessionIndex, worker));
    }

    /** Session {@code sessionIndex} exists on a worker: a hand-over only moves its connection (or its state). */
    void markCreated(final int sessionIndex)
    {
        created[sessionIndex] = true;
    }

    private SessionBridge bridge(final int sessionIndex, final int worker)
    {
        final SessionBridge bridge = SessionBridge.fanOut(sessionIndex, worker, workerIpc[worker].outbox(), counters,
            errorHandler, holding, model == AcceptorModel.POOL ? poolState : null, states);
        bridges[sessionIndex] = bridge;
        return bridge;
    }

    /** Hand the sessions a worker was built with to its IPC task, on the worker's thread. */
    void bindAll(final int worker)
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
    @Override
    public void handOff(final int sessionIndex, final int worker, final SocketChannel channel, final byte[] bytesRead)
    {
        try
        {
            if (!created[sessionIndex])
            {
                final FixEngine engine = workers[worker];
                final Session session = engine.addSession(endpointOn(sessionIndex, worker));
                markCreated(sessionIndex);
                sessionsByIndex[sessionIndex] = session;
                poolState.holder(sessionIndex, worker);
                final WorkerIpc ipc = workerIpc[worker];
                engine.execute(() -> ipc.bind(sessionIndex, session));
            }
            final int holder = model == AcceptorModel.POOL ? poolState.holder(sessionIndex) : worker;
            if (holder == worker ?
                workers[worker].execute(() -> adopt(worker, channel, bytesRead)) :
                workers[holder].execute(() -> moveOrKeep(sessionIndex, holder, worker, channel, bytesRead)))
            {
                return;
            }
        }
        catch (final RuntimeException ex)
        {
            errorHandler.onError(ex);
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
            workers[from].detachSession(session, SessionHandover::canMove) : null;
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
            errorHandler.onError(ex);
            counters.poolMovesDeclined.increment();
            poolState.holder(sessionIndex, from);
            keep(session, store, sessionIndex, from, channel, bytesRead);
            return;
        }
        counters.poolMoves.increment();
    }

    /** The move was refused by {@code from}'s target: serve the session and the connection on {@code from} again. */
    private void keep(final Session session, final MessageStore store, final int sessionIndex, final int from,
        final SocketChannel channel, final byte[] bytesRead)
    {
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
            errorHandler.onError(closing); // both workers closing: nothing will serve it any more
            store.close();
            refuse(channel);
        }
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
}
