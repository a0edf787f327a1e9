package io.fixtape.bench.harness.client;

/**
 * Minimal framing and field lookup over raw FIX bytes for the harness client: finds complete messages by
 * BodyLength and reads MsgType and one numeric field. No validation (checksum is not verified: the peers are
 * trusted, and the client must cost the same against every arm). Allocation-free; not thread-safe.
 */
public final class FixScanner
{
    /** Length of "10=NNN|". */
    private static final int TRAILER = 7;

    private FixScanner()
    {
    }

    /**
     * Length of the complete message at {@code offset}, 0 when more bytes are needed.
     *
     * @throws IllegalStateException when the bytes at {@code offset} do not start a FIX message.
     */
    public static int frame(final byte[] buffer, final int offset, final int limit)
    {
        if (limit - offset < 16)
        {
            return 0;
        }
        if (buffer[offset] != '8' || buffer[offset + 1] != '=')
        {
            throw new IllegalStateException("stream out of step: no BeginString at offset " + offset);
        }
        int p = offset + 2;
        while (p < limit && buffer[p] != 1)
        {
            p++;
        }
        if (p + 3 >= limit)
        {
            return 0;
        }
        if (buffer[p + 1] != '9' || buffer[p + 2] != '=')
        {
            throw new IllegalStateException("stream out of step: no BodyLength after BeginString");
        }
        p += 3;
        int bodyLength = 0;
        while (p < limit && buffer[p] != 1)
        {
            bodyLength = bodyLength * 10 + (buffer[p] - '0');
            p++;
        }
        if (p >= limit)
        {
            return 0;
        }
        final int end = p + 1 + bodyLength + TRAILER;
        return end <= limit ? end - offset : 0;
    }

    /** First byte of the value of {@code tag} within the message, or -1. */
    public static int valueOffset(final byte[] buffer, final int offset, final int length, final int tag)
    {
        final int end = offset + length;
        int p = offset;
        while (p < end)
        {
            int t = 0;
            while (p < end && buffer[p] != '=')
            {
                t = t * 10 + (buffer[p] - '0');
                p++;
            }
            p++;
            if (t == tag)
            {
                return p;
            }
            while (p < end && buffer[p] != 1)
            {
                p++;
            }
            p++;
        }
        return -1;
    }

    /** The first byte of MsgType (35), or 0 when absent; multi-byte types are compared by their callers. */
    public static byte msgType(final byte[] buffer, final int offset, final int length)
    {
        final int at = valueOffset(buffer, offset, length, 35);
        return at < 0 ? 0 : buffer[at];
    }

    /** The decimal value at {@code at} up to the next SOH; -1 if it is not a non-negative integer. */
    public static long parseLong(final byte[] buffer, final int at)
    {
        long value = 0;
        int p = at;
        if (buffer[p] == 1)
        {
            return -1;
        }
        while (buffer[p] != 1)
        {
            final int digit = buffer[p] - '0';
            if (digit < 0 || digit > 9)
            {
                return -1;
            }
            value = value * 10 + digit;
            p++;
        }
        return value;
    }
}
