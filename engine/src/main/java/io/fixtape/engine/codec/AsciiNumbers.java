package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * ASCII integer and exact-decimal conversions on Agrona buffers: no allocation, no exceptions on bad input (a
 * sentinel comes back instead), no {@code double}. Stateless and thread-safe.
 */
public final class AsciiNumbers
{
    /** Returned by the long parsers for malformed or overflowing input. {@code Long.MIN_VALUE} itself is rejected. */
    public static final long INVALID_LONG = Long.MIN_VALUE;
    /** Returned by {@link #parseIntAscii} for malformed or overflowing input. */
    public static final int INVALID_INT = Integer.MIN_VALUE;

    private static final long[] POWERS_OF_TEN = new long[19];
    private static final byte[] DIGIT_PAIRS = new byte[200];

    static
    {
        long power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++)
        {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
        for (int i = 0; i < 100; i++)
        {
            DIGIT_PAIRS[i << 1] = (byte)('0' + i / 10);
            DIGIT_PAIRS[(i << 1) + 1] = (byte)('0' + i % 10);
        }
    }

    private AsciiNumbers()
    {
    }

    /** 10^n for n in 0..18. */
    public static long powerOfTen(final int n)
    {
        return POWERS_OF_TEN[n];
    }

    /**
     * Parses an optionally negative decimal integer ({@code -?[0-9]+}) of at most 19 digits, leading zeros included
     * (the work per value is bounded; no counterparty pads a number that far).
     *
     * @return the value, or {@link #INVALID_LONG} when empty, not a number, too long, or outside the long range.
     */
    public static long parseLongAscii(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length <= 0)
        {
            return INVALID_LONG;
        }
        final boolean negative = buffer.getByte(offset) == '-';
        int position = negative ? offset + 1 : offset;
        final int end = offset + length;
        final int digits = end - position;
        if (digits <= 0 || digits > 19)
        {
            return INVALID_LONG;
        }
        long value = 0;
        if (digits <= 18)
        {
            while (position < end)
            {
                final int digit = buffer.getByte(position++) - '0';
                if (digit < 0 || digit > 9)
                {
                    return INVALID_LONG;
                }
                value = value * 10 + digit;
            }
        }
        else
        {
            while (position < end)
            {
                final int digit = buffer.getByte(position++) - '0';
                if (digit < 0 || digit > 9 || value > (Long.MAX_VALUE - digit) / 10)
                {
                    return INVALID_LONG;
                }
                value = value * 10 + digit;
            }
        }
        return negative ? -value : value;
    }

    /**
     * As {@link #parseLongAscii} for int, at most 12 characters with the sign; {@link #INVALID_INT} when malformed,
     * too long or outside the int range.
     */
    public static int parseIntAscii(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length > 12)
        {
            return INVALID_INT;
        }
        final long value = parseLongAscii(buffer, offset, length);
        return value > Integer.MAX_VALUE || value <= Integer.MIN_VALUE ? INVALID_INT : (int)value;
    }

    /** Number of decimal digits of a non-negative value (1 for 0). */
    public static int digitCount(final long value)
    {
        return AsciiDigits.digitCount(value);
    }

    /**
     * Writes a non-negative value; returns the number of bytes written. Stores only those bytes: the digits come
     * out of SWAR arithmetic eight at a time (see {@link AsciiDigits}), after one bounds check.
     */
    public static int formatPositiveLongAscii(final MutableDirectBuffer buffer, final int offset, final long value)
    {
        final int length = AsciiDigits.digitCount(value);
        checkRange(buffer, offset, length);
        return AsciiDigits.writeUnsigned(buffer.byteArray(), buffer.addressOffset() + offset, value, true);
    }

    /** Writes any long, with a leading {@code -} when negative; returns the number of bytes written. */
    public static int formatLongAscii(final MutableDirectBuffer buffer, final int offset, final long value)
    {
        final int length = value < 0 ? 1 + AsciiDigits.digitCount(-value) : AsciiDigits.digitCount(value);
        checkRange(buffer, offset, length);
        return AsciiDigits.writeSigned(buffer.byteArray(), buffer.addressOffset() + offset, value, true);
    }

    /** Writes a checksum (0..255) as exactly three digits, e.g. {@code 007}. */
    public static void formatChecksum3Ascii(final MutableDirectBuffer buffer, final int offset, final int checksum)
    {
        final int pair = (checksum % 100) << 1;
        buffer.putByte(offset, (byte)('0' + checksum / 100));
        buffer.putByte(offset + 1, DIGIT_PAIRS[pair]);
        buffer.putByte(offset + 2, DIGIT_PAIRS[pair + 1]);
    }

    /**
     * Writes mantissa * 10^-scale exactly: {@code (12345, 4)} is {@code 1.2345}, {@code (-5, 3)} is {@code -0.005},
     * {@code (7, -2)} is {@code 700}. Trailing zeros are kept ({@code (150, 2)} is {@code 1.50}).
     *
     * @param scale -18..18.
     * @return the number of bytes written.
     */
    public static int formatDecimalAscii(
        final MutableDirectBuffer buffer, final int offset, final long mantissa, final int scale)
    {
        checkRange(buffer, offset, decimalLength(mantissa, scale));
        return AsciiDigits.writeDecimal(buffer.byteArray(), buffer.addressOffset() + offset, mantissa, scale, true);
    }

    /** Bytes {@link #formatDecimalAscii} writes. */
    static int decimalLength(final long mantissa, final int scale)
    {
        final int sign = mantissa < 0 ? 1 : 0;
        final int digits = AsciiDigits.digitCount(mantissa < 0 ? -mantissa : mantissa);
        if (scale <= 0)
        {
            return sign + digits + (mantissa != 0 ? -scale : 0);
        }
        return sign + Math.max(digits, scale + 1) + 1;
    }

    /** One check for a whole number (an expandable buffer grows), then the writers store unchecked. */
    private static void checkRange(final MutableDirectBuffer buffer, final int offset, final int length)
    {
        buffer.checkLimit(offset + length);
        buffer.boundsCheck(offset, length);
    }

    // Long.MAX_VALUE / 10^n: the largest value parseDecimalScaled can still scale up by n digits
    private static final long[] MAX_BEFORE_SCALING = maxBeforeScaling();

    private static long[] maxBeforeScaling()
    {
        final long[] limits = new long[19];
        long limit = Long.MAX_VALUE;
        for (int i = 0; i < limits.length; i++)
        {
            limits[i] = limit;
            limit /= 10;
        }
        return limits;
    }

    /**
     * Parses a FIX float into a long at a fixed scale: with {@code scale} 6, {@code "1.2345"} gives 1234500.
     * Digits beyond {@code scale} must be zeros (an exact conversion or none).
     *
     * @return the scaled value, or {@link #INVALID_LONG} when malformed, inexact or out of range.
     */
    public static long parseDecimalScaled(
        final DirectBuffer buffer, final int offset, final int length, final int scale)
    {
        if (length <= 0 || scale < 0 || scale > 18)
        {
            return INVALID_LONG;
        }
        if (length <= 8 && offset >= 0 && buffer.capacity() - offset >= 8)
        {
            // up to 8 bytes shaped digits[.digits] with no more fraction digits than the scale: one word
            // (Decimal.parseShort); anything else, e.g. extra fraction digits that must be zeros, below
            final long parsed = Decimal.parseShort(buffer.getLong(offset, java.nio.ByteOrder.LITTLE_ENDIAN), length);
            final int missing = scale - (int)(parsed & 0xFF);
            if (parsed >= 0 && missing >= 0)
            {
                final long value = parsed >>> 8;
                return value > MAX_BEFORE_SCALING[missing] ? INVALID_LONG : value * POWERS_OF_TEN[missing];
            }
        }
        // one range check, then raw reads
        buffer.boundsCheck(offset, length);
        final byte[] base = buffer.byteArray();
        final long address = buffer.addressOffset();
        final int end = offset + length;
        int position = offset;
        final boolean negative = RawBytes.getByte(base, address + position) == '-';
        if (negative)
        {
            position++;
        }
        // integer part: below 18 digits the value cannot overflow, so the exact check runs only on long inputs
        long value = 0;
        int digits = 0;
        int fractionDigits = -1;
        while (position < end)
        {
            final byte b = RawBytes.getByte(base, address + position++);
            final int digit = b - '0';
            if (digit < 0 || digit > 9)
            {
                if (b != '.')
                {
                    return INVALID_LONG;
                }
                fractionDigits = 0;
                break;
            }
            if (++digits >= 18 && value > (Long.MAX_VALUE - digit) / 10)
            {
                return INVALID_LONG;
            }
            value = value * 10 + digit;
        }
        // fraction: up to scale digits are kept, any beyond must be zeros
        while (position < end)
        {
            final int digit = RawBytes.getByte(base, address + position++) - '0';
            if (digit < 0 || digit > 9)
            {
                return INVALID_LONG; // includes a second '.'
            }
            digits++;
            if (fractionDigits == scale)
            {
                if (digit != 0)
                {
                    return INVALID_LONG;
                }
                continue;
            }
            fractionDigits++;
            if (digits >= 18 && value > (Long.MAX_VALUE - digit) / 10)
            {
                return INVALID_LONG;
            }
            value = value * 10 + digit;
        }
        if (digits == 0)
        {
            return INVALID_LONG;
        }
        final int missing = scale - Math.max(fractionDigits, 0);
        if (missing > 0)
        {
            if (value > MAX_BEFORE_SCALING[missing])
            {
                return INVALID_LONG;
            }
            value *= POWERS_OF_TEN[missing];
        }
        return negative ? -value : value;
    }
}
