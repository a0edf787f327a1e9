package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;

/**
 * Inbound sequence gaps: a too-high message is kept ({@link GapQueue}) and the missing range asked for with one
 * ResendRequest per outstanding gap; once the gap is filled the kept messages come back in order through
 * {@link #advanceToNextDue} for the {@link InboundPipeline} to process as if they had just arrived, each found by
 * its sequence number in O(1).
 *
 * <p>One instance per session, poller thread only; allocation-free (the queue's storage is allocated once).
 */
final class InboundGaps
{
    private final GapQueue queue;
    private final SequenceTracker sequence;
    private final SessionSender sender;
    private final SessionCounters counters;
    private final FixDecoder queued = new FixDecoder();
    private final int chunkSize;
    private int dueSeqNum;

    InboundGaps(
        final SessionConfig config, final SequenceTracker sequence, final SessionSender sender,
        final SessionCounters counters)
    {
        this.queue = new GapQueue(config.gapQueueBytes(), config.gapQueueMessages());
        this.chunkSize = config.resendRequestChunkSize();
        this.sequence = sequence;
        this.sender = sender;
        this.counters = counters;
    }

    /**
     * Forget every kept message and the gap we asked for (new connection, disconnect, sequence reset, store pause):
     * a range left outstanding would make the next too-high message look already asked for.
     */
    void clear()
    {
        queue.clear();
        sequence.clearResendRange();
    }

    /** Gap: keep the message for later and ask for what is missing (once per outstanding gap). */
    void onTooHigh(final FixDecoder m, final int seqNum, final long now)
    {
        keep(m, seqNum);
        if (sequence.isResendRequested() && seqNum >= sequence.resendBegin())
        {
            counters.resendRequestsSuppressed++;
            return;
        }
        requestResend(sequence.nextTarget(), seqNum - 1, now);
    }

    /**
     * Ask for {@code [begin, end]}: at once, or with ResendRequestChunkSize the first chunk of it (the last chunk
     * asks up to "infinity", as QuickFIX does).
     */
    private void requestResend(final int begin, final int end, final long now)
    {
        final int chunkEnd = chunkSize == 0 || end - begin < chunkSize ? end : begin + chunkSize - 1;
        if (sender.resendRequest(begin, chunkEnd == end ? 0 : chunkEnd, now))
        {
            sequence.resendRange(begin, end, chunkSize == 0 ? 0 : chunkEnd);
            counters.resendRequestsSent++;
            counters.events.resendRequestSent(begin, chunkEnd == end ? 0 : chunkEnd);
        }
    }


    /** Keep a too-high message until the gap before it is filled. */
    void keep(final FixDecoder m, final int seqNum)
    {
        if (queue.offer(seqNum, m.buffer(), m.offset(), m.length()))
        {
            queued.reserveLookups(); // with the queue's own storage, on the first gap: the drain then allocates nothing
            counters.messagesQueued++;
        }
        else
        {
            counters.gapQueueOverflows++;
        }
    }

    /**
     * {@code seqNum} was received (or gap-filled up to): our ResendRequest is answered once it reaches the end of
     * the gap; with chunks, reaching the end of the current chunk asks for the next one.
     */
    void onFilledUpTo(final int seqNum, final long now)
    {
        if (!sequence.isResendRequested())
        {
            return;
        }
        if (seqNum >= sequence.resendEnd())
        {
            sequence.clearResendRange();
        }
        else if (sequence.resendChunkEnd() > 0 && seqNum >= sequence.resendChunkEnd())
        {
            requestResend(seqNum + 1, sequence.resendEnd(), now);
        }
    }

    /**
     * Advance to the kept message carrying the next expected number and return it, or null when there is none. A
     * kept Logon or ResendRequest on the way was already acted upon when it arrived: only its number is consumed
     * here (the next expected number moves past it). Call {@link #processed()} after processing the returned
     * message (valid until then).
     */
    FixDecoder advanceToNextDue(final long now)
    {
        while (queue.size() > 0)
        {
            final int expected = sequence.nextTarget();
            final int index = queue.indexOf(expected);
            if (index < 0)
            {
                queue.removeBelow(expected);
                return null;
            }
            queued.wrap(queue.buffer(), queue.offsetAt(index), queue.lengthAt(index));
            final long msgType = queued.msgType();
            if (msgType != MsgTypes.LOGON && msgType != MsgTypes.RESEND_REQUEST)
            {
                dueSeqNum = expected;
                return queued;
            }
            sequence.incrementTarget();
            onFilledUpTo(expected, now);
            queue.remove(expected);
            queue.removeBelow(sequence.nextTarget());
        }
        return null;
    }

    /** The message {@link #advanceToNextDue} returned was processed: drop it and everything now below the target. */
    void processed()
    {
        queue.remove(dueSeqNum);
        queue.removeBelow(sequence.nextTarget());
    }
}
