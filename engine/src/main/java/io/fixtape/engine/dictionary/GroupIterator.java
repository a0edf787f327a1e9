package io.fixtape.engine.dictionary;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.validation.FieldFormats;

/**
 * Flyweight that walks the instances of one repeating group in a {@link FixDecoder} index, using the group's
 * dictionary definition to find where each instance (delimiter first) and the group end. Nested groups are
 * skipped as a whole inside an instance; wrap a second iterator on them with {@link #wrapNested}.
 *
 * <pre>{@code
 * GroupIterator parties = new GroupIterator();          // once, reused
 * if (parties.wrap(decoder, dictionary.message(MsgTypes.NEW_ORDER_SINGLE), 453)) {
 *     while (parties.next()) {
 *         int partyId = parties.indexOf(448);            // field index within this instance, or -1
 *     }
 * }
 * }</pre>
 *
 * <p>Allocation-free. Not thread-safe: one per thread. Intended for messages that passed validation; on others
 * it stops at the first field that does not belong to the group.
 */
public final class GroupIterator
{
    private FixDecoder decoder;
    private GroupDefinition group;
    private int countIndex = -1;
    private int declaredCount;
    private int position;
    private int instanceStart = -1;
    private int instanceEnd = -1;
    private int instance = -1;

    /**
     * Position on the group {@code countTag} of {@code container} (a message or the header); the first
     * occurrence of the NumInGroup tag in the message is used.
     *
     * @return false when the container has no such group or the message does not carry it.
     */
    public boolean wrap(final FixDecoder decoder, final ContainerDefinition container, final int countTag)
    {
        final GroupDefinition definition = container == null ? null : container.group(countTag);
        return definition != null && wrap(decoder, definition, decoder.indexOf(countTag));
    }

    /** Position on the group {@code definition} whose NumInGroup field is at field index {@code countIndex}. */
    public boolean wrap(final FixDecoder decoder, final GroupDefinition definition, final int countIndex)
    {
        this.decoder = decoder;
        this.group = definition;
        this.countIndex = countIndex;
        this.instance = -1;
        this.instanceStart = -1;
        this.instanceEnd = -1;
        if (countIndex < 0 || countIndex >= decoder.fieldCount() || decoder.tagAt(countIndex) != definition.countTag())
        {
            this.declaredCount = 0;
            this.position = -1;
            return false;
        }
        final long count = FieldFormats.parseJavaInt(
            decoder.buffer(), decoder.valueOffsetAt(countIndex), decoder.valueLengthAt(countIndex));
        this.declaredCount = count == Long.MIN_VALUE ? 0 : (int)count;
        this.position = countIndex + 1;
        return true;
    }

    /** Position {@code nested} on the group {@code nestedCountTag} inside the current instance of this one. */
    public boolean wrapNested(final GroupIterator nested, final int nestedCountTag)
    {
        final GroupDefinition definition = group.group(nestedCountTag);
        return definition != null && nested.wrap(decoder, definition, indexOf(nestedCountTag));
    }

    /** NumInGroup value as sent (0 when absent or unparseable). */
    public int count()
    {
        return declaredCount;
    }

    /** Advance to the next instance; false when the group has no more. */
    public boolean next()
    {
        if (position < 0 || position >= decoder.fieldCount() || decoder.tagAt(position) != group.delimiterTag())
        {
            instanceStart = -1;
            instanceEnd = -1;
            return false;
        }
        instanceStart = position;
        int index = skipField(group, position);
        while (index < decoder.fieldCount())
        {
            final int tag = decoder.tagAt(index);
            if (tag == group.delimiterTag() || !group.hasField(tag))
            {
                break;
            }
            index = skipField(group, index);
        }
        instanceEnd = index;
        position = index;
        instance++;
        return true;
    }

    /** Zero-based number of the current instance. */
    public int instance()
    {
        return instance;
    }

    /** Field index of the current instance's delimiter. */
    public int instanceStart()
    {
        return instanceStart;
    }

    /** Field index just after the current instance (nested groups included). */
    public int instanceEnd()
    {
        return instanceEnd;
    }

    /** Field index of {@code tag} within the current instance (nested groups included), or -1. */
    public int indexOf(final int tag)
    {
        if (instanceStart < 0)
        {
            return -1;
        }
        final int index = decoder.indexOf(tag, instanceStart);
        return index >= 0 && index < instanceEnd ? index : -1;
    }

    /** Field index just after the whole group (walks the remaining instances without moving this iterator). */
    public int groupEnd()
    {
        return countIndex < 0 ? -1 : endOf(decoder, group, countIndex);
    }

    /** Field index just after the group whose NumInGroup field is at {@code countIndex}. */
    public static int endOf(final FixDecoder decoder, final GroupDefinition group, final int countIndex)
    {
        int index = countIndex + 1;
        while (index < decoder.fieldCount())
        {
            final int tag = decoder.tagAt(index);
            if (tag != group.delimiterTag() && !group.hasField(tag))
            {
                break;
            }
            index = skipFieldOf(decoder, group, index);
        }
        return index;
    }

    private int skipField(final GroupDefinition owner, final int index)
    {
        return skipFieldOf(decoder, owner, index);
    }

    private static int skipFieldOf(final FixDecoder decoder, final GroupDefinition owner, final int index)
    {
        final GroupDefinition nested = owner.group(decoder.tagAt(index));
        return nested == null ? index + 1 : endOf(decoder, nested, index);
    }
}
