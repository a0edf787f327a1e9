package io.fixtape.launcher.embedding;

import io.fixtape.codecs.fix44.ExecutionReportDecoder;
import io.fixtape.codecs.fix44.NewOrderSingleEncoder;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

/** Sends one order when logged on and counts the fills that come back. */
public final class OneOrder implements Application
{
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final ExecutionReportDecoder report = new ExecutionReportDecoder();
    private volatile int fills;

    @Override
    public void onLogon(final SessionHandle session)
    {
        order.wrap(session)
            .clOrdID("ORD-1")
            .side(Side.BUY)
            .transactTime(session.sendingTimeNanos())
            .ordType(OrdType.LIMIT)
            .price(10125, 2);                         // 101.25
        order.instrument().symbol("ACME");
        order.orderQtyData().orderQty(100, 0);
        order.complete();
        session.send();
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        if (message.msgType() == ExecutionReportDecoder.MESSAGE_TYPE)
        {
            report.wrap(message);
            if ("ORD-1".contentEquals(report.clOrdID()))
            {
                fills++;
            }
        }
    }

    /** Fills received (any thread). */
    public int fills()
    {
        return fills;
    }
}
