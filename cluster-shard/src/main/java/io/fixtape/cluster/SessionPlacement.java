package io.fixtape.cluster;

import io.fixtape.engine.session.SessionId;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Which worker serves a session. {@link #shard}: a stable hash of the SessionId (FNV-1a 32 over
 * {@code BeginString:SenderCompID:TargetCompID[:Qualifier]}) modulo the shard count — the same on every run and JVM.
 * {@link #leastLoaded}: a session goes to the worker serving the fewest sessions when it first logs on and stays
 * there (its state — sequence numbers, store — lives on that worker).
 *
 * <p>Threading: the accepting agent's thread only.
 */
abstract class SessionPlacement
{
    /** @return the worker for {@code sessionIndex}. */
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

    static SessionPlacement leastLoaded(final int sessionCount, final int workers)
    {
        final int[] owner = new int[sessionCount];
        java.util.Arrays.fill(owner, -1);
        final int[] load = new int[workers];
        return new SessionPlacement()
        {
            @Override
            int workerFor(final int sessionIndex)
            {
                if (owner[sessionIndex] < 0)
                {
                    int best = 0;
                    for (int w = 1; w < workers; w++)
                    {
                        if (load[w] < load[best])
                        {
                            best = w;
                        }
                    }
                    owner[sessionIndex] = best;
                    load[best]++;
                }
                return owner[sessionIndex];
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
}
