package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * While we answer a ResendRequest, new sequenced messages (the application's sends, a Heartbeat answering a
 * TestRequest, our own Heartbeats) wait and go out after the resend, in order, even when the resend is stalled by
 * back-pressure and continues only from the duty cycle: the counterparty's recovery is never interleaved with
 * numbers above its range.
 */
class ResendBeforeNewTrafficTest
{
    private static final String LOGON = "8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|";

    private final TestClock clock = new TestClock();

    @Test
    void sendsAndHeartbeatsDuringAStalledResendGoOutAfterItInOrder()
    {
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send(LOGON);
        peer.drain();
        for (int i = 0; i < 5; i++)
        {
            assertEquals(2 + i, SessionPairTest.sendOrder(session, "O" + i));
        }
        final int orderLength = peer.drain().get(0).length();

        // room for one resent order (PossDupFlag and OrigSendingTime added) and a Heartbeat, not for two orders
        peer.stopReading(orderLength + 40 + 100);
        peer.send("8=FIX.4.4|35=2|34=2|49=TW|52=<TIME>|56=ISLD|7=2|16=0|");
        assertEquals(7, SessionPairTest.sendOrder(session, "NEW"), "numbered and journaled, waiting");
        peer.send("8=FIX.4.4|35=1|34=3|49=TW|52=<TIME>|56=ISLD|112=DURING|");
        clock.advanceSeconds(31); // our Heartbeat is due as well
        peer.doWork();
        assertTrue(session.counters().messagesQueuedForSend() >= 2);

        final List<String> sent = new ArrayList<>();
        peer.resumeReading();
        for (int i = 0; i < 10; i++)
        {
            peer.doWork();
            sent.addAll(peer.drain());
        }

        final List<String> order = new ArrayList<>();
        for (final String message : sent)
        {
            final Map<String, String> f = fields(message);
            order.add(f.get("34") + ":" + f.get("35") + (f.containsKey("43") ? ":dup" : "") +
                (f.containsKey("112") ? ":" + f.get("112") : ""));
        }
        assertEquals(List.of("2:D:dup", "3:D:dup", "4:D:dup", "5:D:dup", "6:D:dup", "7:D", "8:0:DURING"),
            order.subList(0, 7), order.toString());
        for (int i = 7; i < order.size(); i++)
        {
            assertEquals((9 + i - 7) + ":0", order.get(i), "only Heartbeats of our own timer follow: " + order);
        }
        assertEquals(session.nextSenderSeqNum() - 1, Integer.parseInt(fields(sent.get(sent.size() - 1)).get("34")));
        assertTrue(session.isLoggedOn());
    }

    @Test
    void aResendRequestedWhileMessagesAreQueuedDoesNotRepeatThem()
    {
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send(LOGON);
        peer.drain();
        assertEquals(2, SessionPairTest.sendOrder(session, "O1"));
        peer.drain();

        peer.stopReading(10);
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=Q|"); // answer 3 queued
        peer.send("8=FIX.4.4|35=2|34=3|49=TW|52=<TIME>|56=ISLD|7=2|16=0|");
        peer.resumeReading();
        final List<String> sent = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            peer.doWork();
            sent.addAll(peer.drain());
        }

        final List<String> order = new ArrayList<>();
        for (final String message : sent)
        {
            final Map<String, String> f = fields(message);
            order.add(f.get("34") + ":" + f.get("35") + (f.containsKey("43") ? ":dup" : ""));
        }
        assertEquals(List.of("3:0", "2:D:dup"), order, "the queued Heartbeat first, then the resend below it");
    }
}
