package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application message counts as received (the stored next target MsgSeqNum moves past it) only after the
 * application's callback returned, so a process that dies inside the callback comes back expecting that number
 * again and the peer resends it: delivery to the application is at-least-once, never "journaled but unanswered".
 */
class AtLeastOnceDeliveryTest
{
    /** Stands for the process dying at that instruction: not a RuntimeException, so nothing in the session catches it. */
    private static final class ProcessDied extends Error
    {
        private static final long serialVersionUID = 1L;
    }

    /** Answers every order with a one-field reply and notes the store's numbers at the moment it was called. */
    private static final class ObservingApplication implements Application
    {
        private final InMemoryMessageStore store;
        final List<int[]> seen = new ArrayList<>(); // {message seq, stored next target, stored next sender after reply}
        boolean dieAfterReply;
        boolean disconnectAfterReply;

        ObservingApplication(final InMemoryMessageStore store)
        {
            this.store = store;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            session.newMessage(MsgTypes.EXECUTION_REPORT).putString(Tags.CL_ORD_ID, "R");
            session.send();
            seen.add(new int[] {message.getInt(Tags.MSG_SEQ_NUM), store.nextTargetSeqNum(), store.nextSenderSeqNum()});
            if (dieAfterReply)
            {
                throw new ProcessDied();
            }
            if (disconnectAfterReply)
            {
                session.disconnect();
            }
        }
    }

    @Test
    void theTargetNumberMovesOnlyAfterTheApplicationHandledTheMessage()
    {
        final InMemoryMessageStore acceptorStore = new InMemoryMessageStore(1 << 20, 1024);
        final ObservingApplication app = new ObservingApplication(acceptorStore);
        final Session acceptor = oneOrderInto(TestSessions.acceptorConfig("FIX.4.4"), acceptorStore, app);
        assertEquals(1, app.seen.size());
        final int[] call = app.seen.get(0);
        assertEquals(2, call[0], "the order (after the Logon)");
        assertEquals(2, call[1], "during the callback the order is not yet counted as received");
        assertEquals(3, call[2], "the reply was stored before the callback returned");
        assertEquals(3, acceptorStore.nextTargetSeqNum(), "counted once the callback returned");
        assertEquals(3, acceptor.nextTargetSeqNum());
    }

    @Test
    void aProcessThatDiesInsideTheCallbackIsSentTheMessageAgain()
    {
        final TestClock clock = new TestClock();
        final InMemoryMessageStore acceptorStore = new InMemoryMessageStore(1 << 20, 1024);
        final InMemoryMessageStore initiatorStore = new InMemoryMessageStore(1 << 20, 1024);
        final ObservingApplication dying = new ObservingApplication(acceptorStore);
        dying.dieAfterReply = true;
        final InProcessSessionPair first = new InProcessSessionPair(
            TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), initiatorStore, Application.NO_OP, clock),
            TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), acceptorStore, dying, clock), clock).connect();

        first.initiator().newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "ORD-2");
        first.initiator().send();
        assertThrows(ProcessDied.class, first::pump);
        assertEquals(1, dying.seen.size());
        assertEquals(2, acceptorStore.nextTargetSeqNum(), "what survives the crash: order 2 not yet received");

        // Both ends restart from their stores (the "process" state is gone; the stores are what a journal recovers).
        final RecordingApplication restarted = new RecordingApplication(false);
        final InProcessSessionPair second = new InProcessSessionPair(
            TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), initiatorStore, Application.NO_OP, clock),
            TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), acceptorStore, restarted, clock), clock).connect();
        second.pump();

        assertEquals(1, restarted.messages().size(), "the order is delivered again: " + restarted.messages());
        final String redelivered = restarted.messages().get(0);
        assertTrue(redelivered.contains("|11=ORD-2|"), redelivered);
        assertTrue(redelivered.contains("|34=2|"), redelivered);
        assertTrue(redelivered.contains("|43=Y|"), "resent by the peer with PossDupFlag=Y: " + redelivered);
        assertEquals(second.initiator().nextSenderSeqNum(), acceptorStore.nextTargetSeqNum(),
            "in step again: everything the peer sent (order 2, its second Logon, its own ResendRequest) received");
        assertTrue(second.acceptor().isConnected());
    }

    /** A callback that resets the numbers (disconnect with ResetOnDisconnect=Y) is not undone by the count after it. */
    @Test
    void aResetInsideTheCallbackIsNotUndone()
    {
        final InMemoryMessageStore acceptorStore = new InMemoryMessageStore(1 << 20, 1024);
        final ObservingApplication app = new ObservingApplication(acceptorStore);
        app.disconnectAfterReply = true;
        final Session acceptor = oneOrderInto(TestSessions.acceptorConfig("FIX.4.4").resetOnDisconnect(true),
            acceptorStore, app);

        assertEquals(1, app.seen.size());
        assertEquals(1, acceptorStore.nextTargetSeqNum(), "reset by the disconnect inside the callback, and left so");
        assertEquals(1, acceptorStore.nextSenderSeqNum());
        assertEquals(1, acceptor.nextTargetSeqNum());
    }

    /** An acceptor with this config, store and application, logged on in process; one NewOrderSingle sent and pumped. */
    private static Session oneOrderInto(
        final SessionConfig acceptorConfig, final InMemoryMessageStore acceptorStore, final Application app)
    {
        final TestClock clock = new TestClock();
        final Session acceptor = TestSessions.session(acceptorConfig, acceptorStore, app, clock);
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
        initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "A");
        initiator.send();
        pair.pump();
        return acceptor;
    }
}
