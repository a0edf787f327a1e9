package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.SessionRejectReason;

/**
 * Acts on the counterparty's session-level messages once they passed validation, as QuickFIX/J does: Logon (log on,
 * or while logged on a reset to 1), Logout (answered, then disconnect), SequenceReset (gap fill or reset),
 * ResendRequest (resend or gap-fill what they ask for) and TestRequest (answered with a Heartbeat). Each runs the
 * header and sequence checks that apply to its type ({@link InboundChecks#verifyOrAnswer}) and hands the message to
 * the application's {@code onAdminMessage} after handling it.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class AdminMessageHandler
{
    private final SessionConfig config;
    private final SessionLifecycle lifecycle;
    private final InboundChecks checks;
    private final LogonHandler logon;
    private final SequenceTracker sequence;
    private final InboundGaps gaps;
    private final ResendResponder resender;
    private final ResendRequestGuard resendGuard;
    private final SequenceResetGuard resetGuard;
    private final SessionSender sender;
    private final HeartbeatTimer timer;
    private final ApplicationNotifier notifier;
    private final SessionCounters counters;

    AdminMessageHandler(
        final SessionConfig config, final SessionLifecycle lifecycle, final InboundChecks checks,
        final LogonHandler logon, final SequenceTracker sequence, final InboundGaps gaps,
        final ResendResponder resender, final SessionSender sender, final HeartbeatTimer timer,
        final ApplicationNotifier notifier, final SessionCounters counters)
    {
        this.config = config;
        this.lifecycle = lifecycle;
        this.checks = checks;
        this.logon = logon;
        this.sequence = sequence;
        this.gaps = gaps;
        this.resender = resender;
        this.resendGuard = new ResendRequestGuard(config, lifecycle, checks, resender, counters);
        this.resetGuard = new SequenceResetGuard(config, lifecycle);
        this.sender = sender;
        this.timer = timer;
        this.notifier = notifier;
        this.counters = counters;
    }

    /**
     * Their Logon: checked, answered (acceptor), sequence numbers reset when either side asks, and the session
     * logged on; a refused Logon or a MsgSeqNum below the expected one ends in a Logout and a disconnect.
     */
    void onLogon(final FixDecoder m, final int seqNum, final long now)
    {
        if (lifecycle.isLoggedOnOrLoggingOut())
        {
            onLogonWhileLoggedOn(m, seqNum, now);
            return;
        }
        final int theirHeartBtInt = logon.check(m, now);
        if (theirHeartBtInt < 0)
        {
            lifecycle.sendLogout(logon.refusalReason(), logon.refusalText(), now);
            lifecycle.disconnectAfterLogout(DisconnectReason.INVALID_LOGON);
            return;
        }
        checks.useValidatorFor(m);
        final boolean resetRequested = m.getBoolean(Tags.RESET_SEQ_NUM_FLAG);
        if (config.refreshOnLogon())
        {
            sequence.load();
        }
        final boolean resetNow = logon.mustResetOnReceivedLogon(resetRequested);
        if (resetNow)
        {
            lifecycle.resetSequenceNumbers();
        }
        final int expected = sequence.nextTarget();
        if (seqNum < expected)
        {
            lifecycle.sendLogoutSequenceTooLow(seqNum, now);
            lifecycle.disconnectAfterLogout(DisconnectReason.SEQUENCE_TOO_LOW);
            return;
        }
        final CharSequence nextExpectedTooHigh = logon.nextExpectedTooHigh(m);
        if (nextExpectedTooHigh != null)
        {
            lifecycle.sendLogout(LogoutReason.NEXT_EXPECTED_MSG_SEQ_NUM_TOO_HIGH, nextExpectedTooHigh, now);
            lifecycle.disconnectAfterLogout(DisconnectReason.INVALID_LOGON);
            return;
        }
        logon.answer(theirHeartBtInt, resetRequested, seqNum, expected, now);
        timer.start(logon.heartBtIntSeconds(), config.livenessSeconds(), now);
        lifecycle.loggedOn(resetNow || resetRequested);
        consumeOrKeepBeyondGap(m, seqNum, now);
        logon.resendWhatTheyExpect(m, now);
        notifier.onLogon();
    }

    /** A Logon while logged on: with ResetSeqNumFlag=Y both sides restart at 1; otherwise it is just sequenced. */
    private void onLogonWhileLoggedOn(final FixDecoder m, final int seqNum, final long now)
    {
        if (!m.getBoolean(Tags.RESET_SEQ_NUM_FLAG))
        {
            if (checks.verifyOrAnswer(m, MsgTypes.LOGON, seqNum, true, true, now))
            {
                sequence.incrementTarget();
            }
            return;
        }
        if (!checks.verifyOrAnswer(m, MsgTypes.LOGON, seqNum, false, false, now))
        {
            return;
        }
        lifecycle.resetSequenceNumbers();
        gaps.clear();
        resender.cancel();
        logon.answerResetWhileLoggedOn(seqNum, now);
        consumeOrKeepBeyondGap(m, seqNum, now);
    }

    /**
     * An accepted Logon consumes its number, or, beyond the expected one, is kept (only its number is consumed when
     * the gap closes) and the gap asked for.
     */
    private void consumeOrKeepBeyondGap(final FixDecoder m, final int seqNum, final long now)
    {
        if (seqNum > sequence.nextTarget())
        {
            gaps.onTooHigh(m, seqNum, now);
        }
        else
        {
            sequence.incrementTarget();
        }
    }

    /** Their Logout: answered unless it answers ours, then the connection closes. */
    void onLogout(final FixDecoder m, final int seqNum, final long now)
    {
        if (!checks.verifyOrAnswer(m, MsgTypes.LOGOUT, seqNum, false, false, now))
        {
            return;
        }
        sequence.incrementTargetIfExpected(seqNum);
        counters.events.logoutReceived(m, seqNum);
        if (lifecycle.state() != SessionState.LOGOUT_SENT)
        {
            lifecycle.sendLogout(LogoutReason.REPLY, null, now);
        }
        notifier.onAdminMessage(m);
        lifecycle.disconnectAfterLogout(DisconnectReason.LOGOUT);
    }

    /**
     * SequenceReset: NewSeqNo (36) becomes the next expected number (a gap fill is sequenced, a reset is not). A
     * NewSeqNo below the expected number (an attempt to lower it), or a gap fill's NewSeqNo not above its own
     * MsgSeqNum, or a NewSeqNo of 2147483647 (nothing could follow it), is rejected (SessionRejectReason 5, RefTagID
     * 36) and changes nothing; a rejected SequenceReset does not consume its number (QuickFIX/J). A reset to the
     * expected number changes nothing either. Rejected and Reset-mode SequenceResets count against
     * {@link SequenceResetGuard}: one beyond its budget is answered with a Logout instead.
     */
    void onSequenceReset(final FixDecoder m, final int seqNum, final long now)
    {
        counters.sequenceResetsReceived++;
        final boolean gapFill = m.getBoolean(Tags.GAP_FILL_FLAG);
        if (!checks.verifyOrAnswer(m, MsgTypes.SEQUENCE_RESET, seqNum, gapFill, gapFill, now))
        {
            return;
        }
        final int newSeqNo = m.getInt(Tags.NEW_SEQ_NO);
        counters.events.sequenceResetReceived(newSeqNo, gapFill);
        if (!m.lastParseOk())
        {
            if (resetGuard.admit(now))
            {
                counters.sequenceResetsRejected++;
                checks.reject(
                    m, MsgTypes.SEQUENCE_RESET, seqNum, rejectReason(m.lastParseStatus()), Tags.NEW_SEQ_NO, now);
            }
            return;
        }
        final int expected = sequence.nextTarget();
        // Integer.MAX_VALUE: the number after it cannot be expected (a 32-bit MsgSeqNum would wrap negative)
        final boolean incorrect =
            newSeqNo < expected || (gapFill && newSeqNo <= seqNum) || newSeqNo == Integer.MAX_VALUE;
        if ((incorrect || !gapFill) && !resetGuard.admit(now))
        {
            return;
        }
        if (incorrect)
        {
            counters.sequenceResetsRejected++;
            checks.reject(
                m, MsgTypes.SEQUENCE_RESET, seqNum, SessionRejectReason.VALUE_INCORRECT, Tags.NEW_SEQ_NO, now);
        }
        else if (newSeqNo > expected)
        {
            sequence.nextTarget(newSeqNo);
            gaps.onFilledUpTo(newSeqNo - 1, now);
        }
        notifier.onAdminMessage(m);
    }

    /**
     * ResendRequest: resend (or gap-fill) what they ask for, from what we sent so far, within the limits of
     * {@link ResendRequestGuard} (a refused one is answered with a Logout; a repeat the resend in progress covers is
     * ignored).
     */
    void onResendRequest(final FixDecoder m, final int seqNum, final long now)
    {
        // QuickFIX/J does not check too high first: answer now, then treat the request's own number as a gap
        if (!checks.verifyOrAnswer(m, MsgTypes.RESEND_REQUEST, seqNum, false, true, now))
        {
            return;
        }
        final int begin = m.getInt(Tags.BEGIN_SEQ_NO);
        final int beginStatus = m.lastParseStatus();
        final int end = m.getInt(Tags.END_SEQ_NO);
        final int endStatus = m.lastParseStatus();
        if (beginStatus != FixDecoder.PARSE_OK || endStatus != FixDecoder.PARSE_OK)
        {
            final int tag = beginStatus != FixDecoder.PARSE_OK ? Tags.BEGIN_SEQ_NO : Tags.END_SEQ_NO;
            final int status = beginStatus != FixDecoder.PARSE_OK ? beginStatus : endStatus;
            checks.reject(m, MsgTypes.RESEND_REQUEST, seqNum, rejectReason(status), tag, now);
            return;
        }
        counters.resendRequestsReceived++;
        counters.events.resendRequestReceived(begin, end);
        final int verdict = resendGuard.check(m, seqNum, begin, end, now);
        if (verdict == ResendRequestGuard.REFUSED)
        {
            sequence.incrementTargetIfExpected(seqNum); // answered with a Logout: the connection is closing
            return;
        }
        if (verdict == ResendRequestGuard.SERVE)
        {
            resender.request(begin, end, now);
        }
        if (seqNum > sequence.nextTarget())
        {
            // QuickFIX/J: queued only so that its number is consumed when the gap closes (the gap queue does not
            // act on it again); a gap of its own never makes us send a ResendRequest.
            gaps.keep(m, seqNum);
        }
        else
        {
            sequence.incrementTarget();
        }
        notifier.onAdminMessage(m);
    }

    /**
     * TestRequest that passed the sequence checks: answered with a Heartbeat echoing its TestReqID (112); without
     * one it is rejected instead.
     *
     * @return false when it was rejected (and must not be processed further).
     */
    boolean answerTestRequest(final FixDecoder m, final int seqNum, final long now)
    {
        if (m.indexOf(Tags.TEST_REQ_ID) < 0)
        {
            checks.reject(m, MsgTypes.TEST_REQUEST, seqNum, SessionRejectReason.REQUIRED_TAG_MISSING, Tags.TEST_REQ_ID,
                now);
            return false;
        }
        sender.heartbeat(m, now);
        return true;
    }

    /** A required field that is missing, or present but not a number. */
    private static int rejectReason(final int parseStatus)
    {
        return parseStatus == FixDecoder.PARSE_MISSING ?
            SessionRejectReason.REQUIRED_TAG_MISSING : SessionRejectReason.INCORRECT_DATA_FORMAT;
    }
}
