package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.testkit.TestKeyStores;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS under the conditions that break careless record handling, with two real TcpTransports on loopback polled in a
 * seeded random order from the test thread: several connections interleaved on each transport (so they share its
 * plaintext buffer), socket buffers of a few kilobytes (writes are partial, reads cut records apart and carry several
 * records at once), messages from one byte to several TLS records long, bursts both ways, back-pressure with paused
 * reads. The server echoes every byte from inside {@code onData}, so it encrypts while it decrypts. Every byte is
 * checked in order on both sides; any record sent out of order or overwritten ends in an SSLException
 * (bad_record_mac) counted as a TLS error, any plaintext lost or handed to the wrong connection in a mismatch. A
 * second case puts JDK SSLSockets on the other side, writing and reading on their own threads as QuickFIX/J does.
 */
class TlsStressTest
{
    private static final TestKeyStores KEYS = TestKeyStores.get();
    private static final int CONNECTIONS = 6;
    private static final int BYTES_PER_CONNECTION = 250_000;
    private static final int MAX_MESSAGE = 40_000;
    private static final int SOCKET_BUFFER = 4096;
    private static final long TIMEOUT_NANOS = 60_000_000_000L;

    private final EngineCounters serverCounters = new EngineCounters();
    private final EngineCounters clientCounters = new EngineCounters();
    private TcpTransport server;
    private TcpTransport client;
    private final List<SSLSocket> sockets = new ArrayList<>();

    @AfterEach
    void close() throws IOException
    {
        for (final SSLSocket socket : sockets)
        {
            socket.close();
        }
        if (client != null)
        {
            client.close();
        }
        if (server != null)
        {
            server.close();
        }
    }

    @ParameterizedTest
    @CsvSource({"TLSv1.3,false,4", "TLSv1.3,true,0", "TLSv1.2,false,0", "TLSv1.2,true,16"})
    void everyByteArrivesInOrderOnItsOwnConnectionUnderPartialWritesAndInterleavedConnections(
        final String protocol, final boolean clientAuth, final int directReadConnections)
    {
        final long seed = System.nanoTime();
        final Random random = new Random(seed);
        server = new TcpTransport(config(directReadConnections), serverCounters);
        client = new TcpTransport(config(directReadConnections), clientCounters);
        final int port = server.bind(new InetSocketAddress("127.0.0.1", 0),
            KEYS.server().needClientAuth(clientAuth).protocols(protocol).build());
        final Echo echo = new Echo();
        final Sender sender = new Sender(random);
        for (int i = 0; i < CONNECTIONS; i++)
        {
            client.connect(new InetSocketAddress("127.0.0.1", port), KEYS.client().protocols(protocol).build());
        }

        final long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (!sender.allEchoed())
        {
            sender.send(); // the first messages are written during the handshake and wait for it
            echo.retry();
            // each side in turn, sometimes one side alone for a while: the other's sockets fill up
            final int serverPolls = random.nextInt(4);
            final int clientPolls = random.nextInt(4);
            for (int i = 0; i < Math.max(serverPolls, clientPolls); i++)
            {
                if (i < serverPolls)
                {
                    server.poll(echo);
                }
                if (i < clientPolls)
                {
                    client.poll(sender);
                }
            }
            final String failure = "seed " + seed + ": " + describe(echo, sender);
            assertEquals(0, serverCounters.tlsErrors.get() + clientCounters.tlsErrors.get(), failure);
            assertEquals(0, serverCounters.tlsHandshakeFailures.get() + clientCounters.tlsHandshakeFailures.get(),
                failure);
            assertTrue(echo.closed.isEmpty() && sender.closed.isEmpty(), failure);
            assertTrue(echo.mismatch == null && sender.mismatch == null, failure);
            assertTrue(System.nanoTime() < deadline, "timed out, " + failure);
        }

        assertEquals(CONNECTIONS, serverCounters.tlsHandshakes.get());
        assertEquals(CONNECTIONS, clientCounters.tlsHandshakes.get());
        for (final Connection connection : sender.connections)
        {
            assertEquals(protocol, ((TcpConnection)connection).tlsProtocol());
            connection.close(DisconnectReason.LOGOUT);
        }
        while (echo.closed.size() < CONNECTIONS)
        {
            server.poll(echo);
            assertTrue(System.nanoTime() < deadline, "close_notify not seen: " + echo.closed);
        }
        for (final DisconnectReason reason : echo.closed)
        {
            assertEquals(DisconnectReason.REMOTE_CLOSED, reason);
        }
        assertEquals((long)CONNECTIONS * BYTES_PER_CONNECTION, echo.totalReceived());
    }

    @ParameterizedTest
    @CsvSource({"TLSv1.3", "TLSv1.2"})
    void jdkSocketsWritingAndReadingOnTheirOwnThreadsGetEveryByteBackInOrder(final String protocol) throws Exception
    {
        final long seed = System.nanoTime();
        server = new TcpTransport(config(4), serverCounters);
        final int port = server.bind(new InetSocketAddress("127.0.0.1", 0),
            KEYS.server().needClientAuth(false).protocols(protocol).build());
        final Echo echo = new Echo();
        final SSLContext clientContext = SSLContext.getInstance("TLS");
        final TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(KeyStore.getInstance(KEYS.clientTrust.toFile(), TestKeyStores.PASSWORD.toCharArray()));
        clientContext.init(null, trust.getTrustManagers(), null);
        final JdkPeer[] peers = new JdkPeer[3];
        for (int stream = 0; stream < peers.length; stream++)
        {
            final SSLSocket socket = (SSLSocket)clientContext.getSocketFactory().createSocket();
            socket.setEnabledProtocols(new String[] {protocol});
            socket.setSendBufferSize(SOCKET_BUFFER);
            socket.setReceiveBufferSize(SOCKET_BUFFER);
            socket.setTcpNoDelay(true);
            sockets.add(socket);
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            peers[stream] = new JdkPeer(socket, stream, new Random(seed + stream));
        }
        final long deadline = System.nanoTime() + TIMEOUT_NANOS;
        boolean done = false;
        while (!done)
        {
            echo.retry();
            server.poll(echo);
            done = true;
            for (final JdkPeer peer : peers)
            {
                assertEquals(null, peer.failure, "seed " + seed + ", stream " + peer.stream);
                done &= peer.echoed == BYTES_PER_CONNECTION;
            }
            assertEquals(0, serverCounters.tlsErrors.get() + serverCounters.tlsHandshakeFailures.get(),
                "seed " + seed + ": " + echo.closed);
            assertEquals(null, echo.mismatch, "seed " + seed);
            assertTrue(System.nanoTime() < deadline, "timed out, seed " + seed);
        }
        for (final JdkPeer peer : peers)
        {
            peer.socket.close();
            peer.writer.join();
            peer.reader.join();
        }
        assertEquals(3L * BYTES_PER_CONNECTION, echo.totalReceived());
    }

    /** A JDK SSLSocket peer: one thread writes its stream in random sizes, another reads the echo and checks it. */
    private static final class JdkPeer
    {
        final SSLSocket socket;
        final int stream;
        final Thread writer;
        final Thread reader;
        volatile long echoed;
        volatile String failure;

        JdkPeer(final SSLSocket socket, final int stream, final Random random)
        {
            this.socket = socket;
            this.stream = stream;
            this.writer = new Thread(() ->
            {
                try
                {
                    final OutputStream out = socket.getOutputStream();
                    final byte[] message = new byte[MAX_MESSAGE];
                    long sent = 0;
                    while (sent < BYTES_PER_CONNECTION)
                    {
                        final int size = (int)Math.min(random.nextInt(10) < 7 ? 1 + random.nextInt(300) :
                            1 + random.nextInt(MAX_MESSAGE), BYTES_PER_CONNECTION - sent);
                        for (int i = 0; i < size; i++)
                        {
                            message[i] = expected(stream, sent + i);
                        }
                        out.write(message, 0, size);
                        sent += size;
                    }
                    out.flush();
                }
                catch (final IOException ex)
                {
                    failure = "write: " + ex;
                }
            }, "tls-stress-writer-" + stream);
            this.reader = new Thread(() ->
            {
                try
                {
                    final InputStream in = socket.getInputStream();
                    final byte[] bytes = new byte[MAX_MESSAGE];
                    while (echoed < BYTES_PER_CONNECTION)
                    {
                        final int read = in.read(bytes);
                        if (read < 0)
                        {
                            failure = "end of stream after " + echoed;
                            return;
                        }
                        for (int i = 0; i < read; i++)
                        {
                            if (bytes[i] != expected(stream, echoed + i))
                            {
                                failure = "echo differs at byte " + (echoed + i);
                                return;
                            }
                        }
                        echoed += read;
                    }
                }
                catch (final IOException ex)
                {
                    failure = "read: " + ex;
                }
            }, "tls-stress-reader-" + stream);
            writer.setDaemon(true);
            reader.setDaemon(true);
            writer.start();
            reader.start();
        }
    }

    private static TcpTransportConfig config(final int directReadConnections)
    {
        return new TcpTransportConfig()
            .socketSendBufferSize(SOCKET_BUFFER)
            .socketReceiveBufferSize(SOCKET_BUFFER)
            .outboundBufferCapacity(96 * 1024)
            .directReadConnections(directReadConnections);
    }

    private static String describe(final Echo echo, final Sender sender)
    {
        return "server " + echo.mismatch + " closed " + echo.closed + ", client " + sender.mismatch + " closed " +
            sender.closed + ", echoed " + sender.echoedTotal() + " of " + (long)CONNECTIONS * BYTES_PER_CONNECTION;
    }

    /** Byte {@code position} of the stream of connection {@code stream}; byte 0 names the stream. */
    static byte expected(final int stream, final long position)
    {
        if (position == 0)
        {
            return (byte)stream;
        }
        long x = stream * 0x9E3779B97F4A7C15L + position;
        x = (x ^ (x >>> 33)) * 0xFF51AFD7ED558CCDL;
        x ^= x >>> 29;
        return (byte)x;
    }

    /** Client side: one stream per connection in random message sizes, and the check of what comes back. */
    private static final class Sender implements TransportListener
    {
        final List<Connection> connections = new ArrayList<>();
        final List<DisconnectReason> closed = new ArrayList<>();
        final long[] sent = new long[CONNECTIONS];
        final long[] echoed = new long[CONNECTIONS];
        final int[] nextSize = new int[CONNECTIONS];
        final UnsafeBuffer message = new UnsafeBuffer(new byte[MAX_MESSAGE]);
        final Random random;
        String mismatch;

        Sender(final Random random)
        {
            this.random = random;
        }

        void send()
        {
            for (int stream = 0; stream < connections.size(); stream++)
            {
                // a burst: several messages while the outbound buffer takes them
                for (int burst = random.nextInt(6); burst >= 0 && sent[stream] < BYTES_PER_CONNECTION; burst--)
                {
                    if (nextSize[stream] == 0)
                    {
                        final int size = random.nextInt(10) < 7 ? 1 + random.nextInt(300) : 1 + random.nextInt(MAX_MESSAGE);
                        nextSize[stream] = (int)Math.min(size, BYTES_PER_CONNECTION - sent[stream]);
                    }
                    final int size = nextSize[stream];
                    for (int i = 0; i < size; i++)
                    {
                        message.putByte(i, expected(stream, sent[stream] + i));
                    }
                    final long result = connections.get(stream).write(message, 0, size);
                    if (result != size)
                    {
                        break; // back-pressured: the same message again next time
                    }
                    sent[stream] += size;
                    nextSize[stream] = 0;
                }
            }
        }

        boolean allEchoed()
        {
            return echoedTotal() == (long)CONNECTIONS * BYTES_PER_CONNECTION;
        }

        long echoedTotal()
        {
            long total = 0;
            for (final long bytes : echoed)
            {
                total += bytes;
            }
            return total;
        }

        @Override
        public void onConnected(final Connection connection, final boolean initiated)
        {
            connections.add(connection);
        }

        @Override
        public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
        {
            final int stream = connections.indexOf(connection);
            for (int i = 0; i < length; i++)
            {
                final byte actual = buffer.getByte(offset + i);
                if (mismatch == null && (echoed[stream] >= sent[stream] || actual != expected(stream, echoed[stream])))
                {
                    mismatch = "echo of stream " + stream + " differs at byte " + echoed[stream] + " (sent " +
                        sent[stream] + ")";
                }
                echoed[stream]++;
            }
        }

        @Override
        public void onDisconnected(final Connection connection, final DisconnectReason reason)
        {
            closed.add(reason);
        }
    }

    /**
     * Server side: checks each stream and writes every byte back from inside {@code onData}; what the connection
     * does not take waits here, and the connection's reads pause until it is written.
     */
    private static final class Echo implements TransportListener
    {
        final Map<Connection, Stream> streams = new HashMap<>();
        final List<DisconnectReason> closed = new ArrayList<>();
        String mismatch;

        @Override
        public void onConnected(final Connection connection, final boolean initiated)
        {
            streams.put(connection, new Stream());
        }

        @Override
        public boolean isReadPaused(final Connection connection)
        {
            final Stream stream = streams.get(connection);
            return stream != null && stream.held > 0;
        }

        @Override
        public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
        {
            final Stream stream = streams.get(connection);
            for (int i = 0; i < length; i++)
            {
                final byte actual = buffer.getByte(offset + i);
                if (stream.received == 0)
                {
                    stream.id = actual;
                }
                if (mismatch == null && actual != expected(stream.id, stream.received))
                {
                    mismatch = "stream " + stream.id + " differs at byte " + stream.received;
                }
                stream.received++;
            }
            if (stream.held == 0 && connection.write(buffer, offset, length) == length)
            {
                return;
            }
            stream.hold(buffer, offset, length);
        }

        void retry()
        {
            for (final Map.Entry<Connection, Stream> entry : streams.entrySet())
            {
                final Stream stream = entry.getValue();
                while (stream.held > 0)
                {
                    final int chunk = Math.min(stream.held, MAX_MESSAGE);
                    if (entry.getKey().write(new UnsafeBuffer(stream.heldBytes, 0, chunk), 0, chunk) != chunk)
                    {
                        break;
                    }
                    System.arraycopy(stream.heldBytes, chunk, stream.heldBytes, 0, stream.held - chunk);
                    stream.held -= chunk;
                }
            }
        }

        long totalReceived()
        {
            long total = 0;
            for (final Stream stream : streams.values())
            {
                total += stream.received;
            }
            return total;
        }

        @Override
        public void onDisconnected(final Connection connection, final DisconnectReason reason)
        {
            closed.add(reason);
        }
    }

    private static final class Stream
    {
        int id;
        long received;
        byte[] heldBytes = new byte[MAX_MESSAGE];
        int held;

        void hold(final DirectBuffer buffer, final int offset, final int length)
        {
            if (held + length > heldBytes.length)
            {
                heldBytes = Arrays.copyOf(heldBytes, Math.max(2 * heldBytes.length, held + length));
            }
            buffer.getBytes(offset, heldBytes, held, length);
            held += length;
        }
    }
}
