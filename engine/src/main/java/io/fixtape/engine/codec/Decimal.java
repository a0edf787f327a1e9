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
