package io.fixtape.engine.dictionary;

import org.agrona.collections.Int2ObjectHashMap;

/**
 * A repeating group: its NumInGroup tag, its delimiter (the first member, which starts every instance), the
 * member order (components flattened, nested NumInGroup tags included) and its nested groups.
 *
 * <p>Immutable, thread-safe.
 */
public final class GroupDefinition extends ContainerDefinition
{
    private final int countTag;
    private final int delimiterTag;

    GroupDefinition(
        final int countTag,
        final int delimiterTag,
        final int[] memberOrder,
        final int[] requiredTags,
        final Int2ObjectHashMap<GroupDefinition> groups)
    {
        super(memberOrder, requiredTags, groups);
        this.countTag = countTag;
        this.delimiterTag = delimiterTag;
    }

    /** The NumInGroup tag that introduces this group. */
    public int countTag()
    {
        return countTag;
    }

    /** The first member: every instance starts with it. */
    public int delimiterTag()
    {
        return delimiterTag;
    }

    @Override
    public String toString()
    {
        return "Group(" + countTag + ", delimiter=" + delimiterTag + ", members=" + fieldCount() + ")";
    }
}
