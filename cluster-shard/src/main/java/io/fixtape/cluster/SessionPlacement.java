package io.fixtape.cluster;

import io.fixtape.engine.session.SessionId;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Which worker serves a session's next connection. {@link #shard}: a stable hash of the SessionId (FNV-1a 32 over
 * {@code BeginString:SenderCompID:TargetCompID[:Qualifier]}) modulo the shard count — the same on every run and JVM.
 * {@link #leastLoaded} (pool): the worker serving the fewest sessions now ({@link PoolState#busy}); a session whose
 * state a worker already holds stays there unless another worker serves strictly fewer sessions, in which case the
 * holder is asked to move it (it may decline: see {@link SessionHandover} and docs/CLUSTER_SHARD.md).
 *
 * <p>Threading: the accepting agent's thread only ({@link PoolState} is shared with the workers).
 */
abstract class SessionPlacement
{
    /** @return the worker for the new connection of {@code sessionIndex}. */
    abstract int workerFor(int sessionIndex);

    static SessionPlacement shard(final List<SessionId> sessions, final int shards)
    {
        final int[] owner = new int[sessions.size()];
        for (int i = 0; i < owner.length; i++)
        {
            owner[i] = shardOf(sessions.get(i), shards);
        }
        return new SessionPlacement()
        {
            @Override
            int workerFor(final int sessionIndex)
            {
                return owner[sessionIndex];
            }
        };
    }

    /**
     * Pool placement. The load of a worker is the number of other sessions it holds that are busy (handed a
     * connection that has not logged out yet); ties go to the lowest worker index. A session never placed goes to
     * the least-loaded worker; a placed one stays with its holder unless the least-loaded worker's load is strictly
     * lower. Marks the session busy.
     */
    static SessionPlacement leastLoaded(final PoolState state, final int workers)
    {
        final int[] load = new int[workers];
        return new SessionPlacement()
        {
            @Override
            int workerFor(final int sessionIndex)
            {
                java.util.Arrays.fill(load, 0);
                for (int j = 0; j < state.sessions(); j++)
                {
                    final int holder = state.holder(j);
                    if (j != sessionIndex && holder >= 0 && state.isBusy(j))
                    {
                        load[holder]++;
                    }
                }
                int best = 0;
                for (int w = 1; w < workers; w++)
                {
                    if (load[w] < load[best])
                    {
                        best = w;
                    }
                }
                final int holder = state.holder(sessionIndex);
                state.busy(sessionIndex, true);
                return holder < 0 || load[best] < load[holder] ? best : holder;
            }
        };
    }

    /** The shard of {@code sessionId} among {@code shards}: FNV-1a 32 of its canonical text, unsigned modulo. */
    static int shardOf(final SessionId sessionId, final int shards)
    {
        final String key = sessionId.beginString() + ':' + sessionId.senderCompId() + ':' + sessionId.targetCompId() +
            (sessionId.qualifier() == null || sessionId.qualifier().isEmpty() ? "" : ':' + sessionId.qualifier());
        int hash = 0x811C9DC5;
        for (final byte b : key.getBytes(StandardCharsets.UTF_8))
        {
            hash ^= b & 0xFF;
            hash *= 0x01000193;
        }
        return (int)(Integer.toUnsignedLong(hash) % shards);
    }

    /**
     * What the pool's placement knows of each session, shared between threads: which worker holds its state
     * ({@link #holder}, -1 before its first Logon; written by the accepting agent at creation and by the holding
     * worker when it hands the session on) and whether it is busy ({@link #busy}: set by the accepting agent when it
     * hands a connection over, cleared by the holding worker at the session's Logout/disconnect). An estimate for
     * balancing only: the holder decides on its own thread whether a session can move.
     */
    static final class PoolState
    {
        private final AtomicIntegerArray holder;
        private final AtomicIntegerArray busy;

        PoolState(final int sessions)
        {
            holder = new AtomicIntegerArray(sessions);
            busy = new AtomicIntegerArray(sessions);
            for (int i = 0; i < sessions; i++)
            {
                holder.set(i, -1);
            }
        }

        int sessions()
        {
            return holder.length();
        }

        int holder(final int sessionIndex)
        {
            return holder.get(sessionIndex);
        }

        void holder(final int sessionIndex, final int worker)
        {
            holder.set(sessionIndex, worker);
        }

        boolean isBusy(final int sessionIndex)
        {
            return busy.get(sessionIndex) != 0;
        }

        void busy(final int sessionIndex, final boolean busy)
        {
            this.busy.set(sessionIndex, busy ? 1 : 0);
        }
    }
}
