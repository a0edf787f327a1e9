package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.AsciiNumbers;
import io.fixtape.engine.codec.FixDecoder;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Base of generated repeating-group decoders: a flyweight that walks the entries of one group in a
 * {@link FixDecoder}. Each entry starts with the group's delimiter field; {@link #next()} scans one entry into the
 * entry's {@link DecoderScope} (its {@link ScopeLayout} says which tags belong to it; nested groups are skipped as
 * a whole) and the subclass's accessors then read that entry.
 *
 * <pre>{@code
 * for (NoPartyIDsGroupDecoder party : order.parties().noPartyIDs())   // iterator() rewinds and returns this
 * {
 *     CharSequence id = party.partyID();
 * }
 * }</pre>
 *
 * <p>Entries are found by structure (delimiter first, members until the next delimiter or a tag that is not a
 * member), like the engine's {@code GroupIterator}; {@link #count()} is the NumInGroup value as sent. Iteration
 * stops at the first entry that does not start with the delimiter. Allocation-free; {@link #iterator()} returns this
 * object, so one group can be walked by one loop at a time. Not thread-safe.
 *
 * @param <T> the generated subclass.
 */
public abstract class GroupDecoder<T extends GroupDecoder<T>> implements Iterable<T>, Iterator<T>
{
    /** The fields of the current entry. */
    protected final DecoderScope scope;
    private final ScopeLayout layout;
    private final int delimiterTag;
    private FixDecoder decoder;
    private int countIndex = DecoderScope.ABSENT;
    private int count;
    private int position = DecoderScope.ABSENT;
    private int entry = -1;

    protected GroupDecoder(final ScopeLayout layout)
    {
        this.scope = new DecoderScope(layout.slotCount());
        this.layout = layout;
        this.delimiterTag = layout.delimiterTag();
    }

    /**
     * Positions this decoder on the group whose NumInGroup field is field {@code countIndex} of {@code decoder}
     * ({@link DecoderScope#ABSENT}: the message does not carry the group; it then has no entries).
     */
    public final T wrap(final FixDecoder decoder, final int countIndex)
    {
        this.decoder = decoder;
        this.countIndex = countIndex;
        scope.reset(decoder);
        if (countIndex == DecoderScope.ABSENT)
        {
            count = 0;
        }
        else
        {
            final int sent = decoder.intAt(countIndex);
            count = sent == AsciiNumbers.INVALID_INT ? 0 : sent;
        }
        rewind();
        return self();
    }

    /** NumInGroup as sent (0 when the group is absent or its count is not a number). */
    public final int count()
    {
        return count;
    }

    /** Whether the message carries this group's NumInGroup field. */
    public final boolean isPresent()
    {
        return countIndex != DecoderScope.ABSENT;
    }

    /** Zero-based number of the current entry (-1 before the first {@link #next()}). */
    public final int entry()
    {
        return entry;
    }

    @Override
    public final boolean hasNext()
    {
        return position != DecoderScope.ABSENT && position < decoder.fieldCount() &&
            decoder.tagAt(position) == delimiterTag;
    }

    /** Moves to the next entry; its fields are then readable through this object. */
    @Override
    public final T next()
    {
        if (!hasNext())
        {
            throw new NoSuchElementException("no further entry in this repeating group");
        }
        scope.reset(decoder);
        position = layout.scanEntry(decoder, position, scope);
        entry++;
        return self();
    }

    /** Rewinds to before the first entry and returns this object (no allocation). */
    @Override
    public final Iterator<T> iterator()
    {
        rewind();
        return this;
    }

    /** Appends {@code count[{entry}, {entry}]}, walking the entries (rewinds this decoder). */
    public final StringBuilder appendTo(final StringBuilder out)
    {
        out.append(count).append('[');
        rewind();
        while (hasNext())
        {
            next();
            Printing.separator(out);
            out.append('{');
            appendEntry(out);
            out.append('}');
        }
        rewind();
        return out.append(']');
    }

    private void rewind()
    {
        position = countIndex == DecoderScope.ABSENT ? DecoderScope.ABSENT : countIndex + 1;
        entry = -1;
    }

    /** Appends the current entry's fields ({@code Name=value, ...}). */
    protected abstract void appendEntry(StringBuilder out);

    /** This object as its generated type. */
    protected abstract T self();
}
