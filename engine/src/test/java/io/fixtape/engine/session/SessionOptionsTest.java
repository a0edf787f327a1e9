package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Authenticator, per-version message rules, NextExpectedMsgSeqNum and configuration checks. */
class SessionOptionsTest
{
    private final TestClock clock = new TestClock();

    @Test
    void authenticatorSeesUsernameAndPasswordAndCanRefuse()
    {
        final Authenticator onlyAlice = (id, user, password) ->
            "alice".contentEquals(user) && "secret".contentEquals(password);
        final SessionConfig acceptorConfig = TestSessions.acceptorConfig("FIX.4.4");
        acceptorConfig.logonSecurity().authenticator(onlyAlice);
        final Session acceptor = TestSessions.session(acceptorConfig, clock);

        final Session good = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4").username("alice")
            .password("secret"), clock);
        final InProcessSessionPair pair = new InProcessSessionPair(good, acceptor, clock).connect();
        assertTrue(acceptor.isLoggedOn());
        good.logout(null);
        pair.pump();

        final Session bad = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4").username("alice")
            .password("wrong"), clock);
        new InProcessSessionPair(bad, acceptor, clock).connect();
        assertFalse(acceptor.isConnected());
        assertFalse(bad.isLoggedOn());
        assertEquals(1, acceptor.counters().logoutsSent(LogoutReason.AUTHENTICATION));
        assertEquals(1, acceptor.counters().disconnects(DisconnectReason.INVALID_LOGON));
    }

    @Test
    void fix41RejectHasNoFix42FieldsAndResendRequestEndsAt999999()
    {
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.1"), clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);
        peer.send("8=FIX.4.1|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        peer.drain();
        peer.send("8=FIX.4.1|35=1|34=2|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("3", reject.get("35"));
        assertEquals("2", reject.get("45"));
        assertNull(reject.get("371"));
        assertNull(reject.get("372"));
        assertNull(reject.get("373"));
        peer.send("8=FIX.4.1|35=0|34=5|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> resend = peer.expectOne();
        assertEquals("3", resend.get("7"));
        assertEquals("999999", resend.get("16"));
    }

    @Test
    void fixtRejectAlwaysCarriesSessionRejectReason()
    {
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIXT.1.1"), clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);
        peer.send("8=FIXT.1.1|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|1137=9|");
        assertEquals("9", peer.expectOne().get("1137"));
        peer.send("8=FIXT.1.1|35=1|34=2|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("1", reject.get("373"));
        assertEquals("112", reject.get("371"));
        assertEquals("1", reject.get("372"));
    }

    @Test
    void nextExpectedMsgSeqNumInLogonTriggersResendOfWhatTheyMissed()
    {
        final SessionConfig acceptorConfig = TestSessions.acceptorConfig("FIX.4.4").enableNextExpectedMsgSeqNum(true);
        final Session acceptor = TestSessions.session(acceptorConfig, new InMemoryMessageStore(1 << 20, 1024),
            Application.NO_OP, clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|789=1|");
        final Map<String, String> logon = peer.expectOne();
        assertEquals("2", logon.get("789"), "we expect their 2 next");
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=A|");
        peer.drain();
        peer.close();

        final RawFixPeer again = new RawFixPeer(acceptor, clock);
        again.send("8=FIX.4.4|35=A|34=3|49=TW|52=<TIME>|56=ISLD|98=0|108=30|789=2|");
        final java.util.List<String> out = again.drain();
        assertEquals(2, out.size(), out.toString());
        assertTrue(out.get(0).contains("|35=A|"));
        assertTrue(out.get(1).contains("|35=4|") && out.get(1).contains("|34=2|") && out.get(1).contains("|36=3|"),
            "heartbeat 2 gap-filled up to our new Logon (3): " + out.get(1));
    }

    @Test
    void anOversizedTestReqIdCannotEscapeTheEventLoop()
    {
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").maxMessageSize(1024),
            clock);
        final RawFixPeer peer = new RawFixPeer(acceptor, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        peer.drain();
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=" + "x".repeat(4000) + "|");
        assertTrue(peer.isDisconnected());
        assertEquals(1, acceptor.counters().internalErrors());
        assertEquals(1, acceptor.counters().disconnects(DisconnectReason.PROTOCOL_ERROR));
    }

    @Test
    void configurationErrorsNameTheSetting()
    {
        final IllegalArgumentException fixt = assertThrows(IllegalArgumentException.class,
            () -> new SessionConfig().sessionId(new SessionId("FIXT.1.1", "A", "B")).conclude());
        assertTrue(fixt.getMessage().contains("DefaultApplVerID"), fixt.getMessage());
        final IllegalArgumentException precision = assertThrows(IllegalArgumentException.class,
            () -> TestSessions.acceptorConfig("FIX.4.4").timestampPrecision(4).conclude());
        assertTrue(precision.getMessage().contains("TimeStampPrecision"), precision.getMessage());
        final IllegalArgumentException heartbeat = assertThrows(IllegalArgumentException.class,
            () -> TestSessions.acceptorConfig("FIX.4.4").heartBtIntSeconds(-1).conclude());
        assertTrue(heartbeat.getMessage().contains("HeartBtInt"), heartbeat.getMessage());
    }
}
