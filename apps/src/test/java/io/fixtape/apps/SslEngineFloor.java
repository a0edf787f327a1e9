package io.fixtape.apps;

import io.fixtape.engine.testkit.TestKeyStores;
import io.fixtape.engine.transport.tcp.TlsContext;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

/**
 * What the JDK's {@link SSLEngine} allocates by itself: a client and a server engine, handshaken in memory, exchange
 * records of a given size with the allocation-lean array forms of {@code wrap}/{@code unwrap} and direct buffers, as
 * fixtape's TLS layer does; the bytes this thread allocates per wrap+unwrap pair after a warm-up are the floor no
 * caller of SSLEngine can go below.
 */
final class SslEngineFloor
{
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 100_000;

    private SslEngineFloor()
    {
    }

    static double bytesPerExchange(final int recordSize) throws SSLException
    {
        final TestKeyStores keys = TestKeyStores.get();
        final SSLEngine client = TlsContext.create(keys.client().protocols("TLSv1.3").build())
            .newEngine(true, "127.0.0.1", 1);
        final SSLEngine server = TlsContext.create(keys.server().needClientAuth(true).protocols("TLSv1.3").build())
            .newEngine(false, null, -1);
        final int packet = client.getSession().getPacketBufferSize();
        final int app = client.getSession().getApplicationBufferSize();
        final ByteBuffer clientToServer = ByteBuffer.allocateDirect(4 * packet);
        final ByteBuffer serverToClient = ByteBuffer.allocateDirect(4 * packet);
        final ByteBuffer[] plaintext = {ByteBuffer.allocateDirect(app)};
        final ByteBuffer[] sink = {ByteBuffer.allocateDirect(app)};
        final ByteBuffer[] empty = {ByteBuffer.allocate(0)};
        client.beginHandshake();
        server.beginHandshake();
        for (int i = 0; i < 1000 && !(done(client) && done(server)); i++)
        {
            step(client, empty, serverToClient, clientToServer, sink);
            step(server, empty, clientToServer, serverToClient, sink);
        }
        if (!done(client) || !done(server))
        {
            throw new IllegalStateException("in-memory handshake did not finish: " + client.getHandshakeStatus() +
                " / " + server.getHandshakeStatus());
        }
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        exchange(client, server, plaintext, clientToServer, sink, recordSize, WARM_UP);
        final long before = threads.getThreadAllocatedBytes(threadId);
        exchange(client, server, plaintext, clientToServer, sink, recordSize, MEASURED);
        return (double)(threads.getThreadAllocatedBytes(threadId) - before) / MEASURED;
    }

    private static void exchange(final SSLEngine from, final SSLEngine to, final ByteBuffer[] plaintext,
        final ByteBuffer wire, final ByteBuffer[] sink, final int recordSize, final int count) throws SSLException
    {
        for (int i = 0; i < count; i++)
        {
            plaintext[0].clear().limit(recordSize);
            wire.clear();
            from.wrap(plaintext, 0, 1, wire);
            wire.flip();
            sink[0].clear();
            if (to.unwrap(wire, sink, 0, 1).bytesProduced() != recordSize)
            {
                throw new IllegalStateException("a record did not come through");
            }
        }
    }

    private static boolean done(final SSLEngine engine)
    {
        return engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING;
    }

    /** One handshake step of {@code engine}: tasks, a wrap into {@code out}, or an unwrap from {@code in}. */
    private static void step(final SSLEngine engine, final ByteBuffer[] empty, final ByteBuffer in, final ByteBuffer out,
        final ByteBuffer[] sink) throws SSLException
    {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null)
        {
            task.run();
        }
        switch (engine.getHandshakeStatus())
        {
            case NEED_WRAP:
                engine.wrap(empty, 0, 1, out);
                break;
            case NEED_UNWRAP:
                in.flip();
                sink[0].clear();
                engine.unwrap(in, sink, 0, 1);
                in.compact();
                break;
            default:
                break;
        }
    }
}
