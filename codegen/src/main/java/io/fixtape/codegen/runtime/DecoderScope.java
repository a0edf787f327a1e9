package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.AsciiNumbers;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import org.agrona.AsciiSequenceView;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.util.Arrays;

/**
 * The fields of one decoding scope — a message body or one entry of a repeating group — as field indexes into a
 * {@link FixDecoder}. A generated decoder numbers the fields its scope may hold (its own fields first, then one
 * block per component, nested components inside their component's block) and its scan stores the index of each
 * field it meets in that field's slot; the decoder and its component decoders then read typed values through the
 * slot numbers, with no search. A slot without a field holds {@link #ABSENT}.
 *
 * <p>Every read is allocation-free and never throws on bad wire data: an absent field or a value in the wrong
 * format reads as the type's sentinel ({@link AsciiNumbers#INVALID_INT}, {@link AsciiNumbers#INVALID_LONG},
 * {@code 0} for a char, an empty view for text, {@link #MISSING_MANTISSA} for a decimal).
 *
 * <p>Support for generated code. Not thread-safe: one scope per decoder, used on one thread.
 */
public final class DecoderScope
{
    /** Slot value of a field the message does not carry. */
    public static final int ABSENT = -1;
    /** Mantissa a decimal reads as when its field is absent or malformed (scale 0). */
    public static final long MISSING_MANTISSA = AsciiNumbers.INVALID_LONG;

    private final int[] slots;
    private FixDecoder decoder;

    public DecoderScope(final int slotCount)
    {
        this.slots = new int[slotCount];
        Arrays.fill(slots, ABSENT);
    }

    /** Forgets every field and points the scope at {@code decoder}. */
    public void reset(final FixDecoder decoder)
    {
        this.decoder = decoder;
        Arrays.fill(slots, ABSENT);
    }

    /** The decoded message this scope reads from. */
    public FixDecoder decoder()
    {
        return decoder;
    }

    /** Records field {@code index} in {@code slot} unless the slot already has one: the first occurrence wins. */
    public void put(final int slot, final int index)
    {
        if (slots[slot] == ABSENT)
        {
            slots[slot] = index;
        }
    }

    /** Field index held by {@code slot}, or {@link #ABSENT}. */
    public int index(final int slot)
    {
        return slots[slot];
    }

    public boolean has(final int slot)
    {
        return slots[slot] != ABSENT;
    }

    /** Whether any slot in {@code [from, from + count)} holds a field (a component is present). */
    public boolean hasAny(final int from, final int count)
    {
        for (int slot = from, end = from + count; slot < end; slot++)
        {
            if (slots[slot] != ABSENT)
            {
                return true;
            }
        }
        return false;
    }

    public int intValue(final int slot)
    {
        return decoder.intAt(slots[slot]);
    }

    public long longValue(final int slot)
    {
        return decoder.longAt(slots[slot]);
    }

    public char charValue(final int slot)
    {
        return decoder.charAt(slots[slot]);
    }

    /** {@code Y} is true; anything else, or absent, false. */
    public boolean booleanValue(final int slot)
    {
        return decoder.booleanAt(slots[slot]);
    }

    /** Parses the value into {@code out}, or sets it to ({@link #MISSING_MANTISSA}, 0); returns {@code out}. */
    public Decimal decimal(final int slot, final Decimal out)
    {
        if (!decoder.decimalAt(slots[slot], out))
        {
            out.set(MISSING_MANTISSA, 0);
        }
        return out;
    }

    /** Parses the value into {@code out}; false (leaving {@code out} unchanged) when absent or malformed. */
    public boolean decimalInto(final int slot, final Decimal out)
    {
        return decoder.decimalAt(slots[slot], out);
    }

    /** UTCTimestamp as epoch nanoseconds, or {@code UtcTimestamps.INVALID_TIMESTAMP}. */
    public long timestamp(final int slot)
    {
        return decoder.utcTimestampAt(slots[slot]);
    }

    /** LocalMktDate / UTCDateOnly as days since 1970-01-01, or {@code UtcTimestamps.INVALID_DATE}. */
    public int date(final int slot)
    {
        return decoder.localMktDateAt(slots[slot]);
    }

    /** Points {@code view} at the value (empty when absent) and returns it. */
    public CharSequence string(final int slot, final AsciiSequenceView view)
    {
        return decoder.stringAt(slots[slot], view);
    }

    /** The value as a new String, or null when absent (allocates). */
    public String stringAsString(final int slot)
    {
        final int index = slots[slot];
        return index == ABSENT ? null :
            decoder.buffer().getStringWithoutLengthAscii(decoder.valueOffsetAt(index), decoder.valueLengthAt(index));
    }

    /** Copies the value into {@code destination}; returns its length, or -1 when absent. */
    public int bytes(final int slot, final MutableDirectBuffer destination, final int destinationOffset)
    {
        return decoder.getBytesAt(slots[slot], destination, destinationOffset);
    }

    /** The buffer the values are in (for enum decoding straight from the bytes). */
    public DirectBuffer buffer()
    {
        return decoder.buffer();
    }

    /** Offset of the value in {@link #buffer()}; the slot must hold a field. */
    public int valueOffset(final int slot)
    {
        return decoder.valueOffsetAt(slots[slot]);
    }

    /** Length of the value; the slot must hold a field. */
    public int valueLength(final int slot)
    {
        return decoder.valueLengthAt(slots[slot]);
    }

    /**
     * Appends {@code , name=value} (no separator right after an opening bracket) when the slot holds a field, the
     * value as its bytes; returns whether it did. Allocation-free while {@code out} has room.
     */
    public boolean appendField(final StringBuilder out, final String name, final int slot)
    {
        final int index = slots[slot];
        if (index == ABSENT)
        {
            return false;
        }
        Printing.name(out, name);
        final DirectBuffer buffer = decoder.buffer();
        for (int i = decoder.valueOffsetAt(index), end = i + decoder.valueLengthAt(index); i < end; i++)
        {
            out.append((char)(buffer.getByte(i) & 0xFF));
        }
        return true;
    }
}
