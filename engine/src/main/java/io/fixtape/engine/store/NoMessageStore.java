package io.fixtape.engine.store;

import org.agrona.DirectBuffer;

/**
 * Keeps only the two sequence numbers; no message is stored, so every ResendRequest is answered with one
 * SequenceReset-GapFill ({@link #persistsMessages()} is false). For sessions whose counterparty must never get
 * stale application messages replayed, and for benchmarks that measure the session without a store.
 *
 * <p>Single writer: the session's poller thread.
 */
public final class NoMessageStore implements MessageStore
{
    private int nextSenderSeqNum = 1;
    private int nextTargetSeqNum = 1;

    @Override
    public int nextSenderSeqNum()
    {
        return nextSenderSeqNum;
    }

    @Override
    public int nextTargetSeqNum()
    {
        return nextTargetSeqNum;
    }

    @Override
    public void nextSenderSeqNum(final int seqNum)
    {
        nextSenderSeqNum = seqNum;
    }

    @Override
    public void nextTargetSeqNum(final int seqNum)
    {
        nextTargetSeqNum = seqNum;
    }

    @Override
    public void onInbound(
        final int seqNum, final long msgType, final int flags, final long timestampNanos, final DirectBuffer buffer,
        final int offset, final int length)
    {
    }

    @Override
    public void onOutbound(
        final int seqNum, final long msgType, final int flags, final long timestampNanos, final DirectBuffer buffer,
        final int offset, final int length)
    {
    }

    @Override
    public int replayOutbound(final int beginSeqNum, final int endSeqNum, final ReplayHandler handler)
    {
        return 0;
    }

    @Override
    public void reset()
    {
        nextSenderSeqNum = 1;
        nextTargetSeqNum = 1;
    }

    @Override
    public boolean persistsMessages()
    {
        return false;
    }

    @Override
    public void close()
    {
    }
}
