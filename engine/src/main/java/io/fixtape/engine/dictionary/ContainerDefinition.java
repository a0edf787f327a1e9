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
    private static final int DENSE_TAG_LIMIT = 1 << 14;
    private static final short GROUP_BIT = 0x4000;
    private static final short ABSENT = -1;

    private final int[] fieldOrder;
    private final Int2IntHashMap positions;
    // hot path: tag -> position (| GROUP_BIT for a NumInGroup tag) for tags below the limit, ABSENT otherwise
    private final short[] dense;
    private final int[] requiredTags;
    private final int[] sortedRequiredTags;
    private final Int2ObjectHashMap<GroupDefinition> groups;
    // hot path: NumInGroup tag -> group for tags covered by dense (null otherwise); avoids a hash lookup per group
    private final GroupDefinition[] denseGroups;
    // required-tag bitmask (validator): tag -> 1L << (first position in requiredTags), 0 when not required; null when
    // a required tag falls outside the dense table or there are more than 64 distinct required tags
    private final long[] requiredBits;
    private final long allRequiredBits;
    private final int[] requiredByBit;

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
        int maxDense = -1;
        for (final int tag : fieldOrder)
        {
            if (tag >= 0 && tag < DENSE_TAG_LIMIT)
            {
                maxDense = Math.max(maxDense, tag);
            }
        }
        if (fieldOrder.length >= GROUP_BIT)
        {
            throw new IllegalArgumentException("more than " + (GROUP_BIT - 1) + " fields in one message or group");
        }
        this.dense = new short[maxDense + 1];
        this.denseGroups = new GroupDefinition[maxDense + 1];
        java.util.Arrays.fill(dense, ABSENT);
        for (int i = fieldOrder.length - 1; i >= 0; i--)
        {
            final int tag = fieldOrder[i];
            if (tag >= 0 && tag < dense.length)
            {
                dense[tag] = (short)(i | (groups.containsKey(tag) ? GROUP_BIT : 0));
                denseGroups[tag] = groups.get(tag);
            }
        }
        long[] bits = new long[dense.length];
        final int[] byBit = new int[64];
        long all = 0;
        int next = 0;
        for (final int tag : requiredTags)
        {
            if (tag < 0 || tag >= bits.length || next == 64 && bits[tag] == 0)
            {
                bits = null;
                break;
            }
            if (bits[tag] == 0)
            {
                byBit[next] = tag;
                bits[tag] = 1L << next++;
                all |= bits[tag];
            }
        }
        this.requiredBits = bits;
        this.allRequiredBits = bits == null ? 0 : all;
        this.requiredByBit = byBit;
    }

    /**
     * True when {@link #requiredBit} covers every required tag: the validator can then collect the required tags
     * present in one {@code long} per container instead of searching for each.
     */
    public boolean hasRequiredBits()
    {
        return requiredBits != null;
    }

    /**
     * {@code 1L << k} when {@code tag} is the k-th distinct required tag (in {@link #requiredAt} order), else 0.
     * Only meaningful when {@link #hasRequiredBits()}.
     */
    public long requiredBit(final int tag)
    {
        return tag >= 0 && tag < requiredBits.length ? requiredBits[tag] : 0;
    }

    /**
     * The first required tag (in {@link #requiredAt} order) whose bit is not in {@code present}, or -1 when all are
     * there. Only meaningful when {@link #hasRequiredBits()}.
     */
    public int firstMissingRequired(final long present)
    {
        final long missing = allRequiredBits & ~present;
        return missing == 0 ? NOT_FOUND : requiredByBit[Long.numberOfTrailingZeros(missing)];
    }

    /** True when {@code tag} may appear directly in this container. */
    public boolean hasField(final int tag)
    {
        if (tag >= 0 && tag < DENSE_TAG_LIMIT)
        {
            return tag < dense.length && dense[tag] != ABSENT;
        }
        return positions.get(tag) != NOT_FOUND;
    }

    /** Position of {@code tag} in dictionary order, or -1 when it does not belong here. */
    public int positionOf(final int tag)
    {
        if (tag >= 0 && tag < DENSE_TAG_LIMIT)
        {
            final short entry = tag < dense.length ? dense[tag] : ABSENT;
            return entry == ABSENT ? NOT_FOUND : entry & ~GROUP_BIT;
        }
        return positions.get(tag);
    }

    /** Number of tags allowed directly in this container. */
    public int fieldCount()
    {
        return fieldOrder.length;
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
        if (countTag >= 0 && countTag < DENSE_TAG_LIMIT)
        {
            return countTag < denseGroups.length ? denseGroups[countTag] : null;
        }
        return groups.get(countTag);
    }

    public boolean isGroup(final int countTag)
    {
        return group(countTag) != null;
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
