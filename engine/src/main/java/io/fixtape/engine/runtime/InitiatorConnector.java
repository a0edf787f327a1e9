package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.TlsSettings;
import io.fixtape.engine.transport.Transport;

import java.net.InetSocketAddress;

/**
 * Keeps one initiator session connected: while the session has no connection and is inside its schedule, start a
 * connect at most once per reconnect interval; bind the connection when it is established (the session then
 * sends its Logon). Poller thread only.
 */
final class InitiatorConnector
{
    private static final long NONE = -1;

    private final Session session;
    private final InetSocketAddress address;
    private final long reconnectIntervalNanos;
    private final TlsSettings tls;
    private long nextAttemptNanos = Long.MIN_VALUE;
    private long pendingConnectionId = NONE;

    InitiatorConnector(final Session session, final InetSocketAddress address, final long reconnectIntervalNanos,
        final TlsSettings tls)
    {
        this.tls = tls;
        this.session = session;
        this.address = address;
        this.reconnectIntervalNanos = reconnectIntervalNanos;
    }

    Session session()
    {
        return session;
    }

    int doWork(final Transport transport, final long nowNanos)
    {
        if (pendingConnectionId != NONE || session.isConnected() || nowNanos < nextAttemptNanos ||
            !session.isInSchedule(nowNanos))
        {
            return 0;
        }
        nextAttemptNanos = nowNanos + reconnectIntervalNanos;
        pendingConnectionId = transport.connect(address, tls);
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
        return session.onConnect(connection, true);
    }

    void onConnectFailed()
    {
        pendingConnectionId = NONE;
    }

    /** The session's connection ended: wait a reconnect interval before the next attempt. */
    void onDisconnected(final long nowNanos)
    {
        nextAttemptNanos = Math.max(nextAttemptNanos, nowNanos + reconnectIntervalNanos);
    }
}
