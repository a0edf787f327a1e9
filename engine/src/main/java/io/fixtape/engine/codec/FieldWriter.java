package io.fixtape.engine.codec;

/**
 * Writes one {@code tag=value<SOH>} field at a raw {@code (base, address)} (see {@link RawBytes}) and returns its
 * length. Shared by {@link FixEncoder} and {@link FieldTemplate} so both produce identical bytes. Stateless.
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
     * inlined {@code putLong(Tags.PRICE, …)}) the JIT folds the packing to a constant.
     */
    static int tag(final Object base, final long address, final int tag)
    {
        if (tag >= 0 && tag < 10)
        {
            RawBytes.putLong(base, address, '0' + tag | EQUALS << 8);
            return 2;
        }
        if (tag >= 0 && tag < 100)
        {
            RawBytes.putLong(base, address, '0' + tag / 10 | ('0' + tag % 10) << 8 | EQUALS << 16);
            return 3;
        }
        if (tag >= 0 && tag < 1000)
        {
            RawBytes.putLong(base, address, '0' + tag / 100 | ('0' + tag / 10 % 10) << 8 | ('0' + tag % 10) << 16 |
                EQUALS << 24);
            return 4;
        }
        if (tag >= 0 && tag < 10_000)
        {
            RawBytes.putLong(base, address, '0' + tag / 1000 | ('0' + tag / 100 % 10) << 8 |
                ('0' + tag / 10 % 10) << 16 | ('0' + tag % 10) << 24 | (long)EQUALS << 32);
            return 5;
        }
        final int length = AsciiDigits.writeSigned(base, address, tag, false);
        RawBytes.putByte(base, address + length, EQUALS);
        return length + 1;
    }

    static int putLong(final Object base, final long address, final int tag, final long value)
    {
        final int valueStart = tag(base, address, tag);
        final int end = valueStart + AsciiDigits.writeSigned(base, address + valueStart, value, false);
        RawBytes.putByte(base, address + end, SOH);
        return end + 1;
    }

    static int putChar(final Object base, final long address, final int tag, final char value)
    {
        final int valueStart = tag(base, address, tag);
        RawBytes.putShort(base, address + valueStart, (byte)value & 0xFF | SOH << 8);
        return valueStart + 2;
    }

    /** ASCII string (a char above 127 is written as {@code ?}, as Agrona does). */
    static int putAscii(final Object base, final long address, final int tag, final CharSequence value)
    {
        final int valueStart = tag(base, address, tag);
        final int length = value.length();
        final long at = address + valueStart;
        for (int i = 0; i < length; i++)
        {
            final char c = value.charAt(i);
            RawBytes.putByte(base, at + i, c > 127 ? '?' : c);
        }
        RawBytes.putByte(base, at + length, SOH);
        return valueStart + length + 1;
    }

    static int putBytes(
        final Object base, final long address, final int tag, final Object sourceBase, final long sourceAddress,
        final int length)
    {
        final int valueStart = tag(base, address, tag);
        RawBytes.copy(sourceBase, sourceAddress, base, address + valueStart, length);
        RawBytes.putByte(base, address + valueStart + length, SOH);
        return valueStart + length + 1;
    }

    static int putDecimal(final Object base, final long address, final int tag, final long mantissa, final int scale)
    {
        final int valueStart = tag(base, address, tag);
        final int end = valueStart + AsciiDigits.writeDecimal(base, address + valueStart, mantissa, scale, false);
        RawBytes.putByte(base, address + end, SOH);
        return end + 1;
    }

    static int putDate(final Object base, final long address, final int tag, final int epochDay)
    {
        final int valueStart = tag(base, address, tag);
        RawBytes.putLong(base, address + valueStart, UtcTimestamps.packDate(epochDay));
        RawBytes.putByte(base, address + valueStart + UtcTimestamps.DATE_LENGTH, SOH);
        return valueStart + UtcTimestamps.DATE_LENGTH + 1;
    }

    /** {@code 35=<msgType><SOH>}. */
    static int msgType(final Object base, final long address, final long packedMsgType)
    {
        final int length = (64 - Long.numberOfLeadingZeros(packedMsgType) + 7) >>> 3;
        RawBytes.putLong(base, address, '3' | '5' << 8 | EQUALS << 16 | packedMsgType << 24);
        if (length > 5)
        {
            RawBytes.putLong(base, address + 3, packedMsgType);
        }
        RawBytes.putByte(base, address + 3 + length, SOH);
        return length + 4;
    }
}
