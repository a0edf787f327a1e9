package io.fixtape.journal;

import java.nio.file.Path;

/**
 * The resend indexes of a journal's sessions, one file per session ({@code state/N.out.idx}), by session id: opened
 * when the session is registered or found in the session table, forced and closed together. Writer thread.
 */
final class ResendIndexes implements AutoCloseable
{
    /** File name of a session's index: {@code <session id>.out.idx}. */
    static final String SUFFIX = ".out.idx";

    private final Path stateDirectory;
    private final int initialCapacity;
    private ResendIndex[] indexes;

    /** @param slots one more than the highest session id expected; the table grows past it when a session needs it. */
    ResendIndexes(final Path stateDirectory, final int slots, final int initialCapacity)
    {
        this.stateDirectory = stateDirectory;
        this.initialCapacity = initialCapacity;
        this.indexes = new ResendIndex[slots];
    }

    /** Opens (creating if needed) the index of a session; keeps one already open. */
    void open(final int sessionId)
    {
        if (sessionId >= indexes.length)
        {
            indexes = java.util.Arrays.copyOf(indexes, Math.max(sessionId + 1, indexes.length << 1));
        }
        if (indexes[sessionId] == null)
        {
            indexes[sessionId] = new ResendIndex(stateDirectory.resolve(sessionId + SUFFIX), initialCapacity);
        }
    }

    /** The index of a session, null if it was never opened. */
    ResendIndex get(final int sessionId)
    {
        return sessionId < indexes.length ? indexes[sessionId] : null;
    }

    /** The index of a session id read from a record, null for an id out of range or never opened. */
    ResendIndex find(final int sessionId)
    {
        return sessionId > 0 && sessionId < indexes.length ? indexes[sessionId] : null;
    }

    /**
     * The oldest queue index any session's resend index still holds since its last reset ({@link ResendIndex#oldest}),
     * {@link Long#MAX_VALUE} when none does. Reads one field per session slot.
     */
    long oldestPinned()
    {
        long min = Long.MAX_VALUE;
        for (final ResendIndex index : indexes)
        {
            if (index != null)
            {
                final long oldest = index.oldest();
                if (oldest > 0 && oldest < min)
                {
                    min = oldest;
                }
            }
        }
        return min;
    }

    /** At open, after recovery: each open index finds its oldest live entry ({@link ResendIndex#scanOldest}). */
    void scanOldest(final SeqStateFile state)
    {
        for (int id = 1; id < indexes.length; id++)
        {
            if (indexes[id] != null)
            {
                indexes[id].scanOldest(state.nextSender(id));
            }
        }
    }

    /** msync of every open index. */
    void force()
    {
        for (final ResendIndex index : indexes)
        {
            if (index != null)
            {
                index.force();
            }
        }
    }

    @Override
    public void close()
    {
        for (final ResendIndex index : indexes)
        {
            if (index != null)
            {
                index.close();
            }
        }
    }
}
