package io.fixtape.bench.harness.server;

/**
 * The floor's reply to one request: a tag=value frame of a given total length that carries the request's MsgType
 * and key field (so the client matches it exactly as it matches an echo) and padding in tag 58:
 * {@code 8=FIX.4.4|9=BODY|35=T|KEY=VALUE|58=xxxx...|10=CCC|}. BodyLength is zero-padded when no plain width fits
 * the length exactly; CheckSum is computed. No FIX processing beyond that. Stateless, allocation-free.
 */
final class FloorReply
{
    private static final byte SOH = 1;
    private static final byte[] BEGIN = {'8', '=', 'F', 'I', 'X', '.', '4', '.', '4', SOH, '9', '='};
    /** "8=FIX.4.4|" + "9=" + "|" + "10=CCC|" around the body, without BodyLength's digits. */
    private static final int FRAME = 10 + 3 + 7;

    private FloorReply()
    {
    }

    /** The shortest reply for a key field of {@code keyFieldLength} bytes (tag=value|) and a one-byte MsgType. */
    static int minimumLength(final int keyFieldLength)
    {
        final int body = 5 + keyFieldLength + 4; // 35=T| KEY=VALUE| 58=|
        return FRAME + digitsOf(body) + body;
    }

    /**
     * Writes the reply into {@code out} at {@code at}.
     *
     * @param msgType        the request's MsgType (one byte).
     * @param in             the bytes holding the request's key field ({@code tag=value|}).
     * @param keyField       offset of the key field in {@code in}, -1 for none.
     * @param keyFieldLength its length including the SOH.
     * @param length         the wanted total length; raised to {@link #minimumLength} when shorter.
     * @return the number of bytes written.
     */
    static int write(final byte msgType, final byte[] in, final int keyField, final int keyFieldLength,
        final int length, final byte[] out, final int at)
    {
        final int keyBytes = keyField < 0 ? 0 : keyFieldLength;
        final int total = Math.max(length, minimumLength(keyBytes));
        int digits = 1;
        int body = total - FRAME - digits;
        while (digitsOf(body) > digits)
        {
            digits++;
            body = total - FRAME - digits;
        }
        int p = at;
        System.arraycopy(BEGIN, 0, out, p, BEGIN.length);
        p += BEGIN.length;
        for (int d = digits - 1, v = body; d >= 0; d--, v /= 10)
        {
            out[p + d] = (byte)('0' + v % 10);
        }
        p += digits;
        out[p++] = SOH;
        final int bodyStart = p;
        out[p++] = '3';
        out[p++] = '5';
        out[p++] = '=';
        out[p++] = msgType;
        out[p++] = SOH;
        if (keyBytes > 0)
        {
            System.arraycopy(in, keyField, out, p, keyBytes);
            p += keyBytes;
        }
        out[p++] = '5';
        out[p++] = '8';
        out[p++] = '=';
        final int padEnd = bodyStart + body - 1;
        while (p < padEnd)
        {
            out[p++] = 'x';
        }
        out[p++] = SOH;
        int sum = 0;
        for (int i = at; i < p; i++)
        {
            sum += out[i];
        }
        sum &= 0xFF;
        out[p++] = '1';
        out[p++] = '0';
        out[p++] = '=';
        out[p++] = (byte)('0' + sum / 100);
        out[p++] = (byte)('0' + sum / 10 % 10);
        out[p++] = (byte)('0' + sum % 10);
        out[p++] = SOH;
        return p - at;
    }

    private static int digitsOf(final int value)
    {
        int digits = 1;
        for (int v = value; v >= 10; v /= 10)
        {
            digits++;
        }
        return digits;
    }
}
