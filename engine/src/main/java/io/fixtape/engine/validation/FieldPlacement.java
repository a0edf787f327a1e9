package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;

/**
 * Where the structure walk placed each field of the current message: header, body, trailer or a group level
 * ({@link MessageSections}), and how far the walk has got (the fields before {@link #cursor()}). Repeats and
 * required tags are questions about this placement: is a tag already placed at a level, is it placed again later.
 * The level array grows to the largest message seen and is then reused.
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class FieldPlacement
{
    private FixDecoder decoder;
    private int[] levels = new int[64];
    private int cursor;

    /** Starts a message: nothing placed. */
    void begin(final FixDecoder decoder)
    {
        this.decoder = decoder;
        final int fieldCount = decoder.fieldCount();
        if (levels.length < fieldCount)
        {
            levels = new int[Math.max(fieldCount, levels.length << 1)];
        }
        cursor = 0;
    }

    /** Index of the next field to place; every field before it is placed. */
    int cursor()
    {
        return cursor;
    }

    /** The field at {@link #cursor()} is done. */
    void advance()
    {
        cursor++;
    }

    void place(final int index, final int level)
    {
        levels[index] = level;
    }

    int levelAt(final int index)
    {
        return levels[index];
    }

    /** Whether {@code tag} occurs before field {@code index} at the same {@code level}. */
    boolean seenBefore(final int index, final int tag, final int level)
    {
        if (tag <= 0)
        {
            return false;
        }
        int previous = decoder.indexOf(tag);
        while (previous >= 0 && previous < index)
        {
            if (levels[previous] == level)
            {
                return true;
            }
            previous = decoder.indexOf(tag, previous + 1);
        }
        return false;
    }

    /** Whether the tag of field {@code index} occurs again after it at the same {@code level}. */
    boolean repeatedLater(final int index, final int level)
    {
        int later = decoder.indexOf(decoder.tagAt(index), index + 1);
        while (later >= 0)
        {
            if (levels[later] == level)
            {
                return true;
            }
            later = decoder.indexOf(decoder.tagAt(index), later + 1);
        }
        return false;
    }

    /** Whether {@code tag} is placed at {@code level}. */
    boolean isPlaced(final int tag, final int level)
    {
        return presentAt(tag, level, 0, cursor);
    }

    /** Whether {@code tag} is placed at {@code level} among the fields {@code [start, end)}. */
    boolean presentAt(final int tag, final int level, final int start, final int end)
    {
        int index = decoder.indexOf(tag);
        if (index >= 0 && index < start)
        {
            index = decoder.indexOf(tag, start);
        }
        while (index >= 0 && index < end)
        {
            if (levels[index] == level && index < cursor)
            {
                return true;
            }
            index = decoder.indexOf(tag, index + 1);
        }
        return false;
    }
}
