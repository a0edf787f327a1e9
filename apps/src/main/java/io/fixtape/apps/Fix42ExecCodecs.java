package io.fixtape.apps;

import io.fixtape.codecs.fix42.ExecutionReportEncoder;
import io.fixtape.codecs.fix42.MarketDataRequestDecoder;
import io.fixtape.codecs.fix42.MarketDataRequestNoRelatedSymGroupDecoder;
import io.fixtape.codecs.fix42.MarketDataSnapshotFullRefreshEncoder;
import io.fixtape.codecs.fix42.NewOrderSingleDecoder;
import io.fixtape.codecs.fix42.NoMDEntriesGroupEncoder;
import io.fixtape.codecs.fix42.OrderCancelRejectEncoder;
import io.fixtape.codecs.fix42.OrderCancelRequestDecoder;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

/**
 * {@code exec}'s messages in the FIX 4.2 codecs (FIX 4.0, 4.1 and 4.2 sessions): ExecutionReports carry
 * ExecTransType 0 (new), and a fill is ExecType 2 (ExecType F came with FIX 4.3).
 */
final class Fix42ExecCodecs extends ExecCodecs
{
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
    private final MarketDataRequestDecoder marketDataRequest = new MarketDataRequestDecoder();
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final OrderCancelRejectEncoder cancelReject = new OrderCancelRejectEncoder();
    private final MarketDataSnapshotFullRefreshEncoder snapshot = new MarketDataSnapshotFullRefreshEncoder();
    private MarketDataRequestNoRelatedSymGroupDecoder symbols;

    @Override
    void readOrder(final FixDecoder message, final ExecRequest into)
    {
        order.wrap(message);
        into.clear();
        into.clOrdId = order.hasClOrdID() ? order.clOrdID() : null;
        into.symbol = order.hasSymbol() ? order.symbol() : null;
        into.side = order.sideRaw();
        into.ordType = order.ordTypeRaw();
        into.timeInForce = order.timeInForceRaw();
        into.hasOrderQty = order.orderQty(into.orderQty);
        into.hasPrice = order.price(into.price);
    }

    @Override
    void readCancel(final FixDecoder message, final ExecRequest into)
    {
        cancel.wrap(message);
        into.clear();
        into.clOrdId = cancel.hasClOrdID() ? cancel.clOrdID() : null;
        into.origClOrdId = cancel.hasOrigClOrdID() ? cancel.origClOrdID() : null;
        into.orderId = cancel.hasOrderID() ? cancel.orderID() : null;
    }

    @Override
    void readMarketDataRequest(final FixDecoder message, final ExecRequest into)
    {
        marketDataRequest.wrap(message);
        into.clear();
        into.mdReqId = marketDataRequest.hasMdReqID() ? marketDataRequest.mdReqID() : null;
        into.subscriptionRequestType = marketDataRequest.subscriptionRequestTypeRaw();
        symbols = marketDataRequest.noRelatedSym();
    }

    @Override
    CharSequence nextSymbol()
    {
        while (symbols.hasNext())
        {
            final MarketDataRequestNoRelatedSymGroupDecoder entry = symbols.next();
            if (entry.hasSymbol())
            {
                return entry.symbol();
            }
        }
        return null;
    }

    @Override
    long sendReport(final SessionHandle session, final ExecReport r)
    {
        report.wrap(session);
        digits(r.orderId);
        report.orderID(digits(), 0, digitsLength());
        if (r.clOrdId != null)
        {
            report.clOrdID(r.clOrdId);
        }
        if (r.origClOrdId != null)
        {
            report.origClOrdID(r.origClOrdId);
        }
        digits(r.execId);
        report.execID(digits(), 0, digitsLength()).execTransType('0')
            .execType(r.execType == ExecReport.FILL ? '2' : r.execType).ordStatus(r.ordStatus);
        if (r.symbol != null)
        {
            report.symbol(r.symbol);
        }
        if (r.side != 0)
        {
            report.side(r.side);
        }
        if (r.orderQty != null)
        {
            report.orderQty(r.orderQty);
        }
        report.leavesQty(r.leavesQty).cumQty(r.cumQty).avgPx(r.avgPx);
        if (r.lastQty != null)
        {
            report.lastShares(r.lastQty).lastPx(r.lastPx);
        }
        report.transactTime(session.sendingTimeNanos());
        report.complete();
        return session.send();
    }

    @Override
    long sendCancelReject(final SessionHandle session, final ExecRequest request)
    {
        cancelReject.wrap(session).orderID(request.orderId != null ? request.orderId : NONE);
        if (request.clOrdId != null)
        {
            cancelReject.clOrdID(request.clOrdId);
        }
        if (request.origClOrdId != null)
        {
            cancelReject.origClOrdID(request.origClOrdId);
        }
        cancelReject.ordStatus('8').cxlRejResponseTo('1').cxlRejReason(1).text(UNKNOWN_ORDER);
        cancelReject.complete();
        return session.send();
    }

    @Override
    long sendSnapshot(final SessionHandle session, final CharSequence mdReqId, final CharSequence symbol)
    {
        snapshot.wrap(session);
        if (mdReqId != null)
        {
            snapshot.mdReqID(mdReqId);
        }
        snapshot.symbol(symbol);
        final NoMDEntriesGroupEncoder entries = snapshot.noMDEntries();
        entries.next().mdEntryType('0').mdEntryPx(BID_PX, PX_SCALE).mdEntrySize(MD_SIZE, 0);
        entries.next().mdEntryType('1').mdEntryPx(OFFER_PX, PX_SCALE).mdEntrySize(MD_SIZE, 0);
        snapshot.complete();
        return session.send();
    }
}
