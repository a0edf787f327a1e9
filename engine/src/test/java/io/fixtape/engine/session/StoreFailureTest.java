package io.fixtape.engine.session;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Write-ahead: when the store cannot journal, nothing is sent or delivered, and the session applies its
 * {@link StoreFailurePolicy} (end-to-end on the real journal and TCP: journal module, {@code StoreFailurePolicyTest}).
 */
class StoreFailureTest
{
    /** An in-memory store whose disk "fills up" on demand (fault injection for this test). */
    private static final class DiskFullStore implements MessageStore
    {
        private final InMemoryMessageStore delegate = new InMemoryMessageStore(1 << 20, 1024);
        boolean full;
        /** Only the message journal is full: the sequence state (a pre-allocated mapping in the journal) still writes. */
        boolean journalOnly;

        private void check()
        {
            if (full)
            {
                throw new MessageStoreException(MessageStoreException.Reason.DISK_FULL, "test", null);
            }
        }

        public int nextSenderSeqNum()
        {
            return delegate.nextSenderSeqNum();
        }

        public int nextTargetSeqNum()
        {
            return delegate.nextTargetSeqNum();
        }

        public void nextSenderSeqNum(final int seqNum)
        {
            checkState();
            delegate.nextSenderSeqNum(seqNum);
        }

        public void nextTargetSeqNum(final int seqNum)
        {
            checkState();
            delegate.nextTargetSeqNum(seqNum);
        }

        public void onInbound(
            final int seqNum, final long msgType, final int flags, final long timestampNanos,
            final DirectBuffer buffer, final int offset, final int length)
        {
            check();
        }

        public void onOutbound(
            final int seqNum, final long msgType, final int flags, final long timestampNanos,
            final DirectBuffer buffer, final int offset, final int length)
        {
            check();
            delegate.onOutbound(seqNum, msgType, flags, timestampNanos, buffer, offset, length);
        }

        private void checkState()
        {
            if (!journalOnly)
            {
                check();
            }
        }

        public int replayOutbound(final int beginSeqNum, final int endSeqNum, final ReplayHandler handler)
        {
            return delegate.replayOutbound(beginSeqNum, endSeqNum, handler);
        }

        public void reset()
        {
            check();
            delegate.reset();
        }

        public boolean persistsMessages()
        {
            return true;
        }

        public void close()
        {
        }
    }

    @Test
    void failedJournalWriteSendsNothingAndDisconnects()
    {
        final TestClock clock = new TestClock();
        final DiskFullStore store = new DiskFullStore();
        final RecordingApplication acceptorApp = new RecordingApplication(false);
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4")
            .storeFailurePolicy(StoreFailurePolicy.DISCONNECT), store,
            new RecordingApplication(false), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 1024), acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        store.full = true;
        initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "X");
        assertEquals(Session.STORE_FAILED, initiator.send());
        pair.pump();

        assertFalse(initiator.isConnected());
        assertEquals(1, initiator.counters().storeFailures());
        assertEquals(1, initiator.counters().disconnects(DisconnectReason.STORE_FAILURE));
        assertEquals(0, acceptorApp.messages().size());
        assertEquals(2, initiator.nextSenderSeqNum(), "the failed message used no sequence number");
        assertFalse(acceptor.isConnected(), "peer saw the connection close");
    }

    @Test
    void logoutWhoseNumberCannotBeRecordedIsNotSent()
    {
        final TestClock clock = new TestClock();
        final DiskFullStore store = new DiskFullStore();
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4")
            .storeFailurePolicy(StoreFailurePolicy.LOGOUT), store, new RecordingApplication(false), clock);
        final RecordingApplication acceptorApp = new RecordingApplication(false);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 1024), acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        store.full = true; // journal and sequence state: the Logout could not keep its number, so it is not sent
        initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "X");
        assertEquals(Session.STORE_FAILED, initiator.send());
        pair.pump();
        assertFalse(initiator.isConnected());
        assertEquals(0, initiator.counters().logoutsSent(LogoutReason.STORE_FAILURE));
        assertEquals(0, initiator.counters().unjournaledMessagesSent());
        assertEquals(2, initiator.nextSenderSeqNum());
        assertEquals(1, initiator.counters().disconnects(DisconnectReason.STORE_FAILURE));
    }

    @Test
    void logoutPolicyKeepsTheUnjournaledLogoutsNumberInTheSequenceState()
    {
        final TestClock clock = new TestClock();
        final DiskFullStore store = new DiskFullStore();
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4")
            .storeFailurePolicy(StoreFailurePolicy.LOGOUT), store, new RecordingApplication(false), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        store.full = true;
        store.journalOnly = true;
        initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "X");
        assertEquals(Session.STORE_FAILED, initiator.send());
        assertEquals(1, initiator.counters().logoutsSent(LogoutReason.STORE_FAILURE));
        assertEquals(1, initiator.counters().unjournaledMessagesSent());
        assertEquals(3, initiator.nextSenderSeqNum(), "the order used no number, the Logout used 2");
        assertEquals(3, store.nextSenderSeqNum(), "recorded in the store's sequence state");
        assertEquals(SessionState.LOGOUT_SENT, initiator.state());
        pair.pump();
        assertFalse(initiator.isConnected());
        assertFalse(acceptor.isConnected());
        assertEquals(MessageStoreException.Reason.DISK_FULL, initiator.lastStoreFailure().reason());
    }

    @Test
    void failedInboundJournalDoesNotDeliver()
    {
        final TestClock clock = new TestClock();
        final DiskFullStore store = new DiskFullStore();
        final RecordingApplication acceptorApp = new RecordingApplication(false);
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), store, acceptorApp,
            clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        store.full = true;
        initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "Y");
        initiator.send();
        pair.pump();

        assertEquals(0, acceptorApp.messages().size());
        assertEquals(2, acceptor.nextTargetSeqNum());
        assertEquals(1, acceptor.counters().storeFailures());
        assertFalse(initiator.isConnected());
    }
}
