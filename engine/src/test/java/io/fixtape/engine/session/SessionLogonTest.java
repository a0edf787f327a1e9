package io.fixtape.engine.session;

import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionLogonTest
{
    private final TestClock clock = new TestClock();

    @Test
    void logonAndLogoutHandshakeBetweenTwoSessions()
    {
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        assertEquals(SessionState.ACTIVE, initiator.state());
        assertEquals(SessionState.ACTIVE, acceptor.state());
        assertEquals(30, acceptor.heartBtIntSeconds());
        assertEquals(2, initiator.nextSenderSeqNum());
        assertEquals(2, acceptor.nextTargetSeqNum());

        initiator.logout("bye");
        assertEquals(SessionState.LOGOUT_SENT, initiator.state());
        pair.pump();

        assertEquals(SessionState.DISCONNECTED, initiator.state());
        assertEquals(SessionState.DISCONNECTED, acceptor.state());
        assertEquals(1, initiator.counters().logoutsSent(LogoutReason.REQUESTED));
        assertEquals(1, acceptor.counters().logoutsSent(LogoutReason.REPLY));
        assertEquals(1, acceptor.counters().disconnects(DisconnectReason.LOGOUT));
        assertEquals(3, initiator.nextSenderSeqNum());
        assertEquals(3, acceptor.nextSenderSeqNum());
    }

    @Test
    void acceptorAnswersLogonLikeQuickFixJ()
    {
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);

        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        final Map<String, String> logon = peer.expectOne();
        assertEquals("A", logon.get("35"));
        assertEquals("1", logon.get("34"));
        assertEquals("ISLD", logon.get("49"));
        assertEquals("TW", logon.get("56"));
        assertEquals("0", logon.get("98"));
        assertEquals("30", logon.get("108"));
        assertEquals(21, logon.get("52").length());
        assertEquals(java.util.List.of("8", "9", "35", "49", "56", "34", "52", "98", "108", "10"),
            java.util.List.copyOf(logon.keySet()));

        peer.send("8=FIX.4.4|35=5|34=2|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("2", logout.get("34"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void fixtLogonCarriesDefaultApplVerId()
    {
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIXT.1.1")
            .defaultApplVerId("7"), clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);
        peer.send("8=FIXT.1.1|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|1137=7|");
        assertEquals("7", peer.expectOne().get("1137"));
    }

    @Test
    void negativeHeartBtIntIsRefusedWithLogout()
    {
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=-10|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("1", logout.get("34"));
        assertEquals("HeartBtInt must not be negative", logout.get("58"));
        assertTrue(peer.isDisconnected());
        assertEquals(1, acceptor.counters().logoutsSent(LogoutReason.INVALID_LOGON));
        assertFalse(acceptor.isConnected());
    }
}
