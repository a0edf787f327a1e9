package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.status.SessionEventLog;
import io.fixtape.engine.status.SessionEventType;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.concurrent.MessageHandler;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reporting session events allocates nothing on the session's thread: each measured step makes the acceptor receive
 * a Reject with a Text (a REJECT_RECEIVED event whose text is copied from the message) and a SequenceReset-GapFill
 * (SEQUENCE_RESET_RECEIVED), both sessions reporting to one {@link SessionEventLog}; the test thread drains the
 * ring without formatting (formatting is the logger thread's, off the message path). Measured with
 * {@code ThreadMXBean#getThreadAllocatedBytes} as {@link SessionAllocationTest}; the last window must be 0 bytes
 * and every event must have arrived.
 */
class SessionEventsAllocationTest
{
    private static final int WARM_UP = 30_000;
    private static final int MEASURED = 100_000;
    private static final int MAX_WINDOWS = 3;

    private final long[] eventsByType = new long[32];
    private final MessageHandler drain = (type, buffer, index, length) -> eventsByType[type]++;

    @Test
    void sessionEventsAreRecordedWithoutAllocating()
    {
        final TestClock clock = new TestClock();
        final SessionEventLog log = new SessionEventLog(1 << 20);
        final Session initiator = new Session(TestSessions.initiatorConfig("FIX.4.4"),
            new InMemoryMessageStore(), Application.NO_OP, clock).events(log);
        final Session acceptor = new Session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(), Application.NO_OP, clock).events(log);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
        drainAll(log);
        assertTrue(eventsByType[SessionEventType.LOGON.code()] == 2, "both sides logged on");

        steps(pair, initiator, log, WARM_UP);
        final long receivedBefore = eventsByType[SessionEventType.REJECT_RECEIVED.code()];

        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long[] windows = new long[MAX_WINDOWS];
        int window = 0;
        do
        {
            final long before = threads.getThreadAllocatedBytes(threadId);
            steps(pair, initiator, log, MEASURED);
            windows[window] = threads.getThreadAllocatedBytes(threadId) - before;
        }
        while (windows[window++] != 0 && window < MAX_WINDOWS);

        final long measuredSteps = (long)MEASURED * window;
        assertEquals(measuredSteps, eventsByType[SessionEventType.REJECT_RECEIVED.code()] - receivedBefore);
        assertEquals(WARM_UP + measuredSteps, eventsByType[SessionEventType.SEQUENCE_RESET_RECEIVED.code()]);
        assertEquals(0, log.dropped());
        assertTrue(acceptor.isLoggedOn());
        assertEquals(0, windows[window - 1], "bytes allocated by " + MEASURED + " steps, per window: " +
            java.util.Arrays.toString(windows));
    }

    private void steps(final InProcessSessionPair pair, final Session initiator, final SessionEventLog log,
        final int count)
    {
        for (int i = 0; i < count; i++)
        {
            initiator.newMessage(MsgTypes.REJECT)
                .putInt(Tags.REF_SEQ_NUM, 1)
                .putInt(Tags.SESSION_REJECT_REASON, 5)
                .putString(Tags.TEXT, "Value is incorrect (out of range) for this tag");
            send(initiator, i);
            final int next = initiator.nextSenderSeqNum();
            initiator.newMessage(MsgTypes.SEQUENCE_RESET)
                .putChar(Tags.GAP_FILL_FLAG, 'Y')
                .putInt(Tags.NEW_SEQ_NO, next + 1);
            send(initiator, i);
            pair.pump();
            drainAll(log);
        }
    }

    private static void send(final Session initiator, final int step)
    {
        if (initiator.send() < 0)
        {
            throw new IllegalStateException("send failed at " + step);
        }
    }

    private void drainAll(final SessionEventLog log)
    {
        while (log.read(drain, 64) > 0)
        {
            // the single reader
        }
    }
}
