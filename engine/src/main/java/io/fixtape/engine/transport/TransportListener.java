package io.fixtape.engine.transport;

import org.agrona.DirectBuffer;

/** Events a {@link Transport} delivers on its poller thread. Implementations must not throw. */
public interface TransportListener
{
    /** A connection was accepted (acceptor) or established (initiator). */
    void onConnected(Connection connection, boolean initiated);

    /**
     * Bytes arrived. They may hold part of a message, one, or several: the receiver frames them. The buffer is
     * only valid during the call.
     */
    void onData(Connection connection, DirectBuffer buffer, int offset, int length);

    void onDisconnected(Connection connection, DisconnectReason reason);

    /**
     * An outbound connect started by the transport (e.g. {@code TcpTransport.connect}) failed before the
     * connection was established; {@code connectionId} is the id the connect call returned. An initiator
     * schedules its next attempt from here.
     */
    default void onConnectFailed(final long connectionId)
    {
    }
}
