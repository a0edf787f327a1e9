package io.fixtape.engine.codec;

import org.agrona.MutableDirectBuffer;

/**
 * Masks the secrets a FIX message may carry — Password (554), NewPassword (925), EncryptedPassword (1402) and
 * EncryptedNewPassword (1404) — in place: each value byte becomes {@code *}, so BodyLength stays right, and the
 * CheckSum (10) is recomputed, so the masked message is still a valid message (a replayed Logon still parses and
 * logs on; it only carries a password of asterisks). Which messages can carry them: {@link #mayCarryPasswords}.
 *
 * <p>Stateless, allocation-free.
 */
public final class PasswordFields
{
    /** The masking byte. */
    public static final byte MASK = '*';
    private static final int[] TAGS = {554, 925, 1402, 1404};
    private static final long USER_REQUEST = MsgTypes.pack("BE");

    private PasswordFields()
    {
    }

    /** Logon (A) and UserRequest (BE), the messages with password fields. */
    public static boolean mayCarryPasswords(final long msgType)
    {
        return msgType == MsgTypes.LOGON || msgType == USER_REQUEST;
    }

    /**
     * Mask every password field of the message at {@code offset} (a whole message, {@code 8=} to its CheckSum).
     *
     * @return the number of fields masked (0: the message is unchanged).
     */
    public static int mask(final MutableDirectBuffer buffer, final int offset, final int length)
    {
        int masked = 0;
        int checksumField = -1;
        final int end = offset + length;
        int fieldStart = offset;
        while (fieldStart < end)
        {
            int tag = 0;
            int i = fieldStart;
            while (i < end)
            {
                final byte b = buffer.getByte(i);
                if (b < '0' || b > '9')
                {
                    break;
                }
                tag = tag * 10 + (b - '0');
                i++;
            }
            if (i >= end || buffer.getByte(i) != '=')
            {
                return masked == 0 ? 0 : fixChecksum(buffer, offset, checksumField, masked);
            }
            final int valueStart = i + 1;
            int valueEnd = valueStart;
            while (valueEnd < end && buffer.getByte(valueEnd) != 1)
            {
                valueEnd++;
            }
            if (tag == Tags.CHECK_SUM)
            {
                checksumField = fieldStart;
            }
            else if (isPassword(tag) && valueEnd > valueStart)
            {
                for (int v = valueStart; v < valueEnd; v++)
                {
                    buffer.putByte(v, MASK);
                }
                masked++;
            }
            fieldStart = valueEnd + 1;
        }
        return masked == 0 ? 0 : fixChecksum(buffer, offset, checksumField, masked);
    }

    /** Whether the message holds a password field with a value other than the mask (for tests and tools). */
    public static boolean isPassword(final int tag)
    {
        for (final int t : TAGS)
        {
            if (t == tag)
            {
                return true;
            }
        }
        return false;
    }

    private static int fixChecksum(final MutableDirectBuffer buffer, final int offset, final int checksumField,
        final int masked)
    {
        if (checksumField >= 0 && checksumField + 6 <= buffer.capacity())
        {
            int sum = 0;
            for (int i = offset; i < checksumField; i++)
            {
                sum += buffer.getByte(i) & 0xFF;
            }
            sum &= 0xFF;
            buffer.putByte(checksumField + 3, (byte)('0' + sum / 100));
            buffer.putByte(checksumField + 4, (byte)('0' + sum / 10 % 10));
            buffer.putByte(checksumField + 5, (byte)('0' + sum % 10));
        }
        return masked;
    }
}
