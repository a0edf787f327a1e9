package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Steady state allocates nothing: NewOrderSingle → ExecutionReport round trips between two in-process sessions
 * (encode, journal in the in-memory store, frame, decode, sequence checks, application callbacks) measured with
 * {@code ThreadMXBean#getThreadAllocatedBytes} on the thread that runs both sessions. A window is 200k round trips
 * (400k messages) after a 50k warm-up, to keep the suite fast (a window of 1M takes about 25 s); up to three
 * windows are run and the last must allocate 0 bytes.
 */
class SessionAllocationTest
{
    private static final int WARM_UP = 50_000;
    private static final int MEASURED = 200_000;
    private static final int MAX_WINDOWS = 3;

    /** Acceptor side: fills every order. */
    private static final class FillApplication implements Application
    {
        long orders;

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() != MsgTypes.NEW_ORDER_SINGLE)
            {
                return;
            }
            orders++;
            final int clOrdId = message.indexOf(Tags.CL_ORD_ID);
            final int symbol = message.indexOf(Tags.SYMBOL);
            final int side = message.indexOf(Tags.SIDE);
            final long qty = message.getDecimalScaled(Tags.ORDER_QTY, 0);
            final FixEncoder encoder = session.newMessage(MsgTypes.EXECUTION_REPORT);
            encoder.putLong(Tags.ORDER_ID, orders)
                .putLong(Tags.EXEC_ID, orders)
                .putChar(Tags.EXEC_TYPE, 'F')
                .putChar(Tags.ORD_STATUS, '2')
                .putField(message, symbol)
                .putField(message, side)
                .putDecimal(Tags.LEAVES_QTY, 0, 0)
                .putDecimal(Tags.CUM_QTY, qty, 0)
                .putDecimal(Tags.AVG_PX, 12345, 2)
                .putDecimal(Tags.LAST_QTY, qty, 0)
                .putDecimal(Tags.LAST_PX, 12345, 2)
                .putField(message, clOrdId);
            session.send();
        }
    }

    /** Initiator side: counts fills. */
    private static final class CountingApplication implements Application
    {
        long fills;

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() == MsgTypes.EXECUTION_REPORT && message.getChar(Tags.EXEC_TYPE) == 'F')
            {
                fills++;
            }
        }
    }

    @Test
    void orderFillRoundTripsAllocateNothingInSteadyState()
    {
        final TestClock clock = new TestClock();
        final CountingApplication initiatorApp = new CountingApplication();
        final FillApplication acceptorApp = new FillApplication();
        final Session initiator = new Session(TestSessions.initiatorConfig("FIX.4.4"),
            new InMemoryMessageStore(), initiatorApp, clock);
        final Session acceptor = new Session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(), acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        roundTrips(pair, initiator, WARM_UP);

        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        // A JIT transition (deoptimisation re-materialising a scalar-replaced object) in a JVM shared with
        // other test classes can allocate a few bytes once; steady state means a full window with none.
        final long[] windows = new long[MAX_WINDOWS];
        int window = 0;
        do
        {
            final long before = threads.getThreadAllocatedBytes(threadId);
            roundTrips(pair, initiator, MEASURED);
            windows[window] = threads.getThreadAllocatedBytes(threadId) - before;
        }
        while (windows[window++] != 0 && window < MAX_WINDOWS);
        final long allocated = windows[window - 1];

        final long roundTrips = WARM_UP + (long)MEASURED * window;
        assertEquals(roundTrips, initiatorApp.fills);
        assertEquals(roundTrips + 2, initiator.nextSenderSeqNum());
        assertEquals(initiator.nextSenderSeqNum(), acceptor.nextTargetSeqNum());
        assertTrue(initiator.isLoggedOn() && acceptor.isLoggedOn());
        assertEquals(0, allocated, "bytes allocated by " + MEASURED + " round trips, per window: " +
            java.util.Arrays.toString(windows));
    }

    private static void roundTrips(final InProcessSessionPair pair, final Session initiator, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE)
                .putLong(Tags.CL_ORD_ID, i)
                .putChar(Tags.HANDL_INST, '1')
                .putString(Tags.SYMBOL, "INTC")
                .putChar(Tags.SIDE, '1')
                .putUtcTimestamp(Tags.TRANSACT_TIME, pair.clock().nanoTime())
                .putDecimal(Tags.ORDER_QTY, 100, 0)
                .putChar(Tags.ORD_TYPE, '1');
            if (initiator.send() < 0)
            {
                throw new IllegalStateException("send failed at " + i);
            }
            pair.pump();
        }
    }
}
