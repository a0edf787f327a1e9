package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.testkit.TestKeyStores;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TlsSettings;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two real TcpTransports over TLS on loopback, both polled from the test thread; stores made with keytool. */
class TlsTransportTest
{
    private static final TestKeyStores KEYS = TestKeyStores.get();

    private final EngineCounters serverCounters = new EngineCounters();
    private final EngineCounters clientCounters = new EngineCounters();
    private final RecordingListener serverEvents = new RecordingListener();
    private final RecordingListener clientEvents = new RecordingListener();
    private TcpTransport server;
    private TcpTransport client;

    @AfterEach
    void close()
    {
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
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void mutualTlsCarriesBytesBothWaysIncludingWhatWasWrittenDuringTheHandshake(final String protocol)
    {
        final int port = start(KEYS.server().needClientAuth(true).protocols(protocol).build());
        client.connect(new InetSocketAddress("127.0.0.1", port), KEYS.client().protocols(protocol).build());
        pollUntil(() -> clientEvents.connected.size() == 1 && serverEvents.connected.size() == 1);
        final TcpConnection initiated = (TcpConnection)clientEvents.connected.get(0);
        final TcpConnection accepted = (TcpConnection)serverEvents.connected.get(0);
        // written before the handshake finished: it waits, then leaves encrypted
        write(initiated, "8=FIX.4.4|9=5|35=A|10=000|");
        pollUntil(() -> serverEvents.received.size() == 26);
        assertEquals("8=FIX.4.4|9=5|35=A|10=000|", serverEvents.received.toString(StandardCharsets.US_ASCII));
        assertEquals(protocol, initiated.tlsProtocol());
        assertEquals(protocol, accepted.tlsProtocol());

        // more than several TLS records in one duty cycle, in order
        final byte[] big = new byte[200_000];
        for (int i = 0; i < big.length; i++)
        {
            big[i] = (byte)('a' + i % 26);
        }
        int written = 0;
        while (written < big.length)
        {
            final int chunk = Math.min(10_000, big.length - written);
            final UnsafeBuffer buffer = new UnsafeBuffer(big, written, chunk);
            if (accepted.write(buffer, 0, chunk) == chunk)
            {
                written += chunk;
            }
            pollOnce();
        }
        pollUntil(() -> clientEvents.received.size() == big.length);
        assertArrayEquals(big, clientEvents.received.toByteArray());
        assertEquals(1, serverCounters.tlsHandshakes.get());
        assertEquals(1, clientCounters.tlsHandshakes.get());
        assertEquals(0, serverCounters.tlsHandshakeFailures.get());

        initiated.close(DisconnectReason.LOGOUT);
        pollUntil(() -> serverEvents.reasons.size() == 1);
        assertEquals(DisconnectReason.REMOTE_CLOSED, serverEvents.reasons.get(0));
    }

    @Test
    void aClientWithoutATrustedCertificateIsRefusedCountedAndClosedWhenClientAuthIsNeeded()
    {
        final int port = start(KEYS.server().needClientAuth(true).build());
        client.connect(new InetSocketAddress("127.0.0.1", port), TlsSettings.builder()
            .keyStore(KEYS.strangerKeys, TestKeyStores.PASSWORD.toCharArray())
            .trustStore(KEYS.clientTrust, TestKeyStores.PASSWORD.toCharArray()).build());
        pollUntil(() -> serverEvents.reasons.size() == 1 && clientEvents.reasons.size() == 1);
        assertEquals(DisconnectReason.TLS_FAILURE, serverEvents.reasons.get(0));
        assertEquals(1, serverCounters.tlsHandshakeFailures.get());
        assertEquals(1, serverCounters.disconnects(DisconnectReason.TLS_FAILURE).get());
        assertEquals(0, serverEvents.received.size());
    }

    @Test
    void aClientThatDoesNotTrustTheServerGivesUp()
    {
        final int port = start(KEYS.server().build());
        client.connect(new InetSocketAddress("127.0.0.1", port), TlsSettings.builder()
            .trustStore(KEYS.serverTrust, TestKeyStores.PASSWORD.toCharArray()).build()); // holds only the client
        pollUntil(() -> clientEvents.reasons.size() == 1 && serverEvents.reasons.size() == 1);
        assertEquals(DisconnectReason.TLS_FAILURE, clientEvents.reasons.get(0));
        assertEquals(1, clientCounters.tlsHandshakeFailures.get());
    }

    @Test
    void plainFixSentToATlsPortIsAHandshakeFailureNotAMessage() throws Exception
    {
        final int port = start(KEYS.server().build());
        try (Socket socket = new Socket("127.0.0.1", port))
        {
            final OutputStream out = socket.getOutputStream();
            out.write("8=FIX.4.4\u00019=70\u000135=A\u000134=1\u000149=X\u000156=Y\u000152=20260101-00:00:00\u000198=0\u0001108=30\u000110=000\u0001"
                .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            pollUntil(() -> serverEvents.reasons.size() == 1);
        }
        assertEquals(DisconnectReason.TLS_FAILURE, serverEvents.reasons.get(0));
        assertEquals(1, serverCounters.tlsHandshakeFailures.get());
        assertEquals(0, serverEvents.received.size());
    }

    @Test
    void aWrongPasswordOrAnUnknownProtocolFailsAtBindNamingTheStoreButNotThePassword()
    {
        server = new TcpTransport(new TcpTransportConfig(), serverCounters);
        final IllegalArgumentException wrongPassword = assertThrows(IllegalArgumentException.class, () ->
            server.bind(new InetSocketAddress("127.0.0.1", 0), TlsSettings.builder()
                .keyStore(KEYS.serverKeys, "s3cr3t-wrong".toCharArray()).build()));
        assertTrue(wrongPassword.getMessage().startsWith("SocketKeyStore " + KEYS.serverKeys), wrongPassword.getMessage());
        assertTrue(!wrongPassword.getMessage().contains("s3cr3t-wrong"), wrongPassword.getMessage());
        final IllegalArgumentException protocol = assertThrows(IllegalArgumentException.class, () ->
            server.bind(new InetSocketAddress("127.0.0.1", 0), KEYS.server().protocols("TLSv9").build()));
        assertEquals("EnabledProtocols: not supported by this JDK: TLSv9", protocol.getMessage());
    }

    private int start(final TlsSettings serverTls)
    {
        server = new TcpTransport(new TcpTransportConfig(), serverCounters);
        client = new TcpTransport(new TcpTransportConfig(), clientCounters);
        return server.bind(new InetSocketAddress("127.0.0.1", 0), serverTls);
    }

    private static void write(final Connection connection, final String fix)
    {
        final byte[] bytes = fix.getBytes(StandardCharsets.US_ASCII);
        assertEquals(bytes.length, connection.write(new UnsafeBuffer(bytes), 0, bytes.length));
    }

    private void pollOnce()
    {
        server.poll(serverEvents);
        client.poll(clientEvents);
    }

    private void pollUntil(final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean())
        {
            pollOnce();
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("condition not reached in 10 s: server " + serverEvents.reasons + ", client " +
                    clientEvents.reasons);
            }
        }
    }
}
