package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.codec.UntouchedMemory;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The TLS layer of one {@link TcpConnection}: an {@link SSLEngine} between the socket and the connection's
 * plaintext. Ciphertext read from the socket collects in {@code netIn} until a whole record is there; records are
 * decrypted into the transport's shared plaintext buffer and handed to the listener as any TCP read. Plaintext the
 * session writes waits in the connection's outbound buffer until the handshake is done, then is encrypted into
 * {@code netOut} (several records per system call) and written.
 *
 * <p>Handshake steps run where they become possible: after each read, after each flush, and once when the socket
 * connects (the client's first flight). Delegated tasks (certificate checks, key generation) run inline on the
 * poller thread: they take microseconds to a few milliseconds, once per connection.
 *
 * <p>After the handshake nothing here allocates: the buffers and the one-element buffer arrays handed to
 * {@link SSLEngine#wrap(ByteBuffer[], int, int, ByteBuffer)} and
 * {@link SSLEngine#unwrap(ByteBuffer, ByteBuffer[], int, int)} are created once per connection.
 *
 * <p>Threading: poller thread only.
 */
final class TlsChannel
{
    /** {@link #unwrap} found nothing more to do until more bytes arrive (or the socket takes more). */
    static final int NOTHING = -1;
    /** {@link #unwrap}: the peer closed TLS (close_notify). */
    static final int CLOSED = -2;

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
    private static final ByteBuffer[] EMPTY_SOURCES = {EMPTY};

    private final SSLEngine engine;
    private final SocketChannel channel;
    private final ByteBuffer netIn;
    private final ByteBuffer netOut;
    private final ByteBuffer[] plaintextTarget;
    private final ByteBuffer[] plaintextSource;
    private boolean handshakeDone;

    /**
     * @param plaintextIn  where decrypted bytes go (the transport's shared buffer, at least the engine's
     *                     application buffer size).
     * @param plaintextOut the connection's outbound buffer (plaintext waiting to be encrypted).
     */
    TlsChannel(final SSLEngine engine, final SocketChannel channel, final ByteBuffer plaintextIn,
        final ByteBuffer plaintextOut)
    {
        this.engine = engine;
        this.channel = channel;
        final int packet = engine.getSession().getPacketBufferSize();
        // both are filled from their start, so an idle connection keeps resident only the pages its largest burst
        // of records touched (UntouchedMemory), not 6 zeroed packets (about 100 KiB) per TLS session
        this.netIn = UntouchedMemory.byteBuffer(2 * packet);
        // room for several records so that the messages of one duty cycle leave in one write
        this.netOut = UntouchedMemory.byteBuffer(4 * packet);
        this.plaintextTarget = new ByteBuffer[] {plaintextIn};
        this.plaintextSource = new ByteBuffer[] {plaintextOut};
    }

    /** Size the shared plaintext buffer must have at least. */
    static int applicationBufferSize(final SSLEngine engine)
    {
        return engine.getSession().getApplicationBufferSize();
    }

    void beginHandshake() throws SSLException
    {
        engine.beginHandshake();
    }

    boolean handshakeDone()
    {
        return handshakeDone;
    }

    /** The negotiated protocol (e.g. {@code TLSv1.3}), for tests and reports. */
    String protocol()
    {
        return engine.getSession().getProtocol();
    }

    String cipherSuite()
    {
        return engine.getSession().getCipherSuite();
    }

    /** @return bytes read from the socket, -1 at end of stream, 0 when none (or {@code netIn} is full). */
    int readFromSocket() throws IOException
    {
        if (!netIn.hasRemaining())
        {
            return 0;
        }
        return channel.read(netIn);
    }

    /**
     * Take the next step: run a pending handshake step or decrypt the next record from {@code netIn} into the
     * plaintext buffer (cleared by the caller).
     *
     * @return bytes of plaintext produced (&gt; 0), {@link #NOTHING} or {@link #CLOSED}; 0 never.
     * @throws SSLException when the peer's bytes are not acceptable TLS (handshake failure, bad record).
     */
    int unwrap() throws IOException
    {
        while (true)
        {
            switch (engine.getHandshakeStatus())
            {
                case NEED_TASK:
                    runTasks();
                    continue;
                case NEED_WRAP:
                    if (!wrapHandshake())
                    {
                        return NOTHING;
                    }
                    continue;
                default:
                    break;
            }
            if (netIn.position() == 0)
            {
                return NOTHING;
            }
            netIn.flip();
            final SSLEngineResult result;
            try
            {
                result = engine.unwrap(netIn, plaintextTarget, 0, 1);
            }
            finally
            {
                netIn.compact();
            }
            switch (result.getStatus())
            {
                case BUFFER_UNDERFLOW:
                    return NOTHING; // a partial record: wait for its rest
                case BUFFER_OVERFLOW:
                    throw new SSLException("record larger than the plaintext buffer");
                case CLOSED:
                    return CLOSED;
                default:
                    break;
            }
            noteHandshake(result);
            if (result.bytesProduced() > 0)
            {
                return result.bytesProduced();
            }
        }
    }

    /**
     * Encrypt the plaintext waiting in the outbound buffer (in fill mode: position = bytes waiting) into
     * {@code netOut} and write it; what the socket does not take waits. Before the handshake is done only the
     * handshake's own bytes are written.
     *
     * @return bytes written to the socket.
     */
    int flush() throws IOException
    {
        int written = writeNetOut();
        if (!handshakeDone)
        {
            return written;
        }
        final ByteBuffer plaintext = plaintextSource[0];
        if (plaintext.position() == 0)
        {
            return written;
        }
        plaintext.flip();
        try
        {
            while (plaintext.hasRemaining())
            {
                final SSLEngineResult result = engine.wrap(plaintextSource, 0, 1, netOut);
                if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW)
                {
                    final int drained = writeNetOut();
                    written += drained;
                    if (drained == 0)
                    {
                        break; // the socket is full: the rest waits for OP_WRITE
                    }
                }
                else if (result.getStatus() == SSLEngineResult.Status.CLOSED)
                {
                    throw new SSLException("TLS closed while sending");
                }
            }
        }
        finally
        {
            plaintext.compact();
        }
        return written + writeNetOut();
    }

    /** Whether bytes wait for room in the socket (encrypted, or plaintext that can be encrypted now). */
    boolean hasPending()
    {
        return netOut.position() > 0 || (handshakeDone && plaintextSource[0].position() > 0);
    }

    /** Best effort close_notify: no failure of it matters, the socket closes next. */
    void closeOutbound()
    {
        try
        {
            engine.closeOutbound();
            engine.wrap(EMPTY_SOURCES, 0, 1, netOut);
            writeNetOut();
        }
        catch (final IOException | RuntimeException ignore)
        {
            // the peer may already be gone
        }
    }

    /** After a failed handshake: send the alert the engine prepared, best effort. */
    void sendAlert()
    {
        try
        {
            if (engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP)
            {
                engine.wrap(EMPTY_SOURCES, 0, 1, netOut);
            }
            writeNetOut();
        }
        catch (final IOException | RuntimeException ignore)
        {
            // the alert is a courtesy; the socket closes next
        }
    }

    private boolean wrapHandshake() throws IOException
    {
        final SSLEngineResult result = engine.wrap(EMPTY_SOURCES, 0, 1, netOut);
        if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW)
        {
            writeNetOut();
            return false;
        }
        if (result.getStatus() == SSLEngineResult.Status.CLOSED)
        {
            writeNetOut();
            throw new SSLException("TLS closed during the handshake");
        }
        noteHandshake(result);
        writeNetOut();
        return true;
    }

    private void noteHandshake(final SSLEngineResult result)
    {
        if (!handshakeDone && (result.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.FINISHED ||
            engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING))
        {
            handshakeDone = true;
        }
    }

    private int writeNetOut() throws IOException
    {
        if (netOut.position() == 0)
        {
            return 0;
        }
        netOut.flip();
        try
        {
            return channel.write(netOut);
        }
        finally
        {
            netOut.compact();
        }
    }

    private void runTasks()
    {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null)
        {
            task.run();
        }
    }
}
