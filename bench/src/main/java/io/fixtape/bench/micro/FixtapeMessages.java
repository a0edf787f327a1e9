package io.fixtape.bench.micro;

import java.nio.charset.StandardCharsets;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.fixtape.codecs.fix44.ExecType;
import io.fixtape.codecs.fix44.ExecutionReportEncoder;
import io.fixtape.codecs.fix44.OrdStatus;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;

import io.fixtape.engine.codec.FieldTemplate;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;

/**
 * The sample messages of {@link SampleMessages} written with fixtape's {@link FixEncoder}, as the encode
 * benchmarks and the fixtape row of {@code EncodeExecutionReport} run them: SenderCompID/TargetCompID come from
 * a {@link FieldTemplate} (a session constant), every other field is written per call from values.
 *
 * <p>One instance per thread (it owns its encoder).
 */
public final class FixtapeMessages
{
    private static final byte[] CL_ORD_ID = ascii(SampleMessages.CL_ORD_ID);
    private static final byte[] ORDER_ID = ascii(SampleMessages.ORDER_ID);
    private static final byte[] EXEC_ID = ascii(SampleMessages.EXEC_ID);
    private static final byte[] SYMBOL = ascii(SampleMessages.SYMBOL);
    private static final byte[] ACCOUNT = ascii("ACCT-7");
    private static final UnsafeBuffer ORDER_ID_VIEW = new UnsafeBuffer(ORDER_ID);
    private static final UnsafeBuffer CL_ORD_ID_VIEW = new UnsafeBuffer(CL_ORD_ID);
    private static final UnsafeBuffer EXEC_ID_VIEW = new UnsafeBuffer(EXEC_ID);
    private static final UnsafeBuffer SYMBOL_VIEW = new UnsafeBuffer(SYMBOL);

    private final FixEncoder encoder = new FixEncoder(SampleMessages.BEGIN_STRING);
    private final FieldTemplate clientToBroker = FieldTemplate.builder()
        .add(Tags.SENDER_COMP_ID, SampleMessages.SENDER).add(Tags.TARGET_COMP_ID, SampleMessages.TARGET).build();
    private final FieldTemplate brokerToClient = FieldTemplate.builder()
        .add(Tags.SENDER_COMP_ID, SampleMessages.TARGET).add(Tags.TARGET_COMP_ID, SampleMessages.SENDER).build();

    public FixEncoder encoder()
    {
        return encoder;
    }

    /** Logon: HeartBtInt 30, ResetSeqNumFlag Y. @return the message length (starts at encoder().messageOffset()). */
    public int logon(final MutableDirectBuffer buffer, final int msgSeqNum, final long epochNanos)
    {
        return encoder.wrap(buffer, 0)
            .header(MsgTypes.LOGON, clientToBroker, msgSeqNum, epochNanos)
            .putInt(Tags.ENCRYPT_METHOD, 0)
            .putInt(Tags.HEART_BT_INT, 30)
            .putBoolean(Tags.RESET_SEQ_NUM_FLAG, true)
            .finish();
    }

    /** The NewOrderSingle of {@link SampleMessages#newOrderSingle}. */
    public int newOrderSingle(final MutableDirectBuffer buffer, final int msgSeqNum, final long epochNanos)
    {
        return encoder.wrap(buffer, 0)
            .header(MsgTypes.NEW_ORDER_SINGLE, clientToBroker, msgSeqNum, epochNanos)
            .putBytes(Tags.CL_ORD_ID, CL_ORD_ID)
            .putBytes(Tags.ACCOUNT, ACCOUNT)
            .putChar(Tags.HANDL_INST, '1')
            .putBytes(Tags.SYMBOL, SYMBOL)
            .putChar(Tags.SIDE, '1')
            .putUtcTimestamp(Tags.TRANSACT_TIME, epochNanos)
            .putLong(Tags.ORDER_QTY, SampleMessages.QTY)
            .putChar(Tags.ORD_TYPE, '2')
            .putDecimal(Tags.PRICE, SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .putChar(Tags.TIME_IN_FORCE, '0')
            .finish();
    }

    /** The complete fill of {@link SampleMessages#executionReportFill}. */
    public int executionReportFill(
        final MutableDirectBuffer buffer, final int msgSeqNum, final long epochNanos)
    {
        return encoder.wrap(buffer, 0)
            .header(MsgTypes.EXECUTION_REPORT, brokerToClient, msgSeqNum, epochNanos)
            .putBytes(Tags.ORDER_ID, ORDER_ID)
            .putBytes(Tags.CL_ORD_ID, CL_ORD_ID)
            .putBytes(Tags.EXEC_ID, EXEC_ID)
            .putChar(Tags.EXEC_TYPE, 'F')
            .putChar(Tags.ORD_STATUS, '2')
            .putBytes(Tags.SYMBOL, SYMBOL)
            .putChar(Tags.SIDE, '1')
            .putLong(Tags.ORDER_QTY, SampleMessages.QTY)
            .putChar(Tags.ORD_TYPE, '2')
            .putDecimal(Tags.PRICE, SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .putLong(Tags.LAST_QTY, SampleMessages.QTY)
            .putDecimal(Tags.LAST_PX, SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .putLong(Tags.LEAVES_QTY, 0)
            .putLong(Tags.CUM_QTY, SampleMessages.QTY)
            .putDecimal(Tags.AVG_PX, SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .putUtcTimestamp(Tags.TRANSACT_TIME, epochNanos)
            .finish();
    }

    /**
     * The same complete fill written through the generated FIX 4.4 {@link ExecutionReportEncoder} over this
     * encoder (header from the template, body by typed setters, BodyLength and CheckSum by {@link FixEncoder}).
     */
    public int executionReportFillTyped(final MutableDirectBuffer buffer, final int msgSeqNum, final long epochNanos,
        final ExecutionReportEncoder fill)
    {
        fill.wrap(encoder.wrap(buffer, 0).header(MsgTypes.EXECUTION_REPORT, brokerToClient, msgSeqNum, epochNanos))
            .orderID(ORDER_ID_VIEW, 0, ORDER_ID.length)
            .clOrdID(CL_ORD_ID_VIEW, 0, CL_ORD_ID.length)
            .execID(EXEC_ID_VIEW, 0, EXEC_ID.length)
            .execType(ExecType.TRADE)
            .ordStatus(OrdStatus.FILLED);
        fill.instrument().symbol(SYMBOL_VIEW, 0, SYMBOL.length);
        fill.side(Side.BUY);
        fill.orderQtyData().orderQty(SampleMessages.QTY, 0);
        fill.ordType(OrdType.LIMIT)
            .price(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .lastQty(SampleMessages.QTY, 0)
            .lastPx(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .leavesQty(0, 0)
            .cumQty(SampleMessages.QTY, 0)
            .avgPx(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .transactTime(epochNanos);
        if (fill.complete() != 0)
        {
            throw new IllegalStateException("required tag " + fill.complete() + " not written");
        }
        return encoder.finish();
    }

    private static byte[] ascii(final String value)
    {
        return value.getBytes(StandardCharsets.US_ASCII);
    }
}
