package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Kept too-high messages come back in order; kept Logon/ResendRequest only consume their number. */
class InboundGapsTest
{
    private final TestClock clock = new TestClock();
    private final SessionConfig config = TestSessions.acceptorConfig("FIX.4.4").conclude();
    private final InMemoryMessageStore store = new InMemoryMessageStore(1 << 16, 64);
    private final SequenceTracker sequence = new SequenceTracker(store);
    private final SessionCounters counters = new SessionCounters();
    private final SessionSender sender = new SessionSender(config, store, sequence,
        new HeartbeatTimer(config.testRequestDelayMultiplier(), config.heartbeatTimeoutMultiplier()), counters, clock,
        Session.version("FIX.4.4"));
    private final InboundGaps gaps = new InboundGaps(config, sequence, sender, counters);

    private FixDecoder decode(final String readable)
    {
        final byte[] bytes = FixMessages.wire(readable, clock.nanoTime());
        return new FixDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    @Test
    void keptMessagesComeBackInOrderOnceTheGapIsFilled()
    {
        gaps.keep(decode("8=FIX.4.4|35=D|34=4|49=TW|52=<TIME>|56=ISLD|"), 4);
        gaps.keep(decode("8=FIX.4.4|35=A|34=3|49=TW|52=<TIME>|56=ISLD|98=0|108=30|"), 3);
        gaps.keep(decode("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|"), 2);
        assertEquals(3, counters.messagesQueued);
        assertNull(gaps.advanceToNextDue(0)); // 1 is still missing

        sequence.incrementTarget(); // 1 arrived
        final FixDecoder heartbeat = gaps.advanceToNextDue(0);
        assertEquals(MsgTypes.HEARTBEAT, heartbeat.msgType());
        sequence.incrementTarget(); // as the session does when it processes 2
        gaps.processed();

        final FixDecoder order = gaps.advanceToNextDue(0); // the Logon (3) was acted upon on arrival: its number goes
        assertEquals(MsgTypes.NEW_ORDER_SINGLE, order.msgType());
        assertEquals(4, order.getInt(Tags.MSG_SEQ_NUM));
        assertEquals(4, sequence.nextTarget());
        sequence.incrementTarget();
        gaps.processed();
        assertNull(gaps.advanceToNextDue(0));
    }

    @Test
    void oneResendRequestPerOutstandingGap()
    {
        sequence.resendRange(1, 5, 0); // our ResendRequest for 1..5 is outstanding
        gaps.onTooHigh(decode("8=FIX.4.4|35=0|34=7|49=TW|52=<TIME>|56=ISLD|"), 7, clock.nanoTime());
        assertEquals(1, counters.resendRequestsSuppressed);
        assertEquals(0, counters.resendRequestsSent);
        assertEquals(1, counters.messagesQueued);

        gaps.onFilledUpTo(4, 0);
        assertTrue(sequence.isResendRequested());
        gaps.onFilledUpTo(5, 0);
        assertFalse(sequence.isResendRequested());
    }
}
