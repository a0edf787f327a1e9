package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Random valid messages (seeded, bounded): every field written by {@link FixEncoder} is framed by
 * {@link FixFramer} and read back by {@link FixDecoder} with the same typed value, whole or delivered in random
 * chunks, alone or back to back.
 */
class EncodeDecodePropertyTest
{
    private static final int MESSAGES = 2_000;
    private static final int TYPE_INT = 0, TYPE_LONG = 1, TYPE_CHAR = 2, TYPE_BOOLEAN = 3, TYPE_STRING = 4,
        TYPE_DECIMAL = 5, TYPE_TIMESTAMP = 6, TYPE_DATE = 7, TYPE_COUNT = 8;
    private static final String[] BEGIN_STRINGS = {"FIX.4.2", "FIX.4.4", "FIXT.1.1"};

    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(64 * 1024));
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final Decimal decimal = new Decimal();

    /** One generated message: per field its type and expected primitive values. */
    private static final class Expected
    {
        final int[] tags = new int[64];
        final int[] types = new int[64];
        final long[] longs = new long[64];
        final int[] scales = new int[64];
        final String[] strings = new String[64];
        int count;
    }

    private static String randomAscii(final Random random)
    {
        final StringBuilder sb = new StringBuilder();
        final int length = 1 + random.nextInt(20);
        for (int i = 0; i < length; i++)
        {
            sb.append((char)(' ' + 1 + random.nextInt(94))); // printable, no SOH, no space
        }
        return sb.toString();
    }

    private int encodeRandom(final Random random, final FixEncoder encoder, final int offset, final Expected expected)
    {
        encoder.wrap(buffer, offset).msgType(MsgTypes.pack(random.nextBoolean() ? "D" : "AE"));
        expected.count = 1 + random.nextInt(40);
        for (int i = 0; i < expected.count; i++)
        {
            final int tag = 100 + random.nextInt(2000); // may repeat: checked by index, not by tag
            final int type = random.nextInt(TYPE_COUNT);
            expected.tags[i] = tag;
            expected.types[i] = type;
            switch (type)
            {
                case TYPE_INT:
                {
                    final int value = random.nextInt() >> random.nextInt(32);
                    expected.longs[i] = value == Integer.MIN_VALUE ? 0 : value;
                    encoder.putInt(tag, (int)expected.longs[i]);
                    break;
                }
                case TYPE_LONG:
                {
                    final long value = random.nextLong() >> random.nextInt(64);
                    expected.longs[i] = value == Long.MIN_VALUE ? 0 : value;
                    encoder.putLong(tag, expected.longs[i]);
                    break;
                }
                case TYPE_CHAR:
                    expected.longs[i] = 'A' + random.nextInt(26);
                    encoder.putChar(tag, (char)expected.longs[i]);
                    break;
                case TYPE_BOOLEAN:
                    expected.longs[i] = random.nextInt(2);
                    encoder.putBoolean(tag, expected.longs[i] == 1);
                    break;
                case TYPE_STRING:
                    expected.strings[i] = randomAscii(random);
                    encoder.putString(tag, expected.strings[i]);
                    break;
                case TYPE_DECIMAL:
                {
                    final long mantissa = random.nextLong() >> random.nextInt(64);
                    expected.longs[i] = mantissa == Long.MIN_VALUE ? (1L << 53) + 1 : mantissa;
                    expected.scales[i] = random.nextInt(10);
                    encoder.putDecimal(tag, expected.longs[i], expected.scales[i]);
                    break;
                }
                case TYPE_TIMESTAMP:
                {
                    final int precision = random.nextInt(4) * 3;
                    final long nanos = random.nextLong() % 9_000_000_000_000_000_000L;
                    expected.longs[i] = nanos - Math.floorMod(nanos, AsciiNumbers.powerOfTen(9 - precision));
                    expected.scales[i] = precision;
                    encoder.putUtcTimestamp(tag, nanos, precision);
                    break;
                }
                case TYPE_DATE:
                    expected.longs[i] = random.nextInt(2_932_896 + 719_528) - 719_528;
                    encoder.putLocalMktDate(tag, (int)expected.longs[i]);
                    break;
                default:
                    throw new IllegalStateException();
            }
        }
        return encoder.finish();
    }

    private void assertDecoded(final Expected expected)
    {
        assertEquals(FixDecoder.ERROR_NONE, decoder.errorCode());
        assertEquals(3 + expected.count + 1, decoder.fieldCount());
        for (int i = 0; i < expected.count; i++)
        {
            final int index = 3 + i;
            assertEquals(expected.tags[i], decoder.tagAt(index));
            switch (expected.types[i])
            {
                case TYPE_INT:
                    assertEquals((int)expected.longs[i], decoder.intAt(index));
                    break;
                case TYPE_LONG:
                    assertEquals(expected.longs[i], decoder.longAt(index));
                    break;
                case TYPE_CHAR:
                    assertEquals((char)expected.longs[i], decoder.charAt(index));
                    break;
                case TYPE_BOOLEAN:
                    assertEquals(expected.longs[i] == 1, decoder.booleanAt(index));
                    break;
                case TYPE_STRING:
                    assertEquals(expected.strings[i], decoder.stringAt(index).toString());
                    break;
                case TYPE_DECIMAL:
                    assertTrue(decoder.decimalAt(index, decimal));
                    assertEquals(expected.longs[i], decimal.mantissa());
                    assertEquals(expected.scales[i], decimal.scale());
                    break;
                case TYPE_TIMESTAMP:
                    assertEquals(expected.longs[i], decoder.utcTimestampAt(index));
                    assertEquals(UtcTimestamps.timestampLength(expected.scales[i]), decoder.valueLengthAt(index));
                    break;
                case TYPE_DATE:
                    assertEquals((int)expected.longs[i], decoder.localMktDateAt(index));
                    break;
                default:
                    throw new IllegalStateException();
            }
            assertTrue(decoder.lastParseOk(), () -> "field " + index + " of " + decoder);
        }
    }

    @Test
    void randomMessagesRoundTrip()
    {
        final Random random = new Random(20261202);
        final Expected expected = new Expected();
        for (int m = 0; m < MESSAGES; m++)
        {
            final FixEncoder encoder = new FixEncoder(BEGIN_STRINGS[m % BEGIN_STRINGS.length]);
            final int length = encodeRandom(random, encoder, random.nextInt(64), expected);
            final int offset = encoder.messageOffset();
            assertEquals(length, framer.frame(buffer, offset, length + random.nextInt(8)));
            decoder.wrap(buffer, offset, length);
            assertDecoded(expected);
        }
    }

    @Test
    void randomMessagesDeliveredInRandomChunks()
    {
        final Random random = new Random(7);
        final Expected expected = new Expected();
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        final UnsafeBuffer stream = new UnsafeBuffer(new byte[64 * 1024]);
        for (int m = 0; m < MESSAGES / 4; m++)
        {
            final int length = encodeRandom(random, encoder, 0, expected);
            // a prefix of the next message, as a second read might bring, then the message in chunks
            int available = 0;
            int result = FixFramer.PARTIAL;
            while (available < length)
            {
                final int chunk = Math.min(length - available, 1 + random.nextInt(64));
                stream.putBytes(available, buffer, encoder.messageOffset() + available, chunk);
                available += chunk;
                result = framer.frame(stream, 0, available);
                assertEquals(available == length ? length : FixFramer.PARTIAL, result);
            }
            decoder.wrap(stream, 0, result);
            assertDecoded(expected);
        }
    }
}
