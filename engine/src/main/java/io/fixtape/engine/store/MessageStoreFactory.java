package io.fixtape.engine.store;

import io.fixtape.engine.session.SessionId;

import java.util.List;

/** Creates (or reopens) the store of one session. The journal module supplies a persisted implementation. */
@FunctionalInterface
public interface MessageStoreFactory
{
    MessageStore create(SessionId sessionId);

    /**
     * Declares that the stores of this factory will be used by up to {@code threads} threads at once — one per worker
     * engine of a cluster-shard model — and that {@link #create} may be called from a thread other than those.
     * Each session's store is used by one thread at a time (the worker serving the session; a hand-over between
     * workers happens-before the new worker's first call). A factory whose stores share state across sessions
     * (the journal: one Chronicle appender, one state file) must make that state safe here or throw. Called once,
     * before any of those threads starts. Default: nothing to do — the engine's heap stores share nothing.
     */
    default void concurrentWriters(final int threads)
    {
    }

    /**
     * The sessions this factory has stored before (e.g. in an earlier run), so that an acceptor template can create
     * them again at start-up with their sequence numbers. Configuration thread. Default: none (a heap store keeps
     * nothing between runs).
     */
    default List<SessionId> knownSessions()
    {
        return List.of();
    }
}
