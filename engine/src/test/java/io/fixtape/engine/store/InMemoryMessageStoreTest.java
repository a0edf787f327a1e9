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
