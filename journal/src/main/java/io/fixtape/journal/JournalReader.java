package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sequential reader of a journal directory, for tools and tests; can run in another process while an engine writes
 * (the queue is opened read-only, the lock is not taken). Refuses records of an unknown major version by name
 * ({@link UnsupportedJournalVersionException}). Not thread safe: one reader per thread.
 */
public final class JournalReader implements AutoCloseable
{
    private final Path directory;
    private final SingleChronicleQueue queue;
    private final ExcerptTailer tailer;
    private final JournalSessionTable registry;
    private final IncompleteTail tail = new IncompleteTail();
    /** Damaged cycle files found at open; empty for a whole journal (then Chronicle reads it). */
    private final java.util.List<QueueStructure.FileDamage> damage;
    /** Reads a damaged journal with plain reads instead of Chronicle's mappings; null for a whole journal. */
    private final SafeCursor safe;

    /**
     * Opens a journal for reading. Its cycle files are checked first with plain reads (headers only): a journal with
     * a file cut short or bytes zeroed in place is then read without Chronicle's memory mappings (a mapping faults
     * past a file's end), every good record is returned, and {@link #next} throws a {@link JournalDamagedException}
     * naming the damage once they are read.
     */
    public JournalReader(final Path directory)
    {
        this.directory = directory.toAbsolutePath();
        final Path queueDir = this.directory.resolve(Journal.QUEUE_DIR);
        if (!Files.isDirectory(queueDir))
        {
            throw new JournalException(directory + " is not a fixtape journal (no " + Journal.QUEUE_DIR + "/ directory)");
        }
        this.registry = JournalSessionTable.open(this.directory, true);
        this.queue = JournalQueues.openReadOnly(new JournalContext().directory(this.directory), queueDir);
        this.tailer = queue.createTailer();
        this.damage = QueueStructure.check(queueDir, queue.rollCycle(), Integer.MIN_VALUE);
        this.safe = damage.isEmpty() ? null : new SafeCursor(queueDir, queue.rollCycle());
    }

    /** One line naming the damaged files found at open (file, offset, what), or null when the journal is whole. */
    public String damage()
    {
        return damage.isEmpty() ? null : QueueStructure.describe(damage);
    }

    public JournalSessionTable registry()
    {
        return registry;
    }

    /** Re-reads the registry (a live engine may have registered sessions since). */
    public JournalSessionTable reloadRegistry()
    {
        return JournalSessionTable.open(directory, true);
    }

    /**
     * Reads the next complete record into {@code record}; false at the current end of the journal (a record whose
     * write was cut off is never returned: see {@link #incompleteTail()}).
     */
    public boolean next(final JournalRecord record)
    {
        if (safe != null)
        {
            if (safe.next(record))
            {
                return true;
            }
            throw new JournalDamagedException(directory + " is damaged: " + damage() + "; the " + safe.records() +
                " good records were read. See `fixtape journal verify " + directory + "`");
        }
        try (DocumentContext dc = tailer.readingDocument())
        {
            if (!dc.isPresent())
            {
                return false;
            }
            final Bytes<?> bytes = dc.wire().bytes();
            RecordCodec.read(bytes, dc.index(), record, directory.toString());
            tail.recordRead(bytes);
            return true;
        }
    }

    /**
     * After {@link #next} returned false: a message naming the file and offset when the journal ends in a record
     * whose write was cut off (the writer died or its disk failed mid-append), else null. Such a record is never
     * returned and was never acknowledged: the records before it are complete, and a writer reopening the journal
     * writes over it. On a journal being written it may name an append in progress.
     */
    public String incompleteTail()
    {
        return safe != null ? null : tail.find();
    }

    /** Number of records currently in the journal (for progress bars; cheap, from Chronicle's indexes). */
    public long recordCount()
    {
        if (safe != null)
        {
            return safe.goodRecords();
        }
        return queue.entryCount();
    }

    /** Positions so that {@link #next} returns the last {@code n} records. */
    public void toLast(final int n)
    {
        if (safe != null)
        {
            safe.skip(safe.goodRecords() - n);
            return;
        }
        tailer.direction(TailerDirection.BACKWARD).toEnd();
        long oldest = -1;
        for (int i = 0; i < n; i++)
        {
            try (DocumentContext dc = tailer.readingDocument())
            {
                if (!dc.isPresent())
                {
                    break;
                }
                oldest = dc.index();
            }
        }
        tailer.direction(TailerDirection.FORWARD);
        if (oldest == -1)
        {
            tailer.toEnd();
        }
        else
        {
            tailer.moveToIndex(oldest);
        }
    }

    /**
     * Apparent size: the sum of the lengths of the journal directory's files (queue, registry, state, indexes). Not
     * what the disk holds: Chronicle cycle files and the resend indexes are sparse (a fresh daily cycle file is
     * 80+ MiB long with a few KiB written); see {@code journal stat} for the allocated size.
     */
    public long apparentSize()
    {
        try (java.util.stream.Stream<Path> files = Files.walk(directory))
        {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        catch (final java.io.IOException ex)
        {
            throw new JournalException("cannot list " + directory + ": " + ex, ex);
        }
    }

    public Path directory()
    {
        return directory;
    }

    /** Reads every good record of every cycle file in order with plain reads, skipping the damage. */
    private static final class SafeCursor
    {
        private final java.io.File[] files;
        private final net.openhft.chronicle.queue.RollCycle rollCycle;
        private final CycleFileScanner scanner = new CycleFileScanner();
        private int file = -1;
        private int cycle;
        private long records;

        SafeCursor(final Path queueDir, final net.openhft.chronicle.queue.RollCycle rollCycle)
        {
            this.files = CycleFiles.list(queueDir);
            this.rollCycle = rollCycle;
        }

        boolean next(final JournalRecord record)
        {
            while (true)
            {
                if (file >= 0 && scanner.advance(record))
                {
                    if (record != null)
                    {
                        record.queueIndex(rollCycle.toIndex(cycle, scanner.records() - 1));
                    }
                    records++;
                    return true;
                }
                scanner.close();
                if (++file >= files.length)
                {
                    file = files.length;
                    return false;
                }
                scanner.open(files[file]);
                cycle = CycleFiles.cycleOf(files[file], rollCycle);
            }
        }

        void skip(final long n)
        {
            for (long i = 0; i < n && next(null); i++)
            {
                records--; // skipped, not read
            }
        }

        long records()
        {
            return records;
        }

        long goodRecords()
        {
            final CycleFileScanner counter = new CycleFileScanner();
            long total = 0;
            for (final java.io.File f : files)
            {
                total += counter.scan(f, null, null).records();
            }
            return total;
        }

        void close()
        {
            scanner.close();
        }
    }

    @Override
    public void close()
    {
        if (safe != null)
        {
            safe.close();
        }
        tailer.close();
        queue.close();
    }
}
