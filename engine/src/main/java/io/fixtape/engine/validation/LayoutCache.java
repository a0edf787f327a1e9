package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.dictionary.EnumValues;
import org.agrona.DirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Field layouts (MsgType + exact tag sequence) that {@link MessageValidator} found valid, with what each position's
 * value must satisfy. A counterparty sends the same layout again and again; for such a message every structural
 * verdict (order, repeats, required tags, membership, header/body/trailer) is the same as last time, because those
 * checks read only the tags, the MsgType and the options. Only the value checks (empty value, data format, enum)
 * depend on the bytes, so a message whose layout is cached and whose values all pass is valid without the full
 * walk. Anything else (a value problem, an unknown layout) is left to the full validation, so verdicts never
 * differ.
 *
 * <p>A hit costs one vectorised comparison of the tag sequence ({@link FixDecoder#tagsEqual}) plus the value checks
 * that can fail, and nothing else: when a layout is stored, its positions are reduced to a short list of
 * (index, check) pairs holding only the fields with a data format or an enum to check. Plain strings need no entry:
 * their only check is "not empty", and the decoder already proved every value non-empty (an empty value sets
 * {@link FixDecoder#ERROR_TAG_WITHOUT_VALUE}, and only messages without a decoder error are looked up).
 *
 * <p>Layouts with repeating groups (NumInGroup values steer the parse), ApplVerID (1128 picks the dictionary), an
 * unparseable tag or a decoder error are never stored. 8 slots, direct-mapped by MsgType; arrays are reused, so
 * the cache allocates only while it grows to the largest layout.
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class LayoutCache
{
    private static final int SLOTS = 8;
    /** Position not value-checked by the full validation (e.g. a group count). */
    static final int NOT_CHECKED = -1;
    // a recorded position: FieldFormats kind (0 = no format check) | these flags; 0 = only "not empty"
    private static final int KIND_MASK = 0xFF;
    private static final int CHAR_CHECKED = 0x100;
    private static final int HAS_ENUM = 0x200;

    /** One stored layout; its arrays are replaced only when a longer layout lands in the slot. */
    private static final class Layout
    {
        long msgType = MsgTypes.INVALID;
        int fieldCount;
        int[] tags = new int[0];
        // the positions with a value check, in wire order (the order of the full validation does not matter here:
        // any failure sends the message to the full walk, which picks the reported error)
        int checkCount;
        int[] checkIndexes = new int[0];
        int[] checkCodes = new int[0];
        EnumValues[] checkEnums = new EnumValues[0];
        // per check, 4 words (256 bits): the one-byte values that pass its format and enum checks
        long[] oneByteValid = new long[0];
    }

    private final Layout[] layouts = new Layout[SLOTS];

    // what the current full validation checked, per position
    private int[] recordedCodes = new int[64];
    private EnumValues[] recordedEnums = new EnumValues[64];
    private boolean storable;
    private final boolean strict;

    LayoutCache(final boolean strict)
    {
        this.strict = strict;
        for (int i = 0; i < SLOTS; i++)
        {
            layouts[i] = new Layout();
        }
    }

    private static int slot(final long msgType)
    {
        return (int)(msgType ^ (msgType >>> 8) ^ (msgType >>> 16)) & (SLOTS - 1);
    }

    /**
     * True when the message has a cached layout and every value check passes: the message is valid. False means
     * nothing; run the full validation.
     */
    boolean validByLayout(final FixDecoder decoder, final long msgType)
    {
        if (msgType == MsgTypes.INVALID || decoder.errorCode() != FixDecoder.ERROR_NONE)
        {
            return false; // also: with no decoder error, no value is empty
        }
        final Layout layout = layouts[slot(msgType)];
        if (layout.msgType != msgType || !decoder.tagsEqual(layout.tags, layout.fieldCount))
        {
            return false;
        }
        final DirectBuffer buffer = decoder.buffer();
        final int end = decoder.offset() + decoder.length();
        buffer.boundsCheck(decoder.offset(), decoder.length()); // once: the raw reads below stay inside the message
        final byte[] array = buffer.byteArray();
        final long address = buffer.addressOffset();
        final int[] checkIndexes = layout.checkIndexes;
        final int[] checkCodes = layout.checkCodes;
        final long[] oneByteValid = layout.oneByteValid;
        for (int c = 0, count = layout.checkCount; c < count; c++)
        {
            final int index = checkIndexes[c];
            final int offset = decoder.valueOffsetAt(index);
            final int length = decoder.valueLengthAt(index);
            if (length == 1)
            {
                // Side, OrdType, TimeInForce, MsgType D, ...: format and enum answered by one bit (exact)
                final int b = UnsafeApi.getByte(array, address + offset) & 0xFF;
                if ((oneByteValid[(c << 2) + (b >>> 6)] & (1L << b)) == 0)
                {
                    return false;
                }
                continue;
            }
            final int code = checkCodes[c];
            if (!shortFormValid(code & KIND_MASK, strict, array, address, offset, length, end) &&
                !FieldFormats.isValidKind(code & KIND_MASK, (code & CHAR_CHECKED) != 0, strict, buffer, offset, length))
            {
                return false;
            }
            if ((code & HAS_ENUM) != 0 && !layout.checkEnums[c].contains(buffer, offset, length))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Word-at-a-time forms of the common format checks (unsigned ints and decimals up to 8 bytes, UTCTimestamps in
     * seconds or milliseconds or microseconds): true only when the value certainly passes; false sends it to
     * {@link FieldFormats#isValidKind}. A word is read only when it ends inside the message.
     */
    // the date and time words (bytes 0..7 and 8..15) of the last timestamp that passed, with tens of seconds at most
    // 5: SendingTime and TransactTime share them for up to ten seconds, so then only the rest needs checking
    private boolean haveGoodTimestamp;
    private long goodDate;
    private long goodTime;

    private boolean shortFormValid(
        final int kind, final boolean strict, final byte[] array, final long address, final int offset,
        final int length, final int end)
    {
        if (FieldFormats.isIntKind(kind))
        {
            return length <= 8 && end - offset >= 8 && FieldFormats.isShortUnsignedInt(word(array, address, offset), length);
        }
        if (FieldFormats.isDecimalKind(kind))
        {
            return length <= 8 && end - offset >= 8 &&
                FieldFormats.isShortUnsignedDecimal(word(array, address, offset), length);
        }
        if (FieldFormats.isTimestampKind(kind))
        {
            if (length > 24 || end - offset < 24)
            {
                return false;
            }
            final long date = word(array, address, offset);
            final long time = word(array, address, offset + 8);
            final long rest = word(array, address, offset + 16);
            if (haveGoodTimestamp && date == goodDate && time == goodTime)
            {
                return FieldFormats.isTimestampRest(rest, length);
            }
            if (!FieldFormats.isShortTimestamp(date, time, rest, length, strict))
            {
                return false;
            }
            if (FieldFormats.secondsTensBelowSix(time))
            {
                haveGoodTimestamp = true;
                goodDate = date;
                goodTime = time;
            }
            return true;
        }
        return false;
    }

    private static final boolean LITTLE_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;

    /** Eight bytes at {@code position}, first byte lowest. Raw: the caller checked the message range. */
    private static long word(final byte[] array, final long address, final int position)
    {
        final long word = UnsafeApi.getLong(array, address + position);
        return LITTLE_ENDIAN ? word : Long.reverseBytes(word);
    }

    /** A full validation of {@code fieldCount} fields starts; {@code storable} is false when it must not be kept. */
    void begin(final int fieldCount, final boolean storable)
    {
        if (recordedCodes.length < fieldCount)
        {
            final int capacity = Math.max(fieldCount, recordedCodes.length << 1);
            recordedCodes = new int[capacity];
            recordedEnums = new EnumValues[capacity];
        }
        java.util.Arrays.fill(recordedCodes, 0, fieldCount, NOT_CHECKED);
        this.storable = storable;
    }

    /** The full validation checked the value at {@code index} with these rules. */
    void checked(final int index, final int typeCode, final boolean charChecked, final EnumValues values)
    {
        final int kind = typeCode == 0 ? 0 : FieldFormats.kind(typeCode);
        recordedCodes[index] = kind | (kind != 0 && charChecked ? CHAR_CHECKED : 0) | (values != null ? HAS_ENUM : 0);
        recordedEnums[index] = values;
    }

    /** The layout cannot be kept (a group was parsed, a tag did not parse). */
    void notStorable()
    {
        storable = false;
    }

    /** The full validation found the message valid: keep its layout and the list of its value checks. */
    void storeValid(final FixDecoder decoder, final long msgType)
    {
        if (!storable || msgType == MsgTypes.INVALID || decoder.errorCode() != FixDecoder.ERROR_NONE)
        {
            return;
        }
        final Layout layout = layouts[slot(msgType)];
        final int fieldCount = decoder.fieldCount();
        if (layout.tags.length < fieldCount)
        {
            layout.tags = new int[fieldCount];
            layout.checkIndexes = new int[fieldCount];
            layout.checkCodes = new int[fieldCount];
            layout.checkEnums = new EnumValues[fieldCount];
            layout.oneByteValid = new long[fieldCount << 2];
        }
        int checkCount = 0;
        for (int i = 0; i < fieldCount; i++)
        {
            layout.tags[i] = decoder.tagAt(i);
            final int code = recordedCodes[i];
            if (code != NOT_CHECKED && code != 0) // 0: only "not empty", which the decoder already proved
            {
                layout.checkIndexes[checkCount] = i;
                layout.checkCodes[checkCount] = code;
                final EnumValues values = recordedEnums[i];
                layout.checkEnums[checkCount] = values;
                for (int w = 0; w < 4; w++)
                {
                    layout.oneByteValid[(checkCount << 2) + w] =
                        FieldFormats.oneByteValid(code & KIND_MASK, (code & CHAR_CHECKED) != 0, strict, w) &
                        (values == null ? -1L : values.acceptedOneByteValues(w));
                }
                checkCount++;
            }
        }
        java.util.Arrays.fill(layout.checkEnums, checkCount, layout.checkEnums.length, null);
        layout.checkCount = checkCount;
        layout.fieldCount = fieldCount;
        layout.msgType = msgType;
    }
}
