package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalTest
{
    private final Decimal decimal = new Decimal();

    private boolean parse(final String s)
    {
        return decimal.parse(FixText.buffer(s), 0, s.length());
    }

    @Test
    void parsesMantissaAndScale()
    {
        assertTrue(parse("1.2345"));
        assertEquals(new Decimal(12345, 4), decimal);
        assertTrue(parse("-0.50"));
        assertEquals(new Decimal(-50, 2), decimal);
        assertTrue(parse("100"));
        assertEquals(new Decimal(100, 0), decimal);
        assertTrue(parse("9007199254740993"));
        assertEquals(new Decimal(9_007_199_254_740_993L, 0), decimal);
        assertTrue(parse("9007199254740.993"));
        assertEquals(new Decimal(9_007_199_254_740_993L, 3), decimal);
        assertTrue(parse(".5"));
        assertEquals(new Decimal(5, 1), decimal);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", ".", "1.2.3", "1,5", "+1", "1e3", "NaN", "99999999999999999999",
        "0.1234567890123456789"})
    void rejectsAndLeavesValueUnchanged(final String s)
    {
        decimal.set(7, 1);
        assertFalse(parse(s));
        assertEquals(new Decimal(7, 1), decimal);
    }

    @Test
    void twoToTheFiftyThreePlusOneSurvivesEncodeDecodeAtEveryScale()
    {
        final long mantissa = (1L << 53) + 1;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        for (int scale = 0; scale <= 9; scale++)
        {
            for (final long m : new long[] {mantissa, -mantissa})
            {
                final int length = AsciiNumbers.formatDecimalAscii(buffer, 0, m, scale);
                assertTrue(decimal.parse(buffer, 0, length));
                assertEquals(m, decimal.mantissa());
                assertEquals(scale, decimal.scale());
            }
        }
    }

    @Test
    void randomRoundTripsMatchBigDecimal()
    {
        final Random random = new Random(4);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        for (int i = 0; i < 20_000; i++)
        {
            final long mantissa = random.nextLong() >> random.nextInt(64);
            if (mantissa == Long.MIN_VALUE)
            {
                continue;
            }
            final int scale = random.nextInt(10);
            final int length = AsciiNumbers.formatDecimalAscii(buffer, 0, mantissa, scale);
            assertTrue(decimal.parse(buffer, 0, length));
            assertEquals(BigDecimal.valueOf(mantissa, scale),
                BigDecimal.valueOf(decimal.mantissa(), decimal.scale()));
        }
    }

    @Test
    void rescaling()
    {
        decimal.set(12345, 4);
        assertEquals(1_234_500, decimal.toScaled(6));
        assertEquals(AsciiNumbers.INVALID_LONG, decimal.toScaled(2));
        assertEquals(150, new Decimal(1500, 3).toScaled(2));
        assertEquals(AsciiNumbers.INVALID_LONG, new Decimal(Long.MAX_VALUE / 5, 0).toScaled(1));
        assertTrue(new Decimal(15, 1).valueEquals(new Decimal(150, 2)));
        assertFalse(new Decimal(15, 1).valueEquals(new Decimal(151, 2)));
        assertEquals("-0.0050", new Decimal(-50, 4).toString());
    }

    /**
     * The one-word path (values of up to 8 bytes with 8 readable bytes from their start) and the byte loop give the
     * same answer: each random value is parsed once from a buffer that ends right after it (byte loop) and once
     * followed by random bytes (word path), also at every offset 0..7.
     */
    @Test
    void wordPathMatchesTheByteLoop()
    {
        final byte[] alphabet = "0123456789.-+ a\u0001".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        final Random random = new Random(17);
        final Decimal viaLoop = new Decimal();
        final Decimal viaWord = new Decimal();
        int wordParsed = 0;
        for (int n = 0; n < 200_000; n++)
        {
            final int length = 1 + random.nextInt(8);
            final byte[] value = new byte[length];
            for (int i = 0; i < length; i++)
            {
                value[i] = random.nextInt(4) == 0 ? alphabet[random.nextInt(alphabet.length)] :
                    (byte)('0' + random.nextInt(10));
            }
            final int offset = n & 7;
            final byte[] exact = new byte[offset + length];
            System.arraycopy(value, 0, exact, offset, length);
            final byte[] padded = new byte[offset + 16];
            random.nextBytes(padded);
            System.arraycopy(value, 0, padded, offset, length);
            viaLoop.set(-1, -1);
            viaWord.set(-1, -1);
            final boolean loopOk = viaLoop.parse(new UnsafeBuffer(exact), offset, length);
            final boolean wordOk = viaWord.parse(new UnsafeBuffer(padded), offset, length);
            final String text = new String(value, java.nio.charset.StandardCharsets.ISO_8859_1);
            assertEquals(loopOk, wordOk, text);
            assertEquals(viaLoop.mantissa(), viaWord.mantissa(), text); // equals() ignores the scale: compare both
            assertEquals(viaLoop.scale(), viaWord.scale(), text);
            wordParsed += Decimal.parseShort(new UnsafeBuffer(padded).getLong(offset, java.nio.ByteOrder.LITTLE_ENDIAN),
                length) >= 0 ? 1 : 0;
        }
        assertTrue(wordParsed > 20_000, "values taken by the word path: " + wordParsed);
    }
}
