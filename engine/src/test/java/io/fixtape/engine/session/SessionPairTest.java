package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.InProcessConnection;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.Test;

import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two real sessions talking through an in-process pipe. */
class SessionPairTest
{
    private final TestClock clock = new TestClock();
    private final RecordingApplication initiatorApp = new RecordingApplication(false);
    private final RecordingApplication acceptorApp = new RecordingApplication(false);

    private InProcessSessionPair pair(final SessionConfig initiatorConfig, final SessionConfig acceptorConfig)
    {
        return pair(initiatorConfig, acceptorConfig, new InMemoryMessageStore(1 << 20, 4096), 1 << 20);
    }

    private InProcessSessionPair pair(
        final SessionConfig initiatorConfig, final SessionConfig acceptorConfig,
        final io.fixtape.engine.store.MessageStore initiatorStore, final int capacity)
    {
        final Session initiator = TestSessions.session(initiatorConfig, initiatorStore, initiatorApp, clock);
        final Session acceptor = TestSessions.session(acceptorConfig, new InMemoryMessageStore(1 << 20, 4096),
            acceptorApp, clock);
        return new InProcessSessionPair(initiator, acceptor, clock, capacity);
    }

    /** Shared with {@link CompiledOutScenario}. */
    static long sendOrder(final SessionHandle session, final String clOrdId)
    {
        final FixEncoder encoder = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
        encoder.putString(Tags.CL_ORD_ID, clOrdId).putChar(Tags.HANDL_INST, '1').putString(Tags.SYMBOL, "INTC")
            .putChar(Tags.SIDE, '1').putUtcTimestamp(Tags.TRANSACT_TIME, 0).putDecimal(Tags.ORDER_QTY, 100, 0)
            .putChar(Tags.ORD_TYPE, '1');
        return session.send();
    }

    @Test
    void gapIsFilledByResendAndQueuedMessagesAreProcessedInOrder()
    {
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.4"),
            TestSessions.acceptorConfig("FIX.4.4")).connect();
        final Session initiator = pair.initiator();
        final Session acceptor = pair.acceptor();

        assertEquals(2, sendOrder(initiator, "A1"));
        pair.pump();
        assertEquals(3, sendOrder(initiator, "A2"));
        final InProcessConnection lossy = pair.acceptorConnection();
        lossy.consume(lossy.inboxLength()); // A2 is lost on the way
        sendOrder(initiator, "A3");
        sendOrder(initiator, "A4");
        pair.pump();

        assertEquals(4, acceptorApp.messages().size());
        assertEquals("A1", FixMessages.fields(acceptorApp.messages().get(0)).get("11"));
        final Map<String, String> resent = FixMessages.fields(acceptorApp.messages().get(1));
        assertEquals("A2", resent.get("11"));
        assertEquals("Y", resent.get("43"));
        assertEquals("3", resent.get("34"));
        assertEquals("A3", FixMessages.fields(acceptorApp.messages().get(2)).get("11"));
        assertEquals("A4", FixMessages.fields(acceptorApp.messages().get(3)).get("11"));
        assertEquals(1, acceptor.counters().resendRequestsSent());
        assertEquals(2, acceptor.counters().messagesQueued());
        assertEquals(3, initiator.counters().messagesResent(), "resend to infinity: A2, A3, A4");
        assertEquals(2, acceptor.counters().duplicatesIgnored(), "A3, A4 were already queued");
        assertEquals(6, acceptor.nextTargetSeqNum());
        assertEquals(initiator.nextSenderSeqNum(), acceptor.nextTargetSeqNum());
        assertEquals(acceptor.nextSenderSeqNum(), initiator.nextTargetSeqNum());
    }

    @Test
    void withoutStoredMessagesTheResendIsAGapFill()
    {
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.2"),
            TestSessions.acceptorConfig("FIX.4.2"), new NoMessageStore(), 1 << 20).connect();
        sendOrder(pair.initiator(), "B1");
        pair.acceptorConnection().consume(pair.acceptorConnection().inboxLength());
        sendOrder(pair.initiator(), "B2");
        pair.pump();

        // the gap fill covers everything up to the last sent, so B2 (queued) is skipped as well
        assertTrue(acceptorApp.messages().isEmpty());
        assertEquals(1, pair.initiator().counters().gapFillsSent());
        assertEquals(0, pair.initiator().counters().messagesResent());
        assertEquals(pair.initiator().nextSenderSeqNum(), pair.acceptor().nextTargetSeqNum());
    }

    @Test
    void resetOnLogonStartsEveryLogonAtOne()
    {
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.4").resetOnLogon(true),
            TestSessions.acceptorConfig("FIX.4.4")).connect();
        sendOrder(pair.initiator(), "C1");
        pair.pump();
        pair.initiator().logout(null);
        pair.pump();
        assertEquals(4, pair.initiator().nextSenderSeqNum());

        pair.connect();
        assertTrue(pair.initiator().isLoggedOn());
        assertEquals(2, pair.initiator().nextSenderSeqNum());
        assertEquals(2, pair.acceptor().nextTargetSeqNum());
        assertEquals(2, pair.acceptor().nextSenderSeqNum());
        assertEquals(2, pair.acceptor().counters().sessionResets(), "both Logons carried 141=Y");
    }

    @Test
    void heartbeatsKeepAnIdleSessionAlive()
    {
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.4").heartBtIntSeconds(5),
            TestSessions.acceptorConfig("FIX.4.4")).connect();
        for (int i = 0; i < 60; i++)
        {
            pair.advanceSeconds(1);
        }
        assertTrue(pair.initiator().isLoggedOn());
        assertTrue(pair.acceptor().isLoggedOn());
        assertTrue(pair.initiator().counters().heartbeatsSent() >= 11);
        assertTrue(pair.acceptor().counters().heartbeatsSent() >= 11);
        assertEquals(0, pair.initiator().counters().testRequestsSent());
    }

    @Test
    void silentCounterpartyGetsTestRequestThenDisconnect()
    {
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.4").heartBtIntSeconds(10),
            TestSessions.acceptorConfig("FIX.4.4")).connect();
        // the acceptor stops running its timers and reading: only the initiator's timers run
        clock.advanceSeconds(15);
        pair.initiator().doWork(clock.nanoTime());
        assertEquals(1, pair.initiator().counters().testRequestsSent());
        clock.advanceSeconds(9);
        pair.initiator().doWork(clock.nanoTime());
        assertEquals(1, pair.initiator().counters().disconnects(DisconnectReason.HEARTBEAT_TIMEOUT));
        assertFalse(pair.initiator().isConnected());
    }

    @Test
    void backPressureUsesNoSequenceNumberAndSendCanBeRetried()
    {
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.4"),
            TestSessions.acceptorConfig("FIX.4.4"), new InMemoryMessageStore(1 << 20, 4096), 1024).connect();
        final Session initiator = pair.initiator();
        long result;
        int sent = 0;
        while ((result = sendOrder(initiator, "D" + sent)) > 0)
        {
            sent++;
        }
        assertEquals(Session.BACK_PRESSURED, result);
        final int next = initiator.nextSenderSeqNum();
        assertEquals(Session.BACK_PRESSURED, initiator.send(), "still full");
        assertEquals(next, initiator.nextSenderSeqNum());
        pair.pump();
        assertEquals(next, initiator.send(), "the same message goes out once there is room");
        pair.pump();
        assertEquals(sent + 1, acceptorApp.messages().size());
        final String last = "|11=D" + sent + "|";
        assertEquals(1, acceptorApp.messages().stream().filter(m -> m.contains(last)).count());
        assertEquals(0, initiator.counters().lostAfterJournal());
    }

    @Test
    void scheduleEndsTheSessionAndANewPeriodResetsSequenceNumbers()
    {
        final SessionSchedule schedule = SessionSchedule.daily(LocalTime.of(8, 0), LocalTime.of(17, 0),
            ZoneOffset.UTC);
        final InProcessSessionPair pair = pair(TestSessions.initiatorConfig("FIX.4.4").schedule(schedule),
            TestSessions.acceptorConfig("FIX.4.4").schedule(schedule)).connect();
        sendOrder(pair.initiator(), "E1");
        pair.pump();
        assertEquals(3, pair.initiator().nextSenderSeqNum());

        pair.advanceSeconds(5 * 3600); // 17:00
        assertFalse(pair.initiator().isConnected());
        assertFalse(pair.acceptor().isConnected());
        assertEquals(2, pair.initiator().counters().logoutsSent(LogoutReason.SCHEDULE_END) +
            pair.acceptor().counters().logoutsSent(LogoutReason.SCHEDULE_END));
        assertFalse(pair.initiator().onConnect(InProcessConnection.pair("a", "b", 1024)[0], true),
            "outside the schedule a connection is refused");

        pair.advanceSeconds(15 * 3600); // 08:00 next day
        assertEquals(1, pair.initiator().nextSenderSeqNum());
        assertEquals(1, pair.acceptor().nextTargetSeqNum());
        pair.connect();
        assertTrue(pair.initiator().isLoggedOn());
    }

    @Test
    void applicationExceptionsAreCountedNotThrown()
    {
        final Application throwing = (message, session) ->
        {
            throw new IllegalStateException("application bug");
        };
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 4096), throwing, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
        sendOrder(initiator, "F1");
        pair.pump();
        assertEquals(1, acceptor.counters().applicationErrors());
        assertTrue(acceptor.isLoggedOn());
        assertEquals(3, acceptor.nextTargetSeqNum());
    }
}
