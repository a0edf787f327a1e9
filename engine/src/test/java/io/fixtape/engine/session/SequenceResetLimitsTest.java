package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MaxSequenceResets per SequenceResetWindow: rejected and Reset-mode SequenceResets beyond the budget end in a
 * Logout naming the limit and the window, counted as {@link LogoutReason#SEQUENCE_RESET_LIMIT}; the GapFills of a
 * resend answering our ResendRequest never count; the window runs on the injected clock and survives reconnects;
 * 0 turns the budget off. One acceptor session on the test thread, a scripted counterparty, a test clock.
 */
class SequenceResetLimitsTest
{
    private final TestClock clock = new TestClock();
    private Session session;
    private RawFixPeer peer;

    private void logOn(final SessionConfig config)
    {
        session = TestSessions.session(config, new InMemoryMessageStore(), new RecordingApplication(false), clock);
        logOnAgain(1);
    }

    private void logOnAgain(final int seqNum)
    {
        peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=" + seqNum + "|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        assertEquals("A", peer.expectOne().get("35"));
    }

    private static SessionConfig budget(final int maxResets, final int windowSeconds)
    {
        final SessionConfig config = TestSessions.acceptorConfig("FIX.4.4");
        config.resendLimits().maxSequenceResets(maxResets)
            .sequenceResetWindowNanos(TimeUnit.SECONDS.toNanos(windowSeconds));
        return config;
    }

    /** A SequenceReset that would lower the expected number: rejected, its number not consumed. */
    private void badSequenceReset()
    {
        peer.send("8=FIX.4.4|35=4|34=" + session.nextTargetSeqNum() + "|49=TW|52=<TIME>|56=ISLD|36=1|");
    }

    private void assertRejected()
    {
        final Map<String, String> reject = peer.expectOne();
        assertEquals("3", reject.get("35"));
        assertEquals("5", reject.get("373"));
        assertEquals("36", reject.get("371"));
    }

    private void assertLoggedOut(final String text)
    {
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals(text, logout.get("58"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void aFloodOfRejectedSequenceResetsEndsInALogoutThatAReconnectDoesNotClear()
    {
        logOn(TestSessions.acceptorConfig("FIX.4.4")); // the defaults: 100 per 60 s
        for (int i = 0; i < ResendLimits.DEFAULT_MAX_SEQUENCE_RESETS; i++)
        {
            badSequenceReset();
            assertRejected();
        }
        assertTrue(session.isLoggedOn());
        badSequenceReset();
        assertLoggedOut("SequenceReset rejected or in Reset mode 101 times in 60 s exceeds MaxSequenceResets 100");
        final SessionCounters counters = session.counters();
        assertEquals(100, counters.sequenceResetsRejected(), "the refused one is answered by the Logout alone");
        assertEquals(101, counters.sequenceResetsReceived());
        assertEquals(1, counters.logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT));
        assertEquals(1, counters.disconnects(DisconnectReason.PROTOCOL_ERROR));
        assertEquals(2, session.nextTargetSeqNum(), "no SequenceReset consumed a number");

        clock.advanceSeconds(30);
        logOnAgain(2);
        badSequenceReset();
        assertLoggedOut("SequenceReset rejected or in Reset mode 102 times in 60 s exceeds MaxSequenceResets 100");
        assertEquals(2, counters.logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT), "the window outlives the connection");
        assertEquals(100, counters.sequenceResetsRejected());

        clock.advanceSeconds(30);
        logOnAgain(3);
        badSequenceReset();
        assertRejected();
        assertEquals(101, counters.sequenceResetsRejected(), "a new window: handled again");
        assertTrue(session.isLoggedOn());
    }

    @Test
    void resetModeSequenceResetsCountWhileValidGapFillsDoNot()
    {
        logOn(budget(3, 60));
        for (int i = 0; i < 10; i++)
        {
            final int next = session.nextTargetSeqNum();
            peer.send("8=FIX.4.4|35=4|34=" + next + "|49=TW|52=<TIME>|56=ISLD|123=Y|36=" + (next + 5) + "|");
        }
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=100|"); // Reset mode, forward
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|123=N|36=100|"); // to the expected number
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=200|");
        assertEquals(List.of(), peer.drain());
        assertEquals(200, session.nextTargetSeqNum());
        for (int i = 0; i < 10; i++)
        {
            final int next = session.nextTargetSeqNum();
            peer.send("8=FIX.4.4|35=4|34=" + next + "|49=TW|52=<TIME>|56=ISLD|123=Y|36=" + (next + 1) + "|");
        }
        assertEquals(210, session.nextTargetSeqNum());
        assertTrue(session.isLoggedOn());

        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=300|");
        assertLoggedOut("SequenceReset rejected or in Reset mode 4 times in 60 s exceeds MaxSequenceResets 3");
        assertEquals(210, session.nextTargetSeqNum(), "the refused reset is not acted upon");
        assertEquals(0, session.counters().sequenceResetsRejected());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT));
    }

    @Test
    void theGapFillsOfALargeResendAnsweringOurResendRequestAreNeverCounted()
    {
        final int gap = 20_000;
        logOn(budget(1, 60));
        peer.send("8=FIX.4.4|35=0|34=" + (gap + 2) + "|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> resendRequest = peer.expectOne();
        assertEquals("2", resendRequest.get("35"));
        assertEquals("2", resendRequest.get("7"));
        for (int seqNum = 2; seqNum <= gap + 1; seqNum++)
        {
            peer.send("8=FIX.4.4|35=4|34=" + seqNum + "|43=Y|49=TW|52=<TIME>|56=ISLD|122=<TIME>|123=Y|36=" +
                (seqNum + 1) + "|");
        }
        assertEquals(List.of(), peer.drain(), "no Reject, no Logout");
        assertEquals(gap + 3, session.nextTargetSeqNum(), "the gap filled and the kept Heartbeat processed");
        assertEquals(gap, session.counters().sequenceResetsReceived());
        assertEquals(0, session.counters().logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT));
        assertTrue(session.isLoggedOn());

        badSequenceReset();
        assertRejected();
        badSequenceReset();
        assertLoggedOut("SequenceReset rejected or in Reset mode 2 times in 60 s exceeds MaxSequenceResets 1");
    }

    @Test
    void theCountStartsAgainWhenTheWindowHasPassed()
    {
        logOn(budget(2, 10));
        badSequenceReset();
        assertRejected();
        clock.advanceSeconds(9);
        badSequenceReset();
        assertRejected();
        clock.advanceSeconds(1);
        badSequenceReset();
        assertRejected();
        badSequenceReset();
        assertRejected();
        assertTrue(session.isLoggedOn(), "10 s after the first: a new window");
        clock.advanceMillis(9_999);
        badSequenceReset();
        assertLoggedOut("SequenceReset rejected or in Reset mode 3 times in 10 s exceeds MaxSequenceResets 2");
        assertEquals(4, session.counters().sequenceResetsRejected());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT));
    }

    @Test
    void zeroTurnsTheBudgetOff()
    {
        logOn(budget(0, 60));
        for (int i = 0; i < 1_000; i++)
        {
            badSequenceReset();
            peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=" + session.nextTargetSeqNum() + "|");
        }
        assertEquals(1_000, peer.drain().size(), "each bad one answered with a Reject");
        assertEquals(1_000, session.counters().sequenceResetsRejected());
        assertEquals(0, session.counters().logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT));
        assertTrue(session.isLoggedOn());
        assertFalse(peer.isDisconnected());
    }
}
