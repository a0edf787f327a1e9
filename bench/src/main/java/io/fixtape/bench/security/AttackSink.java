package io.fixtape.bench.security;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * The control target of {@link AttackBench}: a listening socket served by a thread of its own that does the least an
 * acceptor must do with hostile connections — accept, read, close a connection once it has sent
 * {@link #CLOSE_AFTER_BYTES} bytes (garbage, an oversized BodyLength, a Logon it does not know) or when it has sent
 * that little within the logon timeout (idle sockets, slowloris). The same attackers aimed at it load the machine as
 * they load it when aimed at the engine, while the engine's poller does none of their work: the good session's
 * latency in that phase is what the attack costs through the machine alone (CPU, the loopback), the floor for the
 * attacked phase.
 */
final class AttackSink implements AutoCloseable
{
    /** A connection is closed once it has sent this many bytes: the engine closes each attack by then. */
    static final int CLOSE_AFTER_BYTES = 64;

    private static final class Peer
    {
        final SocketChannel channel;
        final long acceptedAtNanos;
        int bytes;

        Peer(final SocketChannel channel, final long acceptedAtNanos)
        {
            this.channel = channel;
            this.acceptedAtNanos = acceptedAtNanos;
        }
    }

    private final Selector selector;
    private final ServerSocketChannel server;
    private final long logonTimeoutNanos;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private final ArrayDeque<Peer> byAge = new ArrayDeque<>();
    private final Thread thread;
    private volatile boolean running = true;

    AttackSink(final long logonTimeoutNanos) throws IOException
    {
        this.logonTimeoutNanos = logonTimeoutNanos;
        selector = Selector.open();
        server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress("127.0.0.1", 0), 1024);
        server.configureBlocking(false);
        server.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this::run, "attack-sink");
        thread.setDaemon(true);
        thread.start();
    }

    InetSocketAddress address() throws IOException
    {
        return (InetSocketAddress)server.getLocalAddress();
    }

    private void run()
    {
        try
        {
            while (running)
            {
                selector.select(100);
                final Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext())
                {
                    final SelectionKey key = keys.next();
                    keys.remove();
                    if (!key.isValid())
                    {
                        continue;
                    }
                    if (key.isAcceptable())
                    {
                        acceptAll();
                    }
                    else if (key.isReadable())
                    {
                        read(key, (Peer)key.attachment());
                    }
                }
                expire(System.nanoTime());
            }
        }
        catch (final IOException ex)
        {
            // the sink stops; the bench reports what it measured
        }
    }

    private void acceptAll() throws IOException
    {
        SocketChannel channel;
        while ((channel = server.accept()) != null)
        {
            channel.configureBlocking(false);
            final Peer peer = new Peer(channel, System.nanoTime());
            channel.register(selector, SelectionKey.OP_READ, peer);
            byAge.addLast(peer);
        }
    }

    private void read(final SelectionKey key, final Peer peer)
    {
        try
        {
            readBuffer.clear();
            final int read = peer.channel.read(readBuffer);
            if (read < 0)
            {
                close(key, peer);
                return;
            }
            peer.bytes += read;
            if (peer.bytes >= CLOSE_AFTER_BYTES)
            {
                close(key, peer);
            }
        }
        catch (final IOException ex)
        {
            close(key, peer);
        }
    }

    private void expire(final long now)
    {
        while (!byAge.isEmpty())
        {
            final Peer oldest = byAge.peekFirst();
            if (oldest.channel.isOpen() && now - oldest.acceptedAtNanos < logonTimeoutNanos)
            {
                return;
            }
            byAge.pollFirst();
            if (oldest.channel.isOpen())
            {
                close(oldest.channel.keyFor(selector), oldest);
            }
        }
    }

    private static void close(final SelectionKey key, final Peer peer)
    {
        if (key != null)
        {
            key.cancel();
        }
        try
        {
            peer.channel.close();
        }
        catch (final IOException ignore)
        {
            // closing
        }
    }

    @Override
    public void close() throws IOException, InterruptedException
    {
        running = false;
        selector.wakeup();
        thread.join(TimeUnit.SECONDS.toMillis(5));
        for (final SelectionKey key : selector.keys())
        {
            key.channel().close();
        }
        selector.close();
    }
}
