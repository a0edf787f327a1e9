package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Replaces a journal's queue by a rewritten copy ({@link QueueRewriter}), keeping the old queue beside it: to upgrade
 * its records to the current format ({@code fixtape journal upgrade}), or to cut a damaged journal at its last good
 * record (the {@code JournalRecoverTruncate} start). Records keep their indexes, so the sequence state and the resend
 * indexes need no change for an upgrade. Nothing is deleted: the old queue is renamed. Cold path.
 */
public final class JournalRewrite
{
    static final String REWRITE_DIR = "queue.rewrite";
    static final String FORMAT_ONE_DIR = "queue.1.0";
    static final String DAMAGED_DIR_PREFIX = "queue.damaged-";

    private JournalRewrite()
    {
    }

    /**
     * Rewrites every record of the journal in {@code directory} in format 2.0, takes the journal's lock while it does
     * (refused while an engine holds it) and keeps the old queue in {@code queue.1.0}. Refuses a damaged journal.
     *
     * @return one line saying what was done.
     */
    public static String upgrade(final Path directory)
    {
        final Path dir = directory.toAbsolutePath();
        final Path queueDir = dir.resolve(Journal.QUEUE_DIR);
        if (!Files.isDirectory(queueDir))
        {
            throw new JournalException(dir + " is not a fixtape journal (no " + Journal.QUEUE_DIR + "/ directory)");
        }
        try (JournalLock lock = JournalLock.acquire(dir))
        {
            final Path backup = dir.resolve(FORMAT_ONE_DIR);
            final RollCycle rollCycle = rollCycleOf(dir);
            final Path target = dir.resolve(REWRITE_DIR);
            QueueRewriter.deleteTree(target); // what an interrupted rewrite left
            final QueueRewriter.Result result = QueueRewriter.copy(queueDir, target, rollCycle, 0);
            if (result.damage != null)
            {
                QueueRewriter.deleteTree(target);
                throw new JournalDamagedException("journal " + dir + " is damaged (" + result.damage + "): not " +
                    "upgraded; see `fixtape journal verify " + dir + "`");
            }
            if (result.formatOneRecords == 0)
            {
                QueueRewriter.deleteTree(target);
                return "journal " + dir + ": all " + result.records + " records are in format " +
                    JournalRecordDescriptor.versionName(JournalRecordDescriptor.MAJOR_VERSION,
                    JournalRecordDescriptor.MINOR_VERSION) + " already; nothing to do";
            }
            if (Files.exists(backup))
            {
                QueueRewriter.deleteTree(target);
                throw new JournalException(backup + " exists (an earlier upgrade's old queue): move it away first");
            }
            swap(queueDir, target, backup);
            return "journal " + dir + ": " + result.records + " records rewritten in format " +
                JournalRecordDescriptor.versionName(JournalRecordDescriptor.MAJOR_VERSION, JournalRecordDescriptor.MINOR_VERSION) +
                " (" + result.formatOneRecords + " were 1.0); the old queue is kept in " + backup +
                " (delete it once the engine runs on the new one)";
        }
    }

    /**
     * Cuts the journal's queue at its last good record (the caller holds the lock and has found damage): copies the
     * good records into a new queue and keeps the damaged one as {@code queue.damaged-<UTC time>}.
     *
     * @return records kept and where the damaged queue went, for the log line.
     */
    static String cutAtLastGoodRecord(final Path dir, final RollCycle rollCycle, final long blockSize)
    {
        final Path queueDir = dir.resolve(Journal.QUEUE_DIR);
        final Path target = dir.resolve(REWRITE_DIR);
        QueueRewriter.deleteTree(target);
        final QueueRewriter.Result result = QueueRewriter.copy(queueDir, target, rollCycle, blockSize);
        final Path aside = dir.resolve(DAMAGED_DIR_PREFIX +
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(ZonedDateTime.now(ZoneOffset.UTC)));
        swap(queueDir, target, aside);
        return result.records + " good records kept" + (result.damage == null ? "" : ", cut at " + result.damage) +
            "; the damaged queue is kept in " + aside;
    }

    private static void swap(final Path queueDir, final Path replacement, final Path aside)
    {
        try
        {
            if (!Files.exists(replacement))
            {
                Files.createDirectories(replacement); // nothing good to copy: an empty queue
            }
            Files.move(queueDir, aside, StandardCopyOption.ATOMIC_MOVE);
            Files.move(replacement, queueDir, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot replace " + queueDir + " by " + replacement + ": " + ex, ex);
        }
    }

    /** The roll cycle the queue was written with (from its metadata; no cycle file is read). */
    static RollCycle rollCycleOf(final Path dir)
    {
        try (SingleChronicleQueue queue = JournalQueues.openReadOnly(new JournalContext().directory(dir),
            dir.resolve(Journal.QUEUE_DIR)))
        {
            return queue.rollCycle();
        }
    }
}
