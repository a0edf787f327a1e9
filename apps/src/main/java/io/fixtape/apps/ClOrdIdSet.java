package io.fixtape.apps;

import org.agrona.DirectBuffer;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The set of ClOrdIDs seen during one logon, exact (bytes compared, not just hashed): a hash of the value keys an
 * open-addressed map into an arena holding the bytes. {@link #clear()} keeps the capacity, so after the first
 * logon of a given size no more memory is allocated.
 *
 * <p>Threading: the owning application's poller thread only.
 */
final class ClOrdIdSet
{
    private static final long MISSING = -1;

    private final Long2LongHashMap offsetsByHash = new Long2LongHashMap(1024, 0.6f, MISSING);
    private UnsafeBuffer arena = new UnsafeBuffer(new byte[64 * 1024]);
    private int arenaLength;

    /**
     * Add the value if absent.
     *
     * @return true when the value was already present.
     */
    boolean addOrContains(final DirectBuffer buffer, final int offset, final int length)
    {
        long hash = hash(buffer, offset, length);
        while (true)
        {
            final long slot = offsetsByHash.get(hash);
            if (slot == MISSING)
            {
                offsetsByHash.put(hash, append(buffer, offset, length));
                return false;
            }
            if (equalsStored(slot, buffer, offset, length))
            {
                return true;
            }
            hash++; // a different value with the same hash: probe the next key
        }
    }

    int size()
    {
        return offsetsByHash.size();
    }

    void clear()
    {
        offsetsByHash.clear();
        arenaLength = 0;
    }

    private long append(final DirectBuffer buffer, final int offset, final int length)
    {
        if (arenaLength + length > arena.capacity())
        {
            final UnsafeBuffer bigger = new UnsafeBuffer(new byte[Math.max(arena.capacity() * 2, arenaLength + length)]);
            bigger.putBytes(0, arena, 0, arenaLength);
            arena = bigger;
        }
        arena.putBytes(arenaLength, buffer, offset, length);
        final long slot = ((long)arenaLength << 32) | length;
        arenaLength += length;
        return slot;
    }

    private boolean equalsStored(final long slot, final DirectBuffer buffer, final int offset, final int length)
    {
        final int storedOffset = (int)(slot >>> 32);
        final int storedLength = (int)slot;
        if (storedLength != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (arena.getByte(storedOffset + i) != buffer.getByte(offset + i))
            {
                return false;
            }
        }
        return true;
    }

    private static long hash(final DirectBuffer buffer, final int offset, final int length)
    {
        long h = 0xcbf29ce484222325L; // FNV-1a
        for (int i = 0; i < length; i++)
        {
            h ^= buffer.getByte(offset + i) & 0xFF;
            h *= 0x100000001b3L;
        }
        return h == MISSING ? 0 : h;
    }
}
