package io.fixtape.replay.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The contract every replay transport pair meets, run against real parts (ring buffers, a real media driver):
 * connect, bytes round trip in order, back-pressure as a value, close seen by the peer after its data.
 */
abstract class TransportPairContract
{
    private static final long TIMEOUT_NS = 10_000_000_000L;

    /** A connected-able pair whose back-pressure threshold is small (a few hundred KiB at most). */
    protected abstract Transport initiator();

    protected abstract Transport acceptor();

    protected final RecordingListener initiatorEvents = new RecordingListener();
    protected final RecordingListener acceptorEvents = new RecordingListener();

    protected void pollBoth()
    {
        initiator().poll(initiatorEvents);
        acceptor().poll(acceptorEvents);
    }

    protected void pollUntil(final BooleanSupplier condition, final String what)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out waiting for " + what);
            }
            pollBoth();
            Thread.yield();
        }
    }

    protected void connect()
    {
        pollUntil(() -> initiatorEvents.connection != null && acceptorEvents.connection != null, "connect");
        assertTrue(initiatorEvents.initiated);
        assertFalse(acceptorEvents.initiated);
        assertEquals(1, initiatorEvents.connects);
        assertEquals(1, acceptorEvents.connects);
    }

    private static long writeFully(final Connection connection, final byte[] bytes, final Runnable poll)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        long result;
        while ((result = connection.write(buffer, 0, bytes.length)) == Connection.BACK_PRESSURED)
        {
            assertTrue(System.nanoTime() < deadline, "back-pressured for too long");
            poll.run();
        }
        return result;
    }

    @Test
    void bytesRoundTripInOrderBothWays()
    {
        connect();
        final ByteArrayOutputStream sentToAcceptor = new ByteArrayOutputStream();
        final ByteArrayOutputStream sentToInitiator = new ByteArrayOutputStream();
        for (int i = 0; i < 2_000; i++)
        {
            final byte[] request = ("8=FIX.4.4\u00019=5\u000135=D\u000111=" + i + "\u000110=000\u0001")
                .getBytes(StandardCharsets.US_ASCII);
            assertEquals(request.length, writeFully(initiatorEvents.connection, request, this::pollBoth));
            sentToAcceptor.write(request, 0, request.length);
            final byte[] reply = ("8=FIX.4.4\u00019=5\u000135=8\u000137=" + i + "\u000110=000\u0001")
                .getBytes(StandardCharsets.US_ASCII);
            assertEquals(reply.length, writeFully(acceptorEvents.connection, reply, this::pollBoth));
            sentToInitiator.write(reply, 0, reply.length);
            if ((i & 15) == 0)
            {
                pollBoth();
            }
        }
        pollUntil(() -> acceptorEvents.received.size() == sentToAcceptor.size() &&
            initiatorEvents.received.size() == sentToInitiator.size(), "all bytes");
        assertArrayEquals(sentToAcceptor.toByteArray(), acceptorEvents.received.toByteArray());
        assertArrayEquals(sentToInitiator.toByteArray(), initiatorEvents.received.toByteArray());
    }

    @Test
    void backPressureIsReportedAndClearsWhenThePeerReads()
    {
        connect();
        final byte[] message = new byte[1024];
        final UnsafeBuffer buffer = new UnsafeBuffer(message);
        int accepted = 0;
        long result = 0;
        // the peer does not poll: its window fills up
        for (int i = 0; i < 100_000; i++)
        {
            message[0] = (byte)i;
            final boolean promised = initiatorEvents.connection.writableBytes() >= message.length;
            result = initiatorEvents.connection.write(buffer, 0, message.length);
            if (promised)
            {
                assertEquals(message.length, result, "writableBytes() promised room for write " + i);
            }
            if (result != message.length)
            {
                break;
            }
            accepted++;
            initiator().poll(initiatorEvents);
        }
        assertEquals(Connection.BACK_PRESSURED, result, "after " + accepted + " writes");
        assertTrue(accepted > 0);
        final int acceptedBeforeDrain = accepted;
        pollUntil(() -> acceptorEvents.received.size() == acceptedBeforeDrain * message.length, "drain");
        assertEquals(message.length, writeFully(initiatorEvents.connection, message, this::pollBoth));
        final byte[] received = acceptorEvents.received.toByteArray();
        for (int i = 0; i < accepted; i++)
        {
            assertEquals((byte)i, received[i * message.length], "message " + i + " out of order or lost");
        }
    }

    @Test
    void closeIsSeenByThePeerAfterItsData()
    {
        connect();
        final byte[] last = "8=FIX.4.4\u00019=5\u000135=5\u000110=000\u0001".getBytes(StandardCharsets.US_ASCII);
        assertEquals(last.length, writeFully(initiatorEvents.connection, last, this::pollBoth));
        initiatorEvents.connection.close(DisconnectReason.LOGOUT);
        assertNull(initiatorEvents.disconnectReason, "reported on the closer's next poll, not inside close()");
        assertFalse(initiatorEvents.connection.isOpen());
        assertEquals(Connection.NOT_CONNECTED, initiatorEvents.connection.write(new UnsafeBuffer(last), 0, last.length));
        pollUntil(() -> acceptorEvents.disconnectReason != null, "peer disconnect");
        assertEquals(DisconnectReason.REMOTE_CLOSED, acceptorEvents.disconnectReason);
        assertArrayEquals(last, acceptorEvents.received.toByteArray());
        assertEquals(DisconnectReason.LOGOUT, initiatorEvents.disconnectReason);
        assertFalse(acceptorEvents.connection.isOpen());
        assertNotNull(acceptorEvents.connection.remoteAddress());
    }
}
