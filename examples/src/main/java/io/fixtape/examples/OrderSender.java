package io.fixtape.examples;

import io.fixtape.codecs.fix44.ExecType;
import io.fixtape.codecs.fix44.ExecutionReportDecoder;
import io.fixtape.codecs.fix44.NewOrderSingleEncoder;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

/**
 * The initiator's application: once logged on, sends {@code orders} limit orders (one per duty cycle, so a
 * back-pressured send is simply tried again next cycle) and counts the fills that come back.
 */
public final class OrderSender implements Application
{
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final ExecutionReportDecoder report = new ExecutionReportDecoder();
    private final StringBuilder clOrdId = new StringBuilder();
    private final int orders;
    private int sent;
    private volatile int fills;

    public OrderSender(final int orders)
    {
        this.orders = orders;
    }

    @Override
    public int doWork(final SessionHandle session, final long nowNanos)
    {
        if (sent == orders || !session.isLoggedOn())
        {
            return 0;
        }
        clOrdId.setLength(0);
        clOrdId.append("ORD-").append(sent + 1);
        order.wrap(session)
            .clOrdID(clOrdId)
            .side(sent % 2 == 0 ? Side.BUY : Side.SELL)
            .transactTime(session.sendingTimeNanos())
            .ordType(OrdType.LIMIT)
            .price(10125 + sent, 2);                      // 101.25, 101.26, ...
        order.instrument().symbol("ACME");
        order.orderQtyData().orderQty(100, 0);
        order.complete();
        if (session.send() > 0)                           // else: back-pressured, build it again next cycle
        {
            sent++;
        }
        return 1;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        if (message.msgType() == ExecutionReportDecoder.MESSAGE_TYPE)
        {
            report.wrap(message);
            if (report.execType() == ExecType.TRADE)
            {
                fills++;
            }
        }
    }

    /** Fills received so far (any thread). */
    public int fills()
    {
        return fills;
    }
}
