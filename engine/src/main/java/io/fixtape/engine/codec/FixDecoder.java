package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * Flyweight over one complete FIX message in a {@link DirectBuffer}. {@link #wrap} makes a single pass that
 * indexes every field as (tag, value offset, value length) into reusable primitive arrays; accessors then read
 * values in place. Nothing is allocated after the arrays have grown to the largest message seen.
 *
 * <p>Malformed fields do not throw: the first problem is recorded ({@link #errorCode()}, {@link #errorTag()})
 * so that validation and the session layer can answer with a precise Reject.
 *
 * <p>Not thread-safe: one decoder per poller thread.
 */
public final class FixDecoder
{
    public static final byte SOH = 0x01;
    public static final byte EQUALS = '=';

    /** No problem found while indexing. */
    public static final int ERROR_NONE = 0;
    /** A tag is not a positive integer (e.g. {@code 1a=x}); SessionRejectReason 0 (invalid tag number). */
    public static final int ERROR_INVALID_TAG = 1;
    /** A tag has an empty value ({@code 58=|}); SessionRejectReason 4. */
    public static final int ERROR_TAG_WITHOUT_VALUE = 2;
    /** The bytes end without SOH or a field has no {@code =}: framing should have prevented this. */
    public static final int ERROR_MALFORMED = 3;

    private static final int INITIAL_CAPACITY = 64;
    private static final int DIRECT_TAG_LIMIT = 1024;

    private DirectBuffer buffer;
    private int offset;
    private int length;

    private int fieldCount;
    private int[] tags = new int[INITIAL_CAPACITY];
    private int[] valueOffsets = new int[INITIAL_CAPACITY];
    private int[] valueLengths = new int[INITIAL_CAPACITY];

    // first index of a small tag, valid only when firstIndexStamp[tag] == stamp (avoids clearing per message)
    private final int[] firstIndexByTag = new int[DIRECT_TAG_LIMIT];
    private final int[] firstIndexStamp = new int[DIRECT_TAG_LIMIT];
    private int stamp;

    private int errorCode;
    private int errorTag;
    private long msgType = MsgTypes.INVALID;

    /**
     * Index the message at {@code buffer[offset, offset + length)}. The buffer must hold one complete message
     * (see {@link FixFramer}); fields after the last SOH are ignored and flagged as malformed.
     *
     * @return this, for chaining.
     */
    public FixDecoder wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.fieldCount = 0;
        this.errorCode = ERROR_NONE;
        this.errorTag = 0;
        this.msgType = MsgTypes.INVALID;
        if (++stamp == 0)
        {
            java.util.Arrays.fill(firstIndexStamp, 0);
            stamp = 1;
        }

        final int end = offset + length;
        int position = offset;
        while (position < end)
        {
            int tag = 0;
            boolean tagValid = true;
            int tagStart = position;
            byte b;
            while (position < end && (b = buffer.getByte(position)) != EQUALS)
            {
                if (b == SOH)
                {
                    break;
                }
                if (b < '0' || b > '9' || tag > 100_000_000)
                {
                    tagValid = false;
                }
                else
                {
                    tag = tag * 10 + (b - '0');
                }
                position++;
            }
            if (position >= end || buffer.getByte(position) != EQUALS)
            {
                recordError(ERROR_MALFORMED, tag);
                break;
            }
            if (position == tagStart || !tagValid || tag == 0)
            {
                recordError(ERROR_INVALID_TAG, tagValid ? tag : 0);
                tag = 0;
            }
            position++; // '='
            final int valueStart = position;
            while (position < end && buffer.getByte(position) != SOH)
            {
                position++;
            }
            if (position >= end)
            {
                recordError(ERROR_MALFORMED, tag);
                break;
            }
            final int valueLength = position - valueStart;
            if (valueLength == 0)
            {
                recordError(ERROR_TAG_WITHOUT_VALUE, tag);
            }
            addField(tag, valueStart, valueLength);
            position++; // SOH
        }

        final int msgTypeIndex = fieldCount > 2 && tags[2] == 35 ? 2 : indexOf(35);
        if (msgTypeIndex >= 0)
        {
            msgType = MsgTypes.pack(buffer, valueOffsets[msgTypeIndex], valueLengths[msgTypeIndex]);
        }
        return this;
    }

    private void addField(final int tag, final int valueOffset, final int valueLength)
    {
        if (fieldCount == tags.length)
        {
            grow();
        }
        final int index = fieldCount++;
        tags[index] = tag;
        valueOffsets[index] = valueOffset;
        valueLengths[index] = valueLength;
        if (tag > 0 && tag < DIRECT_TAG_LIMIT && firstIndexStamp[tag] != stamp)
        {
            firstIndexStamp[tag] = stamp;
            firstIndexByTag[tag] = index;
        }
    }

    private void grow()
    {
        final int newCapacity = tags.length << 1;
        tags = java.util.Arrays.copyOf(tags, newCapacity);
        valueOffsets = java.util.Arrays.copyOf(valueOffsets, newCapacity);
        valueLengths = java.util.Arrays.copyOf(valueLengths, newCapacity);
    }

    private void recordError(final int code, final int tag)
    {
        if (errorCode == ERROR_NONE)
        {
            errorCode = code;
            errorTag = tag;
        }
    }

    public DirectBuffer buffer()
    {
        return buffer;
    }

    public int offset()
    {
        return offset;
    }

    public int length()
    {
        return length;
    }

    public int fieldCount()
    {
        return fieldCount;
    }

    public int tagAt(final int index)
    {
        return tags[index];
    }

    public int valueOffsetAt(final int index)
    {
        return valueOffsets[index];
    }

    public int valueLengthAt(final int index)
    {
        return valueLengths[index];
    }

    /** Offset of the first byte of field {@code index} (its tag), e.g. to copy a run of fields. */
    public int fieldOffsetAt(final int index)
    {
        return index == 0 ? offset : valueOffsets[index - 1] + valueLengths[index - 1] + 1;
    }

    public int errorCode()
    {
        return errorCode;
    }

    public int errorTag()
    {
        return errorTag;
    }

    /** Packed MsgType (35), or {@link MsgTypes#INVALID} when absent or longer than 8 bytes. */
    public long msgType()
    {
        return msgType;
    }

    /** Index of the first occurrence of {@code tag}, or -1. */
    public int indexOf(final int tag)
    {
        if (tag > 0 && tag < DIRECT_TAG_LIMIT)
        {
            return firstIndexStamp[tag] == stamp ? firstIndexByTag[tag] : -1;
        }
        return indexOf(tag, 0);
    }

    /** Index of the first occurrence of {@code tag} at or after {@code fromIndex}, or -1 (repeated tags, groups). */
    public int indexOf(final int tag, final int fromIndex)
    {
        for (int i = fromIndex; i < fieldCount; i++)
        {
            if (tags[i] == tag)
            {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(final int tag)
    {
        return indexOf(tag) >= 0;
    }
}
