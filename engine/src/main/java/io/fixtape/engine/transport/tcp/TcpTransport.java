package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TlsSettings;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.concurrent.UnsafeBuffer;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.function.Consumer;

/**
 * Non-blocking NIO TCP: any number of listening sockets (acceptor, many connections per port) and outbound
 * connects (initiator), all on one {@link Selector} polled with {@link Selector#selectNow(Consumer)} so that no
 * selected-key set or iterator is touched. Every socket, accepted or connected, gets TCP_NODELAY, read back into
 * {@link TcpConnection#tcpNoDelay()} (a socket where it did not stick is counted).
 *
 * <p>With few open connections (at most {@link TcpTransportConfig#directReadConnections()}) every poll reads each
 * socket directly and the selector is asked only every {@value #SELECT_EVERY_POLLS_WHEN_READING_DIRECTLY} polls (for
 * accepts, connects and write readiness): a poll then costs one {@code read} per connection instead of an
 * {@code epoll_wait} followed by a {@code read}, and the sockets carry no read interest, so an arriving segment does
 * not run epoll's wake-up callback on the sender's CPU. Above that count the selector finds the readable sockets.
 *
 * <p>Reads go into one shared off-heap buffer and are handed to the listener as they come (part of a message,
 * one, or several); the receiver frames them. Writes are queued per connection (bounded, off-heap, see
 * {@link TcpConnection}) and flushed at the end of every poll.
 *
 * <p>TLS ({@link #bind(InetSocketAddress, TlsSettings)}, {@link #connect(InetSocketAddress, TlsSettings)}): the
 * connection is reported as connected when TCP connects, so the engine's logon timeout covers the handshake too;
 * what the session writes meanwhile waits in the outbound buffer until the handshake is done (see
 * {@link TlsChannel}, {@link TlsLayer}). A failed handshake is counted ({@code tls.handshake.failures}), logged in one line naming the
 * peer address and the reason (no stack trace), and ends the connection with {@link DisconnectReason#TLS_FAILURE}.
 *
 * <p>Threading: single-threaded; {@link #poll}, {@link #bind}, {@link #connect} and every connection method run on
 * the engine's poller thread. Steady state allocates nothing: the key consumer, read buffer and lists are reused.
 */
public final class TcpTransport implements Transport
{
    private static final int ACCEPT_BACKLOG = 1024;
    /** While reading directly, how often the selector is still asked (accept, connect, write readiness). */
    static final int SELECT_EVERY_POLLS_WHEN_READING_DIRECTLY = 8;

    private final TcpTransportConfig config;
    private final EngineCounters counters;
    private final Selector selector;
    private final ByteBuffer readByteBuffer;
    private final UnsafeBuffer readBuffer;
    private final Consumer<SelectionKey> onReadyKey = this::onReadyKey;
    private final ArrayList<ServerSocketChannel> serverChannels = new ArrayList<>();
    private final ArrayList<TcpConnection> connections = new ArrayList<>();
    private final ArrayList<TcpConnection> dirty = new ArrayList<>();
    private final ClosedConnections closed = new ClosedConnections();
    private final TcpConnector connector;
    private final AdoptedSockets adopted;
    private final TlsLayer tlsLayer;
    private TransportListener listener;
    private long nextConnectionId = 1;
    private int openConnections;
    private boolean readDirectly;
    private int pollsSinceSelect;
    private int workCount;

    public TcpTransport(final TcpTransportConfig config, final EngineCounters counters)
    {
        this.config = config.conclude();
        this.counters = counters;
        this.readByteBuffer = ByteBuffer.allocateDirect(config.receiveBufferSize());
        this.readBuffer = new UnsafeBuffer(readByteBuffer);
        this.tlsLayer = new TlsLayer(counters, config.receiveBufferSize());
        this.connector = new TcpConnector(this, counters);
        this.adopted = new AdoptedSockets(this, counters, readBuffer);
        try
        {
            this.selector = Selector.open();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open selector", ex);
        }
    }

    @Override
    public String name()
    {
        return "tcp";
    }

    /**
     * Listen on {@code address} (port 0 picks a free port). Connections arriving there are reported through
     * {@link TransportListener#onConnected} with {@code initiated == false}.
     *
     * @return the bound port.
     */
    public int bind(final InetSocketAddress address)
    {
        return bind(address, null);
    }

    /**
     * Listen on {@code address}; with {@code tls} non-null every connection accepted there runs TLS as the server.
     *
     * @return the bound port.
     * @throws IllegalArgumentException when the TLS stores cannot be read or name unsupported values.
     */
    public int bind(final InetSocketAddress address, final TlsSettings tls)
    {
        final TlsContext tlsContext = tls == null ? null : tlsContext(tls);
        try
        {
            final ServerSocketChannel server = ServerSocketChannel.open();
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(address, ACCEPT_BACKLOG);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT, new Listening(server, tlsContext));
            serverChannels.add(server);
            return ((InetSocketAddress)server.getLocalAddress()).getPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot listen on " + address, ex);
        }
    }

    @Override
    public boolean canConnect()
    {
        return true;
    }

    /**
     * Start a non-blocking connect. The outcome arrives in a later poll: {@link TransportListener#onConnected}
     * with {@code initiated == true}, or {@link TransportListener#onConnectFailed} with this connection id.
     *
     * @return the id the connection will have.
     */
    @Override
    public long connect(final InetSocketAddress address)
    {
        return connect(address, null);
    }

    /**
     * As {@link #connect(InetSocketAddress)}; with {@code tls} non-null the connection runs TLS as the client.
     * Creates the TLS context on first use of {@code tls} (see {@link #tlsContext}).
     */
    @Override
    public long connect(final InetSocketAddress address, final TlsSettings tls)
    {
        final TlsContext tlsContext = tls == null ? null : tlsContext(tls);
        final long connectionId = nextConnectionId++;
        connector.connect(connectionId, address, tlsContext);
        return connectionId;
    }

    /**
     * Close a connect that has not been established (the initiator's connect timeout); reported as a failed
     * connect on the next poll. Nothing happens for an id that is not connecting.
     */
    @Override
    public void abortConnect(final long connectionId)
    {
        for (int i = 0; i < connections.size(); i++)
        {
            final TcpConnection connection = connections.get(i);
            if (connection.connectionId() == connectionId && connection.isConnecting())
            {
                connector.abort(connection);
                return;
            }
        }
    }

    @Override
    public int poll(final TransportListener listener)
    {
        this.listener = listener;
        workCount = 0;
        flushDirty();
        workCount += closed.report(listener);
        workCount += connector.report(listener);
        adopted.report(listener);
        if (readDirectly)
        {
            readOpenConnections();
            if (++pollsSinceSelect >= SELECT_EVERY_POLLS_WHEN_READING_DIRECTLY)
            {
                select();
            }
        }
        else
        {
            select();
        }
        flushDirty();
        workCount += closed.report(listener);
        return workCount;
    }

    private void select()
    {
        pollsSinceSelect = 0;
        try
        {
            workCount += selector.selectNow(onReadyKey);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("selector failed", ex);
        }
    }

    private void readOpenConnections()
    {
        // backwards: a read may close this connection (or, through the listener, another one) and remove it from
        // the list; what shifts down was already read in this pass
        for (int i = connections.size() - 1; i >= 0; i--)
        {
            if (i < connections.size())
            {
                final TcpConnection connection = connections.get(i);
                if (connection.isOpen() && !listener.isReadPaused(connection))
                {
                    read(connection);
                }
            }
        }
    }

    /** Whether sockets register {@code OP_READ} (false while this transport reads them directly every poll). */
    boolean readsThroughSelector()
    {
        return !readDirectly;
    }

    /** After the number of open connections changed: choose how to find readable sockets. */
    private void chooseReadMode()
    {
        final boolean direct = openConnections > 0 && openConnections <= config.directReadConnections();
        if (direct != readDirectly)
        {
            readDirectly = direct;
            for (int i = 0; i < connections.size(); i++)
            {
                connections.get(i).updateInterest();
            }
        }
    }

    private void onReadyKey(final SelectionKey key)
    {
        final Object attachment = key.attachment();
        if (attachment instanceof Listening)
        {
            acceptAll((Listening)attachment);
            return;
        }
        final TcpConnection connection = (TcpConnection)attachment;
        if (key.isValid() && key.isConnectable())
        {
            connector.finishConnect(connection);
        }
        if (key.isValid() && key.isWritable())
        {
            workCount += connection.flush() > 0 ? 1 : 0;
            final TlsChannel tls = connection.tls();
            if (tls != null && tls.resumeUnwrapAfterFlush() && connection.isOpen())
            {
                // a handshake flight, or the answer to a KeyUpdate or renegotiation, that did not fit at once: the
                // records read behind it are processed at once, not when the peer next sends
                workCount += tlsLayer.process(connection, tls, listener);
            }
        }
        if (key.isValid() && key.isReadable() && !listener.isReadPaused(connection))
        {
            read(connection); // when paused the bytes stay in the socket: TCP flow control slows the sender
        }
    }

    private void read(final TcpConnection connection)
    {
        final TlsChannel tls = connection.tls();
        if (tls != null)
        {
            workCount += tlsLayer.read(connection, tls, listener);
            return;
        }
        final int bytes;
        try
        {
            readByteBuffer.clear();
            bytes = connection.channel().read(readByteBuffer);
        }
        catch (final IOException ex)
        {
            connection.closeNow(DisconnectReason.IO_ERROR);
            return;
        }
        if (bytes > 0)
        {
            counters.bytesRead.getAndAddRelease(bytes);
            workCount++;
            listener.onData(connection, readBuffer, 0, bytes);
        }
        else if (bytes < 0)
        {
            connection.closeNow(DisconnectReason.REMOTE_CLOSED);
        }
    }

    /**
     * The TLS context for {@code settings}, created (stores read, values checked) on first use and shared by every
     * connection with the same settings. Configuration or poller thread.
     *
     * @throws IllegalArgumentException when a store cannot be read or a value is not supported.
     */
    public TlsContext tlsContext(final TlsSettings settings)
    {
        return tlsLayer.context(settings);
    }

    /** A TLS failure of {@code connection}: see {@link TlsLayer#failed}. */
    void tlsFailed(final TcpConnection connection, final TlsChannel tls, final SSLException ex)
    {
        tlsLayer.failed(connection, tls, ex);
    }

    private void acceptAll(final Listening listening)
    {
        final ServerSocketChannel server = listening.channel;
        for (int i = 0; i < config.maxAcceptsPerPoll(); i++)
        {
            final SocketChannel channel;
            try
            {
                channel = server.accept();
            }
            catch (final IOException ex)
            {
                counters.errors.incrementRelease();
                continue;
            }
            if (channel == null)
            {
                return;
            }
            workCount++;
            if (openConnections >= config.maxConnections())
            {
                counters.connectionsRefusedLimit.incrementRelease();
                counters.disconnects(DisconnectReason.CONNECTION_LIMIT).incrementRelease();
                closeQuietly(channel);
                continue;
            }
            takeOver(channel, listening.tls);
        }
    }

    /**
     * Take an accepted socket (accepted here, or handed over by another transport) into this transport:
     * non-blocking, configured, registered for reads, counted and reported connected ({@link #established}).
     *
     * @return the connection, or null when setting it up failed (counted in {@code errors}, the socket closed).
     */
    TcpConnection takeOver(final SocketChannel channel, final TlsContext tls)
    {
        TcpConnection connection = null;
        try
        {
            channel.configureBlocking(false);
            configureSocket(channel);
            connection = newConnection(nextConnectionId++, channel, false);
            connection.tlsContext(tls);
            connection.key(channel.register(selector, SelectionKey.OP_READ, connection));
            connections.add(connection);
            counters.connectionsAccepted.incrementRelease();
            established(connection);
            return connection;
        }
        catch (final IOException ex)
        {
            counters.errors.incrementRelease();
            if (connection != null)
            {
                connection.closeNow(DisconnectReason.IO_ERROR);
            }
            else
            {
                closeQuietly(channel);
            }
            return null;
        }
    }

    /** A listening socket and the TLS its connections run (null: plain TCP). */
    private static final class Listening
    {
        final ServerSocketChannel channel;
        final TlsContext tls;

        Listening(final ServerSocketChannel channel, final TlsContext tls)
        {
            this.channel = channel;
            this.tls = tls;
        }
    }

    /** A connection whose TCP connect completed (accepted, connected, adopted): set up, counted, reported. */
    void established(final TcpConnection connection) throws IOException
    {
        final SocketChannel channel = connection.channel();
        final boolean noDelay = channel.getOption(StandardSocketOptions.TCP_NODELAY);
        if (!noDelay)
        {
            counters.tcpNoDelayNotSet.incrementRelease();
        }
        final InetSocketAddress remote = (InetSocketAddress)channel.getRemoteAddress();
        connection.established(remote.getAddress().getHostAddress() + ":" + remote.getPort(), noDelay,
            channel.getOption(StandardSocketOptions.SO_KEEPALIVE));
        final TlsContext tlsContext = connection.tlsContext();
        if (tlsContext != null)
        {
            tlsLayer.start(connection, tlsContext, remote.getHostString(), remote.getPort());
        }
        openConnections++;
        chooseReadMode();
        connection.updateInterest(); // when the mode did not change, this new socket still needs it
        workCount++;
        if (connection.initiated())
        {
            counters.connectionsInitiated.incrementRelease();
        }
        listener.onConnected(connection, connection.initiated());
        if (connection.tls() != null && connection.isOpen())
        {
            workCount += tlsLayer.process(connection, connection.tls(), listener); // the client's first flight
        }
    }

    void configureSocket(final SocketChannel channel) throws IOException
    {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        if (config.socketKeepAlive())
        {
            channel.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
        }
        if (config.socketSendBufferSize() > 0)
        {
            channel.setOption(StandardSocketOptions.SO_SNDBUF, config.socketSendBufferSize());
        }
        if (config.socketReceiveBufferSize() > 0)
        {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, config.socketReceiveBufferSize());
        }
    }

    TcpConnection newConnection(final long connectionId, final SocketChannel channel, final boolean initiated)
    {
        return new TcpConnection(
            connectionId, this, channel, config.outboundBufferCapacity(), config.slowConsumerPolicy(), counters, initiated);
    }

    /**
     * Hand an accepted, open connection over to another transport: this transport stops polling it and forgets it
     * without closing the socket or reporting a disconnect; bytes it had queued for writing are dropped (hand over
     * before writing). Poller thread only.
     *
     * @return the socket, open and non-blocking, for {@link #adopt} on the receiving transport.
     */
    public SocketChannel detach(final TcpConnection connection)
    {
        return connection.detach();
    }

    /**
     * Take over a connected socket accepted by another transport ({@link #detach}). In a coming {@link #poll} the
     * listener sees {@code onConnected(connection, false)} and then {@code onData} with {@code initialBytes} (bytes
     * the previous owner had already read, e.g. the Logon that chose this transport), as if they had just been read.
     * Poller thread only (the cluster-shard hands over through {@code FixEngine.execute}). Allocates per connection.
     */
    public void adopt(final SocketChannel channel, final byte[] initialBytes)
    {
        adopted.add(channel, initialBytes);
    }

    void onDetached(final TcpConnection connection, final boolean wasOpen)
    {
        connections.remove(connection);
        if (wasOpen)
        {
            openConnections--;
            chooseReadMode();
        }
    }

    void markDirty(final TcpConnection connection)
    {
        dirty.add(connection);
    }

    void onClosed(final TcpConnection connection, final boolean wasOpen, final DisconnectReason reason)
    {
        connections.remove(connection);
        if (wasOpen)
        {
            openConnections--;
            chooseReadMode();
            closed.add(connection, reason);
        }
        else if (connection.initiated())
        {
            connector.onClosedBeforeEstablished(connection);
        }
    }

    private void flushDirty()
    {
        // flush() may close a connection, which never adds to dirty, so indexing is safe
        for (int i = 0; i < dirty.size(); i++)
        {
            workCount += dirty.get(i).flush() > 0 ? 1 : 0;
        }
        dirty.clear();
    }

    /** For {@link TcpConnector}: a new connection to poll. */
    void add(final TcpConnection connection)
    {
        connections.add(connection);
    }

    /** For {@link TcpConnector}: a connection that failed before it was registered is forgotten, not reported. */
    void forget(final TcpConnection connection)
    {
        connections.remove(connection);
    }

    SelectionKey register(final SocketChannel channel, final int ops, final TcpConnection connection)
        throws IOException
    {
        return channel.register(selector, ops, connection);
    }

    SelectionKey keyOf(final SocketChannel channel)
    {
        return channel.keyFor(selector);
    }

    /** Open connections (accepted plus established initiated ones). */
    public int openConnections()
    {
        return openConnections;
    }

    @Override
    public void close()
    {
        for (int i = connections.size() - 1; i >= 0; i--)
        {
            connections.get(i).close(DisconnectReason.ENGINE_CLOSE);
        }
        adopted.closeAll();
        if (listener != null)
        {
            workCount += closed.report(listener);
        }
        for (final ServerSocketChannel server : serverChannels)
        {
            closeQuietly(server);
        }
        serverChannels.clear();
        try
        {
            selector.close();
        }
        catch (final IOException ignore)
        {
            // nothing left to release
        }
    }

    static void closeQuietly(final java.nio.channels.Channel channel)
    {
        if (channel != null)
        {
            try
            {
                channel.close();
            }
            catch (final IOException ignore)
            {
                // best effort
            }
        }
    }
}
