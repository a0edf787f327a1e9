package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.AsciiNumbers.INVALID_INT;
import static io.fixtape.engine.codec.AsciiNumbers.INVALID_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AsciiNumbersTest
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);

    private static long parseLong(final String s)
    {
        return AsciiNumbers.parseLongAscii(FixText.buffer(s), 0, s.length());
    }

    @Test
    void parseLong()
    {
        assertEquals(0, parseLong("0"));
        assertEquals(123, parseLong("123"));
        assertEquals(-123, parseLong("-123"));
        assertEquals(7, parseLong("007"));
        assertEquals(Long.MAX_VALUE, parseLong("9223372036854775807"));
        assertEquals(-Long.MAX_VALUE, parseLong("-9223372036854775807"));
        assertEquals(9_007_199_254_740_993L, parseLong("9007199254740993"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "+1", "1a", " 1", "1.0", "9223372036854775808", "99999999999999999999",
        "-9223372036854775808"})
    void parseLongRejects(final String s)
    {
        assertEquals(INVALID_LONG, parseLong(s));
    }

    @Test
    void parseInt()
    {
        assertEquals(Integer.MAX_VALUE, AsciiNumbers.parseIntAscii(FixText.buffer("2147483647"), 0, 10));
        assertEquals(INVALID_INT, AsciiNumbers.parseIntAscii(FixText.buffer("2147483648"), 0, 10));
        assertEquals(-5, AsciiNumbers.parseIntAscii(FixText.buffer("-5"), 0, 2));
    }

    @Test
    void formatRandomLongsRoundTrip()
    {
        final Random random = new Random(1);
        for (int i = 0; i < 10_000; i++)
        {
            final long value = random.nextLong() >> random.nextInt(64);
            final int length = AsciiNumbers.formatLongAscii(buffer, 0, value);
            assertEquals(Long.toString(value), buffer.getStringWithoutLengthAscii(0, length));
            if (value != Long.MIN_VALUE)
            {
                assertEquals(value, AsciiNumbers.parseLongAscii(buffer, 0, length));
            }
        }
        final int length = AsciiNumbers.formatLongAscii(buffer, 0, Long.MIN_VALUE);
        assertEquals(Long.toString(Long.MIN_VALUE), buffer.getStringWithoutLengthAscii(0, length));
    }

    @Test
    void formatPositiveLongEdges()
    {
        for (final long value : new long[] {0, 9, 10, 99, 100, 101, 999_999, Long.MAX_VALUE})
        {
            final int length = AsciiNumbers.formatPositiveLongAscii(buffer, 0, value);
            assertEquals(Long.toString(value), buffer.getStringWithoutLengthAscii(0, length));
        }
    }

    @Test
    void formatChecksumThreeDigits()
    {
        for (int checksum = 0; checksum < 256; checksum++)
        {
            AsciiNumbers.formatChecksum3Ascii(buffer, 0, checksum);
            assertEquals(String.format("%03d", checksum), buffer.getStringWithoutLengthAscii(0, 3));
        }
    }

    @Test
    void formatDecimalMatchesBigDecimalForScalesZeroToNine()
    {
        final Random random = new Random(2);
        for (int scale = 0; scale <= 9; scale++)
        {
            for (int i = 0; i < 500; i++)
            {
                final long mantissa = random.nextLong() >> random.nextInt(64);
                final int length = AsciiNumbers.formatDecimalAscii(buffer, 0, mantissa, scale);
                assertEquals(BigDecimal.valueOf(mantissa, scale).toPlainString(),
                    buffer.getStringWithoutLengthAscii(0, length), mantissa + "e-" + scale);
            }
        }
        assertEquals("-0.005", format(-5, 3));
        assertEquals("700", format(7, -2));
        assertEquals("0", format(0, -2));
        assertEquals("-922337203685477.5808", format(Long.MIN_VALUE, 4));
    }

    private String format(final long mantissa, final int scale)
    {
        return buffer.getStringWithoutLengthAscii(0, AsciiNumbers.formatDecimalAscii(buffer, 0, mantissa, scale));
    }

    private static long scaled(final String s, final int scale)
    {
        return AsciiNumbers.parseDecimalScaled(FixText.buffer(s), 0, s.length(), scale);
    }

    @Test
    void parseDecimalScaled()
    {
        assertEquals(1_234_500, scaled("1.2345", 6));
        assertEquals(-1_234_500, scaled("-1.2345", 6));
        assertEquals(100_000_000, scaled("100", 6));
        assertEquals(100_000_000, scaled("100.", 6));
        assertEquals(500_000, scaled(".5", 6));
        assertEquals(1_234_567, scaled("1.2345670000", 6));
        assertEquals(9_007_199_254_740_993L, scaled("9007199254740993", 0));
        assertEquals(INVALID_LONG, scaled("1.2345678", 6));
        assertEquals(INVALID_LONG, scaled("1.2.3", 6));
        assertEquals(INVALID_LONG, scaled("", 6));
        assertEquals(INVALID_LONG, scaled(".", 6));
        assertEquals(INVALID_LONG, scaled("-", 6));
        assertEquals(INVALID_LONG, scaled("1e5", 6));
        assertEquals(INVALID_LONG, scaled("99999999999999", 6));
    }

    /** The split integer/fraction loops and the table-based final scaling against BigDecimal, near overflow too. */
    @Test
    void parseDecimalScaledMatchesBigDecimal()
    {
        final java.util.Random random = new java.util.Random(20261202);
        final char[] alphabet = "0123456789999.-".toCharArray();
        final java.math.BigDecimal max = java.math.BigDecimal.valueOf(Long.MAX_VALUE);
        for (int n = 0; n < 200_000; n++)
        {
            final StringBuilder text = new StringBuilder();
            final int length = 1 + random.nextInt(22);
            for (int i = 0; i < length; i++)
            {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            final String s = text.toString();
            final int scale = random.nextInt(19);
            long expected = INVALID_LONG;
            if (s.matches("-?[0-9]*(\\.[0-9]*)?") && s.matches(".*[0-9].*"))
            {
                final java.math.BigDecimal value = new java.math.BigDecimal(s).movePointRight(scale);
                if (value.stripTrailingZeros().scale() <= 0 && value.abs().compareTo(max) <= 0)
                {
                    expected = value.longValueExact();
                }
            }
            assertEquals(expected, scaled(s, scale), s + " at scale " + scale);
            // the same value followed by other bytes: short values take the one-word path
            final byte[] padded = new byte[s.length() + 8];
            for (int i = 0; i < padded.length; i++)
            {
                padded[i] = i < s.length() ? (byte)s.charAt(i) : (byte)alphabet[random.nextInt(alphabet.length)];
            }
            assertEquals(expected, AsciiNumbers.parseDecimalScaled(new org.agrona.concurrent.UnsafeBuffer(padded), 0,
                s.length(), scale), s + " at scale " + scale + ", followed by other bytes");
        }
    }
}
