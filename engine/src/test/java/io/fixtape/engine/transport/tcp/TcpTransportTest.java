package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two real TcpTransports on loopback, both polled from the test thread. */
class TcpTransportTest
{
    private final EngineCounters serverCounters = new EngineCounters();
    private final EngineCounters clientCounters = new EngineCounters();
    private TcpTransport server;
    private TcpTransport client;
    private final RecordingListener serverEvents = new RecordingListener();
    private final RecordingListener clientEvents = new RecordingListener();

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

    private int start(final TcpTransportConfig serverConfig, final TcpTransportConfig clientConfig)
    {
        server = new TcpTransport(serverConfig, serverCounters);
        client = new TcpTransport(clientConfig, clientCounters);
        return server.bind(new InetSocketAddress("127.0.0.1", 0));
    }

    private void pollUntil(final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean())
        {
            server.poll(serverEvents);
            client.poll(clientEvents);
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("condition not reached in 5 s");
            }
        }
    }

    @Test
    void socketKeepAliveSetsSoKeepAliveOnAcceptedAndConnectedSockets()
    {
        final int port = start(new TcpTransportConfig().socketKeepAlive(true),
            new TcpTransportConfig().socketKeepAlive(true));
        client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverEvents.connected.size() == 1 && clientEvents.connected.size() == 1);

        assertTrue(((TcpConnection)serverEvents.connected.get(0)).keepAlive(), "accepted socket SO_KEEPALIVE");
        assertTrue(((TcpConnection)clientEvents.connected.get(0)).keepAlive(), "connected socket SO_KEEPALIVE");
    }

    @Test
    void withoutSocketKeepAliveTheSocketsHaveNone()
    {
        final int port = start(new TcpTransportConfig(), new TcpTransportConfig());
        client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverEvents.connected.size() == 1 && clientEvents.connected.size() == 1);

        assertFalse(((TcpConnection)serverEvents.connected.get(0)).keepAlive());
        assertFalse(((TcpConnection)clientEvents.connected.get(0)).keepAlive());
    }

    @Test
    void connectsWithNoDelayOnBothSidesAndStreamsBytesBothWays()
    {
        final int port = start(new TcpTransportConfig(), new TcpTransportConfig());
        final long id = client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverEvents.connected.size() == 1 && clientEvents.connected.size() == 1);

        final TcpConnection accepted = (TcpConnection)serverEvents.connected.get(0);
        final TcpConnection initiated = (TcpConnection)clientEvents.connected.get(0);
        assertEquals(id, initiated.connectionId());
        assertTrue(accepted.tcpNoDelay(), "accepted socket TCP_NODELAY");
        assertTrue(initiated.tcpNoDelay(), "connected socket TCP_NODELAY");
        assertEquals(0, serverCounters.tcpNoDelayNotSet.get());

        // many small writes in one duty cycle arrive as one stream, in order
        final StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 1000; i++)
        {
            final String message = "message-" + i + ";";
            expected.append(message);
            final UnsafeBuffer buffer = new UnsafeBuffer(message.getBytes());
            assertEquals(message.length(), initiated.write(buffer, 0, message.length()));
        }
        pollUntil(() -> serverEvents.received.size() == expected.length());
        assertEquals(expected.toString(), serverEvents.received.toString());

        final UnsafeBuffer reply = new UnsafeBuffer("pong".getBytes());
        accepted.write(reply, 0, 4);
        pollUntil(() -> clientEvents.received.size() == 4);
        assertEquals("pong", clientEvents.received.toString());

        initiated.close(DisconnectReason.LOGOUT);
        pollUntil(() -> serverEvents.disconnected.size() == 1 && clientEvents.disconnected.size() == 1);
        assertEquals(DisconnectReason.REMOTE_CLOSED, serverEvents.reasons.get(0));
        assertEquals(DisconnectReason.LOGOUT, clientEvents.reasons.get(0));
        assertEquals(1, clientCounters.disconnects(DisconnectReason.LOGOUT).get());
        assertEquals(Connection.NOT_CONNECTED, initiated.write(reply, 0, 4));
    }

    @Test
    void backPressuresWhenThePeerDoesNotRead()
    {
        final int port = start(new TcpTransportConfig(),
            new TcpTransportConfig().outboundBufferCapacity(4096).socketSendBufferSize(4096));
        client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverEvents.connected.size() == 1 && clientEvents.connected.size() == 1);
        final Connection initiated = clientEvents.connected.get(0);
        final UnsafeBuffer chunk = new UnsafeBuffer(new byte[1000]);

        // the server never polls: socket buffers then our bounded buffer fill up
        long result = 0;
        for (int i = 0; i < 100_000 && result != Connection.BACK_PRESSURED; i++)
        {
            result = initiated.write(chunk, 0, chunk.capacity());
            client.poll(clientEvents);
        }
        assertEquals(Connection.BACK_PRESSURED, result);
        assertTrue(initiated.isOpen());
        assertTrue(clientCounters.backPressureEvents.get() > 0);

        // once the server drains, writes are taken again
        pollUntil(() -> initiated.write(chunk, 0, chunk.capacity()) == chunk.capacity());
    }

    @Test
    void disconnectsASlowConsumerWhenConfiguredTo()
    {
        final int port = start(new TcpTransportConfig(), new TcpTransportConfig()
            .outboundBufferCapacity(4096).socketSendBufferSize(4096).slowConsumerPolicy(SlowConsumerPolicy.DISCONNECT));
        client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverEvents.connected.size() == 1 && clientEvents.connected.size() == 1);
        final Connection initiated = clientEvents.connected.get(0);
        final UnsafeBuffer chunk = new UnsafeBuffer(new byte[1000]);
        long result = 0;
        for (int i = 0; i < 100_000 && result >= 0; i++)
        {
            result = initiated.write(chunk, 0, chunk.capacity());
            client.poll(clientEvents);
        }
        assertEquals(Connection.NOT_CONNECTED, result);
        assertFalse(initiated.isOpen());
        pollUntil(() -> clientEvents.disconnected.size() == 1);
        assertEquals(DisconnectReason.SLOW_CONSUMER, clientEvents.reasons.get(0));
        assertEquals(1, clientCounters.disconnects(DisconnectReason.SLOW_CONSUMER).get());
    }

    @Test
    void refusesConnectionsBeyondTheLimit()
    {
        final int port = start(new TcpTransportConfig().maxConnections(1), new TcpTransportConfig());
        client.connect(new InetSocketAddress("127.0.0.1", port));
        client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverCounters.connectionsRefusedLimit.get() == 1 && clientEvents.disconnected.size() == 1);
        assertEquals(1, serverEvents.connected.size());
        assertEquals(1, server.openConnections());
        assertEquals(DisconnectReason.REMOTE_CLOSED, clientEvents.reasons.get(0));
    }

    @Test
    void reportsAFailedConnect()
    {
        final int port = start(new TcpTransportConfig(), new TcpTransportConfig());
        server.close();
        server = null;
        final long id = client.connect(new InetSocketAddress("127.0.0.1", port));
        final long deadline = System.nanoTime() + 5_000_000_000L;
        while (clientEvents.failed.isEmpty() && System.nanoTime() < deadline)
        {
            client.poll(clientEvents);
        }
        assertEquals(List.of(id), clientEvents.failed);
        assertEquals(1, clientCounters.connectFailures.get());
    }

    @Test
    void readsFewConnectionsDirectlyAndManyThroughTheSelector()
    {
        final int port = start(new TcpTransportConfig().directReadConnections(2), new TcpTransportConfig());
        assertTrue(server.readsThroughSelector(), "no connection yet: the selector waits for accepts");
        final UnsafeBuffer ping = new UnsafeBuffer("ping;".getBytes());

        // one and two connections: read directly; each message still arrives, accepts still happen
        for (int open = 1; open <= 3; open++)
        {
            client.connect(new InetSocketAddress("127.0.0.1", port));
            final int expected = open;
            pollUntil(() -> serverEvents.connected.size() == expected && clientEvents.connected.size() == expected);
            assertEquals(open > 2, server.readsThroughSelector(), open + " open connections");
            final int before = serverEvents.received.size();
            for (final Connection initiated : clientEvents.connected)
            {
                initiated.write(ping, 0, ping.capacity());
            }
            pollUntil(() -> serverEvents.received.size() == before + expected * ping.capacity());
            // and replies go the other way in the same mode
            final int clientBefore = clientEvents.received.size();
            serverEvents.connected.get(0).write(ping, 0, ping.capacity());
            pollUntil(() -> clientEvents.received.size() == clientBefore + ping.capacity());
        }

        // a peer closing is seen in either mode, and the count going back down returns to direct reads
        clientEvents.connected.get(0).close(DisconnectReason.LOGOUT);
        pollUntil(() -> serverEvents.disconnected.size() == 1);
        assertEquals(DisconnectReason.REMOTE_CLOSED, serverEvents.reasons.get(0));
        assertFalse(server.readsThroughSelector(), "two open connections: direct again");
        clientEvents.connected.get(1).close(DisconnectReason.LOGOUT);
        pollUntil(() -> serverEvents.disconnected.size() == 2);
        assertEquals(DisconnectReason.REMOTE_CLOSED, serverEvents.reasons.get(1));
        final int before = serverEvents.received.size();
        clientEvents.connected.get(2).write(ping, 0, ping.capacity());
        pollUntil(() -> serverEvents.received.size() == before + ping.capacity());
    }

    @Test
    void alwaysUsesTheSelectorWhenDirectReadsAreOff()
    {
        final int port = start(new TcpTransportConfig().directReadConnections(0),
            new TcpTransportConfig().directReadConnections(0).outboundBufferCapacity(4096).socketSendBufferSize(4096));
        client.connect(new InetSocketAddress("127.0.0.1", port));
        pollUntil(() -> serverEvents.connected.size() == 1 && clientEvents.connected.size() == 1);
        assertTrue(server.readsThroughSelector());
        final Connection initiated = clientEvents.connected.get(0);
        final UnsafeBuffer chunk = new UnsafeBuffer(new byte[1000]);
        // enough to need OP_WRITE on the client: the selector path of a partial write, then the stream completes
        int sent = 0;
        for (int i = 0; i < 2000; i++)
        {
            while (initiated.write(chunk, 0, chunk.capacity()) != chunk.capacity())
            {
                client.poll(clientEvents);
                server.poll(serverEvents);
            }
            sent += chunk.capacity();
        }
        final int total = sent;
        pollUntil(() -> serverEvents.received.size() == total);
        initiated.close(DisconnectReason.LOGOUT);
        pollUntil(() -> serverEvents.disconnected.size() == 1);
        assertEquals(DisconnectReason.REMOTE_CLOSED, serverEvents.reasons.get(0));
    }
}
