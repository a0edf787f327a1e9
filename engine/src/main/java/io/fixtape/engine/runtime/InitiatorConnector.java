package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TlsSettings;
import io.fixtape.engine.transport.Transport;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps one initiator session connected: while the session has no connection and is inside its schedule, connect
 * to its addresses in order as its {@link ReconnectPolicy} says (the next address at once after a failure, a
 * growing, jittered wait after a round in which all failed, a connect timeout). Every failed connection — refused,
 * timed out, or closed before the Logon completed — is counted and told to the connect log as one line naming the
 * session, {@code host:port} and the reason. Poller thread only; allocates only when a connection fails.
 */
final class InitiatorConnector
{
    private static final long NONE = -1;

    private final Session session;
    private final InetSocketAddress[] addresses;
    private final ReconnectPolicy policy;
    private final EngineCounters counters;
    private final Consumer<String> log;
    private final TlsSettings tls;
    private long nextAttemptNanos = Long.MIN_VALUE;
    private long pendingConnectionId = NONE;
    private long connectDeadlineNanos;
    private int addressIndex;
    private int failedRounds;
    private int attempts;
    private long logonsAtConnect;

    InitiatorConnector(final Session session, final List<InetSocketAddress> addresses, final ReconnectPolicy policy,
        final EngineCounters counters, final Consumer<String> log, final TlsSettings tls)
    {
        this.tls = tls;
        this.session = session;
        this.addresses = addresses.toArray(new InetSocketAddress[0]);
        this.policy = policy;
        this.counters = counters;
        this.log = log;
    }

    Session session()
    {
        return session;
    }

    int doWork(final Transport transport, final long nowNanos)
    {
        if (pendingConnectionId != NONE)
        {
            if (nowNanos < connectDeadlineNanos)
            {
                return 0;
            }
            final long abandoned = pendingConnectionId;
            pendingConnectionId = NONE;
            transport.abortConnect(abandoned); // its late failure report finds no pending connect and is ignored
            counters.connectTimeouts.incrementRelease();
            failed(nowNanos, "connect timed out after " + seconds(policy.connectTimeoutNanos()));
            return 1;
        }
        if (session.isConnected() || nowNanos < nextAttemptNanos || !session.isInSchedule(nowNanos))
        {
            return 0;
        }
        attempts++;
        connectDeadlineNanos = nowNanos + policy.connectTimeoutNanos();
        pendingConnectionId = transport.connect(addresses[addressIndex], tls);
        return 1;
    }

    boolean isPending(final long connectionId)
    {
        return pendingConnectionId == connectionId;
    }

    /** The connect we started succeeded. @return false when the session refused it (caller closes). */
    boolean onConnected(final Connection connection)
    {
        pendingConnectionId = NONE;
        logonsAtConnect = session.counters().logons();
        return session.onConnect(connection, true);
    }

    /** The connect we started failed before a connection existed. */
    void onConnectFailed(final long nowNanos, final String reason)
    {
        pendingConnectionId = NONE;
        failed(nowNanos, reason);
    }

    /**
     * The session's connection ended. After a Logon: start again from the primary address after a (jittered) base
     * interval. Before one: the connection failed, as a refused connect does.
     */
    void onDisconnected(final long nowNanos, final DisconnectReason reason)
    {
        if (session.counters().logons() != logonsAtConnect)
        {
            failedRounds = 0;
            addressIndex = 0;
            attempts = 0;
            nextAttemptNanos = Math.max(nextAttemptNanos, nowNanos + policy.delayNanos(0, random()));
            return;
        }
        counters.connectFailures.incrementRelease();
        failed(nowNanos, "closed before Logon (" + reason.name().toLowerCase() + ")");
    }

    private void failed(final long nowNanos, final String reason)
    {
        final InetSocketAddress address = addresses[addressIndex];
        final String next;
        if (addressIndex + 1 < addresses.length)
        {
            addressIndex++;
            nextAttemptNanos = nowNanos;
            next = "trying " + hostPort(addresses[addressIndex]) + " now";
        }
        else
        {
            addressIndex = 0;
            failedRounds = failedRounds == Integer.MAX_VALUE ? failedRounds : failedRounds + 1;
            final long delay = policy.delayNanos(failedRounds, random());
            nextAttemptNanos = nowNanos + delay;
            next = "next attempt in " + seconds(delay) +
                (addresses.length > 1 ? " at " + hostPort(addresses[0]) : "");
        }
        log.accept(session.sessionId() + ": connection to " + hostPort(address) + " failed: " + reason +
            " (attempt " + attempts + "; " + next + ")");
    }

    private static double random()
    {
        return ThreadLocalRandom.current().nextDouble();
    }

    static String hostPort(final InetSocketAddress address)
    {
        return address.getHostString() + ":" + address.getPort();
    }

    private static String seconds(final long nanos)
    {
        final long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.3f s", millis / 1000.0);
    }
}
