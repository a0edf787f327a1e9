package io.fixtape.engine.store;

import org.agrona.DirectBuffer;

/**
 * Keeps only the two sequence numbers; no message is stored, so every ResendRequest is answered with one
 * SequenceReset-GapFill ({@link #persistsMessages()} is false). For sessions whose counterparty must never get
 * stale application messages replayed, and for benchmarks that measure the session without a store.
 *
 * <p>Single writer: the session's poller thread.
 */
public final class NoMessageStore extends HeapSequenceNumbers
{

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
        resetSequenceNumbers();
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
