package io.fixtape.engine.session;

import io.fixtape.engine.api.ResendFilter;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.StoreSwitch;
import org.agrona.DirectBuffer;

/**
 * Answers a counterparty's ResendRequest by streaming {@link MessageStore#replayOutbound}: stored application
 * messages are resent with PossDupFlag=Y and OrigSendingTime; admin messages, numbers the store does not have and
 * application messages the session's {@link ResendFilter} declines become SequenceReset-GapFill, one per contiguous
 * run. Nothing is materialised: memory stays bounded whatever the range.
 *
 * <p>Work per duty cycle is bounded too: each call reads at most {@code ResendBatchSize} sequence numbers from the
 * store (a window that moves on from one call to the next), so a request for millions of numbers is spread over
 * many duty cycles and the other sessions of the poller keep their turn. A gap-fill run is not cut at a window's
 * edge: it is sent once the run ends, so the messages sent do not depend on the batch size. When the connection
 * back-pressures, the responder remembers where it stopped and {@link #resume} continues from there on the next
 * duty cycle.
 *
 * <p>While a resend is active every new sequenced message (the application's, Heartbeats, Rejects...) waits in the
 * sender's {@link OutboundQueue} and goes out after it, in order; messages queued before it began go out first, and
 * the resend does not cover their numbers.
 *
 * <p>The stored messages are read through one decoder per thread (its lookup table reserved), shared by the
 * sessions of that thread: a batch is read within one {@link #resume} call, and thousands of sessions need not each
 * keep a decoder's lookup table for resends they may never be asked for.
 *
 * <p>Poller thread only; allocation-free (the thread's decoder is created with the first session built or resumed
 * on it).
 */
final class ResendResponder implements MessageStore.ReplayHandler
{
    private final SessionSender sender;
    private final MessageStore store;
    private final SessionId sessionId;
    private final ResendFilter filter;
    private final SessionCounters counters;
    private final int batchSize;
    private static final ThreadLocal<FixDecoder> STORED_PER_THREAD =
        ThreadLocal.withInitial(() -> new FixDecoder().reserveLookups());
    /** The calling thread's decoder, set by {@link #resume} for the batch it reads. */
    private FixDecoder stored;
    private boolean active;
    private boolean stalled;
    /** The first number of the request being answered. */
    private int first;
    /** The first number not yet resent or gap-filled: a gap fill pending from here covers what was skipped. */
    private int next;
    /** The first number not yet read from the store (≥ {@link #next}). */
    private int scan;
    private int end;
    private long nowNanos;

    ResendResponder(
        final SessionSender sender, final MessageStore store, final SessionConfig config, final SessionCounters counters)
    {
        this.sender = sender;
        this.store = store;
        this.sessionId = config.sessionId();
        this.filter = config.resendFilter();
        this.batchSize = config.resendLimits().batchSize();
        this.counters = counters;
        STORED_PER_THREAD.get(); // a session stepped on the thread that built it (invoker mode) resends allocation-free
    }

    /**
     * The last number a request for {@code [beginSeqNo, endSeqNo]} covers: {@code endSeqNo} 0 (FIX 4.2+) or anything
     * beyond our last sent number (999999 in FIX 4.0/4.1) means "up to the last message sent" (numbers still queued
     * are not resent: they go out before the resend).
     */
    int lastCovered(final int endSeqNo)
    {
        final int lastSent = sender.lastResendableSeqNum();
        return endSeqNo <= 0 || endSeqNo > lastSent ? lastSent : endSeqNo;
    }

    /** Start answering {@code [beginSeqNo, endSeqNo]} (see {@link #lastCovered}). A new request replaces one in progress. */
    void request(final int beginSeqNo, final int endSeqNo, final long nowNanos)
    {
        final int last = lastCovered(endSeqNo);
        final int first = Math.max(1, beginSeqNo);
        if (first > last)
        {
            finish(nowNanos);
            return;
        }
        this.first = first;
        next = first;
        scan = first;
        end = last;
        active = true;
        sender.resendActive(true);
        resume(nowNanos);
    }

    /** Whether the request in progress will still send everything of {@code [from, to]} it has not sent yet. */
    boolean covers(final int from, final int to)
    {
        return active && from >= first && to <= end;
    }

    /** Forget the resend (the connection or the sequence numbers are gone). */
    void cancel()
    {
        active = false;
        sender.resendActive(false);
    }

    boolean isActive()
    {
        return active;
    }

    private void finish(final long nowNanos)
    {
        if (active)
        {
            active = false;
            sender.resendActive(false);
            sender.flushQueued(nowNanos); // what waited behind the resend follows it at once
        }
    }

    /** Whether a resend waits to go on (the duty cycle resumes it: back-pressure, or the rest of a large range). */
    boolean isResuming()
    {
        return active;
    }

    /** Continue (or finish) the current resend, one batch of numbers at most. @return work done. */
    int resume(final long nowNanos)
    {
        if (!active)
        {
            return 0;
        }
        this.nowNanos = nowNanos;
        stalled = false;
        if (!sender.isClearForResend())
        {
            final int flushed = sender.flushQueued(nowNanos); // messages queued before the resend began go first
            if (!sender.isClearForResend())
            {
                return flushed > 0 ? 1 : 0;
            }
        }
        final int batchEnd = (int)Math.min(end, (long)scan + batchSize - 1);
        if (!StoreSwitch.COMPILED_OUT && store.persistsMessages()) // compiled out: gap fill only
        {
            stored = STORED_PER_THREAD.get();
            store.replayOutbound(scan, batchEnd, this);
            if (stalled)
            {
                return 1; // scan stays at the message that could not be sent
            }
        }
        scan = batchEnd + 1;
        if (batchEnd < end)
        {
            return 1; // the rest in the next duty cycles; a gap fill pending from next waits for its run to end
        }
        if (next <= end && !sender.gapFill(next, end + 1, nowNanos))
        {
            return 1;
        }
        finish(nowNanos);
        return 1;
    }

    @Override
    public boolean onMessage(final int seqNum, final DirectBuffer buffer, final int offset, final int length)
    {
        if (seqNum < scan || seqNum > end)
        {
            return true;
        }
        stored.wrap(buffer, offset, length);
        if (MsgTypes.isAdmin(stored.msgType()))
        {
            return true; // covered by the gap fill of the run it belongs to
        }
        if (!filter.resend(sessionId, stored, nowNanos))
        {
            counters.resendsReplacedByGapFill++;
            return true; // the application does not want it resent: part of the next gap fill, as an admin message
        }
        if (seqNum > next)
        {
            if (!sender.gapFill(next, seqNum, nowNanos))
            {
                return stall(seqNum);
            }
            next = seqNum;
        }
        final int result = sender.resendStored(stored, seqNum, nowNanos);
        if (result == 0)
        {
            return stall(seqNum);
        }
        if (result > 0)
        {
            next = seqNum + 1;
        }
        // result < 0: unusable stored message; it stays part of the gap and is gap-filled
        return true;
    }

    /** Back-pressured at {@code seqNum}: the next call reads the store from there again. */
    private boolean stall(final int seqNum)
    {
        stalled = true;
        scan = seqNum;
        return false;
    }
}
