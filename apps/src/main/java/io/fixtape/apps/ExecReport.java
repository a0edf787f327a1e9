package io.fixtape.apps;

import io.fixtape.engine.codec.Decimal;

/**
 * One ExecutionReport of {@code exec}, independent of the FIX version: what {@link ExecCodecs#sendReport} writes.
 * {@code execType} is the FIX 4.4 value ({@code F} fill, {@code 0} new, {@code 4} canceled); FIX 4.0–4.2 codecs
 * write ExecTransType 0 and a fill's ExecType 2. A null text or decimal is not written. Reused for every report.
 */
final class ExecReport
{
    static final char FILL = 'F';
    static final char NEW = '0';
    static final char CANCELED = '4';

    long orderId;
    long execId;
    CharSequence clOrdId;
    CharSequence origClOrdId;
    char execType;
    char ordStatus;
    CharSequence symbol;
    char side;
    Decimal orderQty;
    final Decimal leavesQty = new Decimal();
    final Decimal cumQty = new Decimal();
    final Decimal avgPx = new Decimal();
    Decimal lastQty;
    Decimal lastPx;
}
