package io.fixtape.apps;

import io.fixtape.engine.api.ReplyQueue;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import org.agrona.concurrent.EpochNanoClock;

import java.util.HashMap;
import java.util.Map;

/**
 * A tiny matching stub, written on the typed codecs of {@code fixtape-codecs} (FIX 4.2 codecs for FIX 4.0–4.2
 * sessions, FIX 4.4 for 4.3 and 4.4, FIX 5.0 SP2 for FIXT.1.1).
 * <ul>
 *   <li>NewOrderSingle → ExecutionReport full fill at the order's price (OrderID, ClOrdID, ExecID, ExecType F — 2
 *   with ExecTransType 0 on FIX 4.0–4.2 —, OrdStatus 2, Symbol, Side, OrderQty, LeavesQty 0, CumQty, AvgPx,
 *   LastQty, LastPx, TransactTime). Quantities and prices are exact decimals, never a {@code double}; a market
 *   order fills at 100. A limit order with TimeInForce 1 (GTC) rests instead: ExecutionReport New.</li>
 *   <li>OrderCancelRequest for a resting order → ExecutionReport Canceled (the cancel ack); for anything else →
 *   OrderCancelReject (CxlRejReason 1, unknown order).</li>
 *   <li>MarketDataRequest → one MarketDataSnapshotFullRefresh per requested symbol with a bid and an offer.</li>
 *   <li>Anything else → BusinessMessageReject 380=3.</li>
 * </ul>
 *
 * <p>Back-pressure: a reply the session cannot send now ({@link SessionHandle#BACK_PRESSURED}) is not dropped: its
 * request is held in a bounded {@link ReplyQueue} and answered again from {@link #doWork} every duty cycle, in order
 * (later requests queue behind it); OrderIDs and ExecIDs are only consumed by a reply that was sent. When the queue
 * is full the session is logged out ({@link #replyQueueOverflows()}). A held request stays held across a reconnect:
 * its reply goes out after the next Logon.
 *
 * <p>One instance per session; its thread only. The codecs, the request read and the report written are the
 * thread's ({@link ExecScratch}), shared with the other sessions of that thread, so an idle session holds little
 * more than its counters. The fill path (held or not) allocates nothing once the thread's codecs exist; resting GTC
 * orders and cancels keep a small map (allocation on that rare path only).
 */
public final class ExecApplication extends QueuedReplyApplication
{
    /** Default bound of the held-reply queue: 4 MiB, about 20,000 typical orders. */
    public static final int DEFAULT_PENDING_REPLY_BYTES = 4 << 20;
    private static final long MARKET_PRICE = 100;

    private final int version;
    private final Map<String, RestingOrder> resting = new HashMap<>();
    /** The calling thread's scratch, set at the start of each {@link #reply}. */
    private ExecCodecs codecs;
    private ExecRequest request;
    private ExecReport report;
    private long nextOrderId = 1;
    private long nextExecId = 1;
    private long fills;

    /**
     * @param beginString the session's BeginString: it chooses the codecs (FIX 4.0–4.2 reports carry
     *                    ExecTransType and a fill's ExecType 2).
     * @param clock       the engine clock (TransactTime is the reply's own SendingTime, one reading per message).
     */
    public ExecApplication(final String beginString, final EpochNanoClock clock)
    {
        this(beginString, clock, DEFAULT_PENDING_REPLY_BYTES);
    }

    /**
     * @param pendingReplyBytes bound of the held-reply queue (requests whose reply met back-pressure, copied; each
     *                          costs its length + 8 bytes). Past it the session is logged out.
     */
    public ExecApplication(final String beginString, final EpochNanoClock clock, final int pendingReplyBytes)
    {
        super(pendingReplyBytes);
        this.version = ExecScratch.version(beginString);
    }

    /**
     * First OrderID to assign (default 1). Configuration time only; replay tests use it to change the
     * application's behaviour in one precise way.
     */
    public ExecApplication firstOrderId(final long firstOrderId)
    {
        this.nextOrderId = firstOrderId;
        return this;
    }

    /**
     * First ExecID to assign (default 1). Configuration time only: an application restarted on a persisted
     * session continues its ExecIDs so that they stay unique within the session.
     */
    public ExecApplication firstExecId(final long firstExecId)
    {
        this.nextExecId = firstExecId;
        return this;
    }

    @Override
    public int reply(final FixDecoder message, final SessionHandle session, final int progress)
    {
        final ExecScratch scratch = ExecScratch.current();
        codecs = scratch.codecs(version);
        request = scratch.request;
        report = scratch.report;
        final long msgType = message.msgType();
        if (msgType == MsgTypes.NEW_ORDER_SINGLE)
        {
            codecs.readOrder(message, request);
            return request.isRestingOrder() ? rest(session) : fill(session);
        }
        else if (msgType == MsgTypes.ORDER_CANCEL_REQUEST)
        {
            codecs.readCancel(message, request);
            return cancel(session);
        }
        else if (msgType == MsgTypes.MARKET_DATA_REQUEST)
        {
            codecs.readMarketDataRequest(message, request);
            return snapshot(session, progress);
        }
        return rejectUnsupported(message, session);
    }

    private int fill(final SessionHandle session)
    {
        final ExecReport r = beginReport(nextOrderId, ExecReport.FILL, '2');
        r.orderQty = request.hasOrderQty ? request.orderQty : null;
        r.leavesQty.set(0, 0);
        quantityOrZero(r.cumQty);
        priceOrMarket(r.avgPx);
        r.lastQty = r.cumQty;
        r.lastPx = r.avgPx;
        final long result = send(session, r);
        if (result > 0)
        {
            fills++;
        }
        return replies.outcome(result, 0);
    }

    private int rest(final SessionHandle session)
    {
        final ExecReport r = beginReport(nextOrderId, ExecReport.NEW, '0');
        r.orderQty = request.hasOrderQty ? request.orderQty : null;
        quantityOrZero(r.leavesQty);
        r.cumQty.set(0, 0);
        r.avgPx.set(0, 0);
        final long result = send(session, r);
        if (result > 0 && request.clOrdId != null) // the order rests once its acknowledgement is on its way
        {
            resting.put(request.clOrdId.toString(), new RestingOrder(r.orderId,
                request.symbol == null ? null : request.symbol.toString(), request.side,
                request.hasOrderQty ? new Decimal(request.orderQty.mantissa(), request.orderQty.scale()) : null));
        }
        return replies.outcome(result, 0);
    }

    private int cancel(final SessionHandle session)
    {
        final String origClOrdId = request.origClOrdId == null ? null : request.origClOrdId.toString();
        final RestingOrder order = origClOrdId == null ? null : resting.get(origClOrdId);
        if (order == null)
        {
            return replies.outcome(codecs.sendCancelReject(session, request), 0);
        }
        final ExecReport r = beginReport(order.orderId, ExecReport.CANCELED, '4');
        r.symbol = order.symbol;
        r.side = order.side;
        r.orderQty = order.quantity;
        r.leavesQty.set(0, 0);
        r.cumQty.set(0, 0);
        r.avgPx.set(0, 0);
        final long result = send(session, r);
        if (result > 0)
        {
            resting.remove(origClOrdId);
        }
        return replies.outcome(result, 0);
    }

    /** One snapshot per symbol; {@code progress} symbols were answered by earlier attempts. */
    private int snapshot(final SessionHandle session, final int progress)
    {
        if (request.subscriptionRequestType == '2')
        {
            return ReplyQueue.DONE; // unsubscribe: nothing to send
        }
        int symbols = 0;
        for (CharSequence symbol = codecs.nextSymbol(); symbol != null; symbol = codecs.nextSymbol())
        {
            if (symbols++ < progress)
            {
                continue;
            }
            if (replies.outcome(codecs.sendSnapshot(session, request.mdReqId, symbol), symbols - 1) != ReplyQueue.DONE)
            {
                return symbols - 1;
            }
        }
        return ReplyQueue.DONE;
    }

    /**
     * An ExecutionReport for {@code orderId}: ClOrdID and OrigClOrdID of the request, the next ExecID, the order's
     * Symbol and Side, ExecType and OrdStatus; quantities and prices are left to the caller.
     */
    private ExecReport beginReport(final long orderId, final char execType, final char ordStatus)
    {
        final ExecReport r = report;
        r.orderId = orderId;
        r.execId = nextExecId;
        r.clOrdId = request.clOrdId;
        r.origClOrdId = request.origClOrdId;
        r.execType = execType;
        r.ordStatus = ordStatus;
        r.symbol = request.symbol;
        r.side = request.side;
        r.lastQty = null;
        r.lastPx = null;
        return r;
    }

    /**
     * Send the report; only a report that was taken consumes its ExecID (and a new order's OrderID), so a retry
     * after back-pressure reuses them and the numbering stays gap-free.
     */
    private long send(final SessionHandle session, final ExecReport r)
    {
        final long result = codecs.sendReport(session, r);
        if (result != SessionHandle.BACK_PRESSURED)
        {
            nextExecId++;
            if (r.execType != ExecReport.CANCELED)
            {
                nextOrderId++;
            }
        }
        return result;
    }

    private void quantityOrZero(final Decimal out)
    {
        if (request.hasOrderQty)
        {
            out.set(request.orderQty.mantissa(), request.orderQty.scale());
        }
        else
        {
            out.set(0, 0);
        }
    }

    private void priceOrMarket(final Decimal out)
    {
        if (request.hasPrice)
        {
            out.set(request.price.mantissa(), request.price.scale());
        }
        else
        {
            out.set(MARKET_PRICE, 0);
        }
    }

    /** Orders filled so far. */
    public long fills()
    {
        return fills;
    }

    /** Replies that met back-pressure and were held for a retry (each request counted every time it is held). */
    public long backPressured()
    {
        return replies.held();
    }

    /** Replies that could not be sent at all (not logged on and the store keeps nothing for resend). */
    public long repliesDropped()
    {
        return replies.dropped();
    }

    /** Times the held-reply queue was full and the session was logged out. */
    public long replyQueueOverflows()
    {
        return replies.overflows();
    }

    /** Requests whose reply is held, waiting for the connection to drain. */
    public int pendingReplies()
    {
        return replies.size();
    }

    /** A GTC order resting until canceled. */
    private static final class RestingOrder
    {
        final long orderId;
        final String symbol;
        final char side;
        final Decimal quantity;

        RestingOrder(final long orderId, final String symbol, final char side, final Decimal quantity)
        {
            this.orderId = orderId;
            this.symbol = symbol;
            this.side = side;
            this.quantity = quantity;
        }
    }
}
