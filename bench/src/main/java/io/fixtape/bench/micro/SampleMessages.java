package io.fixtape.bench.micro;

import java.nio.charset.StandardCharsets;

/**
 * The FIX 4.4 messages every micro benchmark works on, built once at set-up time (allocation here is fine).
 * All engines in a side-by-side benchmark get exactly these bytes. Every message is valid against the standard
 * FIX 4.4 dictionary (QuickFIX/J's validation accepts it), so parse benchmarks measure the success path.
 *
 * <p>Stateless and thread-safe.
 */
public final class SampleMessages
{
    public static final String BEGIN_STRING = "FIX.4.4";
    public static final String SENDER = "CLIENT01";
    public static final String TARGET = "BROKER01";
    /** 2026-12-02T15:04:05.123Z: SendingTime/TransactTime of every sample and of every encode benchmark. */
    public static final long EPOCH_MILLIS = 1_796_223_845_123L;
    public static final String TIMESTAMP = "20261202-15:04:05.123";

    public static final String CL_ORD_ID = "ORD-20261202-000012345";
    public static final String SYMBOL = "EURUSD";
    public static final String ORDER_ID = "OID-000000987654";
    public static final String EXEC_ID = "EXE-000000555001";
    /** OrderQty / LastQty / CumQty 1,000,000 (scale 0) and Price / LastPx / AvgPx 1.08345 (mantissa 108345, scale 5). */
    public static final long QTY = 1_000_000L;
    public static final long PRICE_MANTISSA = 108_345L;
    public static final int PRICE_SCALE = 5;
    public static final String PRICE = "1.08345";

    private SampleMessages()
    {
    }

    /** NewOrderSingle (35=D): limit buy, day order. */
    public static byte[] newOrderSingle(final int seqNum)
    {
        return fix44("35=D|49=" + SENDER + "|56=" + TARGET + "|34=" + seqNum + "|52=" + TIMESTAMP +
            "|11=" + CL_ORD_ID + "|1=ACCT-7|21=1|55=" + SYMBOL + "|54=1|60=" + TIMESTAMP +
            "|38=" + QTY + "|40=2|44=" + PRICE + "|59=0|");
    }

    /** ExecutionReport (35=8) for a complete fill of {@link #newOrderSingle}: ExecType F, OrdStatus 2. */
    public static byte[] executionReportFill(final int seqNum)
    {
        return fix44("35=8|49=" + TARGET + "|56=" + SENDER + "|34=" + seqNum + "|52=" + TIMESTAMP +
            "|37=" + ORDER_ID + "|11=" + CL_ORD_ID + "|17=" + EXEC_ID + "|150=F|39=2|55=" + SYMBOL +
            "|54=1|38=" + QTY + "|40=2|44=" + PRICE + "|32=" + QTY + "|31=" + PRICE + "|151=0|14=" + QTY +
            "|6=" + PRICE + "|60=" + TIMESTAMP + "|");
    }

    /** Logon (35=A) with HeartBtInt 30 and ResetSeqNumFlag. */
    public static byte[] logon(final int seqNum)
    {
        return fix44("35=A|49=" + SENDER + "|56=" + TARGET + "|34=" + seqNum + "|52=" + TIMESTAMP +
            "|98=0|108=30|141=Y|");
    }

    /** Heartbeat (35=0). */
    public static byte[] heartbeat(final int seqNum)
    {
        return fix44("35=0|49=" + SENDER + "|56=" + TARGET + "|34=" + seqNum + "|52=" + TIMESTAMP + "|");
    }

    /** OrderCancelRequest (35=F) for {@link #newOrderSingle}. */
    public static byte[] orderCancelRequest(final int seqNum)
    {
        return fix44("35=F|49=" + SENDER + "|56=" + TARGET + "|34=" + seqNum + "|52=" + TIMESTAMP +
            "|41=" + CL_ORD_ID + "|11=ORD-20261202-000012346|55=" + SYMBOL + "|54=1|60=" + TIMESTAMP +
            "|38=" + QTY + "|");
    }

    /**
     * Frames a body written with {@code |} for SOH: prepends {@code 8=FIX.4.4|9=n|} and appends {@code 10=nnn|}.
     */
    public static byte[] fix44(final String pipeBody)
    {
        final String body = pipeBody.replace('|', '\u0001');
        final String head = "8=" + BEGIN_STRING + "\u00019=" + body.length() + "\u0001";
        final byte[] headAndBody = (head + body).getBytes(StandardCharsets.US_ASCII);
        int sum = 0;
        for (final byte b : headAndBody)
        {
            sum += b & 0xFF;
        }
        final String trailer = String.format("10=%03d\u0001", sum & 0xFF);
        return (head + body + trailer).getBytes(StandardCharsets.US_ASCII);
    }

    /** For logs and tests: SOH shown as {@code |}. */
    public static String readable(final byte[] message)
    {
        return new String(message, StandardCharsets.US_ASCII).replace('\u0001', '|');
    }
}
