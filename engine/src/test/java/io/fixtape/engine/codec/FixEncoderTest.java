package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.FixText.message;
import static io.fixtape.engine.codec.FixText.piped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class FixEncoderTest
{
    // 2026-12-02T14:55:00.123456789Z
    static final long NANOS = 1_796_223_300_123_456_789L;

    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final FixEncoder encoder = new FixEncoder("FIX.4.4");
    private final FieldTemplate senderTarget = FieldTemplate.builder()
        .add(Tags.SENDER_COMP_ID, "CLIENT").add(Tags.TARGET_COMP_ID, "SERVER").build();

    private String written()
    {
        return buffer.getStringWithoutLengthAscii(encoder.messageOffset(), encoder.messageLength());
    }

    @Test
    void newOrderSingleMatchesHandWrittenBytes()
    {
        encoder.wrap(buffer, 0)
            .header(MsgTypes.NEW_ORDER_SINGLE, senderTarget, 7, NANOS)
            .putString(Tags.CL_ORD_ID, "ORD-1")
            .putChar(Tags.SIDE, '1')
            .putString(Tags.SYMBOL, "ABC")
            .putDecimal(Tags.ORDER_QTY, 100, 0)
            .putChar(Tags.ORD_TYPE, '2')
            .putDecimal(Tags.PRICE, 12345, 4)
            .putUtcTimestamp(Tags.TRANSACT_TIME, NANOS)
            .finish();
        final String expected = message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=7|52=20261202-14:55:00.123|" +
            "11=ORD-1|54=1|55=ABC|38=100|40=2|44=1.2345|60=20261202-14:55:00.123|");
        assertEquals(piped(expected), piped(written()));
        assertEquals(expected.length(), new FixFramer().frame(buffer, encoder.messageOffset(), 4096 -
            encoder.messageOffset()));
    }

    @Test
    void everyFieldType()
    {
        final UnsafeBuffer source = FixText.buffer("xxHELLOxx");
        encoder.wrap(buffer, 100)
            .msgType(MsgTypes.pack("AE"))
            .putInt(1, -42)
            .putLong(2, Long.MAX_VALUE)
            .putChar(3, 'Z')
            .putBoolean(4, true)
            .putBoolean(5, false)
            .putString(6, new StringBuilder("sb"))
            .putBytes(7, FixText.bytes("raw"))
            .putBytes(8, source, 2, 5)
            .putDecimal(9, -5, 3)
            .putDecimal(10, 9_007_199_254_740_993L, 0)
            .putDecimal(11, new Decimal(150, 2))
            .putUtcTimestamp(12, NANOS, UtcTimestamps.SECONDS)
            .putUtcTimestamp(13, NANOS, UtcTimestamps.MICROS)
            .putUtcTimestamp(14, NANOS, UtcTimestamps.NANOS)
            .putLocalMktDate(15, UtcTimestamps.epochDay(2026, 12, 2))
            .putUtcDateOnly(16, 0)
            .finish();
        final String expected = message("FIX.4.4", "35=AE|1=-42|2=9223372036854775807|3=Z|4=Y|5=N|6=sb|7=raw|" +
            "8=HELLO|9=-0.005|10=9007199254740993|11=1.50|12=20261202-14:55:00|13=20261202-14:55:00.123456|" +
            "14=20261202-14:55:00.123456789|15=20261202|16=19700101|");
        assertEquals(piped(expected), piped(written()));
        assertTrue(encoder.messageOffset() >= 100);
    }

    @Test
    void bodyLengthIsNotZeroPaddedAcrossDigitCounts()
    {
        for (final int textLength : new int[] {1, 80, 1000, 10_000})
        {
            final UnsafeBuffer big = new UnsafeBuffer(new byte[textLength + 200]);
            final String text = "x".repeat(textLength);
            encoder.wrap(big, 0).msgType(MsgTypes.HEARTBEAT).putString(Tags.TEXT, text).finish();
            final String expected = message("FIX.4.4", "35=0|58=" + text + "|");
            assertEquals(expected, big.getStringWithoutLengthAscii(encoder.messageOffset(),
                encoder.messageLength()));
        }
    }

    @Test
    void reuseForSuccessiveMessages()
    {
        for (int seq = 1; seq <= 3; seq++)
        {
            encoder.wrap(buffer, 0).header(MsgTypes.HEARTBEAT, senderTarget, seq, NANOS).finish();
            assertEquals(message("FIX.4.4", "35=0|49=CLIENT|56=SERVER|34=" + seq + "|52=20261202-14:55:00.123|"),
                written());
        }
    }

    @Test
    void configuredTimestampPrecision()
    {
        encoder.timestampPrecision(UtcTimestamps.MICROS);
        encoder.wrap(buffer, 0).header(MsgTypes.HEARTBEAT, senderTarget, 1, NANOS).finish();
        assertEquals(message("FIX.4.4", "35=0|49=CLIENT|56=SERVER|34=1|52=20261202-14:55:00.123456|"), written());
    }

    @Test
    void smallCopiesOfEveryLength()
    {
        final byte[] source = new byte[100];
        for (int i = 0; i < source.length; i++)
        {
            source[i] = (byte)('A' + i % 26);
        }
        for (int length = 0; length <= 80; length++)
        {
            final UnsafeBuffer destination = new UnsafeBuffer(new byte[120]);
            destination.setMemory(0, 120, (byte)'.');
            RawBytes.copy(source, RawBytes.ARRAY_BASE + 5, destination.byteArray(), destination.addressOffset() + 3,
                length);
            final String expected = "..." + new String(source, 5, length, java.nio.charset.StandardCharsets.US_ASCII) +
                ".".repeat(120 - 3 - length);
            assertEquals(expected, destination.getStringWithoutLengthAscii(0, 120), "length " + length);
        }
    }

    @Test
    void templateToString()
    {
        assertEquals("49=CLIENT|56=SERVER|", senderTarget.toString());
        final FieldTemplate mixed = FieldTemplate.builder().add(54, '1').add(38, 5L).addDecimal(44, 101, 1).build();
        assertEquals("54=1|38=5|44=10.1|", mixed.toString());
    }

    @Test
    void echoFieldsFromDecodedMessage()
    {
        final String in = message("FIX.4.4", "35=1|49=SERVER|56=CLIENT|34=3|52=20261202-14:55:00.000|112=PING-7|");
        final FixDecoder decoder = new FixDecoder().wrap(FixText.buffer(in), 0, in.length());
        final int testReqId = decoder.indexOf(Tags.TEST_REQ_ID);
        encoder.wrap(buffer, 0).header(MsgTypes.HEARTBEAT, senderTarget, 4, NANOS)
            .putField(decoder, testReqId)
            .putFields(decoder, 3, 5) // 49, 56 copied raw
            .finish();
        assertEquals(message("FIX.4.4",
            "35=0|49=CLIENT|56=SERVER|34=4|52=20261202-14:55:00.123|112=PING-7|49=SERVER|56=CLIENT|"), written());
    }

    @Test
    void possDupResendRewritesHeader()
    {
        final String stored = message("FIX.4.4",
            "35=D|49=CLIENT|56=SERVER|34=12|52=20261202-10:00:00.000|50=DESK|11=A|54=1|38=10|40=1|");
        final FixDecoder decoder = new FixDecoder().wrap(FixText.buffer(stored), 0, stored.length());
        encoder.wrap(buffer, 0);
        final int length = PossDupResend.encode(decoder, encoder, NANOS);
        assertEquals(message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=12|50=DESK|52=20261202-14:55:00.123|43=Y|" +
            "122=20261202-10:00:00.000|11=A|54=1|38=10|40=1|"), written());
        assertEquals(encoder.messageLength(), length);

        // resending a resend keeps the first OrigSendingTime
        final String again = written();
        final FixDecoder second = new FixDecoder().wrap(FixText.buffer(again), 0, again.length());
        encoder.wrap(buffer, 0);
        PossDupResend.encode(second, encoder, NANOS + 1_000_000_000L);
        assertEquals(message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=12|50=DESK|52=20261202-14:55:01.123|43=Y|" +
            "122=20261202-10:00:00.000|11=A|54=1|38=10|40=1|"), written());
    }
}
