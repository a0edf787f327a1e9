package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Removes finished cycle files of a journal's queue, off the writer thread. A cycle file goes only when both rules
 * let it go:
 * <ul>
 * <li>it is not one of the newest {@code keep} files ({@code JournalRetentionCycles}, the minimum window), and</li>
 * <li>its cycle is older than the cycle of the oldest record a registered session could still be asked to resend
 * (the lowest queue index in any session's resend index since that session's last sequence reset) and older than the
 * cycle the writer last appended to.</li>
 * </ul>
 * So retention keeps whichever is more: the window, or every file a live resend range reaches into. The writer
 * publishes the second bound ({@link #publishKeepFrom}, from {@link Journal#doWork}); this agent lists the directory
 * and deletes (or archives, {@link JournalArchive}) on its own thread when that bound changed, and again every
 * {@link #RETRY_NANOS} while a pass left work undone (a file it could not remove, or the lock held elsewhere).
 *
 * <p>One instance acts per journal directory: a pass first takes an exclusive lock on {@code retention.lock} in the
 * journal directory and keeps it until {@link #onClose}; an instance in another process (or another instance in this
 * one) that cannot take it removes nothing and counts the pass in {@link #passesWithoutLock}.
 *
 * <p>Threading: {@link #publishKeepFrom} from the writer thread; {@link #doWork} and {@link #onClose} from the one
 * thread running the agent (an {@code AgentRunner}, or a test stepping it). Counters may be read from any thread.
 */
final class JournalRetention implements Agent
{
    static final String LOCK_FILE = "retention.lock";
    /** A pass that could not do everything is tried again after this long (its clock). */
    static final long RETRY_NANOS = 1_000_000_000L;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JournalRetention.class);

    private final Path queueDir;
    private final Path lockFile;
    private final RollCycle rollCycle;
    private final int keep;
    private final JournalArchive archive;
    private final NanoClock clock;
    /** When a pass that left work undone is tried again; Long.MAX_VALUE when nothing is pending. */
    private long retryAtNanos = Long.MAX_VALUE;
    /** Files whose cycle is at or after this one are kept; Integer.MIN_VALUE until the writer published (keep all). */
    private volatile int keepFromCycle = Integer.MIN_VALUE;
    private volatile long published;
    private long seen;
    private FileChannel lockChannel;
    private FileLock lock;
    private volatile long removedFiles;
    private volatile long passes;
    private volatile long passesWithoutLock;
    private volatile long failures;

    /**
     * @param journalDir the journal directory ({@code retention.lock} is created there).
     * @param keep       newest cycle files always kept, at least 1.
     * @param archive    where finished files go instead of being deleted; null deletes them.
     */
    JournalRetention(final Path journalDir, final RollCycle rollCycle, final int keep, final JournalArchive archive)
    {
        this(journalDir, rollCycle, keep, archive, SystemNanoClock.INSTANCE);
    }

    /** @param clock decides when a pass that left work undone is retried (tests step their own). */
    JournalRetention(final Path journalDir, final RollCycle rollCycle, final int keep, final JournalArchive archive,
        final NanoClock clock)
    {
        if (keep < 1)
        {
            throw new IllegalArgumentException("retention keeps at least 1 cycle file: " + keep);
        }
        this.queueDir = journalDir.resolve(Journal.QUEUE_DIR);
        this.lockFile = journalDir.resolve(LOCK_FILE);
        this.rollCycle = rollCycle;
        this.keep = keep;
        this.archive = archive;
        this.clock = clock;
    }

    /**
     * Writer thread: files of cycles before the cycle of {@code queueIndex} may go (subject to the window). A value
     * equal to the last one published changes nothing; a new one wakes the agent.
     */
    void publishKeepFrom(final long queueIndex)
    {
        final int cycle = rollCycle.toCycle(queueIndex);
        if (cycle != keepFromCycle)
        {
            keepFromCycle = cycle;
            published++; // single writer
        }
    }

    /** The cycle from which files are kept, as last published; Integer.MIN_VALUE before the first. */
    int keepFromCycle()
    {
        return keepFromCycle;
    }

    /**
     * One pass when the writer published a new bound since the last one, or when a pass that left work undone is due
     * again ({@link #RETRY_NANOS}); else nothing (two field reads, and a clock read while a retry is pending).
     */
    @Override
    public int doWork()
    {
        final long published = this.published;
        if (published == seen && (retryAtNanos == Long.MAX_VALUE || clock.nanoTime() - retryAtNanos < 0))
        {
            return 0;
        }
        seen = published;
        final long failuresBefore = failures;
        final long withoutLockBefore = passesWithoutLock;
        final int removed = apply();
        retryAtNanos = failures != failuresBefore || passesWithoutLock != withoutLockBefore ?
            clock.nanoTime() + RETRY_NANOS : Long.MAX_VALUE;
        return removed;
    }

    /**
     * One pass now: takes the retention lock if this instance does not hold it yet, then removes every file the two
     * rules let go.
     *
     * @return files removed (0 without the lock).
     */
    int apply()
    {
        passes++;
        if (!holdsLock())
        {
            passesWithoutLock++;
            return 0;
        }
        final File[] files = CycleFiles.list(queueDir);
        final int bound = keepFromCycle;
        int removed = 0;
        for (int i = 0; i < files.length - keep; i++)
        {
            final int cycle = CycleFiles.cycleOf(files[i], rollCycle);
            if (cycle == -1 || cycle >= bound)
            {
                continue; // not a cycle file of this roll cycle, or a live resend range still reaches into it
            }
            if (remove(files[i]))
            {
                removed++;
            }
        }
        removedFiles += removed;
        return removed;
    }

    private boolean remove(final File file)
    {
        try
        {
            if (archive != null)
            {
                archive.archive(file.toPath());
                return true;
            }
            if (file.delete())
            {
                return true;
            }
            throw new IOException("delete returned false");
        }
        catch (final IOException | RuntimeException ex)
        {
            failures++;
            LOG.warn("journal retention could not remove {}: {}", file, ex.toString());
            return false;
        }
    }

    private boolean holdsLock()
    {
        if (lock != null)
        {
            return true;
        }
        FileChannel channel = null;
        try
        {
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            final FileLock acquired = channel.tryLock();
            if (acquired != null)
            {
                lockChannel = channel;
                lock = acquired;
                return true;
            }
        }
        catch (final IOException | OverlappingFileLockException ex)
        {
            // another instance of this JVM holds it (overlapping), or the file cannot be opened: not the owner
        }
        closeQuietly(channel);
        return false;
    }

    /** Whether this instance holds the journal directory's retention lock (it acts on the files). */
    boolean holdsRetentionLock()
    {
        return lock != null;
    }

    /** Releases the retention lock: another instance may act from now on. */
    @Override
    public void onClose()
    {
        if (lock != null)
        {
            try
            {
                lock.release();
            }
            catch (final IOException ex)
            {
                // closing the channel releases it too
            }
            lock = null;
        }
        closeQuietly(lockChannel);
        lockChannel = null;
    }

    private static void closeQuietly(final FileChannel channel)
    {
        if (channel != null)
        {
            try
            {
                channel.close();
            }
            catch (final IOException ex)
            {
                // nothing to do
            }
        }
    }

    @Override
    public String roleName()
    {
        return "fixtape-journal-retention";
    }

    /** Cycle files removed (deleted or archived) so far. */
    long removedFiles()
    {
        return removedFiles;
    }

    /** Passes run so far. */
    long passes()
    {
        return passes;
    }

    /** Passes that removed nothing because another instance holds the journal's retention lock. */
    long passesWithoutLock()
    {
        return passesWithoutLock;
    }

    /** Archive commands that failed (0 without {@code JournalArchiveCommand}). */
    long archiveCommandFailures()
    {
        return archive == null ? 0 : archive.commandFailures();
    }

    /** Files that could not be removed (logged; tried again at the next pass). */
    long failures()
    {
        return failures;
    }
}
