package io.fixtape.journal;

import io.fixtape.engine.store.MessageStore;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OUT;

/**
 * Recovery when a journal opens: the sequence-state file names the last queue index whose effect it holds (its
 * covered index), so only the records after it are read — at most the one or few written between a record's append
 * and its state update when the process died. Outbound records advance the next sender sequence number (a number
 * already on disk is never reused) and fill the resend index. Inbound records do not advance the target number: the
 * application may not have seen them, the peer will resend. Also finds a record whose write was cut off after the last
 * complete one ({@link IncompleteTail}). Runs once, on the opening thread.
 */
final class TailRecovery
{
    /** Records a crash can leave after the covered one: the append whose state update it interrupted. */
    private static final long MAX_UNCOVERED = 1;

    private final SeqStateFile state;
    private final ResendIndexes indexes;
    private final String source;
    private final IncompleteTail tail = new IncompleteTail();
    private long appliedRecords;
    private String incompleteTail;
    private String damage;
    private String stale;

    /** @param source the journal directory, named in errors. */
    TailRecovery(final SeqStateFile state, final ResendIndexes indexes, final String source)
    {
        this.state = state;
        this.indexes = indexes;
        this.source = source;
    }

    /** Applies the records after the covered index to the sequence state and the resend indexes. */
    TailRecovery run(final SingleChronicleQueue queue)
    {
        final long covered = state.coveredIndex();
        final JournalRecord record = new JournalRecord();
        try (ExcerptTailer tailer = queue.createTailer())
        {
            if (covered != -1L && !skipCovered(tailer, covered))
            {
                stale = "its covered index " + Long.toHexString(covered) + " is not in the queue";
                return this;
            }
            while (true)
            {
                try (DocumentContext dc = tailer.readingDocument())
                {
                    if (!dc.isPresent())
                    {
                        break;
                    }
                    final long at = dc.wire().bytes().readPosition() - 4;
                    RecordCodec.read(dc.wire().bytes(), dc.index(), record, source);
                    final String wrong = record.damage();
                    if (wrong != null)
                    {
                        damage = describe(dc.wire().bytes(), at, dc.index(), wrong);
                        return this; // stop at the first bad record: nothing after it is applied
                    }
                    apply(record);
                    appliedRecords++;
                    tail.recordRead(dc.wire().bytes());
                }
            }
        }
        catch (final InternalError ex)
        {
            // SIGBUS: a mapped page of a cycle file has no bytes behind it (the file was cut short)
            damage = "a queue file is shorter than its records (reading past index " + Long.toHexString(
                state.coveredIndex()) + " faulted): it was cut short";
            return this;
        }
        incompleteTail = tail.find();
        if (covered != -1L && appliedRecords > MAX_UNCOVERED)
        {
            // a store updates the state after every record: a crash leaves at most one record after the covered one
            stale = appliedRecords + " records follow its covered index " + Long.toHexString(covered);
        }
        return this;
    }

    /**
     * Why the sequence state does not belong to this queue (restored from an older copy, or the queue was replaced),
     * or null: its covered index is not in the queue, or more records follow it than a crash can leave.
     */
    String staleState()
    {
        return stale;
    }

    private static String describe(
        final net.openhft.chronicle.bytes.Bytes<?> bytes, final long at, final long index, final String what)
    {
        final String file = bytes instanceof net.openhft.chronicle.bytes.MappedBytes ?
            ((net.openhft.chronicle.bytes.MappedBytes)bytes).mappedFile().file().getName() : "the queue";
        return file + " byte " + at + " (index " + Long.toHexString(index) + "): " + what;
    }

    /** The first bad record recovery met (file, offset, index, what is wrong), or null: nothing after it was applied. */
    String damage()
    {
        return damage;
    }

    /** Reads past the covered record; false if it is not in the queue (nothing after it is applied then). */
    private boolean skipCovered(final ExcerptTailer tailer, final long covered)
    {
        if (!tailer.moveToIndex(covered))
        {
            return false;
        }
        try (DocumentContext dc = tailer.readingDocument())
        {
            if (!dc.isPresent())
            {
                return false;
            }
            tail.recordRead(dc.wire().bytes());
        }
        return true;
    }

    private void apply(final JournalRecord record)
    {
        if (record.direction() == JournalRecordDescriptor.DIRECTION_ADMIN)
        {
            AdminRecords.apply(record, state, indexes);
            state.coveredIndex(record.queueIndex());
            return;
        }
        final int id = record.sessionId();
        final ResendIndex index = indexes.find(id);
        if (index == null)
        {
            return;
        }
        if (record.direction() == DIRECTION_OUT && (record.flags() & MessageStore.FLAG_POSS_DUP) == 0)
        {
            if (record.seqNum() + 1 > state.nextSender(id))
            {
                state.nextSender(id, record.seqNum() + 1);
            }
            if ((record.flags() & MessageStore.FLAG_ADMIN) == 0)
            {
                index.put(record.seqNum(), record.queueIndex());
            }
        }
        state.coveredIndex(record.queueIndex());
    }

    /** Records applied from the journal's tail (the recovery cost). */
    long appliedRecords()
    {
        return appliedRecords;
    }

    /**
     * What recovery found after the last complete record: a message naming a record whose write was cut off, or null
     * (also null when the covered record itself was not found: nothing after it was read).
     */
    String incompleteTail()
    {
        return incompleteTail;
    }
}
