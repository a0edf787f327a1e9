package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.codec.UntouchedMemory;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.DirectBuffer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One TCP socket of a {@link TcpTransport}. Outbound bytes are copied into a bounded off-heap buffer and flushed by
 * the transport at the end of each poll (and at once when the buffer is full), so several messages written in one
 * duty cycle leave in one system call; a partially written buffer waits for {@code OP_WRITE}.
 *
 * <p>Threading: owned by the transport's poller thread; every method is called from that thread only, except
 * {@link #tcpNoDelay()} and {@link #remoteAddress()} which are immutable after connect.
 */
public final class TcpConnection implements Connection
{
    /** Below this much room, {@link #writableBytes()} flushes before answering. */
    private static final int LOW_WATER_MARK = 64 * 1024;

    private final long connectionId;
    private final TcpTransport transport;
    private final SocketChannel channel;
    private final ByteBuffer outbound;
    private final SlowConsumerPolicy slowConsumerPolicy;
    private final EngineCounters counters;
    private final boolean initiated;
    private SelectionKey key;
    private String remoteAddress;
    private int localPort = -1;
    private boolean tcpNoDelay;
    private boolean keepAlive;
    private boolean open;
    private boolean connecting;
    private boolean closed;
    private boolean writeInterest;
    private boolean dirty;
    private DisconnectReason disconnectReason;
    /** TLS settings of this connection until it is established, then null. */
    private TlsContext tlsContext;
    /** The TLS layer once established over TLS, else null (plain TCP). */
    private TlsChannel tls;

    TcpConnection(
        final long connectionId,
        final TcpTransport transport,
        final SocketChannel channel,
        final int outboundCapacity,
        final SlowConsumerPolicy slowConsumerPolicy,
        final EngineCounters counters,
        final boolean initiated)
    {
        this.connectionId = connectionId;
        this.transport = transport;
        this.channel = channel;
        this.outbound = UntouchedMemory.byteBuffer(outboundCapacity); // resident only as far as bytes have queued
        this.slowConsumerPolicy = slowConsumerPolicy;
        this.counters = counters;
        this.initiated = initiated;
    }

    void tlsContext(final TlsContext tlsContext)
    {
        this.tlsContext = tlsContext;
    }

    TlsContext tlsContext()
    {
        return tlsContext;
    }

    void tls(final TlsChannel tls)
    {
        this.tls = tls;
        this.tlsContext = null;
    }

    TlsChannel tls()
    {
        return tls;
    }

    ByteBuffer outboundBuffer()
    {
        return outbound;
    }

    /** Whether this connection runs TLS. */
    public boolean isTls()
    {
        return tls != null;
    }

    /** Whether the TLS handshake has completed (false for plain TCP). */
    public boolean tlsHandshakeDone()
    {
        return tls != null && tls.handshakeDone();
    }

    /** The negotiated TLS protocol, e.g. {@code TLSv1.3}, or null for plain TCP. Poller thread only. */
    public String tlsProtocol()
    {
        return tls == null ? null : tls.protocol();
    }

    void key(final SelectionKey key)
    {
        this.key = key;
    }

    SocketChannel channel()
    {
        return channel;
    }

    void connecting(final String remoteAddress)
    {
        this.remoteAddress = remoteAddress;
        this.connecting = true;
    }

    boolean isConnecting()
    {
        return connecting;
    }

    void established(final String remoteAddress, final boolean tcpNoDelay, final boolean keepAlive)
    {
        final java.net.Socket socket = channel.socket();
        this.localPort = socket == null ? -1 : socket.getLocalPort();
        this.remoteAddress = remoteAddress;
        this.tcpNoDelay = tcpNoDelay;
        this.keepAlive = keepAlive;
        this.connecting = false;
        this.open = true;
    }

    @Override
    public long connectionId()
    {
        return connectionId;
    }

    /** Whether this side opened the connection (initiator). */
    public boolean initiated()
    {
        return initiated;
    }

    /** TCP_NODELAY as read back from the socket after the engine set it. */
    public boolean tcpNoDelay()
    {
        return tcpNoDelay;
    }

    /** SO_KEEPALIVE as read back from the socket (set when {@code SocketKeepAlive=Y}). */
    public boolean keepAlive()
    {
        return keepAlive;
    }

    @Override
    public long write(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!open)
        {
            return NOT_CONNECTED;
        }
        if (outbound.remaining() < length)
        {
            flush();
            if (!open)
            {
                return NOT_CONNECTED;
            }
            if (outbound.remaining() < length)
            {
                counters.backPressureEvents.incrementRelease();
                if (slowConsumerPolicy == SlowConsumerPolicy.DISCONNECT)
                {
                    close(DisconnectReason.SLOW_CONSUMER);
                    return NOT_CONNECTED;
                }
                return BACK_PRESSURED;
            }
        }
        final int position = outbound.position();
        buffer.getBytes(offset, outbound, position, length);
        outbound.position(position + length);
        if (!dirty)
        {
            dirty = true;
            transport.markDirty(this);
        }
        return length;
    }

    /**
     * Room left in the outbound buffer (after trying to flush when it runs low). Under
     * {@link SlowConsumerPolicy#DISCONNECT} this answers "unbounded" so that the write itself meets the full
     * buffer and applies the policy (the session has journaled the message by then: it is resent after reconnect).
     */
    @Override
    public int writableBytes()
    {
        if (!open)
        {
            return 0;
        }
        if (slowConsumerPolicy == SlowConsumerPolicy.DISCONNECT)
        {
            return Integer.MAX_VALUE;
        }
        if (outbound.remaining() < LOW_WATER_MARK && outbound.position() > 0)
        {
            flush();
        }
        return open ? outbound.remaining() : 0;
    }

    @Override
    public int pendingBytes()
    {
        return outbound.position();
    }

    @Override
    public boolean isOpen()
    {
        return open;
    }

    @Override
    public void close(final DisconnectReason reason)
    {
        if (closed)
        {
            return;
        }
        if (open)
        {
            flush();
            if (tls != null && open)
            {
                tls.closeOutbound();
            }
        }
        closeNow(reason);
    }

    @Override
    public String remoteAddress()
    {
        return remoteAddress;
    }

    @Override
    public int localPort()
    {
        return localPort;
    }

    /** Why the connection ended, or null while open. */
    public DisconnectReason disconnectReason()
    {
        return disconnectReason;
    }

    /**
     * Hand queued bytes to the socket; partial writes keep the rest (compacted to the front) and ask for
     * {@code OP_WRITE}. Never blocks.
     *
     * @return bytes written.
     */
    int flush()
    {
        dirty = false;
        if (!open || (outbound.position() == 0 && (tls == null || !tls.hasPending())))
        {
            return 0;
        }
        if (tls != null)
        {
            return flushTls();
        }
        int written = 0;
        try
        {
            outbound.flip();
            written = channel.write(outbound);
            outbound.compact();
        }
        catch (final IOException ex)
        {
            outbound.clear();
            closeNow(DisconnectReason.IO_ERROR);
            return 0;
        }
        if (written > 0)
        {
            counters.bytesWritten.getAndAddRelease(written);
        }
        final boolean pending = outbound.position() > 0;
        if (pending != writeInterest)
        {
            writeInterest = pending;
            updateInterest();
        }
        return written;
    }

    private int flushTls()
    {
        final int written;
        try
        {
            written = tls.flush();
        }
        catch (final javax.net.ssl.SSLException ex)
        {
            transport.tlsFailed(this, tls, ex);
            return 0;
        }
        catch (final IOException ex)
        {
            outbound.clear();
            closeNow(DisconnectReason.IO_ERROR);
            return 0;
        }
        if (written > 0)
        {
            counters.bytesWritten.getAndAddRelease(written);
        }
        refreshWriteInterest();
        return written;
    }

    /** After TLS produced or wrote bytes outside {@link #flush()}: wait for {@code OP_WRITE} while bytes wait. */
    void refreshWriteInterest()
    {
        final boolean pending = open && (tls != null ? tls.hasPending() : outbound.position() > 0);
        if (pending != writeInterest)
        {
            writeInterest = pending;
            updateInterest();
        }
    }

    /**
     * Register with the selector what this socket waits for: {@code OP_READ} unless the transport reads it directly
     * every poll, {@code OP_WRITE} while bytes wait for room in the socket.
     */
    void updateInterest()
    {
        if (key != null && key.isValid() && !connecting)
        {
            key.interestOps((transport.readsThroughSelector() ? SelectionKey.OP_READ : 0)
                | (writeInterest ? SelectionKey.OP_WRITE : 0));
        }
    }

    /**
     * Stop being served by this transport without closing the socket (a hand-over to another transport); nothing
     * is reported to the listener and queued outbound bytes are dropped.
     */
    SocketChannel detach()
    {
        closed = true;
        final boolean wasOpen = open;
        open = false;
        connecting = false;
        if (key != null)
        {
            key.cancel();
        }
        outbound.clear();
        transport.onDetached(this, wasOpen);
        return channel;
    }

    void closeNow(final DisconnectReason reason)
    {
        if (closed)
        {
            return;
        }
        closed = true;
        final boolean wasOpen = open;
        open = false;
        connecting = false;
        disconnectReason = reason;
        if (wasOpen)
        {
            // counted before the socket closes, so the peer never observes the close before the count
            counters.disconnects(reason).incrementRelease();
        }
        if (key != null)
        {
            key.cancel();
        }
        try
        {
            channel.close();
        }
        catch (final IOException ignore)
        {
            // closing a socket that already failed: nothing more to do
        }
        transport.onClosed(this, wasOpen, reason);
    }

    @Override
    public String toString()
    {
        return "TcpConnection{id=" + connectionId + ", remote=" + remoteAddress + ", tcpNoDelay=" + tcpNoDelay +
            (tls != null ? ", tls" : "") + '}';
    }
}
