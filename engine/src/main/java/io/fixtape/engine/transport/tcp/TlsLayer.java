package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TlsSettings;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.concurrent.UnsafeBuffer;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The TLS side of a {@link TcpTransport}: the TLS contexts it uses (one per distinct {@link TlsSettings}, created on
 * first use), the one buffer every connection decrypts into, and the steps that move a TLS connection on — start
 * its handshake, read ciphertext, run handshake steps and hand decrypted bytes to the listener, fail it.
 *
 * <p>A failed handshake or a bad record is counted ({@code tls.handshake.failures}, {@code tls.errors}), logged in
 * one line naming the peer address and the reason (no stack trace), answered with the TLS alert and ends the
 * connection with {@link DisconnectReason#TLS_FAILURE}.
 *
 * <p>Threading: the transport's poller thread ({@link #context} also from the configuration thread before the poller
 * runs). Allocates per context and per connection, never per message.
 */
final class TlsLayer
{
    private static final System.Logger LOG = System.getLogger(TcpTransport.class.getName());

    private final EngineCounters counters;
    private final int receiveBufferSize;
    private final Map<TlsSettings, TlsContext> contexts = new HashMap<>();
    /** Decrypted bytes of TLS connections (created with the first TLS context; at least a TLS record). */
    private ByteBuffer plaintext;
    private UnsafeBuffer plaintextBuffer;

    TlsLayer(final EngineCounters counters, final int receiveBufferSize)
    {
        this.counters = counters;
        this.receiveBufferSize = receiveBufferSize;
    }

    /**
     * The TLS context for {@code settings}, created (stores read, values checked) on first use and shared by every
     * connection with the same settings.
     *
     * @throws IllegalArgumentException when a store cannot be read or a value is not supported.
     */
    TlsContext context(final TlsSettings settings)
    {
        TlsContext context = contexts.get(settings);
        if (context == null)
        {
            context = TlsContext.create(settings);
            final int plaintextSize = TlsChannel.applicationBufferSize(context.newEngine(false, null, -1));
            if (plaintext == null)
            {
                // one buffer for the transport's life: every TlsChannel decrypts into this very buffer. Twice the
                // JDK's application buffer size leaves room should another context ask for more.
                plaintext = ByteBuffer.allocateDirect(Math.max(2 * plaintextSize, receiveBufferSize));
                plaintextBuffer = new UnsafeBuffer(plaintext);
            }
            else if (plaintext.capacity() < plaintextSize)
            {
                throw new IllegalArgumentException("TLS: application buffer of " + plaintextSize + " bytes exceeds " +
                    plaintext.capacity());
            }
            contexts.put(settings, context);
        }
        return context;
    }

    /** Give a just-established connection its {@link TlsChannel} and begin the handshake. */
    void start(final TcpConnection connection, final TlsContext context, final String host, final int port)
        throws IOException
    {
        final SSLEngine engine = context.newEngine(connection.initiated(), host, port);
        final TlsChannel tls = new TlsChannel(engine, connection.channel(), plaintext, connection.outboundBuffer());
        connection.tls(tls);
        tls.beginHandshake();
    }

    /**
     * Read ciphertext from the socket and process what it completes.
     *
     * @return work done (0: nothing read).
     */
    int read(final TcpConnection connection, final TlsChannel tls, final TransportListener listener)
    {
        final int bytes;
        try
        {
            bytes = tls.readFromSocket();
        }
        catch (final IOException ex)
        {
            connection.closeNow(DisconnectReason.IO_ERROR);
            return 0;
        }
        int work = 0;
        if (bytes > 0)
        {
            counters.bytesRead.getAndAddRelease(bytes);
            work = 1 + process(connection, tls, listener);
        }
        if (bytes < 0 && connection.isOpen())
        {
            connection.closeNow(DisconnectReason.REMOTE_CLOSED);
        }
        return work;
    }

    /**
     * Run handshake steps and hand decrypted bytes to the listener until TLS needs more from the network.
     *
     * @return work done beyond the decrypting (1 when the end of the handshake flushed what the session queued).
     */
    int process(final TcpConnection connection, final TlsChannel tls, final TransportListener listener)
    {
        final boolean wasDone = tls.handshakeDone();
        try
        {
            while (connection.isOpen())
            {
                plaintext.clear();
                final int produced = tls.unwrap();
                if (produced == TlsChannel.NOTHING)
                {
                    break;
                }
                if (produced == TlsChannel.CLOSED)
                {
                    connection.closeNow(DisconnectReason.REMOTE_CLOSED);
                    return 0;
                }
                listener.onData(connection, plaintextBuffer, 0, produced);
            }
        }
        catch (final SSLException ex)
        {
            failed(connection, tls, ex);
            return 0;
        }
        catch (final IOException ex)
        {
            connection.closeNow(DisconnectReason.IO_ERROR);
            return 0;
        }
        int work = 0;
        if (!wasDone && tls.handshakeDone() && connection.isOpen())
        {
            counters.tlsHandshakes.incrementRelease();
            work = connection.flush() > 0 ? 1 : 0; // what the session queued during the handshake (a Logon)
        }
        connection.refreshWriteInterest();
        return work;
    }

    /** A TLS failure: counted, one log line with the peer address and the reason, the alert sent, closed. */
    void failed(final TcpConnection connection, final TlsChannel tls, final SSLException ex)
    {
        if (tls.handshakeDone())
        {
            counters.tlsErrors.incrementRelease();
            LOG.log(System.Logger.Level.WARNING, "TLS error on the connection with " + connection.remoteAddress() +
                ": " + ex.getMessage());
        }
        else
        {
            counters.tlsHandshakeFailures.incrementRelease();
            LOG.log(System.Logger.Level.WARNING, "TLS handshake with " + connection.remoteAddress() + " failed: " +
                ex.getMessage());
        }
        tls.sendAlert();
        connection.closeNow(DisconnectReason.TLS_FAILURE);
    }
}
