package io.fixtape.engine.session;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A session that never sees a gap never allocates the gap queue's slot table or byte area. */
class GapQueueLazyTest
{
    @Test
    void everyOperationWithoutAGapLeavesTheQueueUnallocated()
    {
        final GapQueue queue = new GapQueue(SessionConfig.DEFAULT_GAP_QUEUE_BYTES,
            SessionConfig.DEFAULT_GAP_QUEUE_MESSAGES);
        assertEquals(-1, queue.indexOf(5));
        queue.remove(5);
        queue.removeBelow(100);
        queue.clear();
        assertEquals(0, queue.size());
        assertFalse(queue.isAllocated());
    }

    @Test
    void theFirstGapAllocatesAndTheQueueWorksAsBefore()
    {
        final GapQueue queue = new GapQueue(1 << 16, 8);
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[] {'a', 'b', 'c'});
        assertTrue(queue.offer(3, bytes, 0, 3));
        assertTrue(queue.isAllocated());
        assertFalse(queue.offer(3, bytes, 0, 3), "the same number twice");
        final int index = queue.indexOf(3);
        assertEquals(3, queue.lengthAt(index));
        assertEquals('b', queue.buffer().getByte(queue.offsetAt(index) + 1));
        queue.remove(3);
        assertEquals(-1, queue.indexOf(3));
        assertTrue(queue.offer(11, bytes, 0, 3), "slot 3 again (11 & 7), free once 3 is gone");
    }
}
