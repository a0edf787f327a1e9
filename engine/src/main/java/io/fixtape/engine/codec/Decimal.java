package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * Mutable exact decimal {@code mantissa * 10^-scale} for FIX Price/Qty/Amt/float fields: {@code "1.2345"} is
 * (12345, 4), {@code "-0.50"} is (-50, 2). The scale written on the wire is kept. Reuse one instance per call site;
 * never a {@code double}. Not thread-safe.
 */
public final class Decimal
{
    /** Largest number of digits after the point that {@link #parse} accepts. */
    public static final int MAX_SCALE = 18;

    private long mantissa;
    private int scale;

    public Decimal()
    {
    }

    public Decimal(final long mantissa, final int scale)
    {
        set(mantissa, scale);
    }

    public Decimal set(final long mantissa, final int scale)
    {
        this.mantissa = mantissa;
        this.scale = scale;
        return this;
    }

    public long mantissa()
    {
        return mantissa;
    }

    public int scale()
    {
        return scale;
    }

    /**
     * Parses {@code -?digits[.digits]} (a FIX float) in place.
     *
     * @return false, leaving this unchanged, when malformed or when the digits do not fit a long.
     */
    public boolean parse(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length > 0 && length <= 8 && offset >= 0 && buffer.capacity() - offset >= 8)
        {
            // most prices and quantities: up to 8 bytes, one word (bytes after the value are masked off)
            final long parsed = parseShort(buffer.getLong(offset, java.nio.ByteOrder.LITTLE_ENDIAN), length);
            if (parsed >= 0)
            {
                this.mantissa = parsed >>> 8;
                this.scale = (int)(parsed & 0xFF);
                return true;
            }
        }
        // the scale is the number of digits after the point; the digits themselves are parsed exactly at that scale
        int scale = 0;
        for (int i = offset + length - 1; i >= offset; i--)
        {
            if (buffer.getByte(i) == '.')
            {
                scale = offset + length - 1 - i;
                break;
            }
        }
        if (scale > MAX_SCALE)
        {
            return false;
        }
        final long value = AsciiNumbers.parseDecimalScaled(buffer, offset, length, scale);
        if (value == AsciiNumbers.INVALID_LONG)
        {
            return false;
        }
        this.mantissa = value;
        this.scale = scale;
        return true;
    }

    private static final long DOTS = 0x2E2E2E2E2E2E2E2EL;

    /**
     * The common shapes {@code digits} and {@code digits.digits} (no sign, 1 to 8 bytes in the low bytes of
     * {@code word}, first byte lowest), parsed without a byte loop: the '.' is found with exact per-byte flags and
     * squeezed out, the digits are checked eight at a time and combined by three multiply-add steps (pairs, then
     * fours, then eight). Returns {@code mantissa << 8 | scale}, or -1 for anything else (sign, no digit on one side
     * of the point, a second point, a non-digit), which the general loop then decides.
     */
    static long parseShort(final long word, final int length)
    {
        final long mask = length == 8 ? -1L : (1L << (length << 3)) - 1;
        long digits = word & mask;
        final long dots = AsciiWords.equalBytes(digits, DOTS); // bytes past the value are 0: no flag
        int scale = 0;
        if (dots != 0)
        {
            final int point = Long.numberOfTrailingZeros(dots) >>> 3;
            if ((dots & (dots - 1)) != 0 || point == 0 || point == length - 1)
            {
                return -1;
            }
            // the integer digits move up one byte over the point; byte 0 becomes a leading '0'
            final long below = (1L << (point << 3)) - 1;
            digits = ((digits & below) << 8) | (digits & ~(below << 8 | below)) | '0';
            scale = length - 1 - point;
        }
        // every value byte a digit (bytes past the value padded with '0' for the test)
        if (!AsciiWords.allDigits(AsciiWords.zeroPadded(digits, length)))
        {
            return -1;
        }
        // digit values, right-aligned so the last digit is the highest byte (leading zero bytes are zeros)
        long v = (digits & 0x0F0F0F0F0F0F0F0FL & mask) << ((8 - length) << 3);
        v = (v * 10 + (v >>> 8)) & 0x00FF00FF00FF00FFL;
        v = (v * 100 + (v >>> 16)) & 0x0000FFFF0000FFFFL;
        v = (v * 10000 + (v >>> 32)) & 0xFFFFFFFFL;
        return (v << 8) | scale;
    }

    /**
     * This value at another scale, e.g. (12345, 4) at scale 6 is 1234500.
     *
     * @return the scaled mantissa, or {@link AsciiNumbers#INVALID_LONG} if it would lose digits or overflow.
     */
    public long toScaled(final int targetScale)
    {
        if (targetScale == scale)
        {
            return mantissa;
        }
        if (targetScale > scale)
        {
            final int shift = targetScale - scale;
            if (shift > 18)
            {
                return mantissa == 0 ? 0 : AsciiNumbers.INVALID_LONG;
            }
            final long factor = AsciiNumbers.powerOfTen(shift);
            final long result = mantissa * factor;
            return result / factor == mantissa && result != Long.MIN_VALUE ? result : AsciiNumbers.INVALID_LONG;
        }
        final int shift = scale - targetScale;
        if (shift > 18)
        {
            return mantissa == 0 ? 0 : AsciiNumbers.INVALID_LONG;
        }
        final long factor = AsciiNumbers.powerOfTen(shift);
        return mantissa % factor == 0 ? mantissa / factor : AsciiNumbers.INVALID_LONG;
    }

    /** Same number regardless of scale: 1.5 equals 1.50. */
    public boolean valueEquals(final Decimal other)
    {
        if (scale == other.scale)
        {
            return mantissa == other.mantissa;
        }
        return scale > other.scale ? mantissa == other.toScaled(scale) : other.mantissa == toScaled(other.scale);
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof Decimal && ((Decimal)o).mantissa == mantissa && ((Decimal)o).scale == scale;
    }

    @Override
    public int hashCode()
    {
        return Long.hashCode(mantissa) * 31 + scale;
    }

    /** For logs and tests (allocates). */
    @Override
    public String toString()
    {
        final org.agrona.ExpandableArrayBuffer text = new org.agrona.ExpandableArrayBuffer(48);
        final int length = AsciiNumbers.formatDecimalAscii(text, 0, mantissa, scale);
        return text.getStringWithoutLengthAscii(0, length);
    }
}
