package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.SessionRejectReason;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Session messages the connection cannot take right now (a counterparty that stopped reading) are never lost while
 * the session moves on as if they had been sent: the Heartbeat answering a TestRequest, a Reject, a Logout reply
 * and the Logon reply wait, numbered and journaled, and go out in order once the connection takes bytes again; a
 * session whose queue is full closes the connection as a slow consumer, counted.
 */
class AdminBackPressureTest
{
    private static final String LOGON = "8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|";

    private final TestClock clock = new TestClock();
    private final RecordingApplication application = new RecordingApplication(false);

    private Session acceptor(final SessionConfig config)
    {
        return TestSessions.session(config, new InMemoryMessageStore(1 << 20, 1024), application, clock);
    }

    private RawFixPeer loggedOn(final Session session)
    {
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send(LOGON);
        assertEquals("A", peer.expectOne().get("35"));
        return peer;
    }

    @Test
    void heartbeatAnsweringATestRequestUnderBackPressureIsSentOnceTheConnectionTakesBytes()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = loggedOn(session);

        peer.stopReading(10);
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=PING|");
        assertEquals(3, session.nextSenderSeqNum(), "the answer is numbered (and journaled) at once");
        assertEquals(1, session.counters().messagesQueuedForSend());
        peer.doWork();
        peer.resumeReading().doWork();

        final Map<String, String> heartbeat = peer.expectOne();
        assertEquals("0", heartbeat.get("35"));
        assertEquals("PING", heartbeat.get("112"));
        assertEquals("2", heartbeat.get("34"));
        assertTrue(session.isLoggedOn());
    }

    @Test
    void rejectUnderBackPressureIsSentInOrderBeforeLaterMessages()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = loggedOn(session);

        peer.stopReading(10);
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|"); // no TestReqID: rejected
        peer.send("8=FIX.4.4|35=1|34=3|49=TW|52=<TIME>|56=ISLD|112=AFTER|");
        peer.resumeReading().doWork();

        final List<String> sent = peer.drain();
        assertEquals(2, sent.size(), sent.toString());
        final Map<String, String> reject = fields(sent.get(0));
        assertEquals("3", reject.get("35"));
        assertEquals("2", reject.get("45"));
        assertEquals(String.valueOf(SessionRejectReason.REQUIRED_TAG_MISSING), reject.get("373"));
        assertEquals("2", reject.get("34"));
        assertEquals("AFTER", fields(sent.get(1)).get("112"));
        assertEquals("3", fields(sent.get(1)).get("34"));
    }

    @Test
    void logoutReplyUnderBackPressureIsSentBeforeTheConnectionCloses()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = loggedOn(session);

        peer.stopReading(10);
        peer.send("8=FIX.4.4|35=5|34=2|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(session.isConnected(), "the connection stays open until the reply is written");
        peer.doWork();
        assertTrue(session.isConnected());
        peer.resumeReading().doWork();

        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("2", logout.get("34"));
        assertFalse(session.isConnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.LOGOUT));
        assertEquals(0, session.counters().queuedMessagesLost());
    }

    @Test
    void logoutReplyStillQueuedAtLogoutTimeoutIsCountedAsLost()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = loggedOn(session);

        peer.stopReading(10);
        peer.send("8=FIX.4.4|35=5|34=2|49=TW|52=<TIME>|56=ISLD|");
        clock.advanceSeconds(3); // LogoutTimeout 2 s
        peer.doWork();

        assertFalse(session.isConnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.LOGOUT));
        assertEquals(1, session.counters().queuedMessagesLost());
    }

    @Test
    void logonReplyUnderBackPressureIsSentBeforeAnythingElse()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = new RawFixPeer(session, clock);

        peer.stopReading(10);
        peer.send(LOGON);
        assertTrue(session.isLoggedOn());
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=FIRST|");
        peer.resumeReading().doWork();

        final List<String> sent = peer.drain();
        assertEquals(2, sent.size(), sent.toString());
        assertEquals("A", fields(sent.get(0)).get("35"));
        assertEquals("1", fields(sent.get(0)).get("34"));
        assertEquals("FIRST", fields(sent.get(1)).get("112"));
    }

    @Test
    void sessionMessagesBeyondAFullQueueCloseTheConnectionAsASlowConsumer()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4").maxMessageSize(256)
            .outboundQueueBytes(0)); // the smallest queue: one message of MaxMessageSize
        final RawFixPeer peer = loggedOn(session);

        peer.stopReading(0);
        for (int seqNum = 2; seqNum < 12 && session.isConnected(); seqNum++)
        {
            peer.send("8=FIX.4.4|35=1|34=" + seqNum + "|49=TW|52=<TIME>|56=ISLD|112=T" + seqNum + "|");
        }

        assertFalse(session.isConnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.SLOW_CONSUMER));
        assertEquals(1, session.counters().outboundQueueOverflows());
        assertTrue(session.counters().messagesQueuedForSend() > 0);
    }

    @Test
    void applicationSendUnderBackPressureWithNothingQueuedIsStillRefusedUnnumbered()
    {
        final Session session = acceptor(TestSessions.acceptorConfig("FIX.4.4"));
        final RawFixPeer peer = loggedOn(session);

        peer.stopReading(10);
        assertEquals(Session.BACK_PRESSURED, SessionPairTest.sendOrder(session, "X"));
        assertEquals(2, session.nextSenderSeqNum());
        assertEquals(0, session.counters().messagesQueuedForSend());
    }
}
