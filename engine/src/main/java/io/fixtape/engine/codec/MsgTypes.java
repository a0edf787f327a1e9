package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * MsgType (35) packed into a {@code long} for allocation-free dispatch: up to 8 ASCII bytes, first byte in the
 * lowest 8 bits. {@code "D"} packs to {@code 'D'}, {@code "AE"} to {@code 'A' | 'E' << 8}. Longer values do not
 * occur in any FIX version and pack to {@link #INVALID}.
 */
public final class MsgTypes
{
    public static final long INVALID = -1L;

    public static final long HEARTBEAT = '0';
    public static final long TEST_REQUEST = '1';
    public static final long RESEND_REQUEST = '2';
    public static final long REJECT = '3';
    public static final long SEQUENCE_RESET = '4';
    public static final long LOGOUT = '5';
    public static final long EXECUTION_REPORT = '8';
    public static final long ORDER_CANCEL_REJECT = '9';
    public static final long LOGON = 'A';
    public static final long NEW_ORDER_SINGLE = 'D';
    public static final long ORDER_CANCEL_REQUEST = 'F';
    public static final long ORDER_CANCEL_REPLACE_REQUEST = 'G';
    public static final long BUSINESS_MESSAGE_REJECT = 'j';
    public static final long SECURITY_DEFINITION = 'd';
    public static final long MARKET_DATA_REQUEST = 'V';
    public static final long MARKET_DATA_SNAPSHOT_FULL_REFRESH = 'W';
    public static final long MARKET_DATA_REQUEST_REJECT = 'Y';
    public static final long XML_MESSAGE = 'n';

    private MsgTypes()
    {
    }

    public static long pack(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length <= 0 || length > 8)
        {
            return INVALID;
        }
        long packed = 0;
        for (int i = 0; i < length; i++)
        {
            packed |= (buffer.getByte(offset + i) & 0xFFL) << (i << 3);
        }
        return packed;
    }

    public static long pack(final CharSequence value)
    {
        final int length = value.length();
        if (length <= 0 || length > 8)
        {
            return INVALID;
        }
        long packed = 0;
        for (int i = 0; i < length; i++)
        {
            packed |= (value.charAt(i) & 0xFFL) << (i << 3);
        }
        return packed;
    }

    /** Number of bytes in a packed MsgType. */
    public static int length(final long packed)
    {
        int length = 0;
        long rest = packed;
        while (rest != 0 && length < 8)
        {
            length++;
            rest >>>= 8;
        }
        return length;
    }

    /** Writes a packed MsgType as ASCII; returns the number of bytes written. */
    public static int write(final long packed, final org.agrona.MutableDirectBuffer buffer, final int offset)
    {
        final int length = length(packed);
        for (int i = 0; i < length; i++)
        {
            buffer.putByte(offset + i, (byte)(packed >>> (i << 3)));
        }
        return length;
    }

    /** For logs and tools only (allocates). */
    public static String toString(final long packed)
    {
        final StringBuilder sb = new StringBuilder(2);
        final int length = length(packed);
        for (int i = 0; i < length; i++)
        {
            sb.append((char)((packed >>> (i << 3)) & 0xFF));
        }
        return sb.toString();
    }

    /** Session-level (admin) message types: 0 1 2 3 4 5 A. */
    public static boolean isAdmin(final long packed)
    {
        return packed == HEARTBEAT || packed == TEST_REQUEST || packed == RESEND_REQUEST || packed == REJECT ||
            packed == SEQUENCE_RESET || packed == LOGOUT || packed == LOGON;
    }
}
