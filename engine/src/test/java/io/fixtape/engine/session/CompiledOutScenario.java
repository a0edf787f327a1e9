package io.fixtape.engine.session;

import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.InProcessConnection;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.DirectBuffer;

/**
 * Runs in a child JVM started by {@link StoreCompiledOutTest} with {@code -Dfixtape.store.compiledOut=true} (the
 * switch is read once at class initialisation, so it cannot be flipped inside the surefire JVM). Exits 0 and prints
 * {@code OK ...} when every check holds; any failed check throws, so the exit code is non-zero. Single-threaded.
 */
public final class CompiledOutScenario
{
    private CompiledOutScenario()
    {
    }

    public static void main(final String[] args)
    {
        check(StoreSwitch.COMPILED_OUT, "StoreSwitch.COMPILED_OUT is false: property not seen");
        final TestClock clock = new TestClock();

        // 1. a persisted store is refused at construction, naming the property
        try
        {
            TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), new InMemoryMessageStore(1 << 16, 64),
                new RecordingApplication(false), clock);
            throw new AssertionError("a persisted store was accepted while the store is compiled out");
        }
        catch (final IllegalStateException expected)
        {
            check(expected.getMessage().contains(StoreSwitch.PROPERTY), "message names the property: " +
                expected.getMessage());
        }

        // 2. a session still works, and a ResendRequest is answered by gap fill without touching the store
        final CountingStore initiatorStore = new CountingStore();
        final CountingStore acceptorStore = new CountingStore();
        final RecordingApplication acceptorApp = new RecordingApplication(false);
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), initiatorStore,
            new RecordingApplication(false), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), acceptorStore,
            acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
        check(initiator.isLoggedOn() && acceptor.isLoggedOn(), "both sides logged on");

        check(SessionPairTest.sendOrder(initiator, "A1") == 2, "A1 is MsgSeqNum 2");
        pair.pump();
        check(acceptorApp.messages().size() == 1, "A1 delivered");
        check("A1".equals(FixMessages.fields(acceptorApp.messages().get(0)).get("11")), "A1 content");

        SessionPairTest.sendOrder(initiator, "A2");
        final InProcessConnection lossy = pair.acceptorConnection();
        lossy.consume(lossy.inboxLength()); // A2 lost on the wire
        SessionPairTest.sendOrder(initiator, "A3");
        pair.pump();

        check(acceptor.counters().resendRequestsSent() == 1, "acceptor asked for a resend");
        check(initiator.counters().gapFillsSent() == 1, "resend answered by one gap fill, got " +
            initiator.counters().gapFillsSent());
        check(initiator.counters().messagesResent() == 0, "nothing replayed");
        check(initiator.nextSenderSeqNum() == acceptor.nextTargetSeqNum(), "sequence numbers agree after gap fill");

        check(SessionPairTest.sendOrder(initiator, "A4") > 0, "A4 sent");
        pair.pump();
        final String last = acceptorApp.messages().get(acceptorApp.messages().size() - 1);
        check("A4".equals(FixMessages.fields(last).get("11")), "A4 delivered after the gap fill: " + last);
        check(initiator.isLoggedOn() && acceptor.isLoggedOn(), "still logged on");

        final long calls = initiatorStore.hotPathCalls + acceptorStore.hotPathCalls;
        check(calls == 0, "hot-path store calls while compiled out: " + calls);
        System.out.println("OK compiledOut=true gapFills=" + initiator.counters().gapFillsSent() +
            " delivered=" + acceptorApp.messages().size() + " storeCalls=" + calls);
    }

    private static void check(final boolean condition, final String what)
    {
        if (!condition)
        {
            throw new AssertionError(what);
        }
    }

    /** The real {@link NoMessageStore}, counting the per-message calls the compiled-out session must not make. */
    private static final class CountingStore implements MessageStore
    {
        private final NoMessageStore delegate = new NoMessageStore();
        long hotPathCalls;

        @Override
        public int nextSenderSeqNum()
        {
            return delegate.nextSenderSeqNum();
        }

        @Override
        public int nextTargetSeqNum()
        {
            return delegate.nextTargetSeqNum();
        }

        @Override
        public void nextSenderSeqNum(final int seqNum)
        {
            hotPathCalls++;
            delegate.nextSenderSeqNum(seqNum);
        }

        @Override
        public void nextTargetSeqNum(final int seqNum)
        {
            hotPathCalls++;
            delegate.nextTargetSeqNum(seqNum);
        }

        @Override
        public void onInbound(
            final int seqNum, final long msgType, final int flags, final long timestampNanos, final DirectBuffer buffer,
            final int offset, final int length)
        {
            hotPathCalls++;
        }

        @Override
        public void onOutbound(
            final int seqNum, final long msgType, final int flags, final long timestampNanos, final DirectBuffer buffer,
            final int offset, final int length)
        {
            hotPathCalls++;
        }

        @Override
        public int replayOutbound(final int beginSeqNum, final int endSeqNum, final ReplayHandler handler)
        {
            hotPathCalls++;
            return 0;
        }

        @Override
        public void reset()
        {
            delegate.reset();
        }

        @Override
        public boolean persistsMessages()
        {
            return delegate.persistsMessages();
        }

        @Override
        public void close()
        {
            delegate.close();
        }
    }
}
