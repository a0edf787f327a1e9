package io.fixtape.engine.store;

import org.agrona.DirectBuffer;

/**
 * What a session needs persisted: its sequence-number state and, for resend, the outbound messages by MsgSeqNum.
 * One instance per session. Called only from the session's poller thread (single writer); implementations need
 * no locks. Implementations: {@link NoMessageStore} (store compiled out, resends are answered by gap fill),
 * {@link InMemoryMessageStore} and the Chronicle Queue journal in the {@code journal} module.
 *
 * <p>Write-ahead contract: the session calls {@link #onInbound} before the application sees a message and
 * {@link #onOutbound} before the bytes reach the transport.
 */
public interface MessageStore extends AutoCloseable
{
    /** Flags passed with a journaled message (bit set). */
    int FLAG_ADMIN = 1;
    int FLAG_POSS_DUP = 2;
    int FLAG_GAP_FILL = 4;
    /** {@link #creationTimeNanos()} of a store that does not know when its sequence-number state began. */
    long UNKNOWN_CREATION_TIME = Long.MIN_VALUE;

    /** Next MsgSeqNum this session will send (1 after a reset). */
    int nextSenderSeqNum();

    /** Next MsgSeqNum this session expects to receive (1 after a reset). */
    int nextTargetSeqNum();

    void nextSenderSeqNum(int seqNum);

    void nextTargetSeqNum(int seqNum);

    /**
     * Record an inbound message (audit). Called before the application callback.
     *
     * @param seqNum    the message's MsgSeqNum (34).
     * @param msgType   packed MsgType, see {@link io.fixtape.engine.codec.MsgTypes}.
     * @param flags     {@link #FLAG_ADMIN} etc.
     * @param timestampNanos engine clock time of receipt.
     */
    void onInbound(int seqNum, long msgType, int flags, long timestampNanos, DirectBuffer buffer, int offset, int length);

    /**
     * Record an outbound message with the given sequence number. Called before it is written to the transport.
     * Admin messages are passed with {@link #FLAG_ADMIN}; a store may keep only application messages for resend.
     * Resent copies (PossDupFlag=Y) and gap fills are passed too, with {@link #FLAG_POSS_DUP} (and
     * {@link #FLAG_GAP_FILL}), carrying the original MsgSeqNum: record them for audit if you like, but never let
     * them replace the original for {@link #replayOutbound}, and do not treat their number as new.
     */
    void onOutbound(int seqNum, long msgType, int flags, long timestampNanos, DirectBuffer buffer, int offset, int length);

    /**
     * Stream stored outbound messages with {@code beginSeqNum <= seq <= endSeqNum} in ascending order to
     * {@code handler}, without materialising the range. Sequence numbers never stored (admin messages, or
     * messages from before the store existed) are simply absent: the session fills them with a gap fill.
     *
     * @return number of messages delivered.
     */
    int replayOutbound(int beginSeqNum, int endSeqNum, ReplayHandler handler);

    /** Reset both sequence numbers to 1 and forget stored messages for resend (ResetSeqNumFlag, schedule). */
    void reset();

    /**
     * When the current sequence-number state began (engine clock, epoch nanos): the session stamps it after every
     * reset and on first use of a fresh store. A session with a schedule compares it with the start of the current
     * period on start-up, so an engine restarted in the middle of a period resets numbers that belong to an
     * earlier one (QuickFIX/J's store creation time). Default: not kept ({@link #UNKNOWN_CREATION_TIME}; then
     * the session never resets on start-up).
     */
    default long creationTimeNanos()
    {
        return UNKNOWN_CREATION_TIME;
    }

    /** Record when the sequence-number state began (see {@link #creationTimeNanos()}); ignored by default. */
    default void creationTimeNanos(final long epochNanos)
    {
    }

    /** Make what was written durable according to the store's policy (no-op for in-memory). */
    default void flush()
    {
    }

    /**
     * The sender number just recorded with {@link #nextSenderSeqNum(int)} belongs to a message about to be sent without
     * a record (an admin message the store refused after a failure, see {@code StoreFailurePolicy}): the sequence
     * state is its only trace. A store whose durability policy forces every record before it is sent forces the
     * sequence state here too (the journal under msync-per-message); others may leave it to their usual schedule.
     * Throws {@link MessageStoreException} when that fails: the message is then not sent. Default: nothing.
     */
    default void syncSequenceState()
    {
    }

    /**
     * Whether {@link #onInbound} records anything. Read once when the session is built: when false the session skips
     * the call and the work to prepare it (the PossDupFlag lookup). Default true.
     */
    default boolean recordsInbound()
    {
        return true;
    }

    /**
     * After a {@link MessageStoreException}: whether writes would succeed now (the condition that failed is gone:
     * free space above the watermark, directory writable, ...). Cheap and writes no record; called by a session
     * paused under {@code StoreFailurePolicy=pause} once per probe interval from its duty cycle. A true answer is a
     * hint, not a promise: the next write may still fail, and the session pauses again. Default true.
     *
     * @param nowNanos engine clock time.
     */
    default boolean probeWritable(final long nowNanos)
    {
        return true;
    }

    /** Whether outbound messages are kept for resend; when false, a resend request is answered by gap fill. */
    boolean persistsMessages();

    @Override
    void close();

    /** Receives stored outbound messages during {@link #replayOutbound}. */
    @FunctionalInterface
    interface ReplayHandler
    {
        /** @return false to stop the replay early (e.g. the transport is back-pressured). */
        boolean onMessage(int seqNum, DirectBuffer buffer, int offset, int length);
    }
}
