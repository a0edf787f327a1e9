package io.fixtape.engine.codec;

/**
 * Writes one {@code tag=value<SOH>} field at a raw {@code (base, address)} (see {@link RawBytes}) and returns its
 * {@link AsciiDigits#result}: length and byte sum (the encoder's CheckSum is the sum of these). Shared by {@link FixEncoder} and {@link FieldTemplate} so both produce identical bytes. Stateless.
 *
 * <p>Unchecked and word-wise: a call may store up to {@link #SCRATCH} bytes past the field it returns, which the
 * next field (or the trailer) overwrites. The caller reserves {@link #FIXED_FIELD_MAX} bytes for a number, char,
 * decimal, date or timestamp field, and {@link #variableFieldMax} for a string or byte field.
 */
final class FieldWriter
{
    static final byte SOH = 1;
    static final byte EQUALS = '=';
    /** Bytes a word store may write past the end of what it writes. */
    static final int SCRATCH = 8;
    /** Longest {@code tag=} ({@code 2147483647=}). */
    private static final int TAG_MAX = 11;
    /** Bound on one fixed-size field plus scratch: tag, a decimal of scale -18..18 (≤ 40 bytes), SOH, scratch. */
    static final int FIXED_FIELD_MAX = 64;

    private FieldWriter()
    {
    }

    /** Bound on a string or bytes field of {@code valueLength} plus scratch. */
    static int variableFieldMax(final int valueLength)
    {
        return TAG_MAX + valueLength + 1 + SCRATCH;
    }

    /**
     * Writes {@code <tag>=}. A tag below 10,000 is one 8-byte store of a packed word; with a constant tag (an
     * inlined {@code putLong(Tags.PRICE, …)}) the JIT folds the packing and its byte sum to constants.
     */
    static long tag(final Object base, final long address, final int tag)
    {
        final long word;
        final int length;
        if (tag >= 0 && tag < 10)
        {
            word = '0' + tag | EQUALS << 8;
            length = 2;
        }
        else if (tag >= 0 && tag < 100)
        {
            word = '0' + tag / 10 | ('0' + tag % 10) << 8 | EQUALS << 16;
            length = 3;
        }
        else if (tag >= 0 && tag < 1000)
        {
            word = '0' + tag / 100 | ('0' + tag / 10 % 10) << 8 | ('0' + tag % 10) << 16 | EQUALS << 24;
            length = 4;
        }
        else if (tag >= 0 && tag < 10_000)
        {
            word = '0' + tag / 1000 | ('0' + tag / 100 % 10) << 8 | ('0' + tag / 10 % 10) << 16 |
                ('0' + tag % 10) << 24 | (long)EQUALS << 32;
            length = 5;
        }
        else
        {
            final long digits = AsciiDigits.writeSigned(base, address, tag, false);
            RawBytes.putByte(base, address + AsciiDigits.length(digits), EQUALS);
            return digits + AsciiDigits.result(1, EQUALS);
        }
        RawBytes.putLong(base, address, word);
        return AsciiDigits.result(length, AsciiDigits.sumOfBytes(word));
    }

    /** The SOH after a value at {@code address}. */
    private static long soh(final Object base, final long address)
    {
        RawBytes.putByte(base, address, SOH);
        return AsciiDigits.result(1, SOH);
    }

    static long putLong(final Object base, final long address, final int tag, final long value)
    {
        final long tagPart = tag(base, address, tag);
        final long at = address + AsciiDigits.length(tagPart);
        final long valuePart = AsciiDigits.writeSigned(base, at, value, false);
        return tagPart + valuePart + soh(base, at + AsciiDigits.length(valuePart));
    }

    static long putChar(final Object base, final long address, final int tag, final char value)
    {
        final long tagPart = tag(base, address, tag);
        final int b = (byte)value & 0xFF;
        RawBytes.putShort(base, address + AsciiDigits.length(tagPart), b | SOH << 8);
        return tagPart + AsciiDigits.result(2, b + SOH);
    }

    /** ASCII string (a char above 127 is written as {@code ?}, as Agrona does). */
    static long putAscii(final Object base, final long address, final int tag, final CharSequence value)
    {
        final long tagPart = tag(base, address, tag);
        final int length = value.length();
        final long at = address + AsciiDigits.length(tagPart);
        long sum = 0;
        for (int i = 0; i < length; i++)
        {
            final char c = value.charAt(i);
            final int b = c > 127 ? '?' : c;
            RawBytes.putByte(base, at + i, b);
            sum += b;
        }
        return tagPart + AsciiDigits.result(length, sum) + soh(base, at + length);
    }

    static long putBytes(
        final Object base, final long address, final int tag, final Object sourceBase, final long sourceAddress,
        final int length)
    {
        final long tagPart = tag(base, address, tag);
        final long at = address + AsciiDigits.length(tagPart);
        final long sum = Checksum.copyAndSum(sourceBase, sourceAddress, base, at, length);
        return tagPart + AsciiDigits.result(length, sum) + soh(base, at + length);
    }

    static long putDecimal(final Object base, final long address, final int tag, final long mantissa, final int scale)
    {
        final long tagPart = tag(base, address, tag);
        final long at = address + AsciiDigits.length(tagPart);
        final long valuePart = AsciiDigits.writeDecimal(base, at, mantissa, scale, false);
        return tagPart + valuePart + soh(base, at + AsciiDigits.length(valuePart));
    }

    static long putDate(final Object base, final long address, final int tag, final int epochDay)
    {
        final long tagPart = tag(base, address, tag);
        final long at = address + AsciiDigits.length(tagPart);
        final long date = UtcTimestamps.packDate(epochDay);
        RawBytes.putLong(base, at, date);
        return tagPart + AsciiDigits.result(UtcTimestamps.DATE_LENGTH, AsciiDigits.sumOfBytes(date)) +
            soh(base, at + UtcTimestamps.DATE_LENGTH);
    }

    /** {@code 35=<msgType><SOH>}. */
    static long msgType(final Object base, final long address, final long packedMsgType)
    {
        final int length = (64 - Long.numberOfLeadingZeros(packedMsgType) + 7) >>> 3;
        RawBytes.putLong(base, address, '3' | '5' << 8 | EQUALS << 16 | packedMsgType << 24);
        if (length > 5)
        {
            RawBytes.putLong(base, address + 3, packedMsgType);
        }
        return AsciiDigits.result(3 + length, '3' + '5' + EQUALS + AsciiDigits.sumOfBytes(packedMsgType)) +
            soh(base, address + 3 + length);
    }
}
