package io.fixtape.engine.codec;

import org.agrona.AsciiSequenceView;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Flyweight over one complete FIX message in a {@link DirectBuffer}. {@link #wrap} makes a single pass that
 * indexes every field as (tag, value offset, value length) into reusable primitive arrays; accessors then read
 * values in place. Nothing is allocated after the arrays have grown to the largest message seen.
 *
 * <p>Malformed fields do not throw: the first problem is recorded ({@link #errorCode()}, {@link #errorTag()})
 * so that validation and the session layer can answer with a precise Reject.
 *
 * <p>Typed accessors come in two forms: by index ({@code longAt(i)}, for repeated tags and groups with
 * {@link #indexOf(int, int)}) and by tag ({@code getLong(tag)}, first occurrence). They never throw: a missing
 * field or a value in the wrong data format returns the type's sentinel and sets {@link #lastParseStatus()}
 * ({@link #PARSE_OK}, {@link #PARSE_MISSING}, {@link #PARSE_BAD_FORMAT}); check {@link #lastParseOk()} right
 * after the call. No accessor allocates.
 *
 * <p>Length-prefixed data fields (RawData 96 after RawDataLength 95, XmlData 213, EncodedText 355, ...) may contain
 * SOH: their value length is taken from the preceding length field, as the FIX spec requires.
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

    /** The last accessor found the field and parsed it. */
    public static final int PARSE_OK = 0;
    /** The last accessor's tag is not in the message (or the index was negative / out of range). */
    public static final int PARSE_MISSING = 1;
    /** The last accessor's field is present but not in the data format asked for (SessionRejectReason 6). */
    public static final int PARSE_BAD_FORMAT = 2;

    private static final int INITIAL_CAPACITY = 64;

    private DirectBuffer buffer;
    private int offset;
    private int length;

    private int fieldCount;
    private int[] tags = new int[INITIAL_CAPACITY];
    private int[] valueOffsets = new int[INITIAL_CAPACITY];
    private int[] valueLengths = new int[INITIAL_CAPACITY];

    private final FirstIndexTable firstIndex = new FirstIndexTable(INITIAL_CAPACITY);

    private int errorCode;
    private int errorTag;
    private long msgType = MsgTypes.INVALID;
    private int lastParseStatus = PARSE_OK;
    private final AsciiSequenceView stringView = new AsciiSequenceView();

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
        firstIndex.invalidate();

        final int end = offset + length;
        final long scanned = scanRegular(buffer, offset, end);
        int position = (int)scanned;
        int pendingDataTag = (int)(scanned >>> 32);
        int pendingDataLength = pendingDataTag == 0 ? -1 : AsciiNumbers.parseIntAscii(
            buffer, valueOffsets[fieldCount - 1], valueLengths[fieldCount - 1]);
        while (position < end)
        {
            int tag = FieldScan.parseShortTag(buffer, position, end);
            if (tag > 0)
            {
                position += tag < 10 ? 2 : tag < 100 ? 3 : 4; // digits and '='
            }
            else
            {
                tag = 0;
                boolean tagValid = true;
                final int tagStart = position;
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
            }
            final int valueStart = position;
            if (tag != 0 && tag == pendingDataTag && pendingDataLength >= 0 &&
                pendingDataLength < end - valueStart && buffer.getByte(valueStart + pendingDataLength) == SOH)
            {
                position = valueStart + pendingDataLength; // data may contain SOH: trust its length field
            }
            else
            {
                position = FieldScan.findSoh(buffer, position, end);
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
            pendingDataTag = FieldScan.dataTagFor(tag);
            pendingDataLength = pendingDataTag == 0 ? -1 :
                AsciiNumbers.parseIntAscii(buffer, valueStart, valueLength);
            position++; // SOH
        }

        final int msgTypeIndex = fieldCount > 2 && tags[2] == 35 ? 2 : indexOf(35);
        if (msgTypeIndex >= 0)
        {
            msgType = MsgTypes.pack(buffer, valueOffsets[msgTypeIndex], valueLengths[msgTypeIndex]);
        }
        return this;
    }

    /**
     * The fast part of {@link #wrap}: indexes fields while they are regular (a 1- to 3-digit tag without leading
     * zero, at least 8 bytes before the end, not announcing a data field) and returns where the general loop below
     * must continue, with the data tag announced by the last indexed field in the high 32 bits. One 8-byte read at
     * the field start gives the tag and, for fields up to 8 bytes, the SOH too; longer values continue eight bytes
     * per step. The range is bounds-checked once and read raw (no check per read).
     */
    private long scanRegular(final DirectBuffer buffer, final int offset, final int end)
    {
        buffer.boundsCheck(offset, end - offset);
        final byte[] array = buffer.byteArray();
        final long address = buffer.addressOffset();
        int position = offset;
        while (end - position >= 8)
        {
            final long word = FieldScan.word(array, address, position);
            final int tag = FieldScan.shortTagOfWord(word);
            if (tag <= 0)
            {
                break;
            }
            final int valueStart = position + (tag < 10 ? 2 : tag < 100 ? 3 : 4);
            // no SOH among the tag bytes and '=', so the lowest flag is the first SOH of the value (if in this word)
            final long flags = FieldScan.firstSohFlags(word);
            final int soh = flags != 0 ? position + (Long.numberOfTrailingZeros(flags) >>> 3) :
                FieldScan.findSoh(array, address, position + 8, end);
            if (soh >= end)
            {
                break; // no SOH: the general loop reports the malformed field
            }
            final int valueLength = soh - valueStart;
            if (valueLength == 0)
            {
                recordError(ERROR_TAG_WITHOUT_VALUE, tag);
            }
            addField(tag, valueStart, valueLength);
            position = soh + 1;
            final int dataTag = FieldScan.dataTagFor(tag);
            if (dataTag != 0)
            {
                return ((long)dataTag << 32) | position; // its data field may contain SOH: general loop
            }
        }
        final int remaining = end - position;
        if (remaining > 0 && remaining < 8 && end - offset >= 8)
        {
            // the last field (normally CheckSum, 7 bytes): the message's last word shifted so that 'position' is its
            // low byte; the zero bytes shifted in are neither digits, '=' nor SOH
            final long word = FieldScan.word(array, address, end - 8) >>> ((8 - remaining) << 3);
            final int tag = FieldScan.shortTagOfWord(word);
            final long flags = FieldScan.firstSohFlags(word);
            if (tag > 0 && flags != 0)
            {
                final int soh = position + (Long.numberOfTrailingZeros(flags) >>> 3);
                final int valueStart = position + (tag < 10 ? 2 : tag < 100 ? 3 : 4);
                if (soh == end - 1 && soh > valueStart)
                {
                    addField(tag, valueStart, soh - valueStart);
                    return end;
                }
            }
        }
        return position;
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

    /**
     * Whether the message has exactly {@code count} fields with the tags {@code expected[0, count)} in this order
     * (one vectorised array comparison; e.g. a validator recognising a layout it has seen).
     */
    public boolean tagsEqual(final int[] expected, final int count)
    {
        return fieldCount == count && count <= expected.length &&
            java.util.Arrays.equals(tags, 0, count, expected, 0, count);
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

    /**
     * Allocate the by-tag lookup table of {@link #indexOf(int)} now instead of on the first lookup: for a decoder
     * that is shared and looks tags up in every message (configuration time). A decoder that never looks a tag up
     * never allocates the table.
     *
     * @return this, for chaining.
     */
    public FixDecoder reserveLookups()
    {
        firstIndex.reserve();
        return this;
    }

    /** Whether the by-tag lookup table is allocated (see {@link #reserveLookups()}). */
    public boolean hasLookupTable()
    {
        return firstIndex.isAllocated();
    }

    /** Index of the first occurrence of {@code tag}, or -1; the first lookup allocates the table. */
    public int indexOf(final int tag)
    {
        if (tag > 0 && tag < FirstIndexTable.TAG_LIMIT)
        {
            return firstIndex.firstIndexOf(tag, tags, fieldCount);
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

    // ---------------------------------------------------------------- typed accessors

    /** Outcome of the last typed accessor: {@link #PARSE_OK}, {@link #PARSE_MISSING} or {@link #PARSE_BAD_FORMAT}. */
    public int lastParseStatus()
    {
        return lastParseStatus;
    }

    public boolean lastParseOk()
    {
        return lastParseStatus == PARSE_OK;
    }

    private boolean present(final int index)
    {
        if (index < 0 || index >= fieldCount)
        {
            lastParseStatus = PARSE_MISSING;
            return false;
        }
        return true;
    }

    private void status(final boolean ok)
    {
        lastParseStatus = ok ? PARSE_OK : PARSE_BAD_FORMAT;
    }

    /** Int value of field {@code index}, or {@link AsciiNumbers#INVALID_INT}. */
    public int intAt(final int index)
    {
        if (!present(index))
        {
            return AsciiNumbers.INVALID_INT;
        }
        final int value = AsciiNumbers.parseIntAscii(buffer, valueOffsets[index], valueLengths[index]);
        status(value != AsciiNumbers.INVALID_INT);
        return value;
    }

    /** Long value of field {@code index}, or {@link AsciiNumbers#INVALID_LONG}. */
    public long longAt(final int index)
    {
        if (!present(index))
        {
            return AsciiNumbers.INVALID_LONG;
        }
        final long value = AsciiNumbers.parseLongAscii(buffer, valueOffsets[index], valueLengths[index]);
        status(value != AsciiNumbers.INVALID_LONG);
        return value;
    }

    /** Single-character value of field {@code index}, or {@code 0} when missing or longer than one byte. */
    public char charAt(final int index)
    {
        if (!present(index))
        {
            return 0;
        }
        final boolean ok = valueLengths[index] == 1;
        status(ok);
        return ok ? (char)(buffer.getByte(valueOffsets[index]) & 0xFF) : 0;
    }

    /** {@code Y} is true, {@code N} false; anything else is a bad format (returns false). */
    public boolean booleanAt(final int index)
    {
        final char c = charAt(index);
        if (lastParseStatus == PARSE_OK)
        {
            status(c == 'Y' || c == 'N');
        }
        return c == 'Y';
    }

    /** Exact decimal into {@code out} ({@code "1.2345"} is (12345, 4)); returns {@link #lastParseOk()}. */
    public boolean decimalAt(final int index, final Decimal out)
    {
        if (!present(index))
        {
            return false;
        }
        final boolean ok = out.parse(buffer, valueOffsets[index], valueLengths[index]);
        status(ok);
        return ok;
    }

    /** Decimal as a long at a fixed scale, exact or {@link AsciiNumbers#INVALID_LONG}. */
    public long decimalScaledAt(final int index, final int scale)
    {
        if (!present(index))
        {
            return AsciiNumbers.INVALID_LONG;
        }
        final long value = AsciiNumbers.parseDecimalScaled(buffer, valueOffsets[index], valueLengths[index], scale);
        status(value != AsciiNumbers.INVALID_LONG);
        return value;
    }

    /** UTCTimestamp (s, ms, µs or ns) as epoch nanos, or {@link UtcTimestamps#INVALID_TIMESTAMP}. */
    public long utcTimestampAt(final int index)
    {
        if (!present(index))
        {
            return UtcTimestamps.INVALID_TIMESTAMP;
        }
        final long value = UtcTimestamps.parseTimestamp(buffer, valueOffsets[index], valueLengths[index]);
        status(value != UtcTimestamps.INVALID_TIMESTAMP);
        return value;
    }

    /** LocalMktDate / UTCDateOnly {@code YYYYMMDD} as epoch day, or {@link UtcTimestamps#INVALID_DATE}. */
    public int localMktDateAt(final int index)
    {
        if (!present(index))
        {
            return UtcTimestamps.INVALID_DATE;
        }
        final int value = UtcTimestamps.parseDate(buffer, valueOffsets[index], valueLengths[index]);
        status(value != UtcTimestamps.INVALID_DATE);
        return value;
    }

    /**
     * The value as a {@link CharSequence} over the buffer. The returned view is owned by this decoder and
     * re-pointed by the next {@code stringAt}/{@code getString} call; use {@link #stringAt(int, AsciiSequenceView)}
     * to hold several. Empty when missing.
     */
    public CharSequence stringAt(final int index)
    {
        return stringAt(index, stringView);
    }

    /** Points the caller's {@code view} at the value of field {@code index} and returns it. */
    public AsciiSequenceView stringAt(final int index, final AsciiSequenceView view)
    {
        if (!present(index))
        {
            return view.wrap(buffer, offset, 0);
        }
        lastParseStatus = PARSE_OK;
        return view.wrap(buffer, valueOffsets[index], valueLengths[index]);
    }

    /** Copies the value into {@code destination}; returns its length, or -1 when missing. */
    public int getBytesAt(final int index, final MutableDirectBuffer destination, final int destinationOffset)
    {
        if (!present(index))
        {
            return -1;
        }
        lastParseStatus = PARSE_OK;
        destination.putBytes(destinationOffset, buffer, valueOffsets[index], valueLengths[index]);
        return valueLengths[index];
    }

    /** Whether the value of field {@code index} is exactly the bytes of {@code constant}. */
    public boolean valueEqualsAt(final int index, final byte[] constant)
    {
        if (!present(index))
        {
            return false;
        }
        lastParseStatus = PARSE_OK;
        final int length = valueLengths[index];
        if (length != constant.length)
        {
            return false;
        }
        final int valueOffset = valueOffsets[index];
        for (int i = 0; i < length; i++)
        {
            if (buffer.getByte(valueOffset + i) != constant[i])
            {
                return false;
            }
        }
        return true;
    }

    public int getInt(final int tag)
    {
        return intAt(indexOf(tag));
    }

    public long getLong(final int tag)
    {
        return longAt(indexOf(tag));
    }

    public char getChar(final int tag)
    {
        return charAt(indexOf(tag));
    }

    public boolean getBoolean(final int tag)
    {
        return booleanAt(indexOf(tag));
    }

    public boolean getDecimal(final int tag, final Decimal out)
    {
        return decimalAt(indexOf(tag), out);
    }

    public long getDecimalScaled(final int tag, final int scale)
    {
        return decimalScaledAt(indexOf(tag), scale);
    }

    public long getUtcTimestamp(final int tag)
    {
        return utcTimestampAt(indexOf(tag));
    }

    public int getLocalMktDate(final int tag)
    {
        return localMktDateAt(indexOf(tag));
    }

    public int getUtcDateOnly(final int tag)
    {
        return localMktDateAt(indexOf(tag));
    }

    public CharSequence getString(final int tag)
    {
        return stringAt(indexOf(tag));
    }

    public AsciiSequenceView getString(final int tag, final AsciiSequenceView view)
    {
        return stringAt(indexOf(tag), view);
    }

    public int getBytes(final int tag, final MutableDirectBuffer destination, final int destinationOffset)
    {
        return getBytesAt(indexOf(tag), destination, destinationOffset);
    }

    public boolean valueEquals(final int tag, final byte[] constant)
    {
        return valueEqualsAt(indexOf(tag), constant);
    }

    /** The message with {@code |} for SOH (allocates; for logs, tools and tests). */
    @Override
    public String toString()
    {
        return buffer == null ? "" : buffer.getStringWithoutLengthAscii(offset, length).replace((char)SOH, '|');
    }
}
