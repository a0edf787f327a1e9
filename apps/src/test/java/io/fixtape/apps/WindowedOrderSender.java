package io.fixtape.apps;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.runtime.FixEngine;
import org.agrona.concurrent.EpochNanoClock;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The initiator application of the zero-allocation round-trip tests: keeps a window of NewOrderSingles in flight and
 * counts the fills; allocation-free (ClOrdID is the order number).
 */
final class WindowedOrderSender implements Application, DutyCycleTask
{
    private final EpochNanoClock clock;
    private final int limit;
    private final int window;
    private SessionHandle session;
    int sent;
    int fills;

    WindowedOrderSender(final EpochNanoClock clock, final int limit, final int window)
    {
        this.clock = clock;
        this.limit = limit;
        this.window = window;
    }

    @Override
    public void onLogon(final SessionHandle session)
    {
        this.session = session;
    }

    @Override
    public int doWork(final long nowNanos)
    {
        int work = 0;
        while (session != null && sent < limit && sent - fills < window)
        {
            final FixEncoder order = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
            order.putLong(Tags.CL_ORD_ID, sent)
                .putString(Tags.SYMBOL, "ACME")
                .putChar(Tags.SIDE, '1')
                .putUtcTimestamp(Tags.TRANSACT_TIME, clock.nanoTime())
                .putLong(Tags.ORDER_QTY, 100)
                .putChar(Tags.ORD_TYPE, '2')
                .putDecimal(Tags.PRICE, 10_025, 2);
            if (session.send() <= 0)
            {
                break;
            }
            sent++;
            work++;
        }
        return work;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        if (message.msgType() == MsgTypes.EXECUTION_REPORT)
        {
            fills++;
        }
    }

    /** Steps both engines on this thread until {@code fills} fills arrived (100 s at most). */
    static void runUntil(final FixEngine acceptor, final FixEngine initiator, final WindowedOrderSender sender,
        final int fills)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(100);
        while (sender.fills < fills)
        {
            acceptor.invoker().invoke();
            initiator.invoker().invoke();
            if ((sender.fills & 0xFFF) == 0 && System.nanoTime() > deadline)
            {
                throw new AssertionError("only " + sender.fills + " fills");
            }
        }
        assertTrue(sender.fills >= fills);
    }
}
