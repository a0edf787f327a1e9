package io.fixtape.engine.codec;

/**
 * Decimal digits by SWAR arithmetic, written at raw {@code (base, address)} (see {@link RawBytes}): eight digits of
 * a number below 10^8 come out of a few multiplications as one 8-byte word, most significant digit first, so a
 * number is one or two 8-byte stores instead of a division and a bounds-checked store per digit.
 *
 * <p>Every writer takes {@code exact}: {@code true} stores only the bytes of the number (the public
 * {@link AsciiNumbers} methods, which must not touch the caller's bytes after it); {@code false} may store whole
 * words and so write up to 7 bytes of scratch past the number's end (the encoder, which overwrites them with the
 * next field and reserves room for them). Call sites pass a constant, so the JIT keeps one branch. Numbers are
 * unsigned here: a negative {@code long} is read as its unsigned value, which is how {@code |Long.MIN_VALUE|}
 * (2^63) is written. Stateless and thread-safe.
 */
final class AsciiDigits
{
    static final long ZEROS = 0x3030_3030_3030_3030L;
    private static final long TEN_POW_8 = 100_000_000L;
    private static final long TEN_POW_16 = TEN_POW_8 * TEN_POW_8;

    private AsciiDigits()
    {
    }

    /** 10^n for n in 0..18 (the table the parsers use too). */
    static long powerOfTen(final int n)
    {
        return AsciiNumbers.powerOfTen(n);
    }

    /**
     * The 8 decimal digits of {@code value} (0 ≤ value < 10^8), zero-padded, as digit values 0..9 one per byte,
     * most significant digit in the lowest byte. Two 4-digit halves in 32-bit lanes, split into four 2-digit
     * 16-bit lanes ({@code x * 5243 >>> 19} is {@code x / 100} below 43,699) and then into eight 1-digit bytes
     * ({@code x * 103 >>> 10} is {@code x / 10} below 179). No lane overflows into its neighbour.
     */
    static long digits8(final int value)
    {
        final int high = value / 10_000;
        final long x = high | (long)(value - high * 10_000) << 32;
        final long hundreds = ((x * 5243) >>> 19) & 0x0000_007F_0000_007FL;
        final long pairs = hundreds | (x - hundreds * 100) << 16;
        final long tens = ((pairs * 103) >>> 10) & 0x000F_000F_000F_000FL;
        return tens | (pairs - tens * 10) << 8;
    }

    /** The 8 zero-padded ASCII digits of {@code value} (below 10^8), first digit in the lowest byte. */
    static long ascii8(final int value)
    {
        return digits8(value) + ZEROS;
    }

    /** Leading zero digits of a {@link #digits8} word: 0..7 (7 for zero, which keeps its one digit). */
    static int leadingZeros(final long digits)
    {
        return Long.numberOfTrailingZeros(digits | 1L << 56) >>> 3;
    }

    /** Decimal digits of an unsigned value: 1 for 0, 19 for Long.MAX_VALUE, 20 for negative (2^63 and up). */
    static int digitCount(final long value)
    {
        if (value < 0)
        {
            return 20 - (Long.compareUnsigned(value, -8_446_744_073_709_551_616L) < 0 ? 1 : 0);
        }
        // from the bit length (1233/4096 ~ log10(2)), corrected by one comparison; `| 1` makes 0 count as 1 digit
        // and changes no other comparison (every 10^t above 1 is even)
        // the correction is the sign bit of a difference, not a comparison: a `?:` would be a branch whose direction
        // depends on the value, an uncommon trap in C2 code when a length first crosses a power of ten
        final long odd = value | 1;
        final int guess = ((64 - Long.numberOfLeadingZeros(odd)) * 1233) >>> 12;
        return guess + 1 - (int)((odd - powerOfTen(guess)) >>> 63);
    }

    /**
     * Writes an unsigned value; returns the digit count. With {@code exact} false, up to 7 bytes after the digits
     * are scratch.
     */
    static int writeUnsigned(final Object base, final long address, final long value, final boolean exact)
    {
        if (value >= 0 && value < 10)
        {
            RawBytes.putByte(base, address, '0' + (int)value);
            return 1;
        }
        if (value >= 0 && value < TEN_POW_8)
        {
            return writeHead(base, address, (int)value, exact);
        }
        if (value >= 0 && value < TEN_POW_16)
        {
            final long high = value / TEN_POW_8;
            final int length = writeHead(base, address, (int)high, exact);
            RawBytes.putLong(base, address + length, ascii8((int)(value - high * TEN_POW_8)));
            return length + 8;
        }
        final long top = Long.divideUnsigned(value, TEN_POW_16);
        final long rest = Long.remainderUnsigned(value, TEN_POW_16);
        final long middle = rest / TEN_POW_8;
        final int length = writeHead(base, address, (int)top, exact);
        RawBytes.putLong(base, address + length, ascii8((int)middle));
        RawBytes.putLong(base, address + length + 8, ascii8((int)(rest - middle * TEN_POW_8)));
        return length + 16;
    }

    /** Writes a signed value (a leading {@code -} when negative); returns the byte count. */
    static int writeSigned(final Object base, final long address, final long value, final boolean exact)
    {
        if (value >= 0)
        {
            return writeUnsigned(base, address, value, exact);
        }
        RawBytes.putByte(base, address, '-');
        return 1 + writeUnsigned(base, address + 1, -value, exact);
    }

    /** The digits of {@code value} (below 10^8) without leading zeros. */
    private static int writeHead(final Object base, final long address, final int value, final boolean exact)
    {
        final long digits = digits8(value);
        final int zeros = leadingZeros(digits);
        final long ascii = (digits + ZEROS) >>> (zeros << 3);
        final int length = 8 - zeros;
        store(base, address, ascii, length, exact);
        return length;
    }

    /**
     * Writes an unsigned value zero-padded to exactly {@code width} digits (width ≥ its digit count); returns
     * width. With {@code exact} false, up to 7 bytes after the digits are scratch.
     */
    static int writePadded(
        final Object base, final long address, final long value, final int width, final boolean exact)
    {
        if (width <= 8)
        {
            store(base, address, ascii8((int)value) >>> ((8 - width) << 3), width, exact);
            return width;
        }
        final int zeros = width - digitCount(value);
        for (int i = 0; i < zeros; i++)
        {
            RawBytes.putByte(base, address + i, '0');
        }
        writeUnsigned(base, address + zeros, value, exact);
        return width;
    }

    /**
     * Writes {@code mantissa * 10^-scale} exactly: {@code (12345, 4)} is {@code 1.2345}, {@code (-5, 3)} is
     * {@code -0.005}, {@code (7, -2)} is {@code 700}, {@code (150, 2)} is {@code 1.50} (trailing zeros kept), zero
     * with a negative scale is {@code 0}. Returns the byte count.
     */
    static int writeDecimal(
        final Object base, final long address, final long mantissa, final int scale, final boolean exact)
    {
        int sign = 0;
        long magnitude = mantissa;
        if (mantissa < 0)
        {
            RawBytes.putByte(base, address, '-');
            sign = 1;
            magnitude = -mantissa; // Long.MIN_VALUE stays 2^63 read unsigned
        }
        final long at = address + sign;
        if (scale > 0 && scale < 8 && magnitude >= 0 && magnitude < TEN_POW_8)
        {
            // all digits in one word: keep the last max(digits, scale + 1) of the 8 padded ones, then put '.'
            // before the last `scale` by storing the fraction again one byte further on
            final long digits = digits8((int)magnitude);
            final int total = Math.max(8 - leadingZeros(digits), scale + 1);
            final int integerDigits = total - scale;
            final long ascii = (digits + ZEROS) >>> ((8 - total) << 3);
            store(base, at, ascii, integerDigits, exact);
            RawBytes.putByte(base, at + integerDigits, '.');
            store(base, at + integerDigits + 1, ascii >>> (integerDigits << 3), scale, exact);
            return sign + total + 1;
        }
        if (scale > 0 && scale <= 8 && magnitude >= 0 && magnitude < TEN_POW_16)
        {
            // 9..16 digits: a head word and a full low word, the fraction all inside the low word
            final long high = magnitude / TEN_POW_8;
            final long low = ascii8((int)(magnitude - high * TEN_POW_8));
            final int total = Math.max(digitCount(magnitude), scale + 1);
            final int headDigits = total - 8;
            store(base, at, ascii8((int)high) >>> ((8 - headDigits) << 3), headDigits, exact);
            RawBytes.putLong(base, at + headDigits, low);
            final int integerDigits = total - scale;
            RawBytes.putByte(base, at + integerDigits, '.');
            store(base, at + integerDigits + 1, low >>> ((8 - scale) << 3), scale, exact);
            return sign + total + 1;
        }
        return sign + writeDecimalGeneral(base, at, magnitude, scale, exact);
    }

    /** Any scale and magnitude (unsigned): integer part, '.', fraction padded to the scale. */
    private static int writeDecimalGeneral(
        final Object base, final long address, final long magnitude, final int scale, final boolean exact)
    {
        if (scale <= 0)
        {
            int length = writeUnsigned(base, address, magnitude, exact);
            if (magnitude != 0)
            {
                for (int i = 0; i < -scale; i++)
                {
                    RawBytes.putByte(base, address + length++, '0');
                }
            }
            return length;
        }
        // an unsigned 2^63 has 19 digits, so for scale 19 and up the integer part is 0
        final long integer = scale <= 18 ? Long.divideUnsigned(magnitude, powerOfTen(scale)) : 0;
        final long fraction = scale <= 18 ? Long.remainderUnsigned(magnitude, powerOfTen(scale)) : magnitude;
        final int length = writeUnsigned(base, address, integer, exact);
        RawBytes.putByte(base, address + length, '.');
        return length + 1 + writePadded(base, address + length + 1, fraction, scale, exact);
    }

    private static void store(
        final Object base, final long address, final long word, final int length, final boolean exact)
    {
        if (exact)
        {
            RawBytes.putExact(base, address, word, length);
        }
        else
        {
            RawBytes.putLong(base, address, word);
        }
    }
}
