package io.fixtape.bench.micro.sidebyside;

import java.nio.charset.StandardCharsets;

import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.bench.artio.fix44.builder.ExecutionReportEncoder;
import io.fixtape.bench.micro.SampleMessages;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Artio 0.175 with its generated FIX 4.4 {@link ExecutionReportEncoder}, reused across messages as Artio's
 * sessions do: SenderCompID/TargetCompID are set once (a session constant), every other field is set per
 * message, SendingTime and TransactTime are formatted from epoch millis by {@link UtcTimestampEncoder}, and
 * {@code encode} writes header to checksum into one reusable buffer.
 */
public final class ArtioExecutionReportWriter implements ExecutionReportWriter
{
    private static final byte[] ORDER_ID = ascii(SampleMessages.ORDER_ID);
    private static final byte[] CL_ORD_ID = ascii(SampleMessages.CL_ORD_ID);
    private static final byte[] EXEC_ID = ascii(SampleMessages.EXEC_ID);
    private static final byte[] SYMBOL = ascii(SampleMessages.SYMBOL);

    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[1024]);
    private final ExecutionReportEncoder encoder = new ExecutionReportEncoder();
    private final UtcTimestampEncoder sendingTime = new UtcTimestampEncoder();
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private long lastResult;

    public ArtioExecutionReportWriter()
    {
        encoder.header().senderCompID(ascii(SampleMessages.TARGET)).targetCompID(ascii(SampleMessages.SENDER));
    }

    @Override
    public int encode(final int msgSeqNum, final long epochMillis, final Blackhole blackhole)
    {
        final int sendingTimeLength = sendingTime.encode(epochMillis);
        encoder.header().msgSeqNum(msgSeqNum).sendingTime(sendingTime.buffer(), sendingTimeLength);
        encoder.orderID(ORDER_ID).clOrdID(CL_ORD_ID).execID(EXEC_ID).execType('F').ordStatus('2');
        encoder.instrument().symbol(SYMBOL);
        encoder.side('1');
        encoder.orderQtyData().orderQty(SampleMessages.QTY, 0);
        encoder.ordType('2')
            .price(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .lastQty(SampleMessages.QTY, 0)
            .lastPx(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .leavesQty(0, 0)
            .cumQty(SampleMessages.QTY, 0)
            .avgPx(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE)
            .transactTime(transactTime.buffer(), transactTime.encode(epochMillis));
        final long result = encoder.encode(buffer, 0);
        lastResult = result;
        blackhole.consume(result);
        return Encoder.length(result);
    }

    @Override
    public byte[] lastMessage()
    {
        final byte[] message = new byte[Encoder.length(lastResult)];
        buffer.getBytes(Encoder.offset(lastResult), message);
        return message;
    }

    private static byte[] ascii(final String value)
    {
        return value.getBytes(StandardCharsets.US_ASCII);
    }
}
