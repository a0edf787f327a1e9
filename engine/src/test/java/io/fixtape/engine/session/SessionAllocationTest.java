package io.fixtape.engine.session;

import io.fixtape.engine.app.Application;
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
 * {@code ThreadMXBean#getThreadAllocatedBytes} on the thread that runs both sessions. 200k round trips (400k
 * messages) after a 50k warm-up keep the suite fast; the count is a loop bound, not an assumption.
 */
class SessionAllocationTest
{
    private static final int WARM_UP = 50_000;
    private static final int MEASURED = 200_000;

    /** Acceptor side: fills every order. */
    private static final class FillApplication implements Application
    {
        long orders;

        @Override
        public void onMessage(final FixDecoder message, final Session session)
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
        public void onMessage(final FixDecoder message, final Session session)
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
        final long before = threads.getThreadAllocatedBytes(threadId);
        roundTrips(pair, initiator, MEASURED);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;

        assertEquals(WARM_UP + MEASURED, initiatorApp.fills);
        assertEquals(WARM_UP + MEASURED + 2, initiator.nextSenderSeqNum());
        assertEquals(initiator.nextSenderSeqNum(), acceptor.nextTargetSeqNum());
        assertTrue(initiator.isLoggedOn() && acceptor.isLoggedOn());
        assertEquals(0, allocated, "bytes allocated by " + MEASURED + " round trips");
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
