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

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * EnableNextExpectedMsgSeqNum: our Logon carries NextExpectedMsgSeqNum (789), and a counterparty whose 789 is above
 * our next MsgSeqNum (it expects messages we never sent) is logged out with a reason, as QuickFIX/J does.
 */
class NextExpectedMsgSeqNumTest
{
    private final TestClock clock = new TestClock();

    private Session acceptor(final boolean enabled)
    {
        return TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").enableNextExpectedMsgSeqNum(enabled),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
    }

    @Test
    void ourLogonReplyCarriesTheNextNumberWeExpect()
    {
        final RawFixPeer peer = new RawFixPeer(acceptor(true), clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|789=1|");
        final Map<String, String> logon = peer.expectOne();
        assertEquals("A", logon.get("35"));
        assertEquals("2", logon.get("789"));
    }

    @Test
    void nextExpectedAboveOurNextSenderNumberIsLoggedOutWithAReason()
    {
        final Session session = acceptor(true);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|789=5|");

        final List<String> sent = peer.drain();
        assertEquals(1, sent.size(), sent.toString());
        final Map<String, String> logout = fields(sent.get(0));
        assertEquals("5", logout.get("35"));
        assertEquals("Tag 789 (NextExpectedMsgSeqNum) is higher than expected. Expected 1, Received 5",
            logout.get("58"));
        assertFalse(session.isConnected());
        assertFalse(session.isLoggedOn());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.NEXT_EXPECTED_MSG_SEQ_NUM_TOO_HIGH));
        assertEquals(1, session.counters().disconnects(DisconnectReason.INVALID_LOGON));
    }

    @Test
    void nextExpectedEqualToOurNextSenderNumberIsAccepted()
    {
        final Session session = acceptor(true);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|789=1|");
        assertEquals("A", peer.expectOne().get("35"));
        assertTrue(session.isLoggedOn());
    }

    @Test
    void withoutTheSettingTag789IsNeitherSentNorChecked()
    {
        final Session session = acceptor(false);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|789=5|");
        final Map<String, String> logon = peer.expectOne();
        assertEquals("A", logon.get("35"));
        assertNull(logon.get("789"));
        assertTrue(session.isLoggedOn());
    }
}
