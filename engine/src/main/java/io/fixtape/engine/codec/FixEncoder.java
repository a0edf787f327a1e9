package io.fixtape.engine.codec;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes FIX messages into a {@link MutableDirectBuffer} (e.g. an Agrona {@code UnsafeBuffer} over a direct
 * {@code ByteBuffer}) without allocation.
 *
 * <p>BodyLength is backfilled: {@link #wrap} reserves {@link #headroom()} bytes, the body is written after them,
 * and {@link #finish()} writes {@code 8=...|9=n|} right-aligned in front of the body and appends
 * {@code 10=nnn|}. The finished message therefore starts at {@link #messageOffset()} (somewhere inside the head-room,
 * not necessarily at the wrapped offset) and is {@link #messageLength()} bytes long; BodyLength is never
 * zero-padded.
 *
 * <pre>{@code
 * encoder.wrap(buffer, 0)
 *     .header(MsgTypes.NEW_ORDER_SINGLE, senderTarget, seqNum, clock.nanoTime())   // 35 49 56 34 52
 *     .putString(Tags.CL_ORD_ID, clOrdId)
 *     .putChar(Tags.SIDE, '1')
 *     .putDecimal(Tags.PRICE, 12345, 4)                                             // 1.2345
 *     .finish();
 * channel.write(buffer, encoder.messageOffset(), encoder.messageLength());
 * }</pre>
 *
 * <p>Fields are written in call order: the caller keeps header fields ({@code 35, 49, 56, 34, 52} then optional
 * {@code 43, 97, 122, 50, 57, 115, 128}) before body fields. The buffer must have room for the message;
 * otherwise the buffer's own bounds check fails (a programming error, not bad wire input). Not thread-safe: one
 * encoder per thread.
 */
public final class FixEncoder
{
    private static final int MAX_BODY_LENGTH_DIGITS = 10;
    private static final int TRAILER_LENGTH = 7;

    private final UnsafeBuffer beginStringField;
    private final int headroom;
    private int timestampPrecision = UtcTimestamps.MILLIS;

    // SendingTime and TransactTime are nearly always today: the YYYYMMDD part is formatted once per day
    private long cachedEpochDay = Long.MIN_VALUE;
    private long cachedPackedDate;

    private final UnsafeBuffer arrayView = new UnsafeBuffer(new byte[0]);
    private MutableDirectBuffer buffer;
    private int bodyStart;
    private int position;
    private int messageOffset;
    private int messageLength;

    /**
     * @param beginString e.g. {@code FIX.4.2}, {@code FIX.4.4}, {@code FIXT.1.1}.
     */
    public FixEncoder(final CharSequence beginString)
    {
        final byte[] value = beginString.toString().getBytes(StandardCharsets.US_ASCII);
        final byte[] field = new byte[value.length + 3];
        field[0] = '8';
        field[1] = '=';
        System.arraycopy(value, 0, field, 2, value.length);
        field[field.length - 1] = FieldWriter.SOH;
        beginStringField = new UnsafeBuffer(field);
        headroom = field.length + 2 + MAX_BODY_LENGTH_DIGITS + 1;
    }

    /** Precision of {@link #putUtcTimestamp(int, long)}; default {@link UtcTimestamps#MILLIS}. */
    public FixEncoder timestampPrecision(final int precision)
    {
        if (precision < 0 || precision > UtcTimestamps.NANOS)
        {
            throw new IllegalArgumentException("precision must be 0..9: " + precision);
        }
        this.timestampPrecision = precision;
        return this;
    }

    public int timestampPrecision()
    {
        return timestampPrecision;
    }

    /** Bytes reserved before the body for {@code 8=} and {@code 9=}. */
    public int headroom()
    {
        return headroom;
    }

    /**
     * Start a message in {@code buffer} at {@code offset}; the body begins at {@code offset + headroom()}.
     * Begin the body with {@link #header} or {@link #msgType}.
     */
    public FixEncoder wrap(final MutableDirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.bodyStart = offset + headroom;
        this.position = bodyStart;
        this.messageOffset = offset;
        this.messageLength = 0;
        return this;
    }

    /** Restart the body (discarding anything written since {@link #wrap}) with {@code 35=<msgType>}. */
    public FixEncoder msgType(final long packedMsgType)
    {
        position = FieldWriter.tag(buffer, bodyStart, Tags.MSG_TYPE);
        position = FieldWriter.end(buffer, position + MsgTypes.write(packedMsgType, buffer, position));
        return this;
    }

    /** {@code 35, <senderTarget fields>, 34, 52} with SendingTime at {@link #timestampPrecision()}. */
    public FixEncoder header(
        final long packedMsgType, final FieldTemplate senderTarget, final long msgSeqNum,
        final long sendingTimeEpochNanos)
    {
        return msgType(packedMsgType)
            .putTemplate(senderTarget)
            .putLong(Tags.MSG_SEQ_NUM, msgSeqNum)
            .putUtcTimestamp(Tags.SENDING_TIME, sendingTimeEpochNanos);
    }

    public FixEncoder putInt(final int tag, final int value)
    {
        position = FieldWriter.putLong(buffer, position, tag, value);
        return this;
    }

    public FixEncoder putLong(final int tag, final long value)
    {
        position = FieldWriter.putLong(buffer, position, tag, value);
        return this;
    }

    /** A single ASCII character (FIX char). */
    public FixEncoder putChar(final int tag, final char value)
    {
        position = FieldWriter.putChar(buffer, position, tag, value);
        return this;
    }

    /** {@code Y} or {@code N}. */
    public FixEncoder putBoolean(final int tag, final boolean value)
    {
        position = FieldWriter.putChar(buffer, position, tag, value ? 'Y' : 'N');
        return this;
    }

    /** An ASCII string (a char above 127 is written as {@code ?}, as Agrona does). */
    public FixEncoder putString(final int tag, final CharSequence value)
    {
        position = FieldWriter.putAscii(buffer, position, tag, value);
        return this;
    }

    public FixEncoder putBytes(final int tag, final byte[] value)
    {
        arrayView.wrap(value); // word-wise small copy instead of a bulk copy call
        position = FieldWriter.putBytes(buffer, position, tag, arrayView, 0, value.length);
        return this;
    }

    public FixEncoder putBytes(final int tag, final DirectBuffer source, final int offset, final int length)
    {
        position = FieldWriter.putBytes(buffer, position, tag, source, offset, length);
        return this;
    }

    /** Exact decimal {@code mantissa * 10^-scale}: (12345, 4) writes {@code 1.2345}. */
    public FixEncoder putDecimal(final int tag, final long mantissa, final int scale)
    {
        position = FieldWriter.putDecimal(buffer, position, tag, mantissa, scale);
        return this;
    }

    public FixEncoder putDecimal(final int tag, final Decimal value)
    {
        return putDecimal(tag, value.mantissa(), value.scale());
    }

    /** UTCTimestamp at {@link #timestampPrecision()} (milliseconds unless changed). */
    public FixEncoder putUtcTimestamp(final int tag, final long epochNanos)
    {
        return putUtcTimestamp(tag, epochNanos, timestampPrecision);
    }

    /** UTCTimestamp with {@code precision} fraction digits: {@link UtcTimestamps#SECONDS} .. {@code NANOS}. */
    public FixEncoder putUtcTimestamp(final int tag, final long epochNanos, final int precision)
    {
        final long epochDay = UtcTimestamps.epochDayOf(epochNanos);
        if (epochDay != cachedEpochDay)
        {
            cachedPackedDate = UtcTimestamps.packDate((int)epochDay);
            cachedEpochDay = epochDay;
        }
        final int valueStart = FieldWriter.tag(buffer, position, tag);
        final long nanoOfDay = epochNanos - epochDay * 86_400_000_000_000L;
        position = FieldWriter.end(buffer, valueStart +
            UtcTimestamps.writeTimestamp(buffer, valueStart, cachedPackedDate, nanoOfDay, precision));
        return this;
    }

    /** LocalMktDate {@code YYYYMMDD} from days since 1970-01-01. */
    public FixEncoder putLocalMktDate(final int tag, final int epochDay)
    {
        position = FieldWriter.putDate(buffer, position, tag, epochDay);
        return this;
    }

    /** UTCDateOnly {@code YYYYMMDD} from days since 1970-01-01. */
    public FixEncoder putUtcDateOnly(final int tag, final int epochDay)
    {
        return putLocalMktDate(tag, epochDay);
    }

    /** Copy a pre-encoded run of fields in one {@code putBytes}. */
    public FixEncoder putTemplate(final FieldTemplate template)
    {
        return putRaw(template.buffer(), 0, template.length());
    }

    /** Copy bytes that already are complete {@code tag=value|} fields. */
    public FixEncoder putRaw(final DirectBuffer source, final int offset, final int length)
    {
        FieldWriter.copy(buffer, position, source, offset, length);
        position += length;
        return this;
    }

    /** Copy field {@code index} of a decoded message (tag and value as they were). */
    public FixEncoder putField(final FixDecoder decoder, final int index)
    {
        return putBytes(decoder.tagAt(index), decoder.buffer(), decoder.valueOffsetAt(index),
            decoder.valueLengthAt(index));
    }

    /** Copy fields {@code [fromIndex, toIndex)} of a decoded message with one {@code putBytes} (echo, resend). */
    public FixEncoder putFields(final FixDecoder decoder, final int fromIndex, final int toIndex)
    {
        if (toIndex <= fromIndex)
        {
            return this;
        }
        final int start = decoder.fieldOffsetAt(fromIndex);
        final int end = decoder.valueOffsetAt(toIndex - 1) + decoder.valueLengthAt(toIndex - 1) + 1;
        return putRaw(decoder.buffer(), start, end - start);
    }

    /** Bytes of body written so far (what BodyLength will say if finished now). */
    public int bodyLength()
    {
        return position - bodyStart;
    }

    /**
     * Backfill {@code 8=} and {@code 9=} and append the checksum.
     *
     * @return the message length; the message starts at {@link #messageOffset()}.
     */
    public int finish()
    {
        final int bodyLength = position - bodyStart;
        final int digits = AsciiNumbers.digitCount(bodyLength);
        int start = bodyStart - (digits + 3);
        buffer.putByte(start, (byte)'9');
        buffer.putByte(start + 1, FieldWriter.EQUALS);
        AsciiNumbers.formatPositiveLongAscii(buffer, start + 2, bodyLength);
        buffer.putByte(bodyStart - 1, FieldWriter.SOH);
        start -= beginStringField.capacity();
        FieldWriter.copy(buffer, start, beginStringField, 0, beginStringField.capacity());

        final int checksum = Checksum.compute(buffer, start, position - start);
        // "10=" + 3 digits + SOH as two overlapping 4-byte stores: exactly the 7 trailer bytes
        final int d0 = '0' + checksum / 100;
        buffer.putInt(position, '1' | ('0' << 8) | ('=' << 16) | (d0 << 24), java.nio.ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(position + 3, d0 | (('0' + (checksum / 10) % 10) << 8) | (('0' + checksum % 10) << 16) |
            (FieldWriter.SOH << 24), java.nio.ByteOrder.LITTLE_ENDIAN);

        messageOffset = start;
        messageLength = position + TRAILER_LENGTH - start;
        return messageLength;
    }

    /** Offset of the finished message in the buffer. */
    public int messageOffset()
    {
        return messageOffset;
    }

    /** Length of the finished message (0 before {@link #finish()}). */
    public int messageLength()
    {
        return messageLength;
    }

    public MutableDirectBuffer buffer()
    {
        return buffer;
    }
}
