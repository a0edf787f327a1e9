package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.testkit.TestKeyStores;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.TrustManagerFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A post-handshake message that needs an answer (a TLS 1.3 KeyUpdate with update_requested, a TLS 1.2
 * renegotiation) arriving while the acceptor's ciphertext fills the socket and its TLS buffer, followed by a message:
 * the acceptor cannot wrap its answer until the peer reads, and once the peer reads, the message read behind the
 * KeyUpdate or ClientHello reaches the listener without the peer sending another byte. A real TcpTransport polled
 * from the test thread, reading through its selector and reading directly every poll; the peer is a JDK SSLEngine over a non-blocking socket, so that the test decides every byte
 * it sends (a JDK SSLSocket would answer the renegotiation on its own while reading).
 */
class TlsKeyUpdateTest
{
    private static final TestKeyStores KEYS = TestKeyStores.get();
    private static final int SOCKET_BUFFER = 4096;
    private static final int CHUNK = 8192;
    private static final long TIMEOUT_NANOS = 10_000_000_000L;
    private static final String TEST_REQUEST = "8=FIX.4.4\u00019=12\u000135=1\u0001112=KU\u000110=000\u0001";
    private static final String HEARTBEAT = "8=FIX.4.4\u00019=12\u000135=0\u0001112=KU\u000110=000\u0001";

    private final EngineCounters counters = new EngineCounters();
    private final RecordingListener events = new RecordingListener();
    private TcpTransport server;
    private Peer peer;

    @AfterEach
    void close() throws IOException
    {
        if (peer != null)
        {
            peer.channel.close();
        }
        if (server != null)
        {
            server.close();
        }
    }

    @ParameterizedTest
    @CsvSource({"TLSv1.3,0", "TLSv1.3,4", "TLSv1.2,0", "TLSv1.2,4"})
    void recordsReadBehindAKeyUpdateOrRenegotiationReachTheListenerOnceThePeerReadsWithoutItSendingMore(
        final String protocol, final int directReadConnections) throws Exception
    {
        server = new TcpTransport(new TcpTransportConfig()
            .socketSendBufferSize(SOCKET_BUFFER)
            .socketReceiveBufferSize(SOCKET_BUFFER)
            .outboundBufferCapacity(64 * 1024)
            .directReadConnections(directReadConnections), counters);
        final int port = server.bind(new InetSocketAddress("127.0.0.1", 0),
            KEYS.server().needClientAuth(false).protocols(protocol).build());
        peer = new Peer(protocol, port);
        pollUntil(() -> events.connected.size() == 1 && ((TcpConnection)events.connected.get(0)).tlsHandshakeDone() &&
            peer.initialHandshakeDone, "initial handshake");
        final TcpConnection accepted = (TcpConnection)events.connected.get(0);
        assertEquals(protocol, accepted.tlsProtocol());

        // the acceptor writes until its outbound buffer is full: the socket and the TLS buffer behind it are full too
        final UnsafeBuffer chunk = new UnsafeBuffer(new byte[CHUNK]);
        long serverWrote = 0;
        int pattern = 0;
        while (true)
        {
            for (int i = 0; i < CHUNK; i++)
            {
                chunk.putByte(i, (byte)('a' + pattern++ % 26));
            }
            if (accepted.write(chunk, 0, CHUNK) != CHUNK)
            {
                break;
            }
            serverWrote += CHUNK;
            server.poll(events);
        }
        pollTimes(20);
        assertTrue(accepted.pendingBytes() > 0, "the outbound buffer stays full while the peer does not read");

        // a KeyUpdate asking for an answer (TLS 1.3) or a ClientHello (TLS 1.2), then a TestRequest behind it
        peer.engine.beginHandshake();
        peer.wrapHandshake();
        peer.send(TEST_REQUEST);
        pollUntil(() -> peer.sentAll(), "the peer's records handed to the socket");
        final long peerSent = peer.bytesSent;
        pollTimes(20);

        // the peer reads everything from now on and sends nothing more
        pollUntil(() ->
        {
            peer.drain();
            return events.received.size() == TEST_REQUEST.length();
        }, "the TestRequest read behind the " + (protocol.equals("TLSv1.3") ? "KeyUpdate" : "renegotiation"));
        assertEquals(TEST_REQUEST, events.received.toString(StandardCharsets.US_ASCII));
        assertEquals(peerSent, peer.bytesSent);
        assertEquals(0, counters.tlsErrors.get());
        assertTrue(events.reasons.isEmpty(), events.reasons.toString());

        if (protocol.equals("TLSv1.3"))
        {
            // the acceptor answered the KeyUpdate: the peer decrypts the rest, and the Heartbeat, with its new keys
            final byte[] heartbeat = HEARTBEAT.getBytes(StandardCharsets.US_ASCII);
            assertEquals(heartbeat.length, accepted.write(new UnsafeBuffer(heartbeat), 0, heartbeat.length));
            final long wrote = serverWrote + heartbeat.length;
            pollUntil(() ->
            {
                peer.drain();
                return peer.plaintext.size() >= wrote;
            }, "every byte the acceptor wrote");
            final String plaintext = peer.plaintext.toString(StandardCharsets.US_ASCII);
            assertEquals(wrote, plaintext.length());
            assertTrue(plaintext.endsWith(HEARTBEAT), plaintext.substring(plaintext.length() - heartbeat.length));
            assertEquals(HandshakeStatus.NOT_HANDSHAKING, peer.engine.getHandshakeStatus());
            assertEquals(peerSent, peer.bytesSent);
        }
    }

    private void pollTimes(final int times)
    {
        for (int i = 0; i < times; i++)
        {
            server.poll(events);
        }
    }

    private void pollUntil(final Condition condition, final String what) throws IOException
    {
        final long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (!condition.reached())
        {
            server.poll(events);
            peer.handshakeStep();
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("not reached in 10 s: " + what + "; received " +
                    events.received.size() + " bytes, closed " + events.reasons);
            }
        }
    }

    @FunctionalInterface
    private interface Condition
    {
        boolean reached() throws IOException;
    }

    /**
     * The peer: a client SSLEngine over a non-blocking socket with a small receive buffer. During the initial
     * handshake it answers what the engine asks for; after it, it only sends what the test tells it to, and reads
     * what arrives, decrypting while its engine does not wait to send an answer of its own (a TLS 1.2
     * renegotiation it leaves unanswered), else discarding.
     */
    private static final class Peer
    {
        final SSLEngine engine;
        final SocketChannel channel;
        final ByteBuffer netIn;
        final ByteBuffer netOut;
        final ByteBuffer plaintextIn;
        boolean initialHandshakeDone;
        boolean discarding;
        long bytesSent;
        final ByteArrayOutputStream plaintext = new ByteArrayOutputStream();

        Peer(final String protocol, final int port) throws Exception
        {
            final TrustManagerFactory trust =
                TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(KeyStore.getInstance(KEYS.clientTrust.toFile(), TestKeyStores.PASSWORD.toCharArray()));
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            engine = context.createSSLEngine("localhost", port);
            engine.setUseClientMode(true);
            engine.setEnabledProtocols(new String[] {protocol});
            final int packet = engine.getSession().getPacketBufferSize();
            netIn = ByteBuffer.allocate(4 * packet);
            netOut = ByteBuffer.allocate(4 * packet);
            plaintextIn = ByteBuffer.allocate(2 * engine.getSession().getApplicationBufferSize());
            channel = SocketChannel.open();
            channel.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.connect(new InetSocketAddress("127.0.0.1", port));
            channel.configureBlocking(false);
            engine.beginHandshake();
        }

        /** During the initial handshake: one step of it; after it, only what is still to be written. */
        void handshakeStep() throws IOException
        {
            flushNetOut();
            if (initialHandshakeDone)
            {
                return;
            }
            switch (engine.getHandshakeStatus())
            {
                case NEED_TASK:
                    runTasks();
                    break;
                case NEED_WRAP:
                    wrapHandshake();
                    break;
                case NEED_UNWRAP:
                case NEED_UNWRAP_AGAIN:
                    read();
                    break;
                default:
                    initialHandshakeDone = true;
                    break;
            }
        }

        void wrapHandshake() throws IOException
        {
            while (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP ||
                engine.getHandshakeStatus() == HandshakeStatus.NEED_TASK)
            {
                if (engine.getHandshakeStatus() == HandshakeStatus.NEED_TASK)
                {
                    runTasks();
                    continue;
                }
                final SSLEngineResult result = engine.wrap(ByteBuffer.allocate(0), netOut);
                assertEquals(SSLEngineResult.Status.OK, result.getStatus());
            }
            flushNetOut();
        }

        void send(final String message) throws IOException
        {
            final ByteBuffer bytes = ByteBuffer.wrap(message.getBytes(StandardCharsets.US_ASCII));
            final SSLEngineResult result = engine.wrap(bytes, netOut);
            assertEquals(SSLEngineResult.Status.OK, result.getStatus());
            assertEquals(0, bytes.remaining());
            flushNetOut();
        }

        boolean sentAll()
        {
            return netOut.position() == 0;
        }

        /** Read what the socket holds; decrypt it while the engine does not wait to send, else discard it. */
        void drain() throws IOException
        {
            while (read() > 0)
            {
                // an unanswered renegotiation: what follows is read only to make room in the socket
                discarding |= engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP;
            }
        }

        private int read() throws IOException
        {
            final int bytes = channel.read(netIn);
            if (bytes < 0)
            {
                throw new IOException("the acceptor closed the connection");
            }
            if (discarding)
            {
                netIn.clear();
                return bytes;
            }
            netIn.flip();
            while (netIn.hasRemaining())
            {
                if (engine.getHandshakeStatus() == HandshakeStatus.NEED_TASK)
                {
                    runTasks();
                }
                if (initialHandshakeDone && engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP)
                {
                    break;
                }
                plaintextIn.clear();
                final SSLEngineResult result = engine.unwrap(netIn, plaintextIn);
                plaintextIn.flip();
                while (plaintextIn.hasRemaining())
                {
                    plaintext.write(plaintextIn.get());
                }
                if (result.getStatus() != SSLEngineResult.Status.OK || result.bytesConsumed() == 0)
                {
                    break;
                }
            }
            netIn.compact();
            return bytes;
        }

        private void flushNetOut() throws IOException
        {
            netOut.flip();
            bytesSent += channel.write(netOut);
            netOut.compact();
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
}
