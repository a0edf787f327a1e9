package io.fixtape.engine.api;

/**
 * What happened on one session, counted: a read-only view of its counters ({@link SessionHandle#counters()}).
 * Values only grow (sequence resets do not clear them). The session's own thread writes them; a read from another
 * thread is racy but never torn on a 64-bit JVM, which is what monitoring needs.
 */
public interface SessionCountersView
{
    /**
     * Rejects (35=3) sent with this SessionRejectReason (codes above 17 share one slot).
     *
     * @param sessionRejectReason SessionRejectReason (373) of the Rejects to count.
     * @return the count.
     */
    long rejectsSent(int sessionRejectReason);

    /** {@return the number of rejects (35=3) sent, whatever their reason} */
    long rejectsSentTotal();

    /** {@return the number of messages received (framed, checksum valid), admin and application} */
    long messagesReceived();

    /** {@return the number of messages sent, admin and application, resends included} */
    long messagesSent();

    /** {@return the number of application messages delivered to {@link Application#onMessage}} */
    long applicationMessagesReceived();

    /** {@return the number of application messages sent} */
    long applicationMessagesSent();

    /**
     * {@return the number of framed messages ignored as garbled (bad checksum reported by the transport, header out
     * of order)}
     */
    long garbledMessages();

    /** {@return the number of logons completed} */
    long logons();

    /** {@return the number of session Rejects (35=3) received} */
    long rejectsReceived();

    /** {@return the number of BusinessMessageRejects (35=j) sent} */
    long businessRejectsSent();

    /** {@return the number of ResendRequests sent} */
    long resendRequestsSent();

    /** {@return the number of ResendRequests not sent because one covering the gap was already outstanding} */
    long resendRequestsSuppressed();

    /** {@return the number of ResendRequests received} */
    long resendRequestsReceived();

    /**
     * {@return the number of ResendRequests refused with a Logout: beyond MaxResendRequestRange, or one repeat more
     * than MaxResendRequestRepeats}
     */
    long resendRequestsRefused();

    /** {@return the number of ResendRequests that asked again for numbers asked for within ResendRequestRepeatWindow} */
    long resendRequestsRepeated();

    /** {@return the number of repeated ResendRequests ignored because the resend in progress already covered them} */
    long resendRequestsCoalesced();

    /** {@return the number of application messages resent with PossDupFlag=Y} */
    long messagesResent();

    /** {@return the number of SequenceReset-GapFills sent in answer to ResendRequests} */
    long gapFillsSent();

    /** {@return the number of SequenceResets received} */
    long sequenceResetsReceived();

    /**
     * {@return the number of SequenceResets rejected: a NewSeqNo below the expected number (an attempt to lower it),
     * or a GapFill whose NewSeqNo is not above its own MsgSeqNum}
     */
    long sequenceResetsRejected();

    /** {@return the number of messages with MsgSeqNum below the expected one and PossDupFlag=Y, ignored} */
    long duplicatesIgnored();

    /** {@return the number of messages received beyond a gap and queued until the gap is filled} */
    long messagesQueued();

    /** {@return the number of messages beyond a gap that did not fit the gap queue (they are re-requested later)} */
    long gapQueueOverflows();

    /** {@return the number of heartbeats sent} */
    long heartbeatsSent();

    /** {@return the number of TestRequests sent} */
    long testRequestsSent();

    /**
     * Application messages sent while our Logout was outstanding: journaled and numbered but not written (the
     * counterparty gets them by ResendRequest after its next Logon).
     *
     * @return the count.
     */
    long applicationMessagesHeld();

    /**
     * {@return the number of sends refused with {@link SessionHandle#BACK_PRESSURED} (nothing journaled, no sequence
     * number used)}
     */
    long backPressured();

    /**
     * Messages journaled but refused by the connection afterwards (the transport ignored
     * {@code writableBytes}); they are recoverable by the counterparty's ResendRequest.
     *
     * @return the count.
     */
    long lostAfterJournal();

    /**
     * Sequenced messages journaled and numbered but queued instead of written at once: session messages the
     * connection could not take, and messages numbered while a resend was in progress (they follow it). Written in
     * order from the duty cycle.
     *
     * @return the count.
     */
    long messagesQueuedForSend();

    /**
     * Messages that did not fit the outbound queue: an application message is refused with
     * {@link SessionHandle#BACK_PRESSURED}; a session message (Logout, Reject, Logon, Heartbeat answering a
     * TestRequest, ResendRequest) closes the connection as a slow consumer.
     *
     * @return the count.
     */
    long outboundQueueOverflows();

    /**
     * {@return the number of queued messages still unwritten when the connection ended (journaled: recoverable by
     * ResendRequest)}
     */
    long queuedMessagesLost();

    /** {@return the number of stored application messages a {@link ResendFilter} declined to resend (gap-filled)} */
    long resendsReplacedByGapFill();

    /** {@return the number of messages other than Logon received before the session was logged on} */
    long messagesBeforeLogon();

    /** {@return the number of exceptions thrown by application callbacks (caught, counted)} */
    long applicationErrors();

    /**
     * The store threw a {@code MessageStoreException}: the session applied its
     * {@code StoreFailurePolicy}.
     *
     * @return the count.
     */
    long storeFailures();

    /** {@return the number of times the session paused on a store failure ({@code StoreFailurePolicy=pause})} */
    long storePauses();

    /** {@return the number of times a paused session resumed because its store accepted writes again} */
    long storeResumes();

    /** {@return the number of engine-clock nanoseconds spent paused, summed over completed pauses} */
    long storePausedNanos();

    /**
     * {@return the number of application sends refused with {@link SessionHandle#STORE_PAUSED} (nothing journaled or
     * sent)}
     */
    long sendsRefusedWhilePaused();

    /**
     * Inbound messages read while the session was paused (or already read when it paused), neither journaled nor
     * processed (their numbers not consumed): recovered by ResendRequest after the session resumes. A Logout is the
     * exception ({@link #logoutsReceivedWhilePaused()}).
     *
     * @return the count.
     */
    long messagesDroppedWhilePaused();

    /**
     * Pauses that lasted {@code StorePauseTimeout} without the store writing again: the session then logged out as
     * {@code StoreFailurePolicy=logout} does.
     *
     * @return the count.
     */
    long storePauseTimeouts();

    /**
     * Logouts the counterparty sent while the session was paused. Journaled first when the store takes them again
     * (then processed as any Logout); otherwise not processed (number not consumed, application not told of the
     * message) but answered with our Logout {@code "Store failure: <reason>"} and the connection closed.
     *
     * @return the count.
     */
    long logoutsReceivedWhilePaused();

    /**
     * Connections that ended while the session was still paused (the counterparty closed, an I/O error, the engine
     * closing): the pause ends with the connection; counted with the other disconnects.
     * A Logout exchange ends the pause before it closes (see {@link #logoutsReceivedWhilePaused()}).
     *
     * @return the count.
     */
    long disconnectsWhilePaused();

    /**
     * Admin messages written although the journal refused them (the store-failure Logout, Heartbeats and resent
     * copies while paused): their numbers are kept in the sequence state and gap-filled on resend.
     *
     * @return the count.
     */
    long unjournaledMessagesSent();

    /**
     * Unexpected exceptions inside the session (not the application's, not the store's); each dropped the
     * connection with a protocol error. Should stay 0.
     *
     * @return the count.
     */
    long internalErrors();

    /** {@return the number of sequence number resets (ResetSeqNumFlag, Reset* settings, schedule)} */
    long sessionResets();
}
