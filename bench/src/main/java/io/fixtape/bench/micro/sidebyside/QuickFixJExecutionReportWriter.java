package io.fixtape.bench.micro.sidebyside;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.bench.micro.SampleMessages;
import quickfix.Message;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MsgSeqNum;
import quickfix.field.OrdStatus;
import quickfix.field.OrdType;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.SenderCompID;
import quickfix.field.SendingTime;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TargetCompID;
import quickfix.field.TransactTime;

/**
 * QuickFIX/J 2.3.2 building a fill the way an application and its session do: a new
 * {@link quickfix.fix44.ExecutionReport} per message, body fields set with exact decimals ({@code setDecimal},
 * not {@code double}), the header fields its session fills in ({@code initializeHeader}: SenderCompID,
 * TargetCompID, MsgSeqNum, SendingTime in milliseconds), then {@link Message#toString()} (BodyLength and CheckSum)
 * and the ISO-8859-1 bytes its MINA encoder writes.
 */
public final class QuickFixJExecutionReportWriter implements ExecutionReportWriter
{
    private static final BigDecimal ZERO = BigDecimal.ZERO;

    private byte[] last = new byte[0];

    @Override
    public int encode(final int msgSeqNum, final long epochMillis, final Blackhole blackhole)
    {
        final LocalDateTime time = LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC);
        final BigDecimal qty = BigDecimal.valueOf(SampleMessages.QTY);
        final BigDecimal price = BigDecimal.valueOf(SampleMessages.PRICE_MANTISSA, SampleMessages.PRICE_SCALE);

        final Message report = new quickfix.fix44.ExecutionReport();
        final Message.Header header = report.getHeader();
        header.setString(SenderCompID.FIELD, SampleMessages.TARGET);
        header.setString(TargetCompID.FIELD, SampleMessages.SENDER);
        header.setInt(MsgSeqNum.FIELD, msgSeqNum);
        header.setUtcTimeStamp(SendingTime.FIELD, time, true);

        report.setString(OrderID.FIELD, SampleMessages.ORDER_ID);
        report.setString(ClOrdID.FIELD, SampleMessages.CL_ORD_ID);
        report.setString(ExecID.FIELD, SampleMessages.EXEC_ID);
        report.setChar(ExecType.FIELD, ExecType.TRADE);
        report.setChar(OrdStatus.FIELD, OrdStatus.FILLED);
        report.setString(Symbol.FIELD, SampleMessages.SYMBOL);
        report.setChar(Side.FIELD, Side.BUY);
        report.setDecimal(OrderQty.FIELD, qty);
        report.setChar(OrdType.FIELD, OrdType.LIMIT);
        report.setDecimal(Price.FIELD, price);
        report.setDecimal(LastQty.FIELD, qty);
        report.setDecimal(LastPx.FIELD, price);
        report.setDecimal(LeavesQty.FIELD, ZERO);
        report.setDecimal(CumQty.FIELD, qty);
        report.setDecimal(AvgPx.FIELD, price);
        report.setUtcTimeStamp(TransactTime.FIELD, time, true);

        final byte[] bytes = report.toString().getBytes(StandardCharsets.ISO_8859_1);
        blackhole.consume(bytes);
        last = bytes;
        return bytes.length;
    }

    @Override
    public byte[] lastMessage()
    {
        return last.clone();
    }
}
