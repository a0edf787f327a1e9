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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A counterparty's HeartBtInt of 0 means no Heartbeats, not a connection nobody watches: a silent counterparty
 * still gets a TestRequest and is disconnected when it stays silent. A HeartBtInt outside MinHeartBtInt..MaxHeartBtInt
 * is refused with a Logout that names the bounds.
 */
class HeartBtIntTest
{
    private final TestClock clock = new TestClock();

    private Session acceptor(final SessionConfig config)
    {
        return TestSessions.session(config, new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false),
            clock);
    }

    @Test
    void aCounterpartyHeartBtIntOfZeroStillGetsATestRequestAndATimeout()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4").heartBtIntSeconds(10));
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=0|");
        assertEquals("0", peer.expectOne().get("108"));

        clock.advanceSeconds(14);
        peer.doWork();
        assertTrue(peer.drain().isEmpty(), "no Heartbeats with HeartBtInt 0, no TestRequest yet");
        clock.advanceSeconds(1); // 1.5 x our HeartBtInt of 10 s
        peer.doWork();
        final List<String> sent = peer.drain();
        assertEquals(1, sent.size(), sent.toString());
        assertEquals("1", fields(sent.get(0)).get("35"), "a TestRequest");

        clock.advanceSeconds(9); // 2.4 x 10 s of silence
        peer.doWork();
        assertFalse(session.isConnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.HEARTBEAT_TIMEOUT));
    }

    @Test
    void aCounterpartyThatAnswersTheTestRequestStaysConnected()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4").heartBtIntSeconds(10));
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=0|");
        peer.drain();
        clock.advanceSeconds(15);
        peer.doWork();
        final Map<String, String> testRequest = peer.expectOne();
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|112=" + testRequest.get("112") + "|");
        clock.advanceSeconds(10);
        peer.doWork();
        assertTrue(session.isLoggedOn());
    }

    @Test
    void aHeartBtIntBelowTheMinimumIsLoggedOutWithTheBounds()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4").minHeartBtIntSeconds(5)
            .maxHeartBtIntSeconds(120));
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=0|");

        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("HeartBtInt must be between 5 and 120 seconds, received 0", logout.get("58"));
        assertFalse(session.isConnected());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.INVALID_LOGON));
    }

    @Test
    void aHeartBtIntAboveTheDefaultMaximumIsLoggedOut()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=86400|");

        final Map<String, String> logout = peer.expectOne();
        assertEquals("HeartBtInt must be between 0 and 3600 seconds, received 86400", logout.get("58"));
        assertFalse(session.isConnected());
    }
}
