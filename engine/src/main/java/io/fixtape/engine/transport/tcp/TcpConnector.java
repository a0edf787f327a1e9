package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.collections.LongArrayList;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;

/**
 * The outbound side of a {@link TcpTransport}: non-blocking connects, their completion, a connect abandoned after
 * the initiator's timeout, and the outcomes reported to the listener from the transport's poll — never from inside
 * {@link #connect}, so listeners see no re-entrant callbacks and one code path for failures. A failure carries a
 * one-line reason ({@link #describe}) for the initiator's log.
 *
 * <p>Threading: the transport's poller thread. Allocates per connect, never per message.
 */
final class TcpConnector
{
    private final TcpTransport transport;
    private final EngineCounters counters;
    private final ArrayList<TcpConnection> connectedAtOnce = new ArrayList<>();
    private final LongArrayList failedConnects = new LongArrayList();
    private final ArrayList<String> failedConnectReasons = new ArrayList<>();
    /** Why the connecting connection being closed now failed (read by {@link #onClosedBeforeEstablished}). */
    private String connectFailure;

    TcpConnector(final TcpTransport transport, final EngineCounters counters)
    {
        this.transport = transport;
        this.counters = counters;
    }

    /** Start a non-blocking connect to {@code address} as connection {@code connectionId}. */
    void connect(final long connectionId, final InetSocketAddress address, final TlsContext tlsContext)
    {
        SocketChannel channel = null;
        TcpConnection connection = null;
        try
        {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            transport.configureSocket(channel);
            connection = transport.newConnection(connectionId, channel, true);
            connection.tlsContext(tlsContext);
            connection.connecting(address.getHostString() + ":" + address.getPort());
            transport.add(connection);
            if (channel.connect(address))
            {
                connection.key(transport.register(channel, SelectionKey.OP_READ, connection));
                connectedAtOnce.add(connection);
            }
            else
            {
                connection.key(transport.register(channel, SelectionKey.OP_CONNECT, connection));
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            // RuntimeException: an unresolved host or an unsupported address type must not leave the event loop
            counters.connectFailures.incrementRelease();
            if (connection != null)
            {
                transport.forget(connection);
            }
            TcpTransport.closeQuietly(channel);
            failedConnects.add(connectionId);
            failedConnectReasons.add(describe(ex));
        }
    }

    /** Abandon {@code connection}, still connecting (the initiator's connect timeout). */
    void abort(final TcpConnection connection)
    {
        counters.connectFailures.incrementRelease();
        fail(connection, "connect aborted");
    }

    /** The socket of {@code connection} became connectable: finish the connect, or fail it. */
    void finishConnect(final TcpConnection connection)
    {
        try
        {
            if (connection.channel().finishConnect())
            {
                transport.keyOf(connection.channel()).interestOps(SelectionKey.OP_READ);
                transport.established(connection);
            }
        }
        catch (final IOException ex)
        {
            counters.connectFailures.incrementRelease();
            fail(connection, describe(ex));
        }
    }

    /** An initiated connection closed before it was established: reported as a failed connect. */
    void onClosedBeforeEstablished(final TcpConnection connection)
    {
        failedConnects.addLong(connection.connectionId());
        failedConnectReasons.add(connectFailure != null ? connectFailure : "closed before it was established");
    }

    /**
     * Report connects that completed at once and those that failed.
     *
     * @return work done.
     */
    int report(final TransportListener listener)
    {
        int work = 0;
        for (int i = 0; i < connectedAtOnce.size(); i++)
        {
            final TcpConnection connection = connectedAtOnce.get(i);
            try
            {
                transport.established(connection);
            }
            catch (final IOException ex)
            {
                counters.connectFailures.incrementRelease();
                fail(connection, describe(ex));
            }
        }
        connectedAtOnce.clear();
        while (!failedConnects.isEmpty())
        {
            final long connectionId = failedConnects.removeAt(failedConnects.size() - 1);
            final String reason = failedConnectReasons.remove(failedConnectReasons.size() - 1);
            work++;
            listener.onConnectFailed(connectionId, reason);
        }
        return work;
    }

    private void fail(final TcpConnection connection, final String reason)
    {
        connectFailure = reason;
        connection.closeNow(DisconnectReason.IO_ERROR);
        connectFailure = null;
    }

    /** One line for a log: the exception's message, else its class name. */
    static String describe(final Throwable ex)
    {
        if (ex instanceof java.nio.channels.UnresolvedAddressException)
        {
            return "host not resolved";
        }
        final String message = ex.getMessage();
        return message == null || message.isBlank() ? ex.getClass().getSimpleName() : message;
    }
}
