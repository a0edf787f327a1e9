package io.fixtape.engine.app.builtin;

import io.fixtape.engine.app.PendingReplies;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;
import org.agrona.concurrent.EpochNanoClock;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A tiny matching stub.
 * <ul>
 *   <li>NewOrderSingle → ExecutionReport full fill at the order's price (OrderID, ExecID, ExecType F — 2 with
 *   ExecTransType 0 on FIX.4.2 —, OrdStatus 2, Symbol, Side, OrderQty, LeavesQty 0, CumQty, AvgPx, LastQty,
 *   LastPx, TransactTime, ClOrdID echoed). Quantities and prices are copied as the exact decimal text received:
 *   nothing is parsed into a double. A limit order with TimeInForce 1 (GTC) instead rests: ExecutionReport New.</li>
 *   <li>OrderCancelRequest for a resting order → ExecutionReport Canceled (the cancel ack); for anything else →
 *   OrderCancelReject (CxlRejReason 1, unknown order).</li>
 *   <li>MarketDataRequest → one MarketDataSnapshotFullRefresh per requested symbol with a bid and an offer.</li>
 *   <li>Anything else → BusinessMessageReject 380=3.</li>
 * </ul>
 *
 * <p>Back-pressure: a reply the session cannot send now ({@link Session#BACK_PRESSURED}) is not dropped: its
 * request is held in a bounded {@link PendingReplies} queue and answered again from {@link #doWork} every duty
 * cycle, in order (later requests queue behind it); OrderIDs/ExecIDs are only consumed by a reply that was sent.
 * When the queue is full the session is logged out ({@link #replyQueueOverflows()}). A held request stays held
 * across a reconnect: its reply goes out after the next Logon.
 *
 * <p>One instance per session; poller thread only. The fill path (held or not) allocates nothing; resting GTC
 * orders and cancels keep a small map (allocation on that rare path only).
 */
public final class ExecApplication extends QueuedReplyApplication
{
    private static final byte[] ZERO = {'0'};
    private static final byte[] DEFAULT_PRICE = "100".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NONE = "NONE".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BID_PX = "99.99".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OFFER_PX = "100.01".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MD_SIZE = "1000".getBytes(StandardCharsets.US_ASCII);
    private static final int EXEC_TRANS_TYPE = 20;
    private static final int CXL_REJ_REASON = 102;
    private static final int CXL_REJ_RESPONSE_TO = 434;
    private static final int MD_REQ_ID = 262;
    private static final int SUBSCRIPTION_REQUEST_TYPE = 263;
    private static final int NO_RELATED_SYM = 146;
    private static final int NO_MD_ENTRIES = 268;
    private static final int MD_ENTRY_TYPE = 269;
    private static final int MD_ENTRY_PX = 270;
    private static final int MD_ENTRY_SIZE = 271;
    /** Default bound of the held-reply queue: 4 MiB, about 20,000 typical orders. */
    public static final int DEFAULT_PENDING_REPLY_BYTES = 4 << 20;

    private final EpochNanoClock clock;
    private final boolean fix42;
    private final Map<String, RestingOrder> resting = new HashMap<>();
    private long nextOrderId = 1;
    private long nextExecId = 1;
    private long fills;

    /**
     * @param beginString the session's BeginString (FIX.4.2 reports use ExecType 2 + ExecTransType).
     * @param clock       the engine clock, for TransactTime.
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
        this.clock = clock;
        this.fix42 = "FIX.4.2".equals(beginString) || "FIX.4.1".equals(beginString) || "FIX.4.0".equals(beginString);
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
    public int reply(final FixDecoder message, final Session session, final int progress)
    {
        final long msgType = message.msgType();
        if (msgType == MsgTypes.NEW_ORDER_SINGLE)
        {
            return isRestingOrder(message) ? rest(message, session) : fill(message, session);
        }
        else if (msgType == MsgTypes.ORDER_CANCEL_REQUEST)
        {
            return cancel(message, session);
        }
        else if (msgType == MsgTypes.MARKET_DATA_REQUEST)
        {
            return snapshot(message, session, progress);
        }
        return rejectUnsupported(message, session);
    }

    private static boolean isRestingOrder(final FixDecoder order)
    {
        final int timeInForce = order.indexOf(Tags.TIME_IN_FORCE);
        return timeInForce >= 0 && order.charAt(timeInForce) == '1' && order.getChar(Tags.ORD_TYPE) == '2';
    }

    private int fill(final FixDecoder order, final Session session)
    {
        final long orderId = nextOrderId;
        final long execId = nextExecId;
        final FixEncoder out = beginReport(session, nextOrderId++, order, 'F', '2', '2');
        BodyCopy.copy(order, Tags.SYMBOL, out);
        BodyCopy.copy(order, Tags.SIDE, out);
        BodyCopy.copy(order, Tags.ORDER_QTY, out);
        out.putBytes(Tags.LEAVES_QTY, ZERO);
        BodyCopy.copyAs(order, Tags.ORDER_QTY, Tags.CUM_QTY, out, ZERO);
        BodyCopy.copyAs(order, Tags.PRICE, Tags.AVG_PX, out, DEFAULT_PRICE);
        BodyCopy.copyAs(order, Tags.ORDER_QTY, Tags.LAST_QTY, out, ZERO);
        BodyCopy.copyAs(order, Tags.PRICE, Tags.LAST_PX, out, DEFAULT_PRICE);
        final long result = sendReport(out, session, orderId, execId);
        if (result > 0)
        {
            fills++;
        }
        return pending.recordOutcome(result, 0);
    }

    /**
     * ExecutionReport up to OrdStatus: OrderID, ClOrdID (and OrigClOrdID when the request has one) echoed, a new
     * ExecID, ExecType ({@code execType42} plus ExecTransType 0 on FIX.4.2) and OrdStatus.
     */
    private FixEncoder beginReport(final Session session, final long orderId, final FixDecoder request,
        final char execType, final char execType42, final char ordStatus)
    {
        final FixEncoder out = session.newMessage(MsgTypes.EXECUTION_REPORT);
        out.putLong(Tags.ORDER_ID, orderId);
        BodyCopy.copy(request, Tags.CL_ORD_ID, out);
        BodyCopy.copy(request, Tags.ORIG_CL_ORD_ID, out);
        out.putLong(Tags.EXEC_ID, nextExecId++);
        if (fix42)
        {
            out.putChar(EXEC_TRANS_TYPE, '0');
            out.putChar(Tags.EXEC_TYPE, execType42);
        }
        else
        {
            out.putChar(Tags.EXEC_TYPE, execType);
        }
        out.putChar(Tags.ORD_STATUS, ordStatus);
        return out;
    }

    /**
     * Stamp TransactTime (one clock reading per report) and send. A back-pressured report gives back the OrderID and
     * ExecID it took ({@code orderId}, {@code execId}: the next ones before it), so that its retry reuses them and
     * the numbering stays gap-free.
     *
     * @return as {@link Session#send()}.
     */
    private long sendReport(final FixEncoder out, final Session session, final long orderId, final long execId)
    {
        out.putUtcTimestamp(Tags.TRANSACT_TIME, session.sendingTimeNanos());
        final long result = session.send();
        if (result == Session.BACK_PRESSURED)
        {
            nextOrderId = orderId;
            nextExecId = execId;
        }
        return result;
    }

    private int rest(final FixDecoder order, final Session session)
    {
        final long execId = nextExecId;
        final long orderId = nextOrderId++;
        final FixEncoder out = beginReport(session, orderId, order, '0', '0', '0');
        BodyCopy.copy(order, Tags.SYMBOL, out);
        BodyCopy.copy(order, Tags.SIDE, out);
        BodyCopy.copy(order, Tags.ORDER_QTY, out);
        BodyCopy.copyAs(order, Tags.ORDER_QTY, Tags.LEAVES_QTY, out, ZERO);
        out.putBytes(Tags.CUM_QTY, ZERO);
        out.putBytes(Tags.AVG_PX, ZERO);
        final long result = sendReport(out, session, orderId, execId);
        if (result > 0) // the order rests only once its acknowledgement is on its way
        {
            resting.put(order.getString(Tags.CL_ORD_ID).toString(), new RestingOrder(orderId,
                order.getString(Tags.SYMBOL).toString(), order.getChar(Tags.SIDE),
                order.getString(Tags.ORDER_QTY).toString()));
        }
        return pending.recordOutcome(result, 0);
    }

    private int cancel(final FixDecoder request, final Session session)
    {
        final int origIndex = request.indexOf(Tags.ORIG_CL_ORD_ID);
        final String origClOrdId = origIndex < 0 ? null : request.stringAt(origIndex).toString();
        final RestingOrder order = origClOrdId == null ? null : resting.get(origClOrdId);
        if (order == null)
        {
            final FixEncoder out = session.newMessage(MsgTypes.ORDER_CANCEL_REJECT);
            BodyCopy.copyAs(request, Tags.ORDER_ID, Tags.ORDER_ID, out, NONE);
            BodyCopy.copy(request, Tags.CL_ORD_ID, out);
            BodyCopy.copy(request, Tags.ORIG_CL_ORD_ID, out);
            out.putChar(Tags.ORD_STATUS, '8');
            out.putChar(CXL_REJ_RESPONSE_TO, '1');
            out.putInt(CXL_REJ_REASON, 1);
            out.putString(Tags.TEXT, "Unknown order");
            return pending.recordOutcome(session.send(), 0);
        }
        final long execId = nextExecId;
        final FixEncoder out = beginReport(session, order.orderId, request, '4', '4', '4');
        out.putString(Tags.SYMBOL, order.symbol);
        out.putChar(Tags.SIDE, order.side);
        out.putString(Tags.ORDER_QTY, order.quantity);
        out.putBytes(Tags.LEAVES_QTY, ZERO);
        out.putBytes(Tags.CUM_QTY, ZERO);
        out.putBytes(Tags.AVG_PX, ZERO);
        final long result = sendReport(out, session, nextOrderId, execId);
        if (result > 0)
        {
            resting.remove(origClOrdId);
        }
        return pending.recordOutcome(result, 0);
    }

    /** One snapshot per symbol; {@code progress} symbols were answered by earlier attempts. */
    private int snapshot(final FixDecoder request, final Session session, final int progress)
    {
        final int subscription = request.indexOf(SUBSCRIPTION_REQUEST_TYPE);
        if (subscription >= 0 && request.charAt(subscription) == '2')
        {
            return PendingReplies.DONE; // unsubscribe: nothing to send
        }
        int symbol = 0;
        final int group = request.indexOf(NO_RELATED_SYM);
        final int count = request.fieldCount();
        for (int i = group < 0 ? count : group + 1; i < count; i++)
        {
            if (request.tagAt(i) != Tags.SYMBOL || symbol++ < progress)
            {
                continue;
            }
            final FixEncoder out = session.newMessage(MsgTypes.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
            BodyCopy.copy(request, MD_REQ_ID, out);
            out.putField(request, i);
            out.putInt(NO_MD_ENTRIES, 2);
            out.putChar(MD_ENTRY_TYPE, '0').putBytes(MD_ENTRY_PX, BID_PX).putBytes(MD_ENTRY_SIZE, MD_SIZE);
            out.putChar(MD_ENTRY_TYPE, '1').putBytes(MD_ENTRY_PX, OFFER_PX).putBytes(MD_ENTRY_SIZE, MD_SIZE);
            if (pending.recordOutcome(session.send(), symbol - 1) != PendingReplies.DONE)
            {
                return symbol - 1;
            }
        }
        return PendingReplies.DONE;
    }

    /** Orders filled so far. */
    public long fills()
    {
        return fills;
    }

    /** Replies that met back-pressure and were held for a retry (each request counted every time it is held). */
    public long backPressured()
    {
        return pending.held();
    }

    /** Replies that could not be sent at all (not logged on and the store keeps nothing for resend). */
    public long repliesDropped()
    {
        return pending.dropped();
    }

    /** Times the held-reply queue was full and the session was logged out. */
    public long replyQueueOverflows()
    {
        return pending.overflows();
    }

    /** Requests whose reply is held, waiting for the connection to drain. */
    public int pendingReplies()
    {
        return pending.size();
    }

    private static final class RestingOrder
    {
        final long orderId;
        final String symbol;
        final char side;
        final String quantity;

        RestingOrder(final long orderId, final String symbol, final char side, final String quantity)
        {
            this.orderId = orderId;
            this.symbol = symbol;
            this.quantity = quantity;
            this.side = side;
        }
    }
}
