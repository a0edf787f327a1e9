package io.fixtape.examples;

import io.fixtape.codecs.fix44.ExecType;
import io.fixtape.codecs.fix44.ExecutionReportEncoder;
import io.fixtape.codecs.fix44.NewOrderSingleDecoder;
import io.fixtape.codecs.fix44.OrdStatus;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ReplyQueue;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;

/**
 * The acceptor's application: fills every NewOrderSingle at its limit price and rejects other application
 * messages. Replies that meet back-pressure wait in a {@link ReplyQueue}. Allocation-free; time comes from the
 * session, so a replay of its journal reproduces every reply.
 */
public final class OrderFills implements Application, ReplyQueue.Handler
{
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private final ExecutionReportEncoder fill = new ExecutionReportEncoder();
    private final ReplyQueue replies = new ReplyQueue(1 << 20);
    private final StringBuilder id = new StringBuilder();
    private long nextId;

    public OrderFills()
    {
        this(1);
    }

    /** @param firstOrderId the OrderID and ExecID of the first fill. */
    public OrderFills(final long firstOrderId)
    {
        this.nextId = firstOrderId;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        replies.replyOrHold(message, session, this);      // answer now, or queue behind held requests
    }

    @Override
    public int doWork(final SessionHandle session, final long nowNanos)
    {
        return replies.drain(session, this);              // held requests, in order, when there is room
    }

    @Override
    public boolean isHoldingReplies()
    {
        return replies.isHolding();                       // while true the engine stops reading the connection
    }

    @Override
    public int reply(final FixDecoder message, final SessionHandle session, final int progress)
    {
        if (message.msgType() != NewOrderSingleDecoder.MESSAGE_TYPE)
        {
            return replies.outcome(session.sendBusinessReject(
                message, SessionHandle.UNSUPPORTED_MESSAGE_TYPE, "Unsupported Message Type"), 0);
        }
        order.wrap(message);
        final Decimal quantity = order.orderQtyData().orderQty();
        id.setLength(0);
        id.append(nextId);
        fill.wrap(session)                                // header written by the session
            .orderID(id)
            .clOrdID(order.clOrdID())                     // a view of the order's field: no copy
            .execID(id)
            .execType(ExecType.TRADE)
            .ordStatus(OrdStatus.FILLED);
        fill.instrument().symbol(order.instrument().symbol());
        fill.side(order.side());
        fill.orderQtyData().orderQty(quantity);
        fill.leavesQty(0, 0).cumQty(quantity).avgPx(order.price()).lastQty(quantity).lastPx(order.price())
            .transactTime(session.sendingTimeNanos());
        fill.complete();
        final long result = session.send();               // > 0: sent; BACK_PRESSURED: hold and retry
        if (result > 0)
        {
            nextId++;
        }
        return replies.outcome(result, 0);
    }
}
