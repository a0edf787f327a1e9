package io.fixtape.apps;

import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The messages {@code exec} reads and writes, in the typed codecs of one FIX version: FIX 4.0–4.2 sessions use
 * {@code io.fixtape.codecs.fix42}, 4.3 and 4.4 {@code fix44}, FIXT.1.1 {@code fix50sp2}. Requests are read into an
 * {@link ExecRequest}; replies are written in a fixed field order and sent.
 *
 * <p>One instance per version and thread ({@link ExecScratch}), shared by that thread's sessions; state lasts one
 * request. Allocation-free.
 */
abstract class ExecCodecs
{
    /** Unknown-order text of the OrderCancelReject. */
    static final String UNKNOWN_ORDER = "Unknown order";
    /** OrderID of an OrderCancelReject when the request had none. */
    static final String NONE = "NONE";

    private final UnsafeBuffer digits = new UnsafeBuffer(new byte[20]);
    private int digitsLength;

    abstract void readOrder(FixDecoder message, ExecRequest into);

    abstract void readCancel(FixDecoder message, ExecRequest into);

    /** MdReqID and SubscriptionRequestType; the requested symbols come from {@link #nextSymbol} afterwards. */
    abstract void readMarketDataRequest(FixDecoder message, ExecRequest into);

    /** The next symbol of the MarketDataRequest read last, or null after the last. */
    abstract CharSequence nextSymbol();

    /** @return as {@link SessionHandle#send()}. */
    abstract long sendReport(SessionHandle session, ExecReport report);

    /** OrderCancelReject for an unknown order (CxlRejReason 1). @return as {@link SessionHandle#send()}. */
    abstract long sendCancelReject(SessionHandle session, ExecRequest cancel);

    /** MarketDataSnapshotFullRefresh of {@code symbol}: a bid and an offer. @return as {@link SessionHandle#send()}. */
    abstract long sendSnapshot(SessionHandle session, CharSequence mdReqId, CharSequence symbol);

    /** {@code value} as ASCII digits in {@link #digits()}, {@link #digitsLength()} long. */
    final void digits(final long value)
    {
        digitsLength = digits.putLongAscii(0, value);
    }

    final UnsafeBuffer digits()
    {
        return digits;
    }

    final int digitsLength()
    {
        return digitsLength;
    }

    /** Snapshot prices and size: bid 99.99, offer 100.01, 1000 each. */
    static final long BID_PX = 9_999;
    static final long OFFER_PX = 10_001;
    static final int PX_SCALE = 2;
    static final long MD_SIZE = 1_000;
}
