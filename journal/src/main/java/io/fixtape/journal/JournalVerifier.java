package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;
import org.agrona.collections.Long2LongHashMap;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code fixtape journal verify}: checks a journal directory end to end without writing to it and without mapping
 * any of its files (plain reads: a file cut short cannot fault the process). Each queue file document by document
 * and each record's CRC32C (format 2.0) or FIX CheckSum (1.0); the session registry; the sequence state (format, its
 * covered index against the queue, each session's next sender number against the numbers the journal holds); each
 * resend index entry against the record it names. Reports one line per problem (file, offset or index, what is
 * wrong); may run beside a live engine (its last record may then be an append in progress).
 */
public final class JournalVerifier
{
    private static final int MAX_PROBLEMS_PER_FILE = 100;

    private final Path directory;
    private final Consumer<String> problems;
    private int problemCount;
    private long records;
    private long files;
    private long lastIndex = -1;
    private final org.agrona.collections.IntHashSet seenSessions = new org.agrona.collections.IntHashSet();
    /** (session id << 32 | MsgSeqNum) -> queue index of the last outbound application record with it. */
    private final Long2LongHashMap outbound = new Long2LongHashMap(0L);
    /** Per session: the last outbound MsgSeqNum (not PossDup): the next sender number must be above it. */
    private final Long2LongHashMap lastOutSeq = new Long2LongHashMap(0L);
    private final List<String> notes = new ArrayList<>();

    /**
     * @param problems receives one line per problem found, as it is found.
     */
    public JournalVerifier(final Path directory, final Consumer<String> problems)
    {
        this.directory = directory.toAbsolutePath();
        this.problems = problems;
    }

    /** Runs every check. @return the number of problems (0: the journal is clean). */
    public int run()
    {
        final Path queueDir = directory.resolve(Journal.QUEUE_DIR);
        if (!Files.isDirectory(queueDir))
        {
            throw new JournalException(directory + " is not a fixtape journal (no " + Journal.QUEUE_DIR + "/ directory)");
        }
        JournalSessionTable registry = null;
        try
        {
            registry = JournalSessionTable.open(directory, true);
        }
        catch (final JournalException ex)
        {
            problem(JournalSessionTable.FILE_NAME + ": " + ex.getMessage());
        }
        final RollCycle rollCycle = JournalRewrite.rollCycleOf(directory);
        verifyQueue(queueDir, rollCycle);
        if (registry != null)
        {
            for (final org.agrona.collections.IntHashSet.IntIterator it = seenSessions.iterator(); it.hasNext(); )
            {
                final int id = it.nextValue();
                if (registry.sessionOf(id) == null)
                {
                    problem(Journal.QUEUE_DIR + "/: records of session id " + id + ", which " +
                        JournalSessionTable.FILE_NAME + " does not name");
                }
            }
        }
        verifySequenceState(registry, rollCycle);
        verifyResendIndexes(registry);
        return problemCount;
    }

    private void verifyQueue(final Path queueDir, final RollCycle rollCycle)
    {
        final CycleFileScanner scanner = new CycleFileScanner();
        final JournalRecord record = new JournalRecord();
        final File[] cycleFiles = CycleFiles.list(queueDir);
        for (int i = 0; i < cycleFiles.length; i++)
        {
            final File file = cycleFiles[i];
            files++;
            final int cycle = CycleFiles.cycleOf(file, rollCycle);
            if (cycle < 0)
            {
                problem(Journal.QUEUE_DIR + "/" + file.getName() + ": not named as a cycle file of " + rollCycle);
                continue;
            }
            final int[] bad = {0};
            scanner.scan(file, record, (f, ordinal, offset, r) ->
            {
                records++;
                final long index = rollCycle.toIndex(cycle, ordinal);
                lastIndex = index;
                final String wrong = r.damage();
                if (wrong != null)
                {
                    if (bad[0]++ < MAX_PROBLEMS_PER_FILE)
                    {
                        problem(Journal.QUEUE_DIR + "/" + f.getName() + " byte " + offset + " index " +
                            Long.toHexString(index) + ": " + wrong);
                    }
                    return true;
                }
                note(r, index);
                return true;
            });
            if (bad[0] > MAX_PROBLEMS_PER_FILE)
            {
                problem(Journal.QUEUE_DIR + "/" + file.getName() + ": and " + (bad[0] - MAX_PROBLEMS_PER_FILE) +
                    " more damaged records");
            }
            if (scanner.damaged())
            {
                problem(Journal.QUEUE_DIR + "/" + file.getName() + " byte " + scanner.endOffset() + ": " + scanner.detail() +
                    " (records after it are lost)");
            }
            else if (scanner.end() == CycleFileScanner.End.INCOMPLETE_TAIL)
            {
                notes.add(Journal.QUEUE_DIR + "/" + file.getName() + " byte " + scanner.endOffset() + ": an incomplete " +
                    "record (a write cut off, or one in progress): never visible, written over by the next append");
            }
        }
    }

    private void note(final JournalRecord r, final long index)
    {
        final int id = r.sessionId();
        seenSessions.add(id);
        if (r.direction() != JournalRecordDescriptor.DIRECTION_OUT ||
            (r.flags() & io.fixtape.engine.store.MessageStore.FLAG_POSS_DUP) != 0)
        {
            return;
        }
        lastOutSeq.put(id, r.seqNum());
        if ((r.flags() & io.fixtape.engine.store.MessageStore.FLAG_ADMIN) == 0)
        {
            outbound.put(((long)id << 32) | (r.seqNum() & 0xFFFF_FFFFL), index);
        }
    }

    private void verifySequenceState(final JournalSessionTable registry, final RollCycle rollCycle)
    {
        final Path file = directory.resolve(Journal.STATE_DIR).resolve(SeqStateFile.FILE_NAME);
        final String name = Journal.STATE_DIR + "/" + SeqStateFile.FILE_NAME;
        if (!Files.exists(file))
        {
            if (records > 0)
            {
                problem(name + ": missing (an engine opening the journal rebuilds it from the journal, with a warning)");
            }
            return;
        }
        final ByteBuffer bytes;
        try
        {
            bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
        }
        catch (final IOException ex)
        {
            problem(name + ": cannot read: " + ex.getMessage());
            return;
        }
        if (bytes.capacity() < SeqStateFile.HEADER_LENGTH)
        {
            problem(name + ": " + bytes.capacity() + " bytes, shorter than its header (" + SeqStateFile.HEADER_LENGTH + ")");
            return;
        }
        if (bytes.getLong(0) != SeqStateFile.MAGIC)
        {
            problem(name + " byte 0: not a fixtape sequence-state file (bad magic)");
            return;
        }
        if (bytes.getInt(8) != SeqStateFile.MAJOR_VERSION)
        {
            problem(name + " byte 8: format fixtape-seqstate " + bytes.getInt(8) + "." + bytes.getInt(12) +
                ", this reader knows " + SeqStateFile.MAJOR_VERSION + ".x");
            return;
        }
        final long covered = bytes.getLong(24);
        if (covered != -1L && lastIndex != -1L && (covered > lastIndex || rollCycle.toCycle(covered) > rollCycle.toCycle(lastIndex)))
        {
            problem(name + " byte 24: covered index " + Long.toHexString(covered) + " is beyond the queue's last record " +
                Long.toHexString(lastIndex) + " (the queue lost records, or the state belongs to another copy)");
        }
        final int slots = (bytes.capacity() - SeqStateFile.HEADER_LENGTH) / SeqStateFile.SLOT_LENGTH;
        if (registry == null)
        {
            return;
        }
        for (final int id : registry.ids())
        {
            final int slot = SeqStateFile.HEADER_LENGTH + id * SeqStateFile.SLOT_LENGTH;
            if (id >= slots || bytes.getInt(slot + 8) == 0)
            {
                problem(name + ": no sequence state for session " + id + " (" + registry.sessionOf(id) + ")");
                continue;
            }
            final int nextSender = bytes.getInt(slot);
            final long lastOut = lastOutSeq.get(id);
            if (lastOut > 0 && nextSender <= lastOut && covered >= lastIndex)
            {
                problem(name + " byte " + slot + ": session " + id + " next sender MsgSeqNum " + nextSender +
                    " is not above " + lastOut + ", the last one the journal holds: numbers would be used twice");
            }
            if (nextSender < 1 || bytes.getInt(slot + 4) < 1)
            {
                problem(name + " byte " + slot + ": session " + id + " has sequence numbers below 1 (" + nextSender +
                    ", " + bytes.getInt(slot + 4) + ")");
            }
        }
    }

    private void verifyResendIndexes(final JournalSessionTable registry)
    {
        final File[] indexFiles = directory.resolve(Journal.STATE_DIR).toFile()
            .listFiles((d, n) -> n.endsWith(ResendIndexes.SUFFIX));
        if (indexFiles == null)
        {
            return;
        }
        final ByteBuffer window = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.nativeOrder());
        for (final File file : indexFiles)
        {
            final String name = Journal.STATE_DIR + "/" + file.getName();
            final int id;
            try
            {
                id = Integer.parseInt(file.getName().substring(0, file.getName().length() - ResendIndexes.SUFFIX.length()));
            }
            catch (final NumberFormatException ex)
            {
                problem(name + ": not named N" + ResendIndexes.SUFFIX);
                continue;
            }
            if (registry != null && registry.sessionOf(id) == null)
            {
                problem(name + ": index of session id " + id + ", which " + JournalSessionTable.FILE_NAME + " does not name");
            }
            int bad = 0;
            try (FileChannel channel = FileChannel.open(file.toPath(), StandardOpenOption.READ))
            {
                // entry 0 marks the last reset: entries at or below it belong to an earlier sequence
                final ByteBuffer mark = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.nativeOrder());
                channel.read(mark, 0);
                final long validAfter = mark.position() == Long.BYTES ? mark.getLong(0) : 0L;
                long position = 0;
                while (true)
                {
                    window.clear();
                    final int read = channel.read(window, position);
                    if (read <= 0)
                    {
                        break;
                    }
                    for (int i = 0; i + Long.BYTES <= read; i += Long.BYTES)
                    {
                        final long entry = window.getLong(i);
                        final long seq = (position + i) / Long.BYTES;
                        if (entry == 0 || seq == 0 || entry <= validAfter)
                        {
                            continue;
                        }
                        final long expected = outbound.get(((long)id << 32) | seq);
                        if (expected != entry && entry <= lastIndex && bad++ < MAX_PROBLEMS_PER_FILE)
                        {
                            problem(name + " byte " + (position + i) + ": MsgSeqNum " + seq + " points at index " +
                                Long.toHexString(entry) + ", " + (expected == 0 ? "where the journal holds no outbound " +
                                "record of session " + id + " with that number" : "its record is at index " +
                                Long.toHexString(expected)));
                        }
                    }
                    position += read - (read % Long.BYTES);
                }
            }
            catch (final IOException ex)
            {
                problem(name + ": cannot read: " + ex.getMessage());
            }
        }
    }

    private void problem(final String line)
    {
        problemCount++;
        problems.accept(line);
    }

    /** Records read (intact or not). */
    public long records()
    {
        return records;
    }

    /** Queue cycle files read. */
    public long files()
    {
        return files;
    }

    /** Sessions with records in the queue. */
    public int sessions()
    {
        return seenSessions.size();
    }

    /** Observations that are not problems (an incomplete record at the end). */
    public List<String> notes()
    {
        return notes;
    }
}
