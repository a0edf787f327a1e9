package io.fixtape.engine.session;

import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.StoreSwitch;

/**
 * The session's sequence-number state: next MsgSeqNum to send and to receive (written through to the
 * {@link MessageStore} on every change, unless {@link StoreSwitch#COMPILED_OUT}) and the outstanding ResendRequest
 * range we asked for.
 *
 * <p>Poller thread only.
 */
final class SequenceTracker
{
    private final MessageStore store;
    private int nextSender;
    private int nextTarget;
    private int resendBegin;
    private int resendEnd;
    private int resendChunkEnd;
    private boolean loaded;
    private int resets;

    SequenceTracker(final MessageStore store)
    {
        this.store = store;
        load();
    }

    /** Re-read both numbers from the store (start-up, RefreshOnLogon). */
    void load()
    {
        if (StoreSwitch.COMPILED_OUT && loaded)
        {
            return; // the store never saw our writes: the numbers held here are the only truth
        }
        loaded = true;
        nextSender = Math.max(1, store.nextSenderSeqNum());
        nextTarget = Math.max(1, store.nextTargetSeqNum());
    }

    /** Both numbers back to 1, stored messages forgotten. */
    void reset()
    {
        store.reset();
        nextSender = 1;
        nextTarget = 1;
        resets++;
        clearResendRange();
    }

    /** How many times {@link #reset()} ran: lets a caller see that a callback reset the numbers under it. */
    int resets()
    {
        return resets;
    }

    int nextSender()
    {
        return nextSender;
    }

    int nextTarget()
    {
        return nextTarget;
    }

    /** The store first: if it cannot record the number, nothing changes here either (and nothing may be sent). */
    void incrementSender()
    {
        if (!StoreSwitch.COMPILED_OUT)
        {
            store.nextSenderSeqNum(nextSender + 1);
        }
        ++nextSender;
    }

    void incrementTarget()
    {
        ++nextTarget;
        if (!StoreSwitch.COMPILED_OUT)
        {
            store.nextTargetSeqNum(nextTarget);
        }
    }

    /** A message carrying the expected number consumes it; any other number changes nothing. */
    void incrementTargetIfExpected(final int seqNum)
    {
        if (seqNum == nextTarget)
        {
            incrementTarget();
        }
    }

    /** An operator's correction (no connection bound): the next number we send. */
    void nextSender(final int seqNum)
    {
        if (!StoreSwitch.COMPILED_OUT)
        {
            store.nextSenderSeqNum(seqNum);
        }
        nextSender = seqNum;
        clearResendRange();
    }

    void nextTarget(final int seqNum)
    {
        nextTarget = seqNum;
        if (!StoreSwitch.COMPILED_OUT)
        {
            store.nextTargetSeqNum(seqNum);
        }
    }

    boolean isResendRequested()
    {
        return resendEnd > 0;
    }

    int resendBegin()
    {
        return resendBegin;
    }

    int resendEnd()
    {
        return resendEnd;
    }

    /** Last number of the chunk asked for by the latest ResendRequest; 0 when the gap was asked for at once. */
    int resendChunkEnd()
    {
        return resendChunkEnd;
    }

    /**
     * Remember that we are recovering {@code [begin, end]} (end is the real last missing number, never 0), asked
     * for up to {@code chunkEnd} so far (0: all of it).
     */
    void resendRange(final int begin, final int end, final int chunkEnd)
    {
        resendBegin = begin;
        resendEnd = end;
        resendChunkEnd = chunkEnd;
    }

    void clearResendRange()
    {
        resendBegin = 0;
        resendEnd = 0;
        resendChunkEnd = 0;
    }
}
