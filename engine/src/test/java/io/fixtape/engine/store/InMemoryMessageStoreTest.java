package io.fixtape.engine.store;

import io.fixtape.engine.codec.MsgTypes;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InMemoryMessageStoreTest
{
    private static void store(final MessageStore store, final int seqNum, final int flags, final String text)
    {
        final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        store.onOutbound(seqNum, MsgTypes.NEW_ORDER_SINGLE, flags, 0, new UnsafeBuffer(bytes), 0, bytes.length);
        store.nextSenderSeqNum(Math.max(store.nextSenderSeqNum(), seqNum + 1));
    }

    private static List<String> replay(final MessageStore store, final int begin, final int end)
    {
        final List<String> out = new ArrayList<>();
        store.replayOutbound(begin, end, (seqNum, buffer, offset, length) ->
            out.add(seqNum + ":" + buffer.getStringWithoutLengthAscii(offset, length)));
        return out;
    }

    @Test
    void keepsApplicationMessagesOnlyAndReplaysInOrder()
    {
        final InMemoryMessageStore store = new InMemoryMessageStore(4096, 16);
        store(store, 1, MessageStore.FLAG_ADMIN, "logon");
        store(store, 2, 0, "order-2");
        store(store, 3, 0, "order-3");
        store(store, 4, MessageStore.FLAG_ADMIN, "heartbeat");
        store(store, 5, 0, "order-5");
        store(store, 3, MessageStore.FLAG_POSS_DUP, "resent-copy");

        assertEquals(List.of("2:order-2", "3:order-3", "5:order-5"), replay(store, 1, 100));
        assertEquals(List.of("3:order-3"), replay(store, 3, 4));
        assertTrue(store.persistsMessages());
    }

    @Test
    void nothingIsAllocatedUntilAnApplicationMessageIsStored()
    {
        final InMemoryMessageStore store = new InMemoryMessageStore();
        store(store, 1, MessageStore.FLAG_ADMIN, "logon");
        store(store, 2, MessageStore.FLAG_ADMIN, "heartbeat");
        assertEquals(List.of(), replay(store, 1, 100));
        store.reset();
        assertEquals(0, store.allocatedBytes());
        assertEquals(0, store.allocatedSlots());

        store(store, 1, 0, "order-1");
        assertEquals(InMemoryMessageStore.INITIAL_BYTES, store.allocatedBytes());
        assertEquals(InMemoryMessageStore.INITIAL_SLOTS, store.allocatedSlots());
    }

    @Test
    void ringAndIndexGrowUpToTheirBoundsKeepingEveryMessage()
    {
        final int bytes = 4 * InMemoryMessageStore.INITIAL_BYTES;
        final int slots = 4 * InMemoryMessageStore.INITIAL_SLOTS;
        final InMemoryMessageStore store = new InMemoryMessageStore(bytes, slots);
        final String body = "y".repeat(50);
        final List<String> expected = new ArrayList<>();
        int seq = 1;
        for (; seq < slots; seq++) // about 220 KiB: the ring doubles twice, the index twice
        {
            store(store, seq, 0, seq + body);
            expected.add(seq + ":" + seq + body);
        }
        assertEquals(bytes, store.allocatedBytes());
        assertEquals(slots, store.allocatedSlots());
        assertEquals(expected, replay(store, 1, seq));

        for (; seq < 2 * slots; seq++) // past both bounds: the oldest are forgotten, as without growth
        {
            store(store, seq, 0, seq + body);
        }
        assertEquals(bytes, store.allocatedBytes());
        assertEquals(slots, store.allocatedSlots());
        final List<String> kept = replay(store, 1, seq);
        assertEquals((seq - 1) + ":" + (seq - 1) + body, kept.get(kept.size() - 1));
        assertTrue(kept.size() <= slots && !kept.get(0).startsWith("1:"), kept.size() + " kept from " + kept.get(0));
    }

    @Test
    void replayStopsWhenTheHandlerSaysSo()
    {
        final InMemoryMessageStore store = new InMemoryMessageStore(4096, 16);
        for (int seq = 1; seq <= 5; seq++)
        {
            store(store, seq, 0, "m" + seq);
        }
        final int[] seen = new int[1];
        final int delivered = store.replayOutbound(1, 5, (seqNum, buffer, offset, length) -> ++seen[0] < 2);
        assertEquals(1, delivered);
        assertEquals(2, seen[0]);
    }

    @Test
    void oldestMessagesAreForgottenWhenTheRingOrIndexWraps()
    {
        final InMemoryMessageStore store = new InMemoryMessageStore(1024, 8);
        final String body = "x".repeat(300);
        for (int seq = 1; seq <= 10; seq++)
        {
            store(store, seq, 0, seq + body);
        }
        // messages never straddle the wrap, so after padding the 1 KiB ring still holds the newest two intact
        assertEquals(List.of("9:9" + body, "10:10" + body), replay(store, 1, 10));
    }

    @Test
    void resetForgetsMessagesAndRestartsNumbers()
    {
        final InMemoryMessageStore store = new InMemoryMessageStore(4096, 16);
        store(store, 1, 0, "a");
        store.nextTargetSeqNum(7);
        store.reset();
        assertEquals(1, store.nextSenderSeqNum());
        assertEquals(1, store.nextTargetSeqNum());
        assertTrue(replay(store, 1, 10).isEmpty());
    }

    @Test
    void noMessageStoreKeepsOnlyNumbers()
    {
        final NoMessageStore store = new NoMessageStore();
        store(store, 1, 0, "a");
        assertFalse(store.persistsMessages());
        assertEquals(2, store.nextSenderSeqNum());
        assertTrue(replay(store, 1, 10).isEmpty());
    }
}
