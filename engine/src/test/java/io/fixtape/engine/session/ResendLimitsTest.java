package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ResendRequests for huge ranges are streamed a batch of numbers per duty cycle without allocating, a range beyond
 * MaxResendRequestRange is rejected and logged out, repeated requests are coalesced and, beyond
 * MaxResendRequestRepeats in a window, logged out; SequenceResets that would lower the expected number are rejected
 * without changing it. One acceptor session on the test thread, with a test clock.
 */
class ResendLimitsTest
{
    private static final String LOGON = "8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|";
    private static final int MILLIONS = 5_000_000;
    /** The last number a {@link MillionsSentStore} session sent: its Logon reply follows the five million. */
    private static final int LAST = MILLIONS + 1;

    private final TestClock clock = new TestClock();
    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private final long threadId = Thread.currentThread().getId();
    private Session session;
    private RawFixPeer peer;
    private int peerSeqNum = 2;

    private void logOn(final SessionConfig config, final MessageStore store)
    {
        session = TestSessions.session(config, store, new RecordingApplication(false), clock);
        peer = new RawFixPeer(session, clock);
        peer.send(LOGON);
        assertEquals("A", peer.expectOne().get("35"));
    }

    private void resendRequest(final int begin, final int end)
    {
        peer.send("8=FIX.4.4|35=2|34=" + peerSeqNum++ + "|49=TW|52=<TIME>|56=ISLD|7=" + begin + "|16=" + end + "|");
    }

    private long allocatedBytes()
    {
        return threads.getThreadAllocatedBytes(threadId);
    }

    @Test
    void aResendOfThirtyThousandMessagesGoesOutABatchPerDutyCycleWithoutAllocating()
    {
        final int batch = 500;
        final int sent = 30_000;
        logOn(limits(TestSessions.acceptorConfig("FIX.4.4"), batch, ResendLimits.DEFAULT_MAX_RANGE, 0),
            new InMemoryMessageStore());
        for (int i = 0; i < sent; i++)
        {
            SessionPairTest.sendOrder(session, "O" + i); // 2..30001
            if (i % 1000 == 999)
            {
                peer.drain();
            }
        }
        peer.drain();
        threads.setThreadAllocatedMemoryEnabled(true);
        allocatedBytes(); // the probe itself is not counted on first use

        // the same full resend, repeated: the first rounds warm up, the last must allocate nothing in its duty cycles
        long allocated = -1;
        for (int round = 0; round < 10 && allocated != 0; round++)
        {
            final long resentBefore = session.counters().messagesResent();
            resendRequest(1, 0);
            int messages = peer.drain().size(); // the first batch went out with the request
            assertTrue(messages <= batch, "the first batch only: " + messages);
            int dutyCycles = 0;
            allocated = 0;
            while (session.needsEveryDutyCycle())
            {
                final long before = allocatedBytes();
                session.doWork(clock.nanoTime());
                allocated += allocatedBytes() - before;
                final List<String> out = peer.drain();
                assertTrue(out.size() <= batch + 1, "a batch of numbers per duty cycle: " + out.size());
                messages += out.size();
                dutyCycles++;
            }
            assertEquals(sent, session.counters().messagesResent() - resentBefore, "every order resent");
            assertEquals(sent + 1, messages, "the orders and one gap fill for the Logon");
            assertEquals((sent + 1 + batch - 1) / batch - 1, dutyCycles, "spread over the duty cycles");
        }
        assertEquals(0, allocated, "the duty cycles of a whole resend allocate nothing");
        assertTrue(session.isLoggedOn());
    }

    @Test
    void aRangeOfMillionsIsReadABatchAtATimeAndEndsInOneGapFill()
    {
        final MillionsSentStore store = new MillionsSentStore();
        logOn(limits(TestSessions.acceptorConfig("FIX.4.4"), 256, 0, ResendLimits.DEFAULT_MAX_REPEATS), store);
        resendRequest(1, 0);
        assertEquals(List.of(), peer.drain(), "nothing stored: the gap fill waits for the end of its run");
        assertEquals(256, store.highestAsked);
        threads.setThreadAllocatedMemoryEnabled(true);
        allocatedBytes();
        for (int cycle = 1; cycle <= 1_000; cycle++)
        {
            session.doWork(clock.nanoTime());
        }
        assertEquals(256 * 1_001, store.highestAsked, "256 numbers further each duty cycle");
        // windows of a thousand duty cycles, up to five: a JIT compilation landing late may allocate once, the last
        // window must allocate nothing
        long allocated = -1;
        int dutyCycles = 1_000;
        for (int window = 0; window < 5 && allocated != 0; window++)
        {
            final long before = allocatedBytes();
            for (int cycle = 0; cycle < 1_000; cycle++)
            {
                session.doWork(clock.nanoTime());
            }
            allocated = allocatedBytes() - before;
            dutyCycles += 1_000;
        }
        assertEquals(0, allocated, "a thousand duty cycles of the resend allocate nothing");
        assertTrue(session.needsEveryDutyCycle(), "more to come");
        while (session.needsEveryDutyCycle())
        {
            session.doWork(clock.nanoTime());
            dutyCycles++;
        }
        assertEquals(256, store.widestAsked, "never more than a batch read at once");
        assertEquals((LAST + 255) / 256 - 1, dutyCycles);
        final Map<String, String> gapFill = peer.expectOne();
        assertEquals("4", gapFill.get("35"));
        assertEquals("1", gapFill.get("34"));
        assertEquals(String.valueOf(LAST + 1), gapFill.get("36"));
        assertEquals(1, session.counters().gapFillsSent());
    }

    @Test
    void aRangeBeyondMaxResendRequestRangeIsRejectedAndLoggedOut()
    {
        logOn(TestSessions.acceptorConfig("FIX.4.4"), new MillionsSentStore());
        resendRequest(MILLIONS - 10, 0);
        assertEquals("4", peer.expectOne().get("35"), "twelve numbers: served");
        resendRequest(1, 0);
        final List<String> out = peer.drain();
        assertEquals(2, out.size(), out.toString());
        final Map<String, String> reject = fields(out.get(0));
        assertEquals("3", reject.get("35"));
        assertEquals("3", reject.get("45"));
        assertEquals("5", reject.get("373"));
        assertEquals("16", reject.get("371"));
        final Map<String, String> logout = fields(out.get(1));
        assertEquals("5", logout.get("35"));
        assertEquals("ResendRequest for 5000001 messages exceeds MaxResendRequestRange 1000000", logout.get("58"));
        assertTrue(peer.isDisconnected());
        final SessionCounters counters = session.counters();
        assertEquals(1, counters.resendRequestsRefused());
        assertEquals(1, counters.logoutsSent(LogoutReason.RESEND_REQUEST_LIMIT));
        assertEquals(1, counters.disconnects(DisconnectReason.PROTOCOL_ERROR));
        assertEquals(1, counters.gapFillsSent(), "nothing of the refused range was sent");
        assertEquals(4, session.nextTargetSeqNum(), "the refused request's number is consumed");
    }

    @Test
    void repeatsOfARangeBeingServedAreCoalescedAndOneTooManyIsLoggedOut()
    {
        final MillionsSentStore store = new MillionsSentStore();
        logOn(limits(TestSessions.acceptorConfig("FIX.4.4"), 100, 0, 3), store);
        resendRequest(1, 0); // served: the first 100 numbers read
        session.doWork(clock.nanoTime()); // the next 100
        resendRequest(1, 0);
        resendRequest(MILLIONS - 5, MILLIONS); // within the range being served: a repeat too, coalesced
        final SessionCounters counters = session.counters();
        assertEquals(2, counters.resendRequestsRepeated());
        assertEquals(2, counters.resendRequestsCoalesced());
        assertEquals(2 * 100, store.highestAsked, "the resend went on where it was, not from the start again");
        resendRequest(20, 30);
        assertEquals(3, counters.resendRequestsCoalesced());
        assertEquals(List.of(), peer.drain());
        assertTrue(session.isLoggedOn());

        resendRequest(1, 0);
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("ResendRequest repeated 4 times in 60 s exceeds MaxResendRequestRepeats 3", logout.get("58"));
        assertTrue(peer.isDisconnected());
        assertFalse(session.needsEveryDutyCycle(), "the resend was abandoned");
        assertEquals(4, counters.resendRequestsRepeated());
        assertEquals(1, counters.resendRequestsRefused());
        assertEquals(1, counters.logoutsSent(LogoutReason.RESEND_REQUEST_LIMIT));
        assertEquals(0, counters.gapFillsSent());
    }

    @Test
    void chunkedRequestsAreNotRepeatsAndTheWindowStartsAgain()
    {
        logOn(limits(TestSessions.acceptorConfig("FIX.4.4"), ResendLimits.DEFAULT_BATCH_SIZE,
            ResendLimits.DEFAULT_MAX_RANGE, 1), new InMemoryMessageStore());
        for (int i = 0; i < 9; i++)
        {
            SessionPairTest.sendOrder(session, "O" + i); // 2..10
        }
        peer.drain();
        resendRequest(2, 4);
        resendRequest(5, 7);
        resendRequest(8, 0);
        assertEquals(9, peer.drain().size(), "each order resent once");
        assertEquals(0, session.counters().resendRequestsRepeated());

        resendRequest(2, 4);
        assertEquals(3, peer.drain().size(), "a repeat, served: nothing of it is in progress");
        assertEquals(1, session.counters().resendRequestsRepeated());
        clock.advanceSeconds(60);
        resendRequest(2, 4);
        resendRequest(3, 3);
        assertEquals(4, peer.drain().size(), "a new window: one repeat allowed again");
        assertEquals(2, session.counters().resendRequestsRepeated());
        resendRequest(4, 4);
        assertEquals("5", peer.expectOne().get("35"));
        assertEquals(1, session.counters().resendRequestsRefused());
    }

    @Test
    void sequenceResetsThatWouldLowerTheExpectedNumberAreRejectedAndChangeNothing()
    {
        logOn(TestSessions.acceptorConfig("FIX.4.4"), new InMemoryMessageStore());
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.send("8=FIX.4.4|35=0|34=3|49=TW|52=<TIME>|56=ISLD|");
        assertEquals(4, session.nextTargetSeqNum());

        peer.send("8=FIX.4.4|35=4|34=4|49=TW|52=<TIME>|56=ISLD|36=2|"); // Reset mode
        assertIncorrectNewSeqNo(peer.expectOne());
        peer.send("8=FIX.4.4|35=4|34=4|49=TW|52=<TIME>|56=ISLD|123=Y|36=4|"); // gap fill to its own number
        assertIncorrectNewSeqNo(peer.expectOne());
        peer.send("8=FIX.4.4|35=4|34=4|49=TW|52=<TIME>|56=ISLD|123=Y|36=3|");
        assertIncorrectNewSeqNo(peer.expectOne());
        peer.send("8=FIX.4.4|35=4|34=4|49=TW|52=<TIME>|56=ISLD|36=2147483647|"); // nothing could follow it
        assertIncorrectNewSeqNo(peer.expectOne());
        for (int i = 0; i < 90; i++) // within MaxSequenceResets (SequenceResetLimitsTest goes beyond)
        {
            peer.send("8=FIX.4.4|35=4|34=4|49=TW|52=<TIME>|56=ISLD|36=" + (i % 4) + "|");
        }
        assertEquals(90, peer.drain().size(), "each answered with a Reject");
        final SessionCounters counters = session.counters();
        assertEquals(94, counters.sequenceResetsReceived());
        assertEquals(94, counters.sequenceResetsRejected());
        assertEquals(4, session.nextTargetSeqNum(), "unchanged");

        peer.send("8=FIX.4.4|35=1|34=4|49=TW|52=<TIME>|56=ISLD|112=STILL|");
        assertEquals("STILL", peer.expectOne().get("112"));
        peer.send("8=FIX.4.4|35=4|34=5|49=TW|52=<TIME>|56=ISLD|123=Y|36=9|");
        assertEquals(9, session.nextTargetSeqNum(), "a gap fill forward still moves it");
        assertTrue(session.isLoggedOn());
    }

    private static SessionConfig limits(final SessionConfig config, final int batchSize, final int maxRange,
        final int maxRepeats)
    {
        config.resendLimits().batchSize(batchSize).maxRange(maxRange).maxRepeats(maxRepeats);
        return config;
    }

    private static void assertIncorrectNewSeqNo(final Map<String, String> reject)
    {
        assertEquals("3", reject.get("35"));
        assertEquals("4", reject.get("45"));
        assertEquals("5", reject.get("373"));
        assertEquals("36", reject.get("371"));
    }

    /**
     * A store whose session sent five million messages, none of them kept (admin messages, or aged out): a resend is
     * all gap fill. Records how far and how widely it was asked to read.
     */
    private static final class MillionsSentStore implements MessageStore
    {
        private int nextSender = MILLIONS + 1;
        private int nextTarget = 1;
        int highestAsked;
        int widestAsked;

        @Override
        public int nextSenderSeqNum()
        {
            return nextSender;
        }

        @Override
        public int nextTargetSeqNum()
        {
            return nextTarget;
        }

        @Override
        public void nextSenderSeqNum(final int seqNum)
        {
            nextSender = seqNum;
        }

        @Override
        public void nextTargetSeqNum(final int seqNum)
        {
            nextTarget = seqNum;
        }

        @Override
        public void onInbound(final int seqNum, final long msgType, final int flags, final long timestampNanos,
            final DirectBuffer buffer, final int offset, final int length)
        {
        }

        @Override
        public void onOutbound(final int seqNum, final long msgType, final int flags, final long timestampNanos,
            final DirectBuffer buffer, final int offset, final int length)
        {
        }

        @Override
        public int replayOutbound(final int beginSeqNum, final int endSeqNum, final ReplayHandler handler)
        {
            highestAsked = Math.max(highestAsked, endSeqNum);
            widestAsked = Math.max(widestAsked, endSeqNum - beginSeqNum + 1);
            return 0;
        }

        @Override
        public void reset()
        {
            nextSender = 1;
            nextTarget = 1;
        }

        @Override
        public boolean persistsMessages()
        {
            return true;
        }

        @Override
        public void close()
        {
        }
    }
}
