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
 * run. Nothing is materialised: memory stays bounded whatever
 * the range. When the connection back-pressures, the responder remembers where it stopped and
 * {@link #resume} continues from there on the next duty cycle.
 *
 * <p>While a resend is active every new sequenced message (the application's, Heartbeats, Rejects...) waits in the
 * sender's {@link OutboundQueue} and goes out after it, in order; messages queued before it began go out first, and
 * the resend does not cover their numbers.
 *
 * <p>Poller thread only.
 */
final class ResendResponder implements MessageStore.ReplayHandler
{
    private final SessionSender sender;
    private final MessageStore store;
    private final SessionId sessionId;
    private final ResendFilter filter;
    private final SessionCounters counters;
    private final FixDecoder stored = new FixDecoder();
    private boolean active;
    private boolean stalled;
    private int next;
    private int end;
    private long nowNanos;

    ResendResponder(
        final SessionSender sender, final MessageStore store, final SessionConfig config, final SessionCounters counters)
    {
        this.sender = sender;
        this.store = store;
        this.sessionId = config.sessionId();
        this.filter = config.resendFilter();
        this.counters = counters;
    }

    /**
     * Start answering {@code [beginSeqNo, endSeqNo]}; {@code endSeqNo} 0 (FIX 4.2+) or anything beyond our last
     * sent number (999999 in FIX 4.0/4.1) means "up to the last message sent" (numbers still queued are not
     * resent: they go out before the resend). A new request replaces one still in progress.
     */
    void request(final int beginSeqNo, final int endSeqNo, final long nowNanos)
    {
        final int lastSent = sender.lastResendableSeqNum();
        int last = endSeqNo;
        if (last <= 0 || last > lastSent)
        {
            last = lastSent;
        }
        final int first = Math.max(1, beginSeqNo);
        if (first > last)
        {
            finish(nowNanos);
            return;
        }
        next = first;
        end = last;
        active = true;
        sender.resendActive(true);
        resume(nowNanos);
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

    /** Continue (or finish) the current resend. @return work done. */
    /** Whether a back-pressured resend waits to go on (the duty cycle resumes it). */
    boolean isResuming()
    {
        return active;
    }

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
        if (!StoreSwitch.COMPILED_OUT && store.persistsMessages()) // compiled out: gap fill only
        {
            store.replayOutbound(next, end, this);
            if (stalled)
            {
                return 1;
            }
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
        if (seqNum < next || seqNum > end)
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
                stalled = true;
                return false;
            }
            next = seqNum;
        }
        final int result = sender.resendStored(stored, seqNum, nowNanos);
        if (result == 0)
        {
            stalled = true;
            return false;
        }
        if (result > 0)
        {
            next = seqNum + 1;
        }
        // result < 0: unusable stored message; it stays part of the gap and is gap-filled
        return true;
    }
}
