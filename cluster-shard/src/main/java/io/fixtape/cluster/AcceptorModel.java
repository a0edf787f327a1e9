package io.fixtape.cluster;

import java.util.Locale;

/** How acceptor sessions are mapped onto threads. See docs/CLUSTER_SHARD.md. */
public enum AcceptorModel
{
    /** Today's engine: one poller agent does I/O, framing, sessions, store and application callbacks. */
    SINGLE,
    /** One poller agent for I/O and sessions; the application on its own agent behind Aeron IPC. */
    MONO,
    /** N session workers; an accepting agent hands each new session to the least-loaded worker; app behind IPC. */
    POOL,
    /** N shards pinned to CPUs; sessions placed by a stable hash of their SessionId; app behind IPC. */
    SHARD;

    /** The settings/CLI spelling: {@code single}, {@code mono}, {@code pool}, {@code shard}. */
    public String text()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values. */
    public static AcceptorModel parse(final String text)
    {
        for (final AcceptorModel model : values())
        {
            if (model.text().equalsIgnoreCase(text.trim()))
            {
                return model;
            }
        }
        throw new IllegalArgumentException("AcceptorModel must be single, mono, pool or shard: " + text);
    }

    /** Whether the application runs on its own agent behind Aeron IPC. */
    public boolean fansOut()
    {
        return this != SINGLE;
    }
}
