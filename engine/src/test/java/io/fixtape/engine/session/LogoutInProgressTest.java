package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An order that crosses our Logout on the wire: it is still processed and delivered (the spec: the Logout's sender
 * processes what arrives until the reply), but its reply must not be written after our Logout. The reply is
 * journaled and numbered instead, and reaches the counterparty as a PossDup resend after its next Logon.
 */
class LogoutInProgressTest
{
    private final TestClock clock = new TestClock();
    private final RecordingApplication initiatorApp = new RecordingApplication(false);
    private final RecordingApplication acceptorApp = new RecordingApplication(true); // echoes orders

    @Test
    void replyToAnOrderThatCrossedOurLogoutIsJournaledAndResentAfterTheNextLogon()
    {
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 4096), initiatorApp, clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 4096), acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        acceptor.logout("end of day");
        assertEquals(SessionState.LOGOUT_SENT, acceptor.state());
        assertEquals(2, SessionPairTest.sendOrder(initiator, "L1")); // in flight while our Logout travels
        pair.pump();

        assertEquals(1, acceptorApp.messages().size(), "the crossing order is delivered");
        assertEquals(1, acceptor.counters().applicationMessagesHeld());
        assertTrue(initiatorApp.messages().isEmpty(), "nothing but the Logout reply after our Logout");
        assertFalse(acceptor.isConnected());
        assertFalse(initiator.isConnected());
        assertEquals(4, acceptor.nextSenderSeqNum(), "Logon 1, Logout 2, held echo 3");

        pair.connect(); // next Logon: the initiator sees the gap and asks for it
        assertTrue(initiator.isLoggedOn());
        assertEquals(1, initiatorApp.messages().size());
        final Map<String, String> resent = FixMessages.fields(initiatorApp.messages().get(0));
        assertEquals("L1", resent.get("11"));
        assertEquals("Y", resent.get("43"));
        assertEquals("3", resent.get("34"));
        assertEquals(acceptor.nextSenderSeqNum(), initiator.nextTargetSeqNum());
    }

    @Test
    void withoutAStoreTheReplyIsRefusedAsNotLoggedOn()
    {
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 4096), initiatorApp, clock);
        final long[] result = new long[1];
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), new NoMessageStore(),
            (message, session) -> result[0] = SessionPairTest.sendOrder(session, "reply"), clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        acceptor.logout(null);
        SessionPairTest.sendOrder(initiator, "L2");
        pair.pump();

        assertEquals(Session.NOT_LOGGED_ON, result[0], "a reply that could never be resent is not numbered");
        assertEquals(0, acceptor.counters().applicationMessagesHeld());
        assertTrue(initiatorApp.messages().isEmpty());
    }
}
