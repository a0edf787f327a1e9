package io.fixtape.journal;

/**
 * When the journal's writes are forced to the device ({@link JournalDurability}) and the msync itself: under
 * {@code per-message} the queue's written range after every record, before the append returns; under {@code periodic}
 * the queue, the sequence state and the resend indexes every {@link JournalContext#syncIntervalNanos()} of engine time
 * (on an append or from housekeeping, whichever comes first); under {@code page-cache} only on request. A failed msync
 * throws {@link io.fixtape.engine.store.MessageStoreException} ({@link JournalWriteGuard#failure}). Writer thread.
 */
final class JournalSyncPolicy
{
    private final JournalDurability durability;
    private final long syncIntervalNanos;
    private final JournalAppender appender;
    private final SeqStateFile state;
    private final ResendIndexes indexes;
    private final JournalWriteGuard writeGuard;
    private long lastSyncNanos;
    private long syncs;
    private long sequenceStateSyncs;

    JournalSyncPolicy(
        final JournalContext ctx,
        final JournalAppender appender,
        final SeqStateFile state,
        final ResendIndexes indexes,
        final JournalWriteGuard writeGuard)
    {
        this.durability = ctx.durability();
        this.syncIntervalNanos = ctx.syncIntervalNanos();
        this.appender = appender;
        this.state = state;
        this.indexes = indexes;
        this.writeGuard = writeGuard;
    }

    /** A record was just appended with this engine time. */
    void afterAppend(final long timestampNanos)
    {
        if (durability == JournalDurability.MSYNC_PER_MESSAGE)
        {
            try
            {
                writeGuard.checkSync();
                appender.syncWritten();
            }
            catch (final RuntimeException | java.io.IOException ex)
            {
                throw writeGuard.failure(ex);
            }
        }
        else
        {
            syncIfDue(timestampNanos);
        }
    }

    /**
     * The periodic msync when its interval has passed (housekeeping, and after appends).
     *
     * @return 1 if it synced, else 0.
     */
    int syncIfDue(final long nowNanos)
    {
        if (durability == JournalDurability.PERIODIC_MSYNC && nowNanos - lastSyncNanos >= syncIntervalNanos)
        {
            lastSyncNanos = nowNanos;
            sync();
            return 1;
        }
        return 0;
    }

    /** msync of the queue's written range, the sequence state and the resend indexes. */
    void sync()
    {
        try
        {
            writeGuard.checkSync();
            appender.syncWritten();
            state.force();
            indexes.force();
            syncs++;
        }
        catch (final RuntimeException | java.io.IOException ex)
        {
            throw writeGuard.failure(ex);
        }
    }

    /** msync of the sequence state alone, under {@link JournalDurability#MSYNC_PER_MESSAGE} only. */
    void syncSequenceState()
    {
        if (durability != JournalDurability.MSYNC_PER_MESSAGE)
        {
            return;
        }
        try
        {
            state.force();
            sequenceStateSyncs++;
        }
        catch (final RuntimeException ex)
        {
            throw writeGuard.failure(ex);
        }
    }

    /** Completed {@link #sync()} calls. */
    long syncCount()
    {
        return syncs;
    }

    /** Completed {@link #syncSequenceState()} msyncs. */
    long sequenceStateSyncCount()
    {
        return sequenceStateSyncs;
    }
}
