package io.fixtape.engine.codec;

import java.util.Arrays;

/**
 * The index of the first occurrence of each tag below {@link #TAG_LIMIT} in the message a {@link FixDecoder} holds,
 * for its by-tag lookups. An entry is {@code generation << 32 | index}, valid only when its generation is the
 * table's current one, so the table is never cleared. It is built on the first lookup after a wrap, backwards with
 * unconditional stores (the last store per tag is its first occurrence), so indexing a message only fills the
 * decoder's field arrays. A message with the same tag sequence as the one the table was built for (a counterparty
 * repeats its layouts) reuses the table after one vectorised comparison of the tags.
 *
 * <p>The table ({@value #TAG_LIMIT} longs) is allocated by the first lookup: most decoders a session owns (the
 * one of a resend, of a gap, of a held reply) may never look a tag up, and thousands of sessions would otherwise
 * each keep tens of KiB of it.
 *
 * <p>Not thread-safe: owned by one decoder.
 */
final class FirstIndexTable
{
    /** Tags from 1 to {@code TAG_LIMIT - 1} are looked up here; others by a scan of the fields. */
    static final int TAG_LIMIT = 1024;

    private final int initialCapacity;
    private long[] firstIndexByTag;
    private int generation;
    private int[] builtTags;
    private int builtFieldCount = -1;
    private int stamp;
    private int builtStamp;

    FirstIndexTable(final int initialCapacity)
    {
        this.initialCapacity = initialCapacity;
    }

    /** Whether a lookup has allocated the table. */
    boolean isAllocated()
    {
        return firstIndexByTag != null;
    }

    /** Allocate the table now rather than on the first lookup (a user that is about to look tags up). */
    void reserve()
    {
        if (firstIndexByTag == null)
        {
            firstIndexByTag = new long[TAG_LIMIT];
            builtTags = new int[initialCapacity];
        }
    }

    /** Another message was wrapped: the table describes it only after the next {@link #build}. */
    void invalidate()
    {
        if (++stamp == 0)
        {
            stamp = 1;
            builtStamp = 0;
        }
    }

    /** Index of the first field with {@code tag} (0 < tag < TAG_LIMIT) among {@code tags[0, count)}, or -1. */
    int firstIndexOf(final int tag, final int[] tags, final int count)
    {
        if (builtStamp != stamp)
        {
            reserve(); // on the first lookup only
            build(tags, count);
        }
        final long entry = firstIndexByTag[tag];
        return (int)(entry >>> 32) == generation ? (int)entry : -1;
    }

    private void build(final int[] tags, final int count)
    {
        if (count != builtFieldCount || !Arrays.equals(tags, 0, count, builtTags, 0, count))
        {
            if (++generation == 0)
            {
                Arrays.fill(firstIndexByTag, 0);
                generation = 1;
            }
            final long generationBits = (long)generation << 32;
            final long[] firstIndexByTag = this.firstIndexByTag;
            for (int i = count - 1; i >= 0; i--)
            {
                final int tag = tags[i];
                if (tag > 0 && tag < TAG_LIMIT)
                {
                    firstIndexByTag[tag] = generationBits | i;
                }
            }
            if (builtTags.length < count)
            {
                builtTags = new int[tags.length];
            }
            System.arraycopy(tags, 0, builtTags, 0, count);
            builtFieldCount = count;
        }
        builtStamp = stamp;
    }
}
