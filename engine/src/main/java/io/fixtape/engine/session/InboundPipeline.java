package io.fixtape.engine.session;

import io.fixtape.engine.codec.FirstThreeFields;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.ValidationResult;

/**
 * The path of every inbound message: journaled (write-ahead, when the store records inbound messages), the
 * standard header checked (BeginString, MsgSeqNum present, a Logon first), validated, then dispatched — session-level
 * messages to the {@link AdminMessageHandler}, the others through the sequence checks to the application. Messages
 * kept beyond a gap are processed here, in order, once the gap is filled. While the session is paused on a store
 * failure only a Logout is acted upon.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class InboundPipeline
{
    private final MessageStore store;
    /** Whether {@link MessageStore#onInbound} does anything: when not, the PossDup lookup and the call are skipped. */
    private final boolean storeRecordsInbound;
    private final byte[] beginString;
    private final SessionLifecycle lifecycle;
    private final StorePause pause;
    private final StoreFailureControl storeFailures;
    private final InboundChecks checks;
    private final AdminMessageHandler admin;
    private final InboundGaps gaps;
    private final SequenceTracker sequence;
    private final HeartbeatTimer timer;
    private final SessionSender sender;
    private final ApplicationNotifier notifier;
    private final SessionCounters counters;

    InboundPipeline(
        final MessageStore store, final byte[] beginString, final SessionLifecycle lifecycle, final StorePause pause,
        final StoreFailureControl storeFailures, final InboundChecks checks, final AdminMessageHandler admin,
        final InboundGaps gaps, final SequenceTracker sequence, final HeartbeatTimer timer,
        final SessionSender sender, final ApplicationNotifier notifier, final SessionCounters counters)
    {
        this.store = store;
        this.storeRecordsInbound = store.recordsInbound();
        this.beginString = beginString;
        this.lifecycle = lifecycle;
        this.pause = pause;
        this.storeFailures = storeFailures;
        this.checks = checks;
        this.admin = admin;
        this.gaps = gaps;
        this.sequence = sequence;
        this.timer = timer;
        this.sender = sender;
        this.notifier = notifier;
        this.counters = counters;
    }

    /** A framed, checksum-valid message read from the bound connection (only valid during the call). */
    void onMessage(final FixDecoder message, final long now)
    {
        if (pause.isPaused())
        {
            onMessageWhilePaused(message, now);
            return;
        }
        process(message, now, false);
        drainGapQueue(now);
    }

    /**
     * Paused: nothing is processed unless journaled first (write-ahead), and the store refuses. Everything but a
     * Logout is dropped, its number not consumed: after the pause the next message shows the gap and a ResendRequest
     * recovers it. A Logout is not left unanswered: journaled when the store takes it again, it is processed as any
     * Logout; otherwise it stays unprocessed (its number not consumed, the application not handed the message) but
     * the session ends as the counterparty asked, answering with the store-failure Logout and closing.
     */
    private void onMessageWhilePaused(final FixDecoder message, final long now)
    {
        if (isGarbled(message) || message.msgType() != MsgTypes.LOGOUT)
        {
            counters.messagesDroppedWhilePaused++;
            return;
        }
        counters.logoutsReceivedWhilePaused++;
        try
        {
            journalInbound(message, MsgTypes.LOGOUT, message.getInt(Tags.MSG_SEQ_NUM), now);
        }
        catch (final MessageStoreException ex)
        {
            storeFailures.onLogoutNotJournaled(ex, now);
            return;
        }
        timer.onReceived(now);
        process(message, now, true); // journaled above: answered and disconnected as any Logout
    }

    /**
     * Journal (unless it comes from the gap queue: journaled when it arrived), check the standard header, validate
     * and dispatch {@code m}.
     */
    private void process(final FixDecoder m, final long now, final boolean fromQueue)
    {
        if (isGarbled(m))
        {
            counters.garbledMessages++;
            return;
        }
        final long msgType = m.msgType();
        final int seqNum = m.getInt(Tags.MSG_SEQ_NUM);
        if (!fromQueue)
        {
            journalInbound(m, msgType, seqNum, now);
            timer.onReceived(now);
        }
        if (!m.valueEqualsAt(0, beginString))
        {
            onIncorrectBeginString(m, msgType, seqNum, now);
            return;
        }
        if (seqNum < 0)
        {
            lifecycle.sendLogout(LogoutReason.MISSING_MSG_SEQ_NUM, "Received message without MsgSeqNum", now);
            lifecycle.disconnectAfterLogout(DisconnectReason.PROTOCOL_ERROR);
            return;
        }
        if (lifecycle.isLoggingOn())
        {
            if (msgType != MsgTypes.LOGON)
            {
                counters.messagesBeforeLogon++;
                lifecycle.disconnect(
                    msgType == MsgTypes.LOGOUT ? DisconnectReason.LOGOUT : DisconnectReason.INVALID_LOGON);
                return;
            }
        }
        if (!checks.validateOrReject(m, msgType, seqNum, now))
        {
            return;
        }
        dispatch(m, msgType, seqNum, now);
    }

    /** The first three fields are not 8, 9, 35 in that order, or the message is malformed: ignored as garbled. */
    private static boolean isGarbled(final FixDecoder m)
    {
        return !FirstThreeFields.inOrder(m) || m.errorCode() == FixDecoder.ERROR_MALFORMED;
    }

    private void dispatch(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        if (msgType == MsgTypes.LOGON)
        {
            admin.onLogon(m, seqNum, now);
        }
        else if (msgType == MsgTypes.LOGOUT)
        {
            admin.onLogout(m, seqNum, now);
        }
        else if (msgType == MsgTypes.SEQUENCE_RESET)
        {
            admin.onSequenceReset(m, seqNum, now);
        }
        else if (msgType == MsgTypes.RESEND_REQUEST)
        {
            admin.onResendRequest(m, seqNum, now);
        }
        else
        {
            onSequencedMessage(m, msgType, seqNum, now);
        }
    }

    private void journalInbound(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        if (StoreSwitch.COMPILED_OUT || !storeRecordsInbound)
        {
            return; // COMPILED_OUT is folded away by the JIT: no inbound audit code on the hot path
        }
        int flags = MsgTypes.isAdmin(msgType) ? MessageStore.FLAG_ADMIN : 0;
        if (m.getBoolean(Tags.POSS_DUP_FLAG))
        {
            flags |= MessageStore.FLAG_POSS_DUP;
        }
        final long start = counters.journalStart();
        store.onInbound(seqNum, msgType, flags, now, m.buffer(), m.offset(), m.length());
        counters.journalAppended(m.length(), start);
    }

    /** Process the kept too-high messages whose gap is now filled, in order. */
    private void drainGapQueue(final long now)
    {
        while (lifecycle.isConnected() && !lifecycle.isClosing() && !pause.isPaused())
        {
            final FixDecoder next = gaps.advanceToNextDue(now);
            if (next == null)
            {
                return;
            }
            process(next, now, true);
            gaps.processed();
        }
    }

    /**
     * A BeginString other than the session's. Before Logon: Logout and disconnect. Logged on: answered with a Logout
     * (its number consumed; the reply or the logout timeout ends the session), except a Logout, which disconnects.
     */
    private void onIncorrectBeginString(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        if (!lifecycle.isLoggedOnOrLoggingOut())
        {
            lifecycle.sendLogout(LogoutReason.INCORRECT_BEGIN_STRING, "Incorrect BeginString", now);
            lifecycle.disconnectAfterLogout(DisconnectReason.INVALID_LOGON);
            return;
        }
        if (msgType == MsgTypes.LOGOUT)
        {
            lifecycle.disconnect(DisconnectReason.LOGOUT);
            return;
        }
        lifecycle.sendLogout(LogoutReason.INCORRECT_BEGIN_STRING, "Incorrect BeginString", now);
        sequence.incrementTargetIfExpected(seqNum);
    }

    /** Anything but Logon, Logout, SequenceReset and ResendRequest: sequence-checked, then handled in order. */
    private void onSequencedMessage(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        if (!checks.verifyOrAnswer(m, msgType, seqNum, true, true, now))
        {
            return;
        }
        if (msgType == MsgTypes.TEST_REQUEST && !admin.answerTestRequest(m, seqNum, now))
        {
            return;
        }
        if (MsgTypes.isAdmin(msgType))
        {
            sequence.incrementTarget();
            if (msgType == MsgTypes.REJECT)
            {
                counters.rejectsReceived++;
                counters.events.rejectReceived(m);
            }
            notifier.onAdminMessage(m);
        }
        else
        {
            deliver(m, seqNum);
        }
    }

    /**
     * An application message that passed the sequence checks: to the application, or answered with a
     * BusinessMessageReject when its type is not supported.
     */
    private void deliver(final FixDecoder m, final int seqNum)
    {
        counters.applicationMessagesReceived++;
        if (checks.isUnsupportedMessageType())
        {
            sender.businessReject(m, Session.UNSUPPORTED_MESSAGE_TYPE, ValidationResult.UNSUPPORTED_MESSAGE_TYPE_TEXT);
        }
        else
        {
            final long storeFailuresBefore = counters.storeFailures;
            final int resets = sequence.resets();
            notifier.onMessage(m);
            if (counters.storeFailures != storeFailuresBefore)
            {
                return; // a reply could not be journaled: not handled, the peer resends it (see below)
            }
            if (sequence.resets() != resets || sequence.nextTarget() != seqNum)
            {
                return; // the callback reset or moved the numbers (e.g. disconnect with ResetOnDisconnect=Y)
            }
        }
        // Counted as received only once the application's callback has returned (replies it sent synchronously
        // were journaled by then): a process killed inside the callback restarts expecting this number again,
        // so the peer resends it (PossDupFlag=Y) instead of the order being journaled but never handled.
        // At-least-once, like QuickFIX/J, for the single model with synchronous replies (a reply held back by
        // back-pressure, or handled on a fan-out application agent, is not covered): applications deduplicate
        // PossDup redeliveries. The application sees the old number as the expected one during its callback.
        sequence.incrementTarget();
    }
}
