package io.fixtape.engine.session;

import io.fixtape.engine.api.SessionCountersView;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.SessionRejectReason;
import org.agrona.concurrent.EpochNanoClock;

/**
 * What happened on one session, counted: every Reject by SessionRejectReason, every Logout by
 * {@link LogoutReason}, every disconnect by {@link DisconnectReason}, and the protocol events in between.
 *
 * <p>Plain {@code long} fields written only by the session's poller thread. Other threads (stat tools, tests
 * after the poller stopped) may read them; such reads are racy but never torn on 64-bit JVMs, which is fine for
 * monitoring. Getters only: nothing outside the session changes them.
 */
public final class SessionCounters implements SessionCountersView
{
    private static final DisconnectReason[] DISCONNECT_REASONS = DisconnectReason.values();

    /** Reasons 0..17 have their own slot; every other code (99 Other, custom) shares the last one. */
    private static final int REJECT_SLOTS = SessionRejectReason.NON_DATA_VALUE_INCLUDES_FIELD_DELIMITER + 2;

    private final long[] rejectsSent = new long[REJECT_SLOTS];
    private final long[] logoutsSent = new long[LogoutReason.VALUES.length];
    private final long[] disconnects = new long[DISCONNECT_REASONS.length];

    /**
     * The same events, reported one line each to the engine's event log when one is attached: the parts that count
     * an event report it where they count it.
     */
    final SessionEvents events = new SessionEvents();

    /** MsgTypes counted on their own ({@link #MSG_TYPE_NAMES}); every other type shares the last slot. */
    static final long[] MSG_TYPE_SLOTS = {'0', '1', '2', '3', '4', '5', 'A', 'D', 'F', 'G', '8', '9', 'j'};
    /** The MsgType (35) value of each slot; "other" for the last. */
    public static final String[] MSG_TYPE_NAMES = {"0", "1", "2", "3", "4", "5", "A", "D", "F", "G", "8", "9", "j",
        "other"};
    /**
     * Upper bounds of the journal append latency buckets: 2^10 ns (about 1 µs) doubling up to 2^26 ns (about 67 ms);
     * the last bucket has no bound.
     */
    public static final int LATENCY_BUCKETS = 18;
    private static final int LATENCY_FIRST_SHIFT = 10;

    final long[] receivedByType = new long[MSG_TYPE_NAMES.length];
    final long[] sentByType = new long[MSG_TYPE_NAMES.length];
    final long[] journalLatency = new long[LATENCY_BUCKETS];
    long bytesReceived;
    long bytesSent;
    long journalAppends;
    long journalBytes;
    long journalNanos;
    /** Set while metrics are published: each journal append is then timed with it (null: not timed). */
    EpochNanoClock journalClock;

    long messagesReceived;
    long messagesSent;
    long applicationMessagesReceived;
    long applicationMessagesSent;
    long garbledMessages;
    long logons;
    long rejectsReceived;
    long businessRejectsSent;
    long resendRequestsSent;
    long resendRequestsSuppressed;
    long resendRequestsReceived;
    long resendRequestsRefused;
    long resendRequestsRepeated;
    long resendRequestsCoalesced;
    long sequenceResetsRejected;
    long messagesResent;
    long gapFillsSent;
    long sequenceResetsReceived;
    long duplicatesIgnored;
    long messagesQueued;
    long gapQueueOverflows;
    long heartbeatsSent;
    long testRequestsSent;
    long backPressured;
    long applicationMessagesHeld;
    long lostAfterJournal;
    long messagesQueuedForSend;
    long outboundQueueOverflows;
    long queuedMessagesLost;
    long resendsReplacedByGapFill;
    long messagesBeforeLogon;
    long applicationErrors;
    long sessionResets;
    long storeFailures;
    long storePauses;
    long storeResumes;
    long storePausedNanos;
    long sendsRefusedWhilePaused;
    long messagesDroppedWhilePaused;
    long storePauseTimeouts;
    long logoutsReceivedWhilePaused;
    long disconnectsWhilePaused;
    long unjournaledMessagesSent;
    long internalErrors;

    /** Slot of a packed MsgType in {@link #MSG_TYPE_NAMES}. */
    public static int msgTypeSlot(final long msgType)
    {
        for (int i = 0; i < MSG_TYPE_SLOTS.length; i++)
        {
            if (MSG_TYPE_SLOTS[i] == msgType)
            {
                return i;
            }
        }
        return MSG_TYPE_SLOTS.length;
    }

    /** Upper bound (ns) of latency bucket {@code i}, or Long.MAX_VALUE for the last. */
    public static long latencyBucketBound(final int i)
    {
        return i < LATENCY_BUCKETS - 1 ? 1L << (LATENCY_FIRST_SHIFT + i) : Long.MAX_VALUE;
    }

    static int latencyBucket(final long nanos)
    {
        if (nanos <= 1L << LATENCY_FIRST_SHIFT)
        {
            return 0;
        }
        return Math.min(LATENCY_BUCKETS - 1, 64 - Long.numberOfLeadingZeros(nanos - 1) - LATENCY_FIRST_SHIFT);
    }

    void received(final long msgType, final int length)
    {
        messagesReceived++;
        receivedByType[msgTypeSlot(msgType)]++;
        bytesReceived += length;
    }

    void sent(final long msgType, final int length)
    {
        messagesSent++;
        sentByType[msgTypeSlot(msgType)]++;
        bytesSent += length;
    }

    /** Start of a journal append: a clock reading when appends are timed, else 0. */
    long journalStart()
    {
        final EpochNanoClock clock = journalClock;
        return clock == null ? 0 : clock.nanoTime();
    }

    void journalAppended(final int length, final long start)
    {
        journalAppends++;
        journalBytes += length;
        final EpochNanoClock clock = journalClock;
        if (clock != null)
        {
            final long nanos = clock.nanoTime() - start;
            journalNanos += nanos;
            journalLatency[latencyBucket(nanos)]++;
        }
    }

    /** Messages received with this MsgType slot ({@link #msgTypeSlot}). */
    public long messagesReceived(final int msgTypeSlot)
    {
        return receivedByType[msgTypeSlot];
    }

    /** Messages sent (resent copies and gap fills included) with this MsgType slot. */
    public long messagesSent(final int msgTypeSlot)
    {
        return sentByType[msgTypeSlot];
    }

    public long bytesReceived()
    {
        return bytesReceived;
    }

    public long bytesSent()
    {
        return bytesSent;
    }

    /** Records this session wrote to its store (inbound when it records them, outbound). */
    public long journalAppends()
    {
        return journalAppends;
    }

    public long journalBytes()
    {
        return journalBytes;
    }

    /** Timed appends in latency bucket {@code i} ({@link #latencyBucketBound}); counted while metrics publish. */
    public long journalAppendLatency(final int bucket)
    {
        return journalLatency[bucket];
    }

    /** Sum of the timed appends' nanoseconds. */
    public long journalAppendNanos()
    {
        return journalNanos;
    }

    void rejectSent(final int reason)
    {
        rejectsSent[slot(reason)]++;
    }

    void logoutSent(final LogoutReason reason)
    {
        logoutsSent[reason.ordinal()]++;
    }

    void disconnect(final DisconnectReason reason)
    {
        disconnects[reason.ordinal()]++;
    }

    private static int slot(final int reason)
    {
        return reason >= 0 && reason < REJECT_SLOTS - 1 ? reason : REJECT_SLOTS - 1;
    }

    /** Rejects (35=3) sent with this SessionRejectReason (codes above 17 share one slot). */
    public long rejectsSent(final int sessionRejectReason)
    {
        return rejectsSent[slot(sessionRejectReason)];
    }

    /** Rejects (35=3) sent, whatever their reason. */
    public long rejectsSentTotal()
    {
        long total = 0;
        for (final long count : rejectsSent)
        {
            total += count;
        }
        return total;
    }

    public long logoutsSent(final LogoutReason reason)
    {
        return logoutsSent[reason.ordinal()];
    }

    public long disconnects(final DisconnectReason reason)
    {
        return disconnects[reason.ordinal()];
    }

    public long messagesReceived()
    {
        return messagesReceived;
    }

    public long messagesSent()
    {
        return messagesSent;
    }

    public long applicationMessagesReceived()
    {
        return applicationMessagesReceived;
    }

    public long applicationMessagesSent()
    {
        return applicationMessagesSent;
    }

    /** Framed messages ignored as garbled (bad checksum reported by the transport, header out of order). */
    public long garbledMessages()
    {
        return garbledMessages;
    }

    public long logons()
    {
        return logons;
    }

    public long rejectsReceived()
    {
        return rejectsReceived;
    }

    public long businessRejectsSent()
    {
        return businessRejectsSent;
    }

    public long resendRequestsSent()
    {
        return resendRequestsSent;
    }

    /** ResendRequests not sent because one covering the gap was already outstanding. */
    public long resendRequestsSuppressed()
    {
        return resendRequestsSuppressed;
    }

    public long resendRequestsReceived()
    {
        return resendRequestsReceived;
    }

    public long resendRequestsRefused()
    {
        return resendRequestsRefused;
    }

    public long resendRequestsRepeated()
    {
        return resendRequestsRepeated;
    }

    public long resendRequestsCoalesced()
    {
        return resendRequestsCoalesced;
    }

    public long sequenceResetsRejected()
    {
        return sequenceResetsRejected;
    }

    /** Application messages resent with PossDupFlag=Y. */
    public long messagesResent()
    {
        return messagesResent;
    }

    public long gapFillsSent()
    {
        return gapFillsSent;
    }

    public long sequenceResetsReceived()
    {
        return sequenceResetsReceived;
    }

    /** Messages with MsgSeqNum below the expected one and PossDupFlag=Y, ignored. */
    public long duplicatesIgnored()
    {
        return duplicatesIgnored;
    }

    /** Messages received beyond a gap and queued until the gap is filled. */
    public long messagesQueued()
    {
        return messagesQueued;
    }

    /** Messages beyond a gap that did not fit the gap queue (they are re-requested later). */
    public long gapQueueOverflows()
    {
        return gapQueueOverflows;
    }

    public long heartbeatsSent()
    {
        return heartbeatsSent;
    }

    public long testRequestsSent()
    {
        return testRequestsSent;
    }

    /**
     * Application messages sent while our Logout was outstanding: journaled and numbered but not written (the
     * counterparty gets them by ResendRequest after its next Logon).
     */
    public long applicationMessagesHeld()
    {
        return applicationMessagesHeld;
    }

    /** Sends refused with {@link Session#BACK_PRESSURED} (nothing journaled, no sequence number used). */
    public long backPressured()
    {
        return backPressured;
    }

    /**
     * Messages journaled but refused by the connection afterwards (the transport ignored
     * {@code writableBytes}); they are recoverable by the counterparty's ResendRequest.
     */
    public long lostAfterJournal()
    {
        return lostAfterJournal;
    }

    @Override
    public long messagesQueuedForSend()
    {
        return messagesQueuedForSend;
    }

    @Override
    public long outboundQueueOverflows()
    {
        return outboundQueueOverflows;
    }

    @Override
    public long queuedMessagesLost()
    {
        return queuedMessagesLost;
    }

    @Override
    public long resendsReplacedByGapFill()
    {
        return resendsReplacedByGapFill;
    }

    /** Messages other than Logon received before the session was logged on. */
    public long messagesBeforeLogon()
    {
        return messagesBeforeLogon;
    }

    /** Exceptions thrown by application callbacks (caught, counted). */
    public long applicationErrors()
    {
        return applicationErrors;
    }

    /**
     * The store threw {@link io.fixtape.engine.store.MessageStoreException}: the session applied its
     * {@link StoreFailurePolicy} (see {@link Session#lastStoreFailure()} for the last one).
     */
    public long storeFailures()
    {
        return storeFailures;
    }

    /** Times the session paused on a store failure ({@link StoreFailurePolicy#PAUSE}). */
    public long storePauses()
    {
        return storePauses;
    }

    /** Times a paused session resumed because its store accepted writes again. */
    public long storeResumes()
    {
        return storeResumes;
    }

    /** Engine-clock nanoseconds spent paused, summed over completed pauses. */
    public long storePausedNanos()
    {
        return storePausedNanos;
    }

    /** Application sends refused with {@link Session#STORE_PAUSED} (nothing journaled or sent, no number used). */
    public long sendsRefusedWhilePaused()
    {
        return sendsRefusedWhilePaused;
    }

    /**
     * Inbound messages read while the session was paused (or already read when it paused), neither journaled nor
     * processed (their numbers not consumed): recovered by ResendRequest after the session resumes. A Logout is the
     * exception ({@link #logoutsReceivedWhilePaused()}).
     */
    public long messagesDroppedWhilePaused()
    {
        return messagesDroppedWhilePaused;
    }

    /**
     * Pauses that lasted {@code StorePauseTimeout} without the store writing again: the session then logged out as
     * {@link StoreFailurePolicy#LOGOUT} does (also counted in {@link #logoutsSent} as STORE_FAILURE).
     */
    public long storePauseTimeouts()
    {
        return storePauseTimeouts;
    }

    /**
     * Logouts the counterparty sent while the session was paused. Journaled first when the store takes them again
     * (then processed as any Logout); otherwise not processed (number not consumed, application not told of the
     * message) but answered with our Logout {@code "Store failure: <reason>"} and the connection closed.
     */
    public long logoutsReceivedWhilePaused()
    {
        return logoutsReceivedWhilePaused;
    }

    /**
     * Connections that ended while the session was still paused (the counterparty closed, an I/O error, the engine
     * closing): the pause ends with the connection; the reason is counted in {@link #disconnects(DisconnectReason)}.
     * A Logout exchange ends the pause before it closes (see {@link #logoutsReceivedWhilePaused()}).
     */
    public long disconnectsWhilePaused()
    {
        return disconnectsWhilePaused;
    }

    /**
     * Admin messages written although the journal refused them (the store-failure Logout, Heartbeats and resent
     * copies while paused): their numbers are kept in the sequence state and gap-filled on resend.
     */
    public long unjournaledMessagesSent()
    {
        return unjournaledMessagesSent;
    }

    /**
     * Unexpected exceptions inside the session (not the application's, not the store's); each dropped the
     * connection with {@link DisconnectReason#PROTOCOL_ERROR}. Should stay 0.
     */
    public long internalErrors()
    {
        return internalErrors;
    }

    /** Sequence number resets (ResetSeqNumFlag, Reset* settings, schedule). */
    public long sessionResets()
    {
        return sessionResets;
    }
}
