package io.fixtape.engine.api;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.testkit.FixMessages;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The held-request ring is allocated by the first request held and doubles, in order, up to its bound. */
class ReplyQueueGrowthTest
{
    private final FixDecoder request = new FixDecoder();
    private final List<Integer> answered = new ArrayList<>();
    private final ReplyQueue.Handler recordAll = (held, session, progress) ->
    {
        answered.add(held.getInt(34));
        return ReplyQueue.DONE;
    };

    private FixDecoder order(final int seqNum)
    {
        final byte[] wire = FixMessages.wire("8=FIX.4.4|35=D|34=" + seqNum + "|49=TW|52=<TIME>|56=ISLD|11=" + seqNum +
            "|21=1|40=1|54=1|55=INTC|60=<TIME>|", 1_000_000_000L);
        return request.wrap(new UnsafeBuffer(wire), 0, wire.length);
    }

    @Test
    void nothingIsAllocatedUntilARequestIsHeld()
    {
        final ReplyQueue queue = new ReplyQueue(4 << 20);
        assertEquals(0, queue.allocatedCapacity());
        assertEquals(0, queue.drain(null, recordAll));
        assertEquals(0, queue.clear());
        assertEquals(0, queue.allocatedCapacity());

        assertTrue(queue.offer(order(1), 0));
        assertEquals(ReplyQueue.INITIAL_CAPACITY, queue.allocatedCapacity());
    }

    @Test
    void growingKeepsTheOrderAndStopsAtTheBound()
    {
        final ReplyQueue queue = new ReplyQueue(4 * ReplyQueue.INITIAL_CAPACITY);
        int offered = 0;
        while (queue.offer(order(offered + 1), 0))
        {
            offered++;
        }
        assertEquals(4 * ReplyQueue.INITIAL_CAPACITY, queue.allocatedCapacity(), "doubled twice, then full");
        assertEquals(offered, queue.size());
        final int perMessage = order(1).length() + 8;
        assertTrue(offered * perMessage > 3 * ReplyQueue.INITIAL_CAPACITY, offered + " requests held");

        assertEquals(offered, queue.drain(null, recordAll));
        assertEquals(offered, answered.size());
        for (int i = 0; i < offered; i++)
        {
            assertEquals(i + 1, answered.get(i), "answered in the order held");
        }
        assertTrue(queue.isEmpty());
    }

    @Test
    void aRingThatHasWrappedGrowsWithEveryRequestInOrder()
    {
        final ReplyQueue queue = new ReplyQueue(2 * ReplyQueue.INITIAL_CAPACITY);
        int offered = 0;
        while (queue.allocatedCapacity() < ReplyQueue.INITIAL_CAPACITY || queue.size() < 300)
        {
            assertTrue(queue.offer(order(++offered), 0));
        }
        final int[] answeredNow = {0};
        queue.drain(null, (held, session, progress) -> answeredNow[0]++ < 200 ? ReplyQueue.DONE : 0); // head moves on
        answered.clear();
        int first = offered - queue.size() + 1;
        while (queue.allocatedCapacity() == ReplyQueue.INITIAL_CAPACITY) // wraps, then no longer fits: grows
        {
            assertTrue(queue.offer(order(++offered), 0));
        }
        assertEquals(2 * ReplyQueue.INITIAL_CAPACITY, queue.allocatedCapacity());
        assertEquals(offered - first + 1, queue.size());
        int drained = 0;
        for (int round = 0; round < 3 && !queue.isEmpty(); round++) // one read stops at the buffer's end
        {
            drained += queue.drain(null, recordAll);
        }
        assertEquals(offered - first + 1, drained);
        for (int i = 0; i < answered.size(); i++)
        {
            assertEquals(first + i, answered.get(i), "answered in the order held");
        }
        assertTrue(queue.isEmpty());
    }

    @Test
    void clearForgetsEveryHeldRequestOfAWrappedRing()
    {
        final ReplyQueue queue = new ReplyQueue(ReplyQueue.INITIAL_CAPACITY);
        int offered = 0;
        while (queue.offer(order(++offered), 0))
        {
            // fill
        }
        final int[] answeredNow = {0};
        queue.drain(null, (held, session, progress) -> answeredNow[0]++ < 100 ? ReplyQueue.DONE : 0);
        for (int i = 0; i < 50; i++)
        {
            assertTrue(queue.offer(order(++offered), 0)); // behind the wrap
        }
        final int held = queue.size();
        assertEquals(held, queue.clear());
        assertTrue(queue.offer(order(1_000_000), 0));
        answered.clear();
        for (int round = 0; round < 3 && !queue.isEmpty(); round++)
        {
            queue.drain(null, recordAll);
        }
        assertEquals(List.of(1_000_000), answered, "nothing cleared comes back");
    }

    @Test
    void aSmallBoundIsNeverExceeded()
    {
        final ReplyQueue queue = new ReplyQueue(4096);
        while (queue.offer(order(queue.size() + 1), 0))
        {
            assertEquals(4096, queue.allocatedCapacity(), "a bound below the initial capacity is the whole ring");
        }
        assertFalse(queue.isEmpty());
    }

    @Test
    void onceGrownHoldingAndDrainingAllocateNothing()
    {
        final ReplyQueue queue = new ReplyQueue(2 * ReplyQueue.INITIAL_CAPACITY);
        final FixDecoder held = order(7);
        for (int round = 0; round < 2; round++) // the first round grows the ring to its bound
        {
            while (queue.offer(held, 0))
            {
                // fill
            }
            queue.drain(null, (r, session, progress) -> ReplyQueue.DONE);
        }
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final ReplyQueue.Handler done = (r, session, progress) -> ReplyQueue.DONE;
        final long before = threads.getThreadAllocatedBytes(threadId);
        for (int round = 0; round < 10; round++)
        {
            while (queue.offer(held, 0))
            {
                // fill
            }
            queue.drain(null, done);
        }
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertTrue(allocated < 1024, "ten fill-and-drain rounds allocated " + allocated + " bytes");
    }
}
