package io.fixtape.journal;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import org.agrona.DirectBuffer;

import java.util.concurrent.locks.ReentrantLock;

import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_IN;
import static io.fixtape.journal.JournalRecordDescriptor.DIRECTION_OUT;

/**
 * {@link MessageStore} of one session on a shared {@link Journal}, in mode {@code store} or {@code audit}
 * ({@code none} never builds one: see {@link ChronicleMessageStoreFactory}).
 * <ul>
 * <li>store: outbound application messages are journaled and indexed for resend; admin messages and inbound
 * messages only move the sequence state.</li>
 * <li>audit: additionally every inbound and outbound admin message is journaled.</li>
 * </ul>
 * Sequence numbers live in the journal's memory-mapped state file (a restart reads them back without scanning).
 * An outbound message without PossDup sets next sender to seq + 1; PossDup resends are journaled in audit mode but
 * neither move the state nor replace the original in the resend index.
 *
 * <p>Threading: the journal's writer thread only (see {@link Journal}). Zero allocation in steady state.
 */
public final class ChronicleMessageStore implements MessageStore
{
    private long resendIndexFailures;
    private long syncFailures;
    private final Journal journal;
    private final int sessionId;
    private final boolean audit;
    private final SeqStateFile state;
    private final ResendIndex outIndex;
    private final OutboundReplay replay;
    private final SharedJournalLock sharedLock;
    private final ChronicleMessageStoreFactory owner;
    private boolean closed;

    ChronicleMessageStore(
        final Journal journal,
        final int sessionId,
        final JournalMode mode,
        final SharedJournalLock sharedLock,
        final ChronicleMessageStoreFactory owner)
    {
        if (mode == JournalMode.NONE)
        {
            throw new IllegalArgumentException("JournalMode=none has no Chronicle store");
        }
        this.journal = journal;
        this.sessionId = sessionId;
        this.audit = mode == JournalMode.AUDIT;
        this.state = journal.state();
        this.outIndex = journal.outIndex(sessionId);
        this.replay = new OutboundReplay(journal, sessionId, sharedLock);
        this.sharedLock = sharedLock;
        this.owner = owner;
    }

    /** Stable id of this session in the journal's registry. */
    public int sessionId()
    {
        return sessionId;
    }

    @Override
    public int nextSenderSeqNum()
    {
        return state.nextSender(sessionId);
    }

    @Override
    public int nextTargetSeqNum()
    {
        return state.nextTarget(sessionId);
    }

    @Override
    public void nextSenderSeqNum(final int seqNum)
    {
        state.nextSender(sessionId, seqNum);
    }

    @Override
    public void nextTargetSeqNum(final int seqNum)
    {
        state.nextTarget(sessionId, seqNum);
    }

    /** Only {@code audit} journals inbound messages. */
    @Override
    public boolean recordsInbound()
    {
        return audit;
    }

    @Override
    public void onInbound(
        final int seqNum,
        final long msgType,
        final int flags,
        final long timestampNanos,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        if (audit)
        {
            final ReentrantLock lock = sharedLock.acquire();
            try
            {
                final long index = journal.appendRecord(sessionId, DIRECTION_IN, seqNum, withAdmin(flags, msgType),
                    timestampNanos, msgType, buffer, offset, length);
                state.coveredIndex(index);
                journal.afterAppend(timestampNanos);
            }
            finally
            {
                SharedJournalLock.release(lock);
            }
        }
    }

    @Override
    public void onOutbound(
        final int seqNum,
        final long msgType,
        final int flags,
        final long timestampNanos,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        final int allFlags = withAdmin(flags, msgType);
        final boolean admin = (allFlags & FLAG_ADMIN) != 0;
        final boolean possDup = (allFlags & FLAG_POSS_DUP) != 0;
        if (audit || (!admin && !possDup))
        {
            final ReentrantLock lock = sharedLock.acquire();
            try
            {
                final long index = journal.appendRecord(sessionId, DIRECTION_OUT, seqNum, allFlags, timestampNanos,
                    msgType, buffer, offset, length);
                if (!possDup)
                {
                    state.nextSender(sessionId, seqNum + 1); // first: the number is on disk, never reuse it
                }
                state.coveredIndex(index);
                try
                {
                    journal.afterAppend(timestampNanos);
                }
                catch (final MessageStoreException ex)
                {
                    // the msync failed after the record was written: its number stays used (the state says so,
                    // and the session learns it from nextSenderSeqNum), but the message is not sent, so it is not
                    // indexed: a ResendRequest for it gets a gap fill
                    syncFailures++;
                    throw ex;
                }
                if (!possDup && !admin)
                {
                    indexOutbound(seqNum, index);
                }
            }
            finally
            {
                SharedJournalLock.release(lock);
            }
        }
        else if (!possDup)
        {
            state.nextSender(sessionId, seqNum + 1);
        }
    }

    /**
     * The record is on disk and its number taken: a resend index that cannot grow (full disk) must not fail the
     * append, or the session would not count the number and send it again. Counted; a resend of that number is then
     * answered by gap fill (the message is still in the journal for audit, `journal cat`, export and replay).
     */
    private void indexOutbound(final int seqNum, final long index)
    {
        try
        {
            outIndex.put(seqNum, index);
            journal.indexWritten(outIndex); // duty-cycle pretouch keeps this index's next page touched
        }
        catch (final MessageStoreException | JournalException ex)
        {
            resendIndexFailures++;
        }
    }

    /** Outbound records written whose msync failed: their numbers are used, the messages were not sent. */
    public long syncFailures()
    {
        return syncFailures;
    }

    /** Outbound messages journaled but missing from the resend index (it could not grow): resent as gap fills. */
    public long resendIndexFailures()
    {
        return resendIndexFailures;
    }

    private static int withAdmin(final int flags, final long msgType)
    {
        return MsgTypes.isAdmin(msgType) ? flags | FLAG_ADMIN : flags;
    }

    /**
     * Stored outbound messages in {@code [beginSeqNum, endSeqNum]} ({@link OutboundReplay}); a number without an intact
     * record of this session is skipped, and the session gap-fills it.
     */
    @Override
    public int replayOutbound(final int beginSeqNum, final int endSeqNum, final ReplayHandler handler)
    {
        return replay.replay(beginSeqNum, endSeqNum, handler);
    }

    /** Records found damaged (FIX CheckSum mismatch) during resends and replaced by gap fill. */
    public long corruptRecords()
    {
        return replay.corruptRecords();
    }

    /** Kept in the sequence-state file (format 1.1) at one-second resolution; schedule periods start on seconds. */
    @Override
    public long creationTimeNanos()
    {
        final long seconds = state.creationSeconds(sessionId);
        return seconds == 0 ? UNKNOWN_CREATION_TIME : seconds * 1_000_000_000L;
    }

    @Override
    public void creationTimeNanos(final long epochNanos)
    {
        state.creationSeconds(sessionId, Math.max(1, Math.floorDiv(epochNanos, 1_000_000_000L)));
    }

    @Override
    public void reset()
    {
        state.resetSequenceNumbers(sessionId);
        outIndex.reset(state.coveredIndex()); // constant time: earlier entries read as absent from now on
    }

    @Override
    public void flush()
    {
        final ReentrantLock lock = sharedLock.acquire();
        try
        {
            journal.sync();
        }
        finally
        {
            SharedJournalLock.release(lock);
        }
    }

    /** {@link Journal#syncSequenceState}: msync'ed under {@code JournalDurability=per-message} only. */
    @Override
    public void syncSequenceState()
    {
        final ReentrantLock lock = sharedLock.acquire();
        try
        {
            journal.syncSequenceState();
        }
        finally
        {
            SharedJournalLock.release(lock);
        }
    }

    /** {@link Journal#probeWritable}: the journal is shared, so this answers for every session on it. */
    @Override
    public boolean probeWritable(final long nowNanos)
    {
        final ReentrantLock lock = sharedLock.acquire();
        try
        {
            return journal.probeWritable(nowNanos);
        }
        finally
        {
            SharedJournalLock.release(lock);
        }
    }

    @Override
    public boolean persistsMessages()
    {
        return true;
    }

    /** The journal is shared by all sessions: closed by its factory (or with the last store, if so configured). */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            owner.onStoreClosed();
        }
    }
}
