package io.fixtape.apps;

import io.fixtape.engine.codec.Decimal;

/**
 * The fields of a request that {@code exec} answers, as a version's codecs read them: NewOrderSingle,
 * OrderCancelRequest or MarketDataRequest. Text values are views into the request (valid during the callback), an
 * absent one is null; an absent or malformed decimal leaves its {@code has...} flag false. Reused for every request.
 */
final class ExecRequest
{
    CharSequence clOrdId;
    CharSequence origClOrdId;
    CharSequence orderId;
    CharSequence symbol;
    char side;
    char ordType;
    char timeInForce;
    final Decimal orderQty = new Decimal();
    boolean hasOrderQty;
    final Decimal price = new Decimal();
    boolean hasPrice;
    CharSequence mdReqId;
    char subscriptionRequestType;

    ExecRequest clear()
    {
        clOrdId = null;
        origClOrdId = null;
        orderId = null;
        symbol = null;
        side = 0;
        ordType = 0;
        timeInForce = 0;
        hasOrderQty = false;
        hasPrice = false;
        mdReqId = null;
        subscriptionRequestType = 0;
        return this;
    }

    /** A GTC limit order: it rests (ExecutionReport New) instead of being filled. */
    boolean isRestingOrder()
    {
        return timeInForce == '1' && ordType == '2';
    }
}
