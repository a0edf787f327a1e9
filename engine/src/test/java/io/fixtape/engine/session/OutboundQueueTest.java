package io.fixtape.engine.session;

import io.fixtape.engine.codec.FieldTemplate;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessConnection;
import io.fixtape.engine.testkit.SessionPump;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outbound queue keeps messages in number order across compaction, lets a resend start only after what was
 * queued before it, and allocates nothing per message, alone and inside a session answering TestRequests under
 * back-pressure.
 */
class OutboundQueueTest
{
    private static final int ROUNDS = 20_000;

    @Test
    void messagesComeOutInOrderAcrossCompaction()
    {
        final OutboundQueue queue = new OutboundQueue(64);
        final InProcessConnection[] pipe = InProcessConnection.pair("a", "b", 1 << 16);
        final UnsafeBuffer message = new UnsafeBuffer(new byte[20]);
        int nextIn = 1;
        int nextOut = 1;
        for (int round = 0; round < 50; round++)
        {
            while (queue.hasRoom(20))
            {
                message.putInt(0, nextIn);
                queue.offer(nextIn++, message, 0, 20);
            }
            assertEquals(nextOut, queue.headSeqNum());
            queue.flush(pipe[0], false, accepted -> assertTrue(accepted));
            while (pipe[1].inboxLength() >= 20)
            {
                assertEquals(nextOut++, pipe[1].inbox().getInt(0));
                pipe[1].consume(20);
            }
            if (round % 2 == 0 && !queue.isEmpty())
            {
                fail();
            }
        }
        assertEquals(nextIn, nextOut);
    }

    private static void fail()
    {
        throw new AssertionError("a writable connection left messages queued");
    }

    @Test
    void aResendWaitsForWhatWasQueuedBeforeItAndHoldsBackWhatCameAfter()
    {
        final OutboundQueue queue = new OutboundQueue(1024);
        final InProcessConnection[] pipe = InProcessConnection.pair("a", "b", 1 << 16);
        final UnsafeBuffer message = new UnsafeBuffer(new byte[10]);
        queue.offer(5, message, 0, 10);
        queue.offer(6, message, 0, 10);
        queue.markResendStart();
        queue.offer(7, message, 0, 10);
        assertFalse(queue.isClearForResend());

        assertEquals(2, queue.flush(pipe[0], true, accepted -> { }));
        assertTrue(queue.isClearForResend());
        assertEquals(7, queue.headSeqNum(), "queued during the resend: waits for its end");
        assertEquals(0, queue.flush(pipe[0], true, accepted -> { }));
        assertEquals(1, queue.flush(pipe[0], false, accepted -> { }));
        assertTrue(queue.isEmpty());
    }

    @Test
    void queueingSessionMessagesUnderBackPressureAllocatesNothing()
    {
        final TestClock clock = new TestClock();
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").checkLatency(false),
            new InMemoryMessageStore(1 << 22, 1 << 16), io.fixtape.engine.api.Application.NO_OP, clock);
        final InProcessConnection[] pipe = InProcessConnection.pair("session", "peer", 4096);
        final SessionPump pump = new SessionPump(session);
        pump.connect(pipe[0], false);
        final InProcessConnection peer = pipe[1];
        final FieldTemplate ids = FieldTemplate.builder().add(Tags.SENDER_COMP_ID, "TW")
            .add(Tags.TARGET_COMP_ID, "ISLD").build();
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        final UnsafeBuffer wire = new UnsafeBuffer(ByteBuffer.allocateDirect(512));
        final UnsafeBuffer filler = new UnsafeBuffer(new byte[4096]);

        encoder.wrap(wire, 0).header(MsgTypes.LOGON, ids, 1, clock.nanoTime()).putInt(Tags.ENCRYPT_METHOD, 0)
            .putInt(Tags.HEART_BT_INT, 30);
        final int logonLength = encoder.finish();
        peer.write(wire, encoder.messageOffset(), logonLength);
        pump.poll();
        assertTrue(session.isLoggedOn(), session.toString());

        final int[] seqNum = {2};
        final Runnable round = () ->
        {
            peer.consume(peer.inboxLength());
            pipe[0].write(filler, 0, 4096 - 10); // the counterparty stops reading
            encoder.wrap(wire, 0).header(MsgTypes.TEST_REQUEST, ids, seqNum[0]++, clock.nanoTime())
                .putString(Tags.TEST_REQ_ID, "PING");
            final int testRequestLength = encoder.finish(); // before messageOffset(): finishing places the header
            peer.write(wire, encoder.messageOffset(), testRequestLength);
            pump.poll(); // the Heartbeat answering it is queued
            peer.consume(peer.inboxLength()); // reads again
            session.doWork(clock.nanoTime()); // the Heartbeat goes out
        };
        for (int i = 0; i < ROUNDS; i++)
        {
            round.run();
        }
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        // a JIT transition in a JVM shared with other test classes can allocate a few bytes once: steady state means
        // a full window with none
        long allocated = -1;
        for (int window = 0; window < 5 && allocated != 0; window++)
        {
            final long before = threads.getThreadAllocatedBytes(threadId);
            for (int i = 0; i < ROUNDS; i++)
            {
                round.run();
            }
            allocated = threads.getThreadAllocatedBytes(threadId) - before;
        }

        assertTrue(session.isLoggedOn());
        assertEquals(seqNum[0], session.nextSenderSeqNum(), "one Heartbeat per TestRequest, all numbered");
        assertEquals(seqNum[0] - 2, session.counters().messagesQueuedForSend());
        assertEquals(0, allocated, "bytes allocated by " + ROUNDS + " queued Heartbeats");
    }
}
