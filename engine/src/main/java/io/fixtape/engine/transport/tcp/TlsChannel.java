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
 * <p>Handshake steps run where they become possible: after each read, after a flush that made room for a step that
 * did not fit, and once when the socket connects (the client's first flight). The same holds after the handshake for
 * the messages that ask for an answer (a TLS 1.3 KeyUpdate with update_requested, a TLS 1.2 renegotiation): when the
 * answer finds no room, the records read behind the request wait in {@code netIn} and are processed once a flush has
 * made room, not when the peer next sends, since the peer may be waiting for that answer. Delegated tasks
 * (certificate checks, key generation) run inline on the poller thread: they take microseconds to a few
 * milliseconds, once per handshake.
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
     * {@link #unwrap} stopped at a handshake message of ours that found no room in {@code netOut} (a flight of the
     * handshake, the answer to a KeyUpdate or to a renegotiation): records read behind it wait in {@code netIn},
     * and the peer may send nothing more until it has that answer.
     */
    private boolean unwrapWaitsForRoom;
    /** {@link #flush} stopped because the engine takes no application data until the peer's next handshake flight. */
    private boolean wrapWaitsForInput;

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
        unwrapWaitsForRoom = false;
        wrapWaitsForInput = false;
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
                        unwrapWaitsForRoom = true;
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
                else if (result.bytesConsumed() == 0 && result.bytesProduced() == 0)
                {
                    if (engine.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_TASK)
                    {
                        // mid-renegotiation an engine may take no application data until the peer's next flight:
                        // the rest waits for input rather than spinning here or on OP_WRITE
                        wrapWaitsForInput = true;
                        break;
                    }
                    runTasks();
                }
            }
        }
        finally
        {
            plaintext.compact();
        }
        return written + writeNetOut();
    }

    /**
     * Whether bytes wait for room in the socket: encrypted, a handshake message of ours not yet encrypted for want
     * of room (see {@link #resumeUnwrapAfterFlush()}), or plaintext the engine takes now.
     */
    boolean hasPending()
    {
        return netOut.position() > 0 || unwrapWaitsForRoom ||
            (handshakeDone && !wrapWaitsForInput && plaintextSource[0].position() > 0);
    }

    /**
     * Whether {@link #unwrap} must run again once a flush has made room, without waiting for more bytes from the
     * peer: during the handshake, and whenever it stopped at a handshake message of ours that did not fit (a peer
     * that asked for a KeyUpdate or started a renegotiation waits for the answer, and the records it sent behind
     * the request are already in {@code netIn}).
     */
    boolean resumeUnwrapAfterFlush()
    {
        return !handshakeDone || unwrapWaitsForRoom;
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
