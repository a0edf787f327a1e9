package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.AsciiNumbers;
import io.fixtape.engine.codec.MsgTypes;
import org.agrona.DirectBuffer;

/**
 * What generated enums use to map wire values to constants without allocation: text values of up to 8 characters
 * packed into a {@code long} (first character in the lowest byte, as the engine packs MsgType) for a binary search,
 * longer ones compared in place, numbers parsed from text. Stateless.
 */
public final class EnumCodes
{
    /** What {@link #parseInt} returns for text that is not an int. */
    public static final int NOT_AN_INT = AsciiNumbers.INVALID_INT;
    /** What the pack methods return for an empty value or one longer than 8 characters. */
    public static final long NOT_PACKED = MsgTypes.INVALID;

    private EnumCodes()
    {
    }

    /** Packs up to 8 ASCII characters; {@link #NOT_PACKED} when empty or longer. */
    public static long pack(final CharSequence value)
    {
        return MsgTypes.pack(value);
    }

    /** Packs up to 8 bytes; {@link #NOT_PACKED} when empty or longer. */
    public static long pack(final DirectBuffer buffer, final int offset, final int length)
    {
        return MsgTypes.pack(buffer, offset, length);
    }

    /** {@code -?[0-9]+} within the int range, else {@link #NOT_AN_INT}. */
    public static int parseInt(final CharSequence value)
    {
        final int length = value.length();
        if (length == 0 || length > 11)
        {
            return NOT_AN_INT;
        }
        final boolean negative = value.charAt(0) == '-';
        int i = negative ? 1 : 0;
        if (i == length)
        {
            return NOT_AN_INT;
        }
        long parsed = 0;
        for (; i < length; i++)
        {
            final int digit = value.charAt(i) - '0';
            if (digit < 0 || digit > 9)
            {
                return NOT_AN_INT;
            }
            parsed = parsed * 10 + digit;
        }
        final long signed = negative ? -parsed : parsed;
        return signed > Integer.MAX_VALUE || signed <= Integer.MIN_VALUE ? NOT_AN_INT : (int)signed;
    }

    /** Whether {@code value} has exactly the characters of {@code constant}. */
    public static boolean equals(final String constant, final CharSequence value)
    {
        final int length = constant.length();
        if (value.length() != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (constant.charAt(i) != value.charAt(i))
            {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code buffer[offset, offset + length)} holds exactly the ASCII characters of {@code constant}. */
    public static boolean equals(final String constant, final DirectBuffer buffer, final int offset, final int length)
    {
        if (constant.length() != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (constant.charAt(i) != (buffer.getByte(offset + i) & 0xFF))
            {
                return false;
            }
        }
        return true;
    }
}
