package io.fixtape.bench.harness.client;

import java.nio.charset.StandardCharsets;

/**
 * Writes raw FIX 4.4 tag=value messages into a byte array without allocating: the harness client's only encoder,
 * used unchanged against every arm so the client's cost is identical across arms. Header fields are written in
 * the order 8, 9, 35, 34, 49, 52, 56; BodyLength and CheckSum are computed.
 *
 * <p>Not thread-safe: one instance per client thread.
 */
public final class FixWriter
{
    private static final byte SOH = 1;
    private static final byte[] BEGIN = "8=FIX.4.4\u00019=".getBytes(StandardCharsets.US_ASCII);
    /** Room left in front of the body for "8=FIX.4.4|9=NNNNNN|". */
    private static final int HEADER_ROOM = 32;

    private final byte[] buffer;
    private final byte[] senderCompId;
    private final byte[] targetCompId;
    private final UtcTimestamp clock = new UtcTimestamp();
    private int bodyStart;
    private int position;

    public FixWriter(final int capacity, final String senderCompId, final String targetCompId)
    {
        this.buffer = new byte[capacity];
        this.senderCompId = senderCompId.getBytes(StandardCharsets.US_ASCII);
        this.targetCompId = targetCompId.getBytes(StandardCharsets.US_ASCII);
    }

    /** Starts a message: writes MsgType, MsgSeqNum, SenderCompID, SendingTime (now, UTC millis), TargetCompID. */
    public FixWriter begin(final byte[] msgType, final long seqNum, final long epochMillis)
    {
        bodyStart = HEADER_ROOM;
        position = bodyStart;
        tag(35).bytes(msgType).soh();
        tag(34).number(seqNum).soh();
        tag(49).bytes(senderCompId).soh();
        tag(52);
        position = clock.write(epochMillis, buffer, position);
        soh();
        tag(56).bytes(targetCompId).soh();
        return this;
    }

    public FixWriter field(final int tag, final byte[] value)
    {
        return tag(tag).bytes(value).soh();
    }

    public FixWriter field(final int tag, final byte[] value, final int offset, final int length)
    {
        tag(tag);
        System.arraycopy(value, offset, buffer, position, length);
        position += length;
        return soh();
    }

    public FixWriter field(final int tag, final long value)
    {
        return tag(tag).number(value).soh();
    }

    /** A UTCTimestamp field with millisecond precision. */
    public FixWriter timestampField(final int tag, final long epochMillis)
    {
        tag(tag);
        position = clock.write(epochMillis, buffer, position);
        return soh();
    }

    /**
     * Completes the message: prefixes BeginString and BodyLength, appends CheckSum.
     *
     * @return the offset of the message in {@link #buffer()}; its length is {@link #length()}.
     */
    public int finish()
    {
        final int bodyLength = position - bodyStart;
        final int lengthDigits = digits(bodyLength);
        int start = bodyStart - 1 - lengthDigits - BEGIN.length;
        System.arraycopy(BEGIN, 0, buffer, start, BEGIN.length);
        writeNumber(bodyLength, start + BEGIN.length, lengthDigits);
        buffer[bodyStart - 1] = SOH;
        int sum = 0;
        for (int i = start; i < position; i++)
        {
            sum += buffer[i];
        }
        sum &= 0xFF;
        tag(10);
        buffer[position++] = (byte)('0' + sum / 100);
        buffer[position++] = (byte)('0' + (sum / 10) % 10);
        buffer[position++] = (byte)('0' + sum % 10);
        soh();
        bodyStart = start;
        return start;
    }

    public byte[] buffer()
    {
        return buffer;
    }

    /** Length of the last finished message. */
    public int length()
    {
        return position - bodyStart;
    }

    private FixWriter tag(final int tag)
    {
        number(tag);
        buffer[position++] = '=';
        return this;
    }

    private FixWriter bytes(final byte[] value)
    {
        System.arraycopy(value, 0, buffer, position, value.length);
        position += value.length;
        return this;
    }

    private FixWriter soh()
    {
        buffer[position++] = SOH;
        return this;
    }

    private FixWriter number(final long value)
    {
        final int digits = digits(value);
        writeNumber(value, position, digits);
        position += digits;
        return this;
    }

    private void writeNumber(final long value, final int at, final int digits)
    {
        long remaining = value;
        for (int i = at + digits - 1; i >= at; i--)
        {
            buffer[i] = (byte)('0' + remaining % 10);
            remaining /= 10;
        }
    }

    private static int digits(final long value)
    {
        int digits = 1;
        long remaining = value;
        while (remaining >= 10)
        {
            remaining /= 10;
            digits++;
        }
        return digits;
    }
}
