package io.fixtape.engine.session;

import io.fixtape.engine.api.ResendFilter;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The application's {@link ResendFilter} turns stored messages it no longer wants delivered (stale orders) into a
 * gap fill instead of a PossDup resend (QuickFIX/J's DoNotSend); consecutive declined messages share one gap fill,
 * and the resend stays allocation-free.
 */
class ResendFilterTest
{
    private final TestClock clock = new TestClock();

    @Test
    void declinedMessagesAreGapFilledAndTheOthersResent()
    {
        final long[] offered = new long[1];
        // stale: the orders numbered 3 and 4 (read from the stored message, no allocation)
        final ResendFilter notStale = (sessionId, stored, nowNanos) ->
        {
            offered[0]++;
            final int seqNum = stored.getInt(Tags.MSG_SEQ_NUM);
            return seqNum != 3 && seqNum != 4;
        };
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").resendFilter(notStale),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        for (int i = 0; i < 5; i++)
        {
            SessionPairTest.sendOrder(session, "O" + i); // 2..6
        }
        peer.drain();

        final byte[] resendRequest = FixMessages.wire("8=FIX.4.4|35=2|34=2|49=TW|52=<TIME>|56=ISLD|7=2|16=0|",
            clock.nanoTime());
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        peer.sendBytes(resendRequest);
        final long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;

        final List<String> order = new ArrayList<>();
        for (final String message : peer.drain())
        {
            final Map<String, String> f = fields(message);
            order.add(f.get("34") + ":" + f.get("35") + (f.containsKey("36") ? ">" + f.get("36") : ""));
        }
        assertEquals(List.of("2:D", "3:4>5", "5:D", "6:D"), order);
        assertEquals(5, offered[0], "asked once per stored application message");
        assertEquals(2, session.counters().resendsReplacedByGapFill());
        assertEquals(3, session.counters().messagesResent());
        assertTrue(allocated < 1024, "the resend allocated " + allocated + " bytes");
    }

    @Test
    void aDeclinedLastMessageIsCoveredByTheFinalGapFill()
    {
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4")
                .resendFilter((sessionId, stored, nowNanos) -> false),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        SessionPairTest.sendOrder(session, "OLD1");
        SessionPairTest.sendOrder(session, "OLD2");
        peer.drain();

        peer.send("8=FIX.4.4|35=2|34=2|49=TW|52=<TIME>|56=ISLD|7=1|16=0|");
        final Map<String, String> gapFill = peer.expectOne();
        assertEquals("4", gapFill.get("35"));
        assertEquals("1", gapFill.get("34"));
        assertEquals("4", gapFill.get("36"));
        assertEquals("Y", gapFill.get("123"));
    }
}
