package io.fixtape.cli;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.concurrent.Callable;

import org.agrona.concurrent.SystemEpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FieldTemplate;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.codec.UtcTimestamps;
import picocli.CommandLine.Command;

/**
 * Codec-only demo: encodes a NewOrderSingle, frames and decodes it, and prints it with {@code |} for SOH and the
 * typed value of each field. (A session demo replaces it later.) Runs on the calling thread; allocates freely, as
 * a CLI may.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Encode a FIX 4.4 NewOrderSingle, frame and decode it, and print its fields.")
public final class DemoCommand implements Callable<Integer>
{
    @Override
    public Integer call()
    {
        final long now = new SystemEpochNanoClock().nanoTime();
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
        final FieldTemplate compIds = FieldTemplate.builder()
            .add(Tags.SENDER_COMP_ID, "CLIENT").add(Tags.TARGET_COMP_ID, "EXCHANGE").build();

        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        encoder.wrap(buffer, 0)
            .header(MsgTypes.NEW_ORDER_SINGLE, compIds, 1, now)
            .putString(Tags.CL_ORD_ID, "ORD-0001")
            .putString(Tags.SYMBOL, "ACME")
            .putChar(Tags.SIDE, '1')
            .putUtcTimestamp(Tags.TRANSACT_TIME, now, UtcTimestamps.MICROS)
            .putDecimal(Tags.ORDER_QTY, 9_007_199_254_740_993L, 0)
            .putChar(Tags.ORD_TYPE, '2')
            .putDecimal(Tags.PRICE, 12345, 4)
            .putChar(Tags.TIME_IN_FORCE, '6')
            .putLocalMktDate(Tags.EXPIRE_DATE, (int)(now / 86_400_000_000_000L) + 30)
            .finish();
        final int offset = encoder.messageOffset();
        final int length = encoder.messageLength();
        System.out.println("Encoded NewOrderSingle (" + length + " bytes, BodyLength backfilled):");
        System.out.println("  " + buffer.getStringWithoutLengthAscii(offset, length).replace('\001', '|'));

        final FixFramer framer = new FixFramer();
        System.out.println();
        System.out.println("Framer: whole message -> " + framer.frame(buffer, offset, length) +
            " (complete), first " + (length - 1) + " bytes -> " + framer.frame(buffer, offset, length - 1) +
            " (partial)");
        final byte last = buffer.getByte(offset + length - 2);
        buffer.putByte(offset + length - 2, (byte)(last == '9' ? '0' : last + 1));
        System.out.println("        checksum altered -> " + framer.frame(buffer, offset, length) +
            " (garbled, " + FixFramer.reasonName(framer.lastReason()) + ": discard, no Reject)");
        buffer.putByte(offset + length - 2, last);

        final FixDecoder decoder = new FixDecoder().wrap(buffer, offset, length);
        System.out.println();
        System.out.println("Decoded " + decoder.fieldCount() + " fields, MsgType " +
            MsgTypes.toString(decoder.msgType()) + ", error code " + decoder.errorCode() + ":");
        final Decimal decimal = new Decimal();
        for (int i = 0; i < decoder.fieldCount(); i++)
        {
            System.out.printf("  %4d = %-30s %s%n", decoder.tagAt(i), decoder.stringAt(i), typed(decoder, i,
                decimal));
        }
        return 0;
    }

    private static String typed(final FixDecoder decoder, final int index, final Decimal decimal)
    {
        switch (decoder.tagAt(index))
        {
            case Tags.MSG_SEQ_NUM:
            case Tags.BODY_LENGTH:
            case Tags.CHECK_SUM:
                return "int " + decoder.intAt(index);
            case Tags.SIDE:
            case Tags.ORD_TYPE:
            case Tags.TIME_IN_FORCE:
                return "char '" + decoder.charAt(index) + "'";
            case Tags.PRICE:
            case Tags.ORDER_QTY:
                decoder.decimalAt(index, decimal);
                return "decimal mantissa=" + decimal.mantissa() + " scale=" + decimal.scale();
            case Tags.SENDING_TIME:
            case Tags.TRANSACT_TIME:
            {
                final long nanos = decoder.utcTimestampAt(index);
                return "epoch nanos " + nanos + " = " + Instant.ofEpochSecond(0, nanos);
            }
            case Tags.EXPIRE_DATE:
            {
                final int epochDay = decoder.localMktDateAt(index);
                return "epoch day " + epochDay + " = " + LocalDate.ofEpochDay(epochDay);
            }
            default:
                return "";
        }
    }
}
