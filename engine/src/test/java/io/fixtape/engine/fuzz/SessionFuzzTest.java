package io.fixtape.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Test;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.session.SessionState;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session state machine through the engine's real inbound path: a {@link FixEngine} stepped on the test thread
 * (injected clock, in-memory store, an acceptor session FIX.4.4 ISLD ← TW) reading one connection from a transport
 * that delivers the fuzz input — accept, then the bytes in chunks, time moving between them, then timers, then the
 * peer's close. The engine frames, routes the first message and hands each message to the session exactly as over TCP.
 * Input: byte 0 seeds the chunk sizes; byte 1: bit 0 the rest is "lines" (see {@link FuzzInputs#framedLines}: BodyLength
 * and CheckSum filled in, so mutations reach the session), bits 1-2 the seconds between chunks (0, 1, 10, 31), bit 3
 * validation off, bit 4 the application answers every application message with a BusinessMessageReject, bit 5
 * NextExpectedMsgSeqNum on Logon.
 *
 * <p>Checked: nothing escapes the poller (no error reported, no internal error counted by the session: hostile input
 * ends only in a Reject, a Logout, a disconnect or normal processing); everything the engine writes is well-formed
 * FIX within the maximum size; the run is bounded (a fixed number of duty cycles per chunk) and ends disconnected;
 * allocation while the input is processed is bounded by the input's size.
 */
class SessionFuzzTest
{
    private static final SessionId ACCEPTOR = new SessionId("FIX.4.4", "ISLD", "TW");
    private static final int MAX_MESSAGE_SIZE = 4096;
    private static final long[] STEP_SECONDS = {0, 1, 10, 31};
    private static final MessageValidator VALIDATOR =
        new MessageValidator(Dictionaries.forSession("FIX.4.4", null), new ValidationOptions());

    @FuzzTest(maxDuration = "2m")
    void converses(final byte[] data)
    {
        run(data);
    }

    /** The harness reaches the application: the first seed conversation logs on, delivers its order, logs out. */
    @Test
    void aValidConversationReachesTheApplication()
    {
        final byte[] lines = FuzzSeeds.CONVERSATIONS.get(0).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        final byte[] data = new byte[lines.length + 2];
        data[0] = 5;
        data[1] = 1 | 16;
        System.arraycopy(lines, 0, data, 2, lines.length);
        final Outcome outcome = run(data);
        assertEquals(1, outcome.applicationMessages, "the order reached the application");
        final String written = new String(outcome.written, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(written.contains("\00135=A\001"), "Logon answered: " + written);
        assertTrue(written.contains("\00135=j\001"), "BusinessMessageReject sent: " + written);
        assertTrue(written.contains("\00135=0\001") && written.contains("112=TEST-1\001"), "TestRequest answered");
        assertTrue(written.contains("\00135=5\001"), "Logout answered: " + written);
    }

    private record Outcome(long applicationMessages, byte[] written)
    {
    }

    private static Outcome run(final byte[] data)
    {
        final FuzzInputs.Chunks chunks = new FuzzInputs.Chunks(FuzzInputs.control(data, 0));
        final int options = FuzzInputs.control(data, 1);
        final byte[] payload = FuzzInputs.payload(data, 2);
        final byte[] stream = (options & 1) != 0 ? FuzzInputs.framedLines(payload) : payload;
        final long stepSeconds = STEP_SECONDS[(options >>> 1) & 3];

        final TestClock clock = new TestClock();
        final FuzzTransport transport = new FuzzTransport();
        final List<Throwable> errors = new ArrayList<>();
        final SessionConfig config = new SessionConfig().sessionId(ACCEPTOR)
            .enableNextExpectedMsgSeqNum((options & 32) != 0);
        if ((options & 8) == 0)
        {
            config.validator(VALIDATOR.withDictionaries(VALIDATOR.dictionaries()));
        }
        final Application application = (options & 16) != 0 ? new BusinessRejecter() : Application.NO_OP;
        final FixEngine engine = FixEngine.invoked(new EngineContext().name("fuzz").clock(clock).transport(transport)
            .storeFactory(id -> new InMemoryMessageStore(1 << 20, 1024)).maxMessageSize(MAX_MESSAGE_SIZE)
            .shutdownTimeoutNanos(0).sessionEvents(false).jmxEnabled(false).errorHandler(errors::add)
            .connectLog(line -> { })
            .addSession(SessionEndpoint.acceptor(config, application, new InetSocketAddress("127.0.0.1", 0))));
        final Session session = engine.session(ACCEPTOR);
        try
        {
            final long before = FuzzInputs.allocatedBytes();
            int dutyCycles = 0;
            engine.invoker().invoke();
            int position = 0;
            while (position < stream.length && transport.connection.isOpen())
            {
                final int length = chunks.next(stream.length - position);
                transport.offer(stream, position, length);
                position += length;
                engine.invoker().invoke();
                clock.advanceSeconds(stepSeconds);
                engine.invoker().invoke();
                dutyCycles += 2;
            }
            for (int i = 0; i < 8 && transport.connection.isOpen(); i++)
            {
                clock.advanceSeconds(31); // heartbeats, TestRequest, logout and logon timeouts
                engine.invoker().invoke();
                dutyCycles++;
            }
            transport.connection.closeByPeer();
            engine.invoker().invoke();
            engine.invoker().invoke();
            assertTrue(dutyCycles <= 2 * stream.length + 8, "bounded run");
            FuzzInputs.assertAllocatedAtMost(before, 4 * 1024 * 1024 + 256L * stream.length, "engine and session");

            assertEquals(List.of(), errors, "nothing escapes the poller");
            assertEquals(0, engine.counters().errors.get(), "errors counted by the poller");
            assertEquals(0, session.counters().internalErrors(), "internal errors caught by the session");
            assertEquals(SessionState.DISCONNECTED, session.state(), "ends disconnected");
            final byte[] written = transport.connection.written.toByteArray();
            assertWellFormedOutput(written);
            return new Outcome(session.counters().applicationMessagesReceived(), written);
        }
        finally
        {
            engine.close();
        }
    }

    private static void assertWellFormedOutput(final byte[] written)
    {
        final FixFramer framer = new FixFramer(MAX_MESSAGE_SIZE);
        final UnsafeBuffer buffer = new UnsafeBuffer(written);
        int offset = 0;
        while (offset < written.length)
        {
            final int length = framer.frame(buffer, offset, written.length - offset);
            assertTrue(length > 0, "the engine wrote a broken message (" + FixFramer.reasonName(framer.lastReason()) +
                ") at " + offset + ": " + new String(written, offset, Math.min(200, written.length - offset),
                java.nio.charset.StandardCharsets.ISO_8859_1).replace('\001', '|'));
            final byte[] message = java.util.Arrays.copyOfRange(written, offset, offset + length);
            FramerFuzzTest.assertWellFormed(message, MAX_MESSAGE_SIZE);
            final FixDecoder decoder = new FixDecoder().wrap(new UnsafeBuffer(message), 0, length);
            assertEquals(FixDecoder.ERROR_NONE, decoder.errorCode(), "the engine wrote " + decoder);
            offset += length;
        }
    }

    /** Answers every application message with a BusinessMessageReject that quotes it (RefSeqNum, RefMsgType). */
    private static final class BusinessRejecter implements Application
    {
        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            session.sendBusinessReject(message, 0, "fuzz");
        }
    }

    /** One accepted connection whose bytes the test offers chunk by chunk. */
    private static final class FuzzTransport implements Transport
    {
        private final FuzzConnection connection = new FuzzConnection();
        private final UnsafeBuffer chunk = new UnsafeBuffer(new byte[0]);
        private boolean announced;
        private boolean chunkPending;
        private boolean closeReported;

        void offer(final byte[] stream, final int offset, final int length)
        {
            // an exact-size copy: a read past the chunk fails the bounds check
            chunk.wrap(java.util.Arrays.copyOfRange(stream, offset, offset + length));
            chunkPending = true;
        }

        @Override
        public int poll(final TransportListener listener)
        {
            int work = 0;
            if (!announced)
            {
                announced = true;
                listener.onConnected(connection, false);
                work++;
            }
            if (chunkPending && connection.isOpen())
            {
                chunkPending = false;
                listener.onData(connection, chunk, 0, chunk.capacity());
                work++;
            }
            if (!connection.isOpen() && !closeReported)
            {
                closeReported = true;
                listener.onDisconnected(connection,
                    connection.closeReason != null ? connection.closeReason : DisconnectReason.REMOTE_CLOSED);
                work++;
            }
            return work;
        }

        @Override
        public String name()
        {
            return "fuzz";
        }

        @Override
        public void close()
        {
        }
    }

    private static final class FuzzConnection implements Connection
    {
        private final ByteArrayOutputStream written = new ByteArrayOutputStream();
        private boolean open = true;
        private DisconnectReason closeReason;

        @Override
        public long connectionId()
        {
            return 1;
        }

        @Override
        public long write(final DirectBuffer buffer, final int offset, final int length)
        {
            if (!open)
            {
                return NOT_CONNECTED;
            }
            final byte[] bytes = new byte[length];
            buffer.getBytes(offset, bytes);
            written.write(bytes, 0, length);
            return length;
        }

        @Override
        public int writableBytes()
        {
            return open ? Integer.MAX_VALUE : 0;
        }

        @Override
        public int pendingBytes()
        {
            return 0;
        }

        @Override
        public boolean isOpen()
        {
            return open;
        }

        @Override
        public void close(final DisconnectReason reason)
        {
            if (open)
            {
                open = false;
                closeReason = reason;
            }
        }

        void closeByPeer()
        {
            open = false;
        }

        @Override
        public String remoteAddress()
        {
            return "fuzz:1";
        }
    }
}
