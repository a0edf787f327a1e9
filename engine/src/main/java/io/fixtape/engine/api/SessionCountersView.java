package io.fixtape.engine.api;

/**
 * What happened on one session, counted: a read-only view of its counters ({@link SessionHandle#counters()}).
 * Values only grow (sequence resets do not clear them). The session's own thread writes them; a read from another
 * thread is racy but never torn on a 64-bit JVM, which is what monitoring needs.
 */
public interface SessionCountersView
{
    /** Rejects (35=3) sent with this SessionRejectReason (codes above 17 share one slot). */
    long rejectsSent(int sessionRejectReason);

    /** Rejects (35=3) sent, whatever their reason. */
    long rejectsSentTotal();

    /** Messages received (framed, checksum valid), admin and application. */
    long messagesReceived();

    /** Messages sent, admin and application, resends included. */
    long messagesSent();

    /** Application messages delivered to {@link Application#onMessage}. */
    long applicationMessagesReceived();

    /** Application messages sent. */
    long applicationMessagesSent();

    /** Framed messages ignored as garbled (bad checksum reported by the transport, header out of order). */
    long garbledMessages();

    /** Logons completed. */
    long logons();

    /** Session Rejects (35=3) received. */
    long rejectsReceived();

    /** BusinessMessageRejects (35=j) sent. */
    long businessRejectsSent();

    /** ResendRequests sent. */
    long resendRequestsSent();

    /** ResendRequests not sent because one covering the gap was already outstanding. */
    long resendRequestsSuppressed();

    /** ResendRequests received. */
    long resendRequestsReceived();

    /** Application messages resent with PossDupFlag=Y. */
    long messagesResent();

    /** SequenceReset-GapFills sent in answer to ResendRequests. */
    long gapFillsSent();

    /** SequenceResets received. */
    long sequenceResetsReceived();

    /** Messages with MsgSeqNum below the expected one and PossDupFlag=Y, ignored. */
    long duplicatesIgnored();

    /** Messages received beyond a gap and queued until the gap is filled. */
    long messagesQueued();

    /** Messages beyond a gap that did not fit the gap queue (they are re-requested later). */
    long gapQueueOverflows();

    /** Heartbeats sent. */
    long heartbeatsSent();

    /** TestRequests sent. */
    long testRequestsSent();

    /**
     * Application messages sent while our Logout was outstanding: journaled and numbered but not written (the
     * counterparty gets them by ResendRequest after its next Logon).
     */
    long applicationMessagesHeld();

    /** Sends refused with {@link SessionHandle#BACK_PRESSURED} (nothing journaled, no sequence number used). */
    long backPressured();

    /**
     * Messages journaled but refused by the connection afterwards (the transport ignored
     * {@code writableBytes}); they are recoverable by the counterparty's ResendRequest.
     */
    long lostAfterJournal();

    /**
     * Sequenced messages journaled and numbered but queued instead of written at once: session messages the
     * connection could not take, and messages numbered while a resend was in progress (they follow it). Written in
     * order from the duty cycle.
     */
    long messagesQueuedForSend();

    /**
     * Messages that did not fit the outbound queue: an application message is refused with
     * {@link SessionHandle#BACK_PRESSURED}; a session message (Logout, Reject, Logon, Heartbeat answering a
     * TestRequest, ResendRequest) closes the connection as a slow consumer.
     */
    long outboundQueueOverflows();

    /** Queued messages still unwritten when the connection ended (journaled: recoverable by ResendRequest). */
    long queuedMessagesLost();

    /** Stored application messages a {@link ResendFilter} declined to resend: gap-filled instead. */
    long resendsReplacedByGapFill();

    /** Messages other than Logon received before the session was logged on. */
    long messagesBeforeLogon();

    /** Exceptions thrown by application callbacks (caught, counted). */
    long applicationErrors();

    /**
     * The store threw a {@code MessageStoreException}: the session applied its
     * {@code StoreFailurePolicy}.
     */
    long storeFailures();

    /** Times the session paused on a store failure ({@code StoreFailurePolicy=pause}). */
    long storePauses();

    /** Times a paused session resumed because its store accepted writes again. */
    long storeResumes();

    /** Engine-clock nanoseconds spent paused, summed over completed pauses. */
    long storePausedNanos();

    /** Application sends refused with {@link SessionHandle#STORE_PAUSED} (nothing journaled or sent). */
    long sendsRefusedWhilePaused();

    /**
     * Inbound messages read while the session was paused (or already read when it paused), neither journaled nor
     * processed (their numbers not consumed): recovered by ResendRequest after the session resumes. A Logout is the
     * exception ({@link #logoutsReceivedWhilePaused()}).
     */
    long messagesDroppedWhilePaused();

    /**
     * Pauses that lasted {@code StorePauseTimeout} without the store writing again: the session then logged out as
     * {@code StoreFailurePolicy=logout} does.
     */
    long storePauseTimeouts();

    /**
     * Logouts the counterparty sent while the session was paused. Journaled first when the store takes them again
     * (then processed as any Logout); otherwise not processed (number not consumed, application not told of the
     * message) but answered with our Logout {@code "Store failure: <reason>"} and the connection closed.
     */
    long logoutsReceivedWhilePaused();

    /**
     * Connections that ended while the session was still paused (the counterparty closed, an I/O error, the engine
     * closing): the pause ends with the connection; counted with the other disconnects.
     * A Logout exchange ends the pause before it closes (see {@link #logoutsReceivedWhilePaused()}).
     */
    long disconnectsWhilePaused();

    /**
     * Admin messages written although the journal refused them (the store-failure Logout, Heartbeats and resent
     * copies while paused): their numbers are kept in the sequence state and gap-filled on resend.
     */
    long unjournaledMessagesSent();

    /**
     * Unexpected exceptions inside the session (not the application's, not the store's); each dropped the
     * connection with a protocol error. Should stay 0.
     */
    long internalErrors();

    /** Sequence number resets (ResetSeqNumFlag, Reset* settings, schedule). */
    long sessionResets();
}
