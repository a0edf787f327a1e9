package io.fixtape.journal;

import io.fixtape.engine.store.MessageStore;

import java.util.concurrent.locks.ReentrantLock;

import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OUT;

/**
 * Replays one session's stored outbound messages for a resend: looks each sequence number up in the session's resend
 * index, reads that record from the journal and hands its FIX bytes to the handler. A number is skipped (the session
 * answers it with a gap fill) when it has no entry, when the entry is stale (the record read back belongs to another
 * session, direction or number, e.g. after a power loss took the journal's tail) or when the record is damaged (its
 * FIX CheckSum does not match: damaged bytes are never resent). Writer thread; allocation-free.
 */
final class OutboundReplay
{
    private static final int SKIPPED = 0;
    private static final int DELIVERED = 1;
    private static final int DELIVERED_STOP = 2;
    private final Journal journal;
    private final int sessionId;
    private final SeqStateFile state;
    private final ResendIndex outIndex;
    private final SharedJournalLock sharedLock;
    private final JournalRecord record = new JournalRecord();
    private long corruptRecords;

    OutboundReplay(final Journal journal, final int sessionId, final SharedJournalLock sharedLock)
    {
        this.journal = journal;
        this.sessionId = sessionId;
        this.state = journal.state();
        this.outIndex = journal.outIndex(sessionId);
        this.sharedLock = sharedLock;
    }

    /** {@link MessageStore#replayOutbound}: numbers past the last one sent are not replayed. */
    int replay(final int beginSeqNum, final int endSeqNum, final MessageStore.ReplayHandler handler)
    {
        final int last = Math.min(endSeqNum <= 0 ? Integer.MAX_VALUE : endSeqNum, state.nextSender(sessionId) - 1);
        int delivered = 0;
        for (int seq = Math.max(1, beginSeqNum); seq <= last; seq++)
        {
            final ReentrantLock lock = sharedLock.acquire(); // per record: other workers' appends wait one read
            final int outcome;
            try
            {
                outcome = replayOne(seq, handler);
            }
            finally
            {
                SharedJournalLock.release(lock);
            }
            if (outcome != SKIPPED)
            {
                delivered++;
                if (outcome == DELIVERED_STOP)
                {
                    break;
                }
            }
        }
        return delivered;
    }

    /** Reads one stored outbound message and hands it to {@code handler}; the record views the queue's mapped bytes. */
    private int replayOne(final int seq, final MessageStore.ReplayHandler handler)
    {
        final long index = outIndex.get(seq);
        if (index == 0 || !journal.readAt(index, record))
        {
            return SKIPPED;
        }
        final JournalRecord r = record;
        if (r.sessionId() != sessionId || r.direction() != DIRECTION_OUT || r.seqNum() != seq)
        {
            return SKIPPED; // stale entry (e.g. journal lost its tail in a power failure): gap fill instead
        }
        if (!r.isIntact())
        {
            corruptRecords++; // torn or overwritten on disk: never resend damaged bytes, gap fill instead
            return SKIPPED;
        }
        return handler.onMessage(seq, r.buffer(), r.fixOffset(), r.fixLength()) ? DELIVERED : DELIVERED_STOP;
    }

    /** Records found damaged (FIX CheckSum mismatch) during resends and replaced by gap fill. */
    long corruptRecords()
    {
        return corruptRecords;
    }
}
