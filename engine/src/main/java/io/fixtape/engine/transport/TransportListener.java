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
     * Whether the receiver cannot take more bytes from {@code connection} now (e.g. its application holds replies
     * the connection could not take): a transport that honours it leaves the bytes where they are (socket receive
     * buffer, stream) and asks again next poll, so flow control reaches the sender. Default: never paused.
     */
    default boolean isReadPaused(final Connection connection)
    {
        return false;
    }

    /**
     * An outbound connect started by the transport (e.g. {@code TcpTransport.connect}) failed before the
     * connection was established; {@code connectionId} is the id the connect call returned. An initiator
     * schedules its next attempt from here.
     */
    default void onConnectFailed(final long connectionId)
    {
    }

    /**
     * As {@link #onConnectFailed(long)}, with the reason in words (e.g. {@code Connection refused}) for the
     * initiator's log line. Default: drops the reason.
     */
    default void onConnectFailed(final long connectionId, final String reason)
    {
        onConnectFailed(connectionId);
    }
}
