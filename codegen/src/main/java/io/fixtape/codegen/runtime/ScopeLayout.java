package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.FixDecoder;

import java.util.Arrays;

/**
 * Which slot of a {@link DecoderScope} each tag of a scope (a message, or one entry of a repeating group) goes to,
 * and which tags open a nested repeating group: the table a generated decoder declares once, as data, instead of
 * code. Scanning a message is then one small loop for every message type (so the JIT compiles it however large the
 * message's layout is), with one array read per field for tags below {@value #DENSE_LIMIT} and a binary search
 * above.
 *
 * <p>A tag listed twice (two components that share a field) fills every slot it is listed with; the first
 * occurrence of a tag in the message counts.
 *
 * <p>Support for generated code. Immutable after construction, thread-safe.
 */
public final class ScopeLayout
{
    /** Tags below this are looked up in a dense table. */
    public static final int DENSE_LIMIT = 8192;
    /** The group index of a field that does not open a repeating group. */
    public static final int NOT_A_GROUP = -1;

    private static final int ABSENT = -1;
    private static final int SLOT_MASK = 0xFFFF;
    private static final int GROUP_SHIFT = 16;

    private final int slotCount;
    private final int delimiterTag;
    private final int[] dense;
    private final int[] sparseTags;
    private final int[] sparseCodes;
    private final ScopeLayout[] groups;
    // pairs (slot filled by the scan, further slot of the same tag)
    private final int[] aliases;

    /**
     * @param slotCount    slots of the scope.
     * @param delimiterTag the tag every group entry starts with; 0 for a message.
     * @param groups       the layouts of the scope's repeating groups.
     * @param fields       triples {@code tag, slot, group index} (the index into {@code groups} of the layout of the
     *                     group the tag opens, or {@link #NOT_A_GROUP}).
     */
    public ScopeLayout(final int slotCount, final int delimiterTag, final ScopeLayout[] groups, final int[] fields)
    {
        if (fields.length % 3 != 0 || slotCount > SLOT_MASK)
        {
            throw new IllegalArgumentException("fields are (tag, slot, group) triples, slots fewer than 65536");
        }
        this.slotCount = slotCount;
        this.delimiterTag = delimiterTag;
        this.groups = groups.clone();
        int maxDense = -1;
        int sparse = 0;
        for (int i = 0; i < fields.length; i += 3)
        {
            if (fields[i] < DENSE_LIMIT)
            {
                maxDense = Math.max(maxDense, fields[i]);
            }
            else
            {
                sparse++;
            }
        }
        this.dense = new int[maxDense + 1];
        Arrays.fill(dense, ABSENT);
        final long[] sparseEntries = new long[sparse];
        int sparseCount = 0;
        int[] aliasPairs = new int[0];
        for (int i = 0; i < fields.length; i += 3)
        {
            final int tag = fields[i];
            final int code = fields[i + 1] | (fields[i + 2] + 1) << GROUP_SHIFT;
            final int existing = tag < DENSE_LIMIT ? dense[tag] : find(sparseEntries, sparseCount, tag);
            if (existing != ABSENT)
            {
                aliasPairs = Arrays.copyOf(aliasPairs, aliasPairs.length + 2);
                aliasPairs[aliasPairs.length - 2] = existing & SLOT_MASK;
                aliasPairs[aliasPairs.length - 1] = fields[i + 1];
            }
            else if (tag < DENSE_LIMIT)
            {
                dense[tag] = code;
            }
            else
            {
                sparseEntries[sparseCount++] = (long)tag << 32 | (code & 0xFFFFFFFFL);
            }
        }
        Arrays.sort(sparseEntries, 0, sparseCount);
        this.sparseTags = new int[sparseCount];
        this.sparseCodes = new int[sparseCount];
        for (int i = 0; i < sparseCount; i++)
        {
            sparseTags[i] = (int)(sparseEntries[i] >>> 32);
            sparseCodes[i] = (int)sparseEntries[i];
        }
        this.aliases = aliasPairs;
    }

    public int slotCount()
    {
        return slotCount;
    }

    /** The tag every entry of this group starts with (0 for a message). */
    public int delimiterTag()
    {
        return delimiterTag;
    }

    /** Resets {@code scope} to {@code decoder} and records the message's fields, skipping groups' bodies. */
    public void scanMessage(final FixDecoder decoder, final DecoderScope scope)
    {
        scope.reset(decoder);
        final int fieldCount = decoder.fieldCount();
        for (int i = 0; i < fieldCount; i++)
        {
            final int code = code(decoder.tagAt(i));
            if (code != ABSENT)
            {
                scope.put(code & SLOT_MASK, i);
                if (code >>> GROUP_SHIFT != 0)
                {
                    i = groups[(code >>> GROUP_SHIFT) - 1].end(decoder, i) - 1;
                }
            }
        }
        copyAliases(scope);
    }

    /**
     * Records the fields of the group entry whose delimiter is field {@code start} in {@code scope} (already reset)
     * and returns the index just after the entry: at the next delimiter or the first tag that is not a member.
     */
    public int scanEntry(final FixDecoder decoder, final int start, final DecoderScope scope)
    {
        final int fieldCount = decoder.fieldCount();
        int i = start;
        for (; i < fieldCount; i++)
        {
            final int tag = decoder.tagAt(i);
            final int code = code(tag);
            if (code == ABSENT || (tag == delimiterTag && i != start))
            {
                break;
            }
            scope.put(code & SLOT_MASK, i);
            if (code >>> GROUP_SHIFT != 0)
            {
                i = groups[(code >>> GROUP_SHIFT) - 1].end(decoder, i) - 1;
            }
        }
        copyAliases(scope);
        return i;
    }

    /** The index just after this group whose NumInGroup field is field {@code countIndex} (nested groups skipped). */
    public int end(final FixDecoder decoder, final int countIndex)
    {
        final int fieldCount = decoder.fieldCount();
        int i = countIndex + 1;
        for (; i < fieldCount; i++)
        {
            final int code = code(decoder.tagAt(i));
            if (code == ABSENT)
            {
                break;
            }
            if (code >>> GROUP_SHIFT != 0)
            {
                i = groups[(code >>> GROUP_SHIFT) - 1].end(decoder, i) - 1;
            }
        }
        return i;
    }

    private int code(final int tag)
    {
        if (tag >= 0 && tag < dense.length)
        {
            return dense[tag];
        }
        if (tag < DENSE_LIMIT)
        {
            return ABSENT;
        }
        final int index = Arrays.binarySearch(sparseTags, tag);
        return index >= 0 ? sparseCodes[index] : ABSENT;
    }

    private void copyAliases(final DecoderScope scope)
    {
        for (int i = 0; i < aliases.length; i += 2)
        {
            final int index = scope.index(aliases[i]);
            if (index != DecoderScope.ABSENT)
            {
                scope.put(aliases[i + 1], index);
            }
        }
    }

    private static int find(final long[] entries, final int count, final int tag)
    {
        for (int i = 0; i < count; i++)
        {
            if ((int)(entries[i] >>> 32) == tag)
            {
                return (int)entries[i];
            }
        }
        return ABSENT;
    }
}
