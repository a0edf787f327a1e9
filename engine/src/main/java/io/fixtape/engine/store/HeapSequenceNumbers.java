package io.fixtape.engine.store;

import org.agrona.DirectBuffer;

/**
 * The two sequence numbers kept in plain fields, for stores that do not persist them ({@link NoMessageStore},
 * {@link InMemoryMessageStore}). Inbound messages are not kept by these stores.
 *
 * <p>Single writer: the session's poller thread.
 */
abstract class HeapSequenceNumbers implements MessageStore
{
    private int nextSenderSeqNum = 1;
    private int nextTargetSeqNum = 1;
    private long creationTimeNanos = UNKNOWN_CREATION_TIME;

    @Override
    public long creationTimeNanos()
    {
        return creationTimeNanos;
    }

    @Override
    public void creationTimeNanos(final long epochNanos)
    {
        creationTimeNanos = epochNanos;
    }

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

    /** Inbound messages are not kept: the session need not call {@link #onInbound}. */
    @Override
    public final boolean recordsInbound()
    {
        return false;
    }

    /** Both sequence numbers back to 1. */
    protected final void resetSequenceNumbers()
    {
        nextSenderSeqNum = 1;
        nextTargetSeqNum = 1;
    }
}
