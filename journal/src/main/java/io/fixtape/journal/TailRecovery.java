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
    private final SeqStateFile state;
    private final ResendIndexes indexes;
    private final String source;
    private final IncompleteTail tail = new IncompleteTail();
    private long appliedRecords;
    private String incompleteTail;

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
                    RecordCodec.read(dc.wire().bytes(), dc.index(), record, source);
                    apply(record);
                    appliedRecords++;
                    tail.recordRead(dc.wire().bytes());
                }
            }
        }
        incompleteTail = tail.find();
        return this;
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
