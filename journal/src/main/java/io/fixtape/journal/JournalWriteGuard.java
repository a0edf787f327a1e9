package io.fixtape.journal;

import io.fixtape.engine.store.MessageStoreException;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Whether the journal may write, and why not: the free space is below the watermark ({@link DiskSpaceMonitor}),
 * Chronicle fell back to read-only for this journal's queue ({@link ReadOnlyFallbackWatch}; another journal's fallback
 * in the same JVM does not count),
 * or, in tests, the {@link JournalWriteFaultInjector} refuses. Also says what a failed write means for the session
 * (DISK_FULL, READ_ONLY or IO_ERROR). Writer thread, apart from the open-time check.
 */
final class JournalWriteGuard
{
    private final Path directory;
    private final File queueDirectory;
    private final DiskSpaceMonitor space;
    private final JournalWriteFaultInjector faultInjector;
    private final ReadOnlyFallbackWatch.Target readOnlyWatch;

    /** Call before the queue is opened: Chronicle's read-only fallback warnings for this queue are counted from here. */
    JournalWriteGuard(
        final Path directory,
        final Path queueDirectory,
        final DiskSpaceMonitor space,
        final JournalWriteFaultInjector faultInjector)
    {
        this.directory = directory;
        this.queueDirectory = queueDirectory.toFile();
        this.space = space;
        this.faultInjector = faultInjector;
        this.readOnlyWatch = ReadOnlyFallbackWatch.watch(queueDirectory);
    }

    /** Around opening this journal's queue: a fallback warning on this thread is this journal's. */
    ReadOnlyFallbackWatch.Scope opening()
    {
        return readOnlyWatch.opening();
    }

    /** The journal closed. */
    void close()
    {
        readOnlyWatch.close();
    }

    /** At open, once the queue is open: refuses a journal Chronicle could only open read-only. */
    void failIfReadOnlyFallback()
    {
        if (fellBackToReadOnly())
        {
            throw new JournalException("Chronicle Queue fell back to read-only for " + directory + " (" +
                readOnlyWatch.lastMessage() + "); refusing to run a journal that cannot write. Check directory " +
                "permissions and the JVM flags (--add-opens java.base/sun.nio.ch=ALL-UNNAMED)");
        }
    }

    /**
     * Before an append: throws {@link MessageStoreException} (nothing is written then) when the space is low, Chronicle
     * fell back to read-only or the fault injector refuses this record.
     */
    void checkAppend(final long nowNanos, final int sessionId, final int seqNum, final int length)
    {
        if (space.isLowBeforeAppend(nowNanos))
        {
            throw new MessageStoreException(MessageStoreException.Reason.DISK_FULL, "journal " + directory + " has " +
                space.usableBytes() + " bytes free, below the low-space watermark of " + space.lowSpaceBytes() +
                " bytes (JournalLowSpaceMb); free space or move JournalPath", null);
        }
        if (fellBackToReadOnly())
        {
            throw new MessageStoreException(MessageStoreException.Reason.READ_ONLY, "Chronicle Queue fell back to " +
                "read-only: " + readOnlyWatch.lastMessage(), null);
        }
        if (faultInjector != null)
        {
            try
            {
                faultInjector.beforeWrite(sessionId, seqNum, length);
            }
            catch (final IOException ex)
            {
                throw failure(ex);
            }
        }
    }

    /** Before an msync: the fault injector (tests) may fail it. */
    void checkSync() throws IOException
    {
        if (faultInjector != null)
        {
            faultInjector.beforeSync();
        }
    }

    /** {@link Journal#probeWritable}: the space measured now, no read-only fallback, a writable queue directory. */
    boolean probe(final long nowNanos)
    {
        space.measureNow(nowNanos);
        if (space.isLow() || fellBackToReadOnly() || !queueDirectory.canWrite())
        {
            return false;
        }
        if (faultInjector != null)
        {
            try
            {
                faultInjector.beforeProbe();
            }
            catch (final IOException ex)
            {
                return false;
            }
        }
        return true;
    }

    /** What a failed write or msync means: DISK_FULL (measured now), READ_ONLY or IO_ERROR, with the cause. */
    MessageStoreException failure(final Throwable t)
    {
        space.measure();
        final String text = String.valueOf(t.getMessage());
        final MessageStoreException.Reason reason;
        if (space.isLow() || text.contains("No space left") || text.contains("ENOSPC"))
        {
            reason = MessageStoreException.Reason.DISK_FULL;
        }
        else if (text.contains("Read-only") || text.contains("read-only") || text.contains("readonly"))
        {
            reason = MessageStoreException.Reason.READ_ONLY;
        }
        else
        {
            reason = MessageStoreException.Reason.IO_ERROR;
        }
        return new MessageStoreException(reason, "journal append failed in " + directory + ": " + t, t);
    }

    private boolean fellBackToReadOnly()
    {
        return readOnlyWatch.count() != 0;
    }
}
