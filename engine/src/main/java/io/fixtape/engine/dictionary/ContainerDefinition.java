package io.fixtape.engine.dictionary;

import org.agrona.collections.Int2IntHashMap;
import org.agrona.collections.Int2ObjectHashMap;

/**
 * What a message, the header, the trailer or one repeating group may contain: the allowed tags (components
 * flattened, group members excluded, NumInGroup tags included) in dictionary order, the required tags and the
 * repeating groups keyed by their NumInGroup tag. Lookups are primitive and allocation-free.
 *
 * <p>Required tags follow QuickFIX/J's loader exactly (so both engines agree on what "required" means): a
 * field inside a component is required when it and that component are marked required; a component nested in
 * a component counts only its own flag; a member of a group is required only when the group is marked required.
 *
 * <p>Immutable, thread-safe.
 */
public abstract class ContainerDefinition
{
    private static final int NOT_FOUND = -1;

    private final int[] fieldOrder;
    private final Int2IntHashMap positions;
    private final int[] requiredTags;
    private final int[] sortedRequiredTags;
    private final Int2ObjectHashMap<GroupDefinition> groups;

    ContainerDefinition(final int[] fieldOrder, final int[] requiredTags, final Int2ObjectHashMap<GroupDefinition> groups)
    {
        this.fieldOrder = fieldOrder;
        this.positions = new Int2IntHashMap(Math.max(8, fieldOrder.length * 2), 0.65f, NOT_FOUND);
        for (int i = 0; i < fieldOrder.length; i++)
        {
            if (positions.get(fieldOrder[i]) == NOT_FOUND)
            {
                positions.put(fieldOrder[i], i);
            }
        }
        this.requiredTags = requiredTags;
        this.sortedRequiredTags = requiredTags.clone();
        java.util.Arrays.sort(sortedRequiredTags);
        this.groups = groups;
    }

    /** True when {@code tag} may appear directly in this container. */
    public boolean hasField(final int tag)
    {
        return positions.get(tag) != NOT_FOUND;
    }

    /** Position of {@code tag} in dictionary order, or -1 when it does not belong here. */
    public int positionOf(final int tag)
    {
        return positions.get(tag);
    }

    /** Number of tags allowed directly in this container. */
    public int fieldCount()
    {
        return fieldOrder.length;
    }

    /** Allowed tag at {@code position} in dictionary order. */
    public int fieldAt(final int position)
    {
        return fieldOrder[position];
    }

    public int requiredCount()
    {
        return requiredTags.length;
    }

    /** Required tag {@code index}, in the order QuickFIX/J checks them (so both report the same missing tag). */
    public int requiredAt(final int index)
    {
        return requiredTags[index];
    }

    public boolean isRequired(final int tag)
    {
        return java.util.Arrays.binarySearch(sortedRequiredTags, tag) >= 0;
    }

    /** The repeating group whose NumInGroup tag is {@code countTag}, or null. */
    public GroupDefinition group(final int countTag)
    {
        return groups.get(countTag);
    }

    public boolean isGroup(final int countTag)
    {
        return groups.containsKey(countTag);
    }

    /** Copies of the allowed tags (tools and tests; allocates). */
    public int[] fields()
    {
        return fieldOrder.clone();
    }

    /** Copy of the required tags in ascending order (tools and tests; allocates). */
    public int[] requiredTags()
    {
        return sortedRequiredTags.clone();
    }

    /** The groups directly in this container (tools and tests; allocates). */
    public java.util.List<GroupDefinition> groups()
    {
        final java.util.List<GroupDefinition> list = new java.util.ArrayList<>(groups.values());
        list.sort(java.util.Comparator.comparingInt(GroupDefinition::countTag));
        return list;
    }
}
