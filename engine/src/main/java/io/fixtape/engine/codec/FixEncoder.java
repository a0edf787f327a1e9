package io.fixtape.engine.codec;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

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
 * otherwise the buffer's own bounds check fails (a programming error, not bad wire input) — an expandable buffer
 * grows instead.
 *
 * <p>Speed: the buffer is written as raw memory ({@link RawBytes}) after one room check per field, numbers with
 * SWAR digit arithmetic ({@link AsciiDigits}), {@code tag=} as one packed store, the checksum 16 bytes per step.
 * Fields are stored in whole words, so up to 7 bytes past the field being written are scratch until the next
 * field (or the trailer) overwrites them; a field that might not fit with that scratch takes a slow path through
 * the buffer's own checked put. Nothing is written outside {@code [wrap offset, message end)}. Not thread-safe:
 * one encoder per thread.
 */
public final class FixEncoder
{
    private static final int MAX_BODY_LENGTH_DIGITS = 10;
    private static final int TRAILER_LENGTH = 7;
    /** Bodies below this length have their BodyLength written as one 8-digit word (see {@link #finish()}). */
    private static final int MAX_WORD_BODY_LENGTH = 100_000_000;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long SECONDS_PER_DAY = 86_400L;
    private static final int FIXED = FieldWriter.FIXED_FIELD_MAX;

    // The date of the last timestamp: "YYYYMMDD" costs ~20 ns to format and changes once a day. Its refresh is the
    // one timestamp branch left (see writeTimestamp); the time of day is formatted on every call.
    private long cachedEpochDay = Long.MIN_VALUE;
    private long cachedDate;

    private final byte[] beginStringField;
    private final int headroom;
    private int timestampPrecision = UtcTimestamps.MILLIS;

    /** A field that might not fit is written here first, then through the buffer's own checked put. */
    private final byte[] scratch = new byte[FIXED];
    private MutableDirectBuffer buffer;
    // the wrapped buffer as raw memory (RawBytes), refreshed whenever the buffer may have grown
    private Object base;
    private long address;
    private int capacity;
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
        beginStringField = field;
        headroom = field.length + 2 + MAX_BODY_LENGTH_DIGITS + 1;
    }

    /** Precision of {@link #putUtcTimestamp(int, long)}; default {@link UtcTimestamps#MILLIS}. */
    public FixEncoder timestampPrecision(final int precision)
    {
        checkPrecision(precision);
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
        if (offset < 0)
        {
            throw new IndexOutOfBoundsException("offset=" + offset);
        }
        buffer.checkLimit(offset + headroom);
        this.buffer = buffer;
        attach();
        this.bodyStart = offset + headroom;
        this.position = bodyStart;
        this.messageOffset = offset;
        this.messageLength = 0;
        return this;
    }

    /** Restart the body (discarding anything written since {@link #wrap}) with {@code 35=<msgType>}. */
    public FixEncoder msgType(final long packedMsgType)
    {
        position = bodyStart;
        if (capacity - position >= FIXED)
        {
            position += FieldWriter.msgType(base, address + position, packedMsgType);
        }
        else
        {
            appendScratch(FieldWriter.msgType(scratch, RawBytes.ARRAY_BASE, packedMsgType));
        }
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
        return putLong(tag, value);
    }

    public FixEncoder putLong(final int tag, final long value)
    {
        if (capacity - position >= FIXED)
        {
            position += FieldWriter.putLong(base, address + position, tag, value);
        }
        else
        {
            appendScratch(FieldWriter.putLong(scratch, RawBytes.ARRAY_BASE, tag, value));
        }
        return this;
    }

    /** A single ASCII character (FIX char). */
    public FixEncoder putChar(final int tag, final char value)
    {
        if (capacity - position >= FIXED)
        {
            position += FieldWriter.putChar(base, address + position, tag, value);
        }
        else
        {
            appendScratch(FieldWriter.putChar(scratch, RawBytes.ARRAY_BASE, tag, value));
        }
        return this;
    }

    /** {@code Y} or {@code N}. */
    public FixEncoder putBoolean(final int tag, final boolean value)
    {
        return putChar(tag, value ? 'Y' : 'N');
    }

    /** An ASCII string (a char above 127 is written as {@code ?}, as Agrona does). */
    public FixEncoder putString(final int tag, final CharSequence value)
    {
        final int length = value.length();
        if (capacity - position >= FieldWriter.variableFieldMax(length))
        {
            position += FieldWriter.putAscii(base, address + position, tag, value);
        }
        else
        {
            appendScratch(FieldWriter.tag(scratch, RawBytes.ARRAY_BASE, tag));
            position += buffer.putStringWithoutLengthAscii(position, value);
            appendSoh();
        }
        return this;
    }

    public FixEncoder putBytes(final int tag, final byte[] value)
    {
        final int length = value.length;
        if (capacity - position >= FieldWriter.variableFieldMax(length))
        {
            position += FieldWriter.putBytes(base, address + position, tag, value, RawBytes.ARRAY_BASE, length);
        }
        else
        {
            appendScratch(FieldWriter.tag(scratch, RawBytes.ARRAY_BASE, tag));
            buffer.putBytes(position, value);
            position += length;
            appendSoh();
        }
        return this;
    }

    public FixEncoder putBytes(final int tag, final DirectBuffer source, final int offset, final int length)
    {
        source.boundsCheck(offset, length);
        if (capacity - position >= FieldWriter.variableFieldMax(length))
        {
            position += FieldWriter.putBytes(base, address + position, tag, source.byteArray(),
                source.addressOffset() + offset, length);
        }
        else
        {
            appendScratch(FieldWriter.tag(scratch, RawBytes.ARRAY_BASE, tag));
            buffer.putBytes(position, source, offset, length);
            position += length;
            appendSoh();
        }
        return this;
    }

    /** Exact decimal {@code mantissa * 10^-scale}: (12345, 4) writes {@code 1.2345}. */
    public FixEncoder putDecimal(final int tag, final long mantissa, final int scale)
    {
        if (capacity - position >= FIXED)
        {
            position += FieldWriter.putDecimal(base, address + position, tag, mantissa, scale);
        }
        else
        {
            appendScratch(FieldWriter.putDecimal(scratch, RawBytes.ARRAY_BASE, tag, mantissa, scale));
        }
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
        checkPrecision(precision);
        if (capacity - position >= FIXED)
        {
            position += writeTimestamp(base, address + position, tag, epochNanos, precision);
        }
        else
        {
            appendScratch(writeTimestamp(scratch, RawBytes.ARRAY_BASE, tag, epochNanos, precision));
        }
        return this;
    }

    /** LocalMktDate {@code YYYYMMDD} from days since 1970-01-01. */
    public FixEncoder putLocalMktDate(final int tag, final int epochDay)
    {
        if (capacity - position >= FIXED)
        {
            position += FieldWriter.putDate(base, address + position, tag, epochDay);
        }
        else
        {
            appendScratch(FieldWriter.putDate(scratch, RawBytes.ARRAY_BASE, tag, epochDay));
        }
        return this;
    }

    /** UTCDateOnly {@code YYYYMMDD} from days since 1970-01-01. */
    public FixEncoder putUtcDateOnly(final int tag, final int epochDay)
    {
        return putLocalMktDate(tag, epochDay);
    }

    /** Copy a pre-encoded run of fields. */
    public FixEncoder putTemplate(final FieldTemplate template)
    {
        final byte[] bytes = template.bytes();
        final int length = bytes.length;
        if (capacity - position >= length)
        {
            RawBytes.copy(bytes, RawBytes.ARRAY_BASE, base, address + position, length);
            position += length;
        }
        else
        {
            buffer.putBytes(position, bytes);
            position += length;
            attach();
        }
        return this;
    }

    /** Copy bytes that already are complete {@code tag=value|} fields. */
    public FixEncoder putRaw(final DirectBuffer source, final int offset, final int length)
    {
        source.boundsCheck(offset, length);
        if (capacity - position >= length)
        {
            RawBytes.copy(source.byteArray(), source.addressOffset() + offset, base, address + position, length);
            position += length;
        }
        else
        {
            buffer.putBytes(position, source, offset, length);
            position += length;
            attach();
        }
        return this;
    }

    /** Copy field {@code index} of a decoded message (tag and value as they were). */
    public FixEncoder putField(final FixDecoder decoder, final int index)
    {
        return putBytes(decoder.tagAt(index), decoder.buffer(), decoder.valueOffsetAt(index),
            decoder.valueLengthAt(index));
    }

    /** Copy fields {@code [fromIndex, toIndex)} of a decoded message in one copy (echo, resend). */
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
        if (capacity - position < TRAILER_LENGTH)
        {
            buffer.checkLimit(position + TRAILER_LENGTH);
            attach();
        }
        final int bodyLength = position - bodyStart;
        // "9=<n><SOH>" right-aligned against the body, then "8=<BeginString><SOH>" in front of it, all inside the
        // head-room checked by wrap()
        final int lengthFieldStart = bodyStart - AsciiDigits.digitCount(bodyLength) - 3;
        if (bodyLength < MAX_WORD_BODY_LENGTH)
        {
            // the digits as one zero-padded word ending at the SOH, then "9=" over the zeros in front of the
            // significant ones: the same stores for every length, so a reply shorter or longer than the ones the JIT
            // profiled (a Logout or Heartbeat after a stream of ExecutionReports) meets no untaken branch. The
            // zeros in front of "9=" are then covered by "8=<BeginString><SOH>" (with "9=n" at least 8 bytes for a
            // BeginString of 2 or more characters), so the bytes before messageOffset stay untouched
            RawBytes.putLong(base, address + bodyStart - 9, AsciiDigits.ascii8(bodyLength));
        }
        else
        {
            AsciiDigits.writeUnsigned(base, address + lengthFieldStart + 2, bodyLength, true);
        }
        RawBytes.putShort(base, address + lengthFieldStart, '9' | FieldWriter.EQUALS << 8);
        RawBytes.putByte(base, address + bodyStart - 1, FieldWriter.SOH);
        final int start = lengthFieldStart - beginStringField.length;
        RawBytes.copy(beginStringField, RawBytes.ARRAY_BASE, base, address + start, beginStringField.length);

        final int checksum = Checksum.sum(base, address + start, position - start);
        // "10=" + 3 digits + SOH as two overlapping 4-byte stores: exactly the 7 trailer bytes
        final int d0 = '0' + checksum / 100;
        RawBytes.putInt(base, address + position, '1' | '0' << 8 | '=' << 16 | d0 << 24);
        RawBytes.putInt(base, address + position + 3, d0 | ('0' + checksum / 10 % 10) << 8 |
            ('0' + checksum % 10) << 16 | FieldWriter.SOH << 24);

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

    /**
     * The time of day is formatted on every call, with arithmetic only, rather than cached per second: an
     * {@code if (second changed)} is taken once in ~10,000 calls at 10,000 msg/s, so it is usually never taken while
     * the JIT profiles the method; C2 compiles it as an uncommon trap, and the first second boundary after the
     * warm-up would deoptimise the compiled message path (Session.process and its callers, ~50 kB of machine code)
     * and recompile it on the hot thread's core. Formatting "-HH:MM:S" costs a few multiplications. The date is
     * cached: its branch is taken once a day (one deoptimisation at 00:00 UTC), which is cheaper than formatting it
     * on every call (docs/CODEC.md, "Branches the JIT never saw").
     */
    private int writeTimestamp(
        final Object base, final long address, final int tag, final long epochNanos, final int precision)
    {
        final long epochSecond = Math.floorDiv(epochNanos, NANOS_PER_SECOND);
        final long epochDay = Math.floorDiv(epochSecond, SECONDS_PER_DAY);
        if (epochDay != cachedEpochDay)
        {
            cacheDate(epochDay);
        }
        final int secondOfDay = (int)(epochSecond - epochDay * SECONDS_PER_DAY);
        final int nanoOfSecond = (int)(epochNanos - epochSecond * NANOS_PER_SECOND);
        final int valueStart = FieldWriter.tag(base, address, tag);
        RawBytes.putLong(base, address + valueStart, cachedDate);
        RawBytes.putLong(base, address + valueStart + 8, UtcTimestamps.packTime(secondOfDay));
        final int end = valueStart + 16 + UtcTimestamps.writeSecondAndFraction(base, address + valueStart + 16,
            UtcTimestamps.lastSecondDigit(secondOfDay), nanoOfSecond, precision, false);
        RawBytes.putByte(base, address + end, FieldWriter.SOH);
        return end + 1;
    }

    private void cacheDate(final long epochDay)
    {
        cachedDate = UtcTimestamps.packDate((int)epochDay);
        cachedEpochDay = epochDay;
    }

    /** Slow path near the end of the buffer: the buffer's checked put grows an expandable buffer or throws. */
    private void appendScratch(final int length)
    {
        buffer.putBytes(position, scratch, 0, length);
        position += length;
        attach();
    }

    private void appendSoh()
    {
        buffer.putByte(position, FieldWriter.SOH);
        position++;
        attach();
    }

    private void attach()
    {
        base = buffer.byteArray();
        address = buffer.addressOffset();
        capacity = buffer.capacity();
    }

    private static void checkPrecision(final int precision)
    {
        if (precision < 0 || precision > UtcTimestamps.NANOS)
        {
            throw new IllegalArgumentException("precision must be 0..9: " + precision);
        }
    }
}
