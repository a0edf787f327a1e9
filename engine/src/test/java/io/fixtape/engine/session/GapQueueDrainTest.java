package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The inbound gap queue is indexed by sequence number: a full queue of 8,192 messages kept beyond a gap is handed
 * back in order once the gap is filled, each found in O(1), without allocating; entries below the expected number
 * and numbers that share a slot are handled.
 */
class GapQueueDrainTest
{
    private static final int QUEUED = SessionConfig.DEFAULT_GAP_QUEUE_MESSAGES;

    /** Checks the ClOrdIDs arrive as 1, 2, 3, ... without allocating. */
    private static final class InOrder implements Application
    {
        int next = 1;
        int outOfOrder;

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.getInt(Tags.CL_ORD_ID) != next++)
            {
                outOfOrder++;
            }
        }
    }

    private static String order(final int seqNum, final int clOrdId)
    {
        return "8=FIX.4.4|35=D|34=" + seqNum + "|49=TW|52=<TIME>|56=ISLD|11=" + clOrdId +
            "|21=1|40=1|54=1|55=INTC|60=<TIME>|";
    }

    @Test
    void eightThousandQueuedMessagesDrainInOrderWithoutAllocating()
    {
        final TestClock clock = new TestClock();
        final InOrder application = new InOrder();
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").checkLatency(false)
                .gapQueueBytes(4 << 20),
            new InMemoryMessageStore(1 << 24, 1 << 15), application, clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        for (int i = 0; i < QUEUED; i++)
        {
            peer.send(order(3 + i, 2 + i)); // 2 is missing: all of these are kept
        }
        assertEquals(QUEUED, session.counters().messagesQueued());
        assertEquals(0, session.counters().gapQueueOverflows());
        assertEquals(2, session.nextTargetSeqNum());
        final byte[] gapFill = FixMessages.wire(
            "8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|43=Y|122=<TIME>|11=1|21=1|40=1|54=1|55=INTC|60=<TIME>|",
            clock.nanoTime());

        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        peer.sendBytes(gapFill);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;

        assertEquals(QUEUED + 1, application.next - 1, "every message delivered");
        assertEquals(0, application.outOfOrder);
        assertEquals(QUEUED + 3, session.nextTargetSeqNum());
        assertTrue(allocated < 1024, "draining " + QUEUED + " messages allocated " + allocated + " bytes");
    }

    @Test
    void entriesBelowTheExpectedNumberAreDroppedAndSlotsReused()
    {
        final GapQueue queue = new GapQueue(1 << 16, 8);
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[16]);
        assertTrue(queue.offer(5, bytes, 0, 16));
        assertTrue(queue.offer(7, bytes, 0, 16));
        assertFalse(queue.offer(13, bytes, 0, 16), "13 shares 5's slot (8 slots): refused, re-requested later");
        assertFalse(queue.offer(7, bytes, 0, 16), "already queued");
        assertEquals(5, queue.indexOf(5) >= 0 ? 5 : -1);

        queue.removeBelow(6); // a SequenceReset moved past 5
        assertEquals(1, queue.size());
        assertEquals(-1, queue.indexOf(5));
        assertTrue(queue.offer(13, bytes, 0, 16), "the slot is free again");
        queue.remove(7);
        queue.remove(13);
        assertEquals(0, queue.size());
    }
}
