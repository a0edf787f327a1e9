package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import io.fixtape.engine.transport.Connection;

/**
 * What the poller knows about one open connection: its framing state, the session bound to it (null on an
 * acceptor until the first message has been routed) and when it was accepted (logon timeout). Poller thread only.
 */
final class ConnectionState
{
    final Connection connection;
    final MessageAssembler assembler;
    final long connectedAtNanos;
    Session session;
    InitiatorConnector connector;
    /** The address under which {@link UnauthenticatedConnections} counts this connection, or null when not counted. */
    String unauthenticatedAddress;

    ConnectionState(final Connection connection, final MessageAssembler assembler, final long connectedAtNanos)
    {
        this.connection = connection;
        this.assembler = assembler;
        this.connectedAtNanos = connectedAtNanos;
    }
}
