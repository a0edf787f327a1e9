package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Edges of the SWAR number writers: every digit count, 0, Long.MAX_VALUE/MIN_VALUE, every scale -18..18, unaligned
 * offsets, and both store modes — exact (public AsciiNumbers methods: nothing after the number is touched) and
 * scratch (the encoder's FieldWriter: same bytes, scratch only within 7 bytes after them).
 */
class AsciiDigitsTest
{
    private static final byte SENTINEL = (byte)'#';
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(256));

    /** 0, 10^k - 1, 10^k, 10^k + 1 for every k, Long.MAX_VALUE, and neighbours of 2^k. */
    private static List<Long> edgeValues()
    {
        final List<Long> values = new ArrayList<>();
        values.add(0L);
        long power = 1;
        for (int k = 0; k <= 18; k++)
        {
            values.add(power - 1);
            values.add(power);
            values.add(power + 1);
            if (k < 18)
            {
                values.add(power * 10 - 1); // 99..9 of k+1 digits
            }
            power *= 10;
        }
        for (int bit = 0; bit < 63; bit++)
        {
            values.add(1L << bit);
            values.add((1L << bit) - 1);
        }
        values.add(Long.MAX_VALUE);
        values.add(Long.MAX_VALUE - 1);
        return values;
    }

    @Test
    void digitCountAtEveryPowerOfTen()
    {
        for (final long value : edgeValues())
        {
            assertEquals(Long.toString(value).length(), AsciiNumbers.digitCount(value), Long.toString(value));
        }
        assertEquals(19, AsciiDigits.digitCount(Long.MIN_VALUE)); // 2^63 unsigned
        assertEquals(20, AsciiDigits.digitCount(-1L)); // 2^64 - 1 unsigned
        assertEquals(19, AsciiDigits.digitCount(-8_446_744_073_709_551_617L)); // 10^19 - 1 unsigned
        assertEquals(20, AsciiDigits.digitCount(-8_446_744_073_709_551_616L)); // 10^19 unsigned
    }

    @Test
    void positiveAndSignedLongsAtEveryDigitCountAndOffsetTouchOnlyTheirBytes()
    {
        for (final long value : edgeValues())
        {
            for (int offset = 0; offset < 16; offset++)
            {
                final String expected = Long.toString(value);
                reset();
                final int length = AsciiNumbers.formatPositiveLongAscii(buffer, offset, value);
                assertExactly(expected, offset, length);
                reset();
                assertExactly(expected, offset, AsciiNumbers.formatLongAscii(buffer, offset, value));
                if (value > 0)
                {
                    reset();
                    assertExactly("-" + expected, offset, AsciiNumbers.formatLongAscii(buffer, offset, -value));
                }
            }
        }
        reset();
        assertExactly(Long.toString(Long.MIN_VALUE), 3, AsciiNumbers.formatLongAscii(buffer, 3, Long.MIN_VALUE));
    }

    @Test
    void decimalsAtEveryScaleAndDigitCountMatchBigDecimal()
    {
        final Random random = new Random(11);
        final List<Long> mantissas = new ArrayList<>();
        for (final long value : edgeValues())
        {
            mantissas.add(value);
            mantissas.add(-value);
        }
        mantissas.add(Long.MIN_VALUE);
        for (int i = 0; i < 200; i++)
        {
            mantissas.add(random.nextLong() >> random.nextInt(64));
        }
        for (int scale = -18; scale <= 18; scale++)
        {
            for (final long mantissa : mantissas)
            {
                final String expected = expectedDecimal(mantissa, scale);
                final int offset = (int)(mantissa & 7) + scale + 18 & 15;
                reset();
                final int length = AsciiNumbers.formatDecimalAscii(buffer, offset, mantissa, scale);
                assertExactly(expected, offset, length);
                assertEquals(expected.length(), AsciiNumbers.decimalLength(mantissa, scale));
                reset();
                final int scratchLength = AsciiDigits.writeDecimal(buffer.byteArray(), buffer.addressOffset() + offset,
                    mantissa, scale, false);
                assertEquals(expected, buffer.getStringWithoutLengthAscii(offset, scratchLength), mantissa + "e-" + scale);
                assertUntouchedFrom(offset + scratchLength + FieldWriter.SCRATCH - 1);
            }
        }
    }

    @Test
    void paddedDigitsAtEveryWidth()
    {
        for (int width = 1; width <= 19; width++)
        {
            for (final long value : new long[] {0, 1, 7, 42, 999})
            {
                reset();
                final int length = AsciiDigits.writePadded(buffer.byteArray(), buffer.addressOffset() + 5, value,
                    width, true);
                final String digits = Long.toString(value);
                final String expected = width >= digits.length() ? "0".repeat(width - digits.length()) + digits : null;
                if (expected != null)
                {
                    assertExactly(expected, 5, length);
                }
            }
        }
    }

    @Test
    void onHeapBuffersToo()
    {
        final UnsafeBuffer heap = new UnsafeBuffer(new byte[40]);
        final int length = AsciiNumbers.formatDecimalAscii(heap, 1, -123_456_789_012L, 5);
        assertEquals("-1234567.89012", heap.getStringWithoutLengthAscii(1, length));
    }

    private static String expectedDecimal(final long mantissa, final int scale)
    {
        if (mantissa == 0 && scale <= 0)
        {
            return "0";
        }
        return new BigDecimal(java.math.BigInteger.valueOf(mantissa), scale).toPlainString();
    }

    private void reset()
    {
        buffer.setMemory(0, buffer.capacity(), SENTINEL);
    }

    private void assertExactly(final String expected, final int offset, final int length)
    {
        assertEquals(expected, buffer.getStringWithoutLengthAscii(offset, length));
        for (int i = 0; i < offset; i++)
        {
            assertEquals(SENTINEL, buffer.getByte(i), "byte before the number at " + i);
        }
        assertUntouchedFrom(offset + length);
    }

    private void assertUntouchedFrom(final int from)
    {
        for (int i = from; i < buffer.capacity(); i++)
        {
            assertEquals(SENTINEL, buffer.getByte(i), "byte after the number at " + i);
        }
    }
}
