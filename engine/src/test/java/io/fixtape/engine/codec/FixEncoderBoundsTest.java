package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The encoder's unchecked fast path stays inside the buffer: a message that exactly fits is written byte for byte
 * as in a large buffer (the last fields take the checked slow path), one byte less throws, an expandable buffer
 * grows, and no byte outside the finished message is touched. Also the per-second timestamp cache against
 * java.time across second, day and epoch boundaries.
 */
class FixEncoderBoundsTest
{
    private static final byte SENTINEL = (byte)'#';
    private static final int WRAP_OFFSET = 5;
    private final FieldTemplate senderTarget = FieldTemplate.builder()
        .add(Tags.SENDER_COMP_ID, "BROKER01").add(Tags.TARGET_COMP_ID, "CLIENT01").build();

    private int encode(final FixEncoder encoder, final MutableDirectBuffer buffer)
    {
        return encoder.wrap(buffer, WRAP_OFFSET)
            .header(MsgTypes.EXECUTION_REPORT, senderTarget, 123_456, FixEncoderTest.NANOS)
            .putString(Tags.ORDER_ID, "OID-000000987654")
            .putBytes(Tags.CL_ORD_ID, FixText.bytes("ORD-20261202-000012345"))
            .putBytes(Tags.EXEC_ID, FixText.buffer("xxEXE-1xx"), 2, 5)
            .putChar(Tags.EXEC_TYPE, 'F')
            .putBoolean(Tags.POSS_DUP_FLAG, false)
            .putLong(Tags.ORDER_QTY, 1_000_000)
            .putDecimal(Tags.PRICE, -108_345, 5)
            .putDecimal(Tags.AVG_PX, Long.MIN_VALUE, 18)
            .putLocalMktDate(75, 20_000)
            .putString(58, "a longer free text that is copied as one string value")
            .putInt(12_345, 7)
            .putUtcTimestamp(Tags.TRANSACT_TIME, FixEncoderTest.NANOS, UtcTimestamps.NANOS)
            .finish();
    }

    private byte[] reference()
    {
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        final int length = encode(encoder, buffer);
        final byte[] bytes = new byte[length];
        buffer.getBytes(encoder.messageOffset(), bytes);
        return bytes;
    }

    @Test
    void exactFitMatchesALargeBufferAndTouchesNothingOutsideTheMessage()
    {
        final byte[] expected = reference();
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        final int end = WRAP_OFFSET + encoder.headroom() + expected.length - (expected.length - bodyAndTrailer(expected));
        for (int capacity = end; capacity < end + 80; capacity++)
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[capacity]);
            buffer.setMemory(0, capacity, SENTINEL);
            final int length = encode(encoder, buffer);
            final byte[] actual = new byte[length];
            buffer.getBytes(encoder.messageOffset(), actual);
            assertArrayEquals(expected, actual, "capacity " + capacity);
            assertEquals(length, new FixFramer().frame(buffer, encoder.messageOffset(), length), "CheckSum");
            for (int i = 0; i < capacity; i++)
            {
                if (i < encoder.messageOffset() || i >= encoder.messageOffset() + length)
                {
                    assertEquals(SENTINEL, buffer.getByte(i), "capacity " + capacity + " byte " + i);
                }
            }
        }
        for (int capacity = end - 30; capacity < end; capacity++)
        {
            final UnsafeBuffer small = new UnsafeBuffer(new byte[capacity]);
            assertThrows(IndexOutOfBoundsException.class, () -> encode(encoder, small), "capacity " + capacity);
        }
    }

    @Test
    void expandableBufferGrows()
    {
        final byte[] expected = reference();
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(40);
        final int length = encode(encoder, buffer);
        final byte[] actual = new byte[length];
        buffer.getBytes(encoder.messageOffset(), actual);
        assertArrayEquals(expected, actual);
        assertEquals(expected.length, new FixFramer().frame(buffer, encoder.messageOffset(), length));
    }

    @Test
    void timestampCacheAcrossSecondDayAndEpochBoundaries()
    {
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);
        final long[] instants = {
            FixEncoderTest.NANOS, FixEncoderTest.NANOS + 1, FixEncoderTest.NANOS + 876_543_210L,
            FixEncoderTest.NANOS + 876_543_211L, 86_400_000_000_000L - 1, 86_400_000_000_000L, 0, -1,
            -1_000_000_000L, -1_000_000_001L, 951_782_400_000_000_000L - 1, 951_782_400_000_000_000L, // 2000-02-29
            FixEncoderTest.NANOS + 9 * 1_000_000_000L, FixEncoderTest.NANOS + 10 * 1_000_000_000L,
            FixEncoderTest.NANOS + 3_600_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE};
        for (int precision = 0; precision <= 9; precision++)
        {
            for (final long nanos : instants)
            {
                encoder.wrap(buffer, 0).msgType(MsgTypes.HEARTBEAT).putUtcTimestamp(52, nanos, precision);
                final int start = encoder.headroom() + "35=0|52=".length();
                final int length = encoder.bodyLength() - "35=0|52=|".length();
                assertEquals(javaTime(nanos, precision), buffer.getStringWithoutLengthAscii(start, length),
                    nanos + " at precision " + precision);
                if (nanos > -(1L << 62) && nanos < 1L << 62) // the parser's range ends inside 1677 and 2262
                {
                    assertEquals(nanos - Math.floorMod(nanos, (long)Math.pow(10, 9 - precision)),
                        UtcTimestamps.parseTimestamp(buffer, start, length));
                }
            }
        }
    }

    private static String javaTime(final long epochNanos, final int precision)
    {
        final Instant instant = Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
            Math.floorMod(epochNanos, 1_000_000_000L));
        final String seconds = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss").withZone(ZoneOffset.UTC).format(instant);
        final String nanos = String.format("%09d", instant.getNano());
        return precision == 0 ? seconds : seconds + "." + nanos.substring(0, precision);
    }

    /** Bytes from the body start to the end: the message less "8=...|9=n|". */
    private static int bodyAndTrailer(final byte[] message)
    {
        int soh = 0;
        int found = 0;
        while (found < 2)
        {
            if (message[soh++] == FieldWriter.SOH)
            {
                found++;
            }
        }
        return message.length - soh;
    }
}
