package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.dictionary.EnumValues;
import org.agrona.DirectBuffer;

/**
 * Field layouts (MsgType + exact tag sequence) that {@link MessageValidator} found valid, with what each position's
 * value must satisfy. A counterparty sends the same layout again and again; for such a message every structural
 * verdict (order, repeats, required tags, membership, header/body/trailer) is the same as last time, because those
 * checks read only the tags, the MsgType and the options. Only the value checks (empty value, data format, enum)
 * depend on the bytes, so a message whose layout is cached and whose values all pass is valid without the full
 * walk. Anything else (a value problem, an unknown layout) is left to the full validation, so verdicts never
 * differ.
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
    private static final int CHAR_CHECKED = 0x100;
    private static final int HAS_ENUM = 0x200;

    private final long[] msgTypes = new long[SLOTS];
    private final int[] fieldCounts = new int[SLOTS];
    private final int[][] tags = new int[SLOTS][];
    private final int[][] codes = new int[SLOTS][];
    private final EnumValues[][] enums = new EnumValues[SLOTS][];

    // what the current full validation checked, per position
    private int[] recordedCodes = new int[64];
    private EnumValues[] recordedEnums = new EnumValues[64];
    private boolean storable;

    LayoutCache()
    {
        java.util.Arrays.fill(msgTypes, MsgTypes.INVALID);
        for (int i = 0; i < SLOTS; i++)
        {
            tags[i] = new int[0];
            codes[i] = new int[0];
            enums[i] = new EnumValues[0];
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
    boolean validByLayout(final FixDecoder decoder, final long msgType, final boolean strict, final boolean haveValues)
    {
        if (msgType == MsgTypes.INVALID || decoder.errorCode() != FixDecoder.ERROR_NONE)
        {
            return false;
        }
        final int slot = slot(msgType);
        final int fieldCount = decoder.fieldCount();
        if (msgTypes[slot] != msgType || fieldCounts[slot] != fieldCount)
        {
            return false;
        }
        final int[] layout = tags[slot];
        for (int i = 0; i < fieldCount; i++)
        {
            if (decoder.tagAt(i) != layout[i])
            {
                return false;
            }
        }
        final int[] slotCodes = codes[slot];
        final EnumValues[] slotEnums = enums[slot];
        final DirectBuffer buffer = decoder.buffer();
        for (int i = 0; i < fieldCount; i++)
        {
            final int code = slotCodes[i];
            if (code == NOT_CHECKED)
            {
                continue;
            }
            final int length = decoder.valueLengthAt(i);
            if (length == 0 && haveValues)
            {
                return false;
            }
            if (code == 0)
            {
                continue; // a string without enum (or an undefined tag): nothing more to check
            }
            final int offset = decoder.valueOffsetAt(i);
            final int kind = code & 0xFF;
            if (kind != 0 && !FieldFormats.isValidKind(kind, (code & CHAR_CHECKED) != 0, strict, buffer, offset, length))
            {
                return false;
            }
            if ((code & HAS_ENUM) != 0 && !slotEnums[i].contains(buffer, offset, length))
            {
                return false;
            }
        }
        return true;
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

    /** The full validation found the message valid: keep its layout. */
    void storeValid(final FixDecoder decoder, final long msgType)
    {
        if (!storable || msgType == MsgTypes.INVALID || decoder.errorCode() != FixDecoder.ERROR_NONE)
        {
            return;
        }
        final int slot = slot(msgType);
        final int fieldCount = decoder.fieldCount();
        if (tags[slot].length < fieldCount)
        {
            tags[slot] = new int[fieldCount];
            codes[slot] = new int[fieldCount];
            enums[slot] = new EnumValues[fieldCount];
        }
        for (int i = 0; i < fieldCount; i++)
        {
            tags[slot][i] = decoder.tagAt(i);
        }
        System.arraycopy(recordedCodes, 0, codes[slot], 0, fieldCount);
        System.arraycopy(recordedEnums, 0, enums[slot], 0, fieldCount);
        msgTypes[slot] = msgType;
        fieldCounts[slot] = fieldCount;
    }
}
