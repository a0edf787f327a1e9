package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.SessionRejectReason;
import io.fixtape.engine.validation.ValidationResult;

/**
 * The checks an inbound message passes before the session acts on it, each failure answered as QuickFIX/J answers
 * it: validation against the dictionary (or the decoder's own findings), then the header and sequence checks of
 * QuickFIX/J's {@code verify} — SendingTime accuracy, CompIDs, MsgSeqNum too high (kept, ResendRequest) or too
 * low (Logout, or an ignored duplicate), PossDup rules. Failures become a Reject, a Logout or both.
 *
 * <p>Also holds the validator in force: the configured one, or under FIXT.1.1 the one for the DefaultApplVerID of
 * the counterparty's Logon.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class InboundChecks
{
    private final HeaderChecks checks;
    private final ApplVerIdValidators applVerIdValidators;
    private final ValidationResult validationResult = new ValidationResult();
    private final SequenceTracker sequence;
    private final InboundGaps gaps;
    private final SessionSender sender;
    private final SessionLifecycle lifecycle;
    private final SessionCounters counters;
    private MessageValidator validator;
    private boolean unsupportedMessageType;

    InboundChecks(
        final HeaderChecks checks, final ApplVerIdValidators applVerIdValidators, final SequenceTracker sequence,
        final InboundGaps gaps, final SessionSender sender, final SessionLifecycle lifecycle,
        final SessionCounters counters)
    {
        this.checks = checks;
        this.applVerIdValidators = applVerIdValidators;
        this.sequence = sequence;
        this.gaps = gaps;
        this.sender = sender;
        this.lifecycle = lifecycle;
        this.counters = counters;
        this.validator = applVerIdValidators.configured();
    }

    /** The validator in force; null when the session does not validate. */
    MessageValidator validator()
    {
        return validator;
    }

    /** A new connection starts with the configured validator. */
    void useConfiguredValidator()
    {
        validator = applVerIdValidators.configured();
    }

    /** FIXT: the DefaultApplVerID of their accepted {@code logon} picks the application dictionary. */
    void useValidatorFor(final FixDecoder logon)
    {
        validator = applVerIdValidators.forLogon(logon);
    }

    /**
     * Whether the message {@link #validateOrReject} just let through is of a type the application does not
     * support: it is answered with a BusinessMessageReject after the sequence checks.
     */
    boolean isUnsupportedMessageType()
    {
        return unsupportedMessageType;
    }

    /**
     * Validate with the dictionary validator when configured (QuickFIX/J's checks and precedence), else with the
     * decoder's own findings (tag not a number, tag without value), and answer a failure: a Reject, or for a Logon
     * before logging on a Logout and a disconnect.
     *
     * @return false when the message was ignored as garbled or answered; a valid message of a type the application
     * does not support is let through ({@link #isUnsupportedMessageType()}).
     */
    boolean validateOrReject(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        unsupportedMessageType = false;
        final int reason;
        final int refTagId;
        final MessageValidator validator = this.validator;
        if (validator != null)
        {
            if (validator.validate(m, validationResult))
            {
                return true;
            }
            switch (validationResult.verdict())
            {
                case GARBLED:
                    counters.garbledMessages++;
                    return false;
                case BUSINESS_REJECT:
                    unsupportedMessageType = true;
                    return true;
                default:
                    reason = validationResult.sessionRejectReason();
                    refTagId = validationResult.hasRefTagId() ? validationResult.refTagId() : AdminMessages.NO_REF_TAG;
                    break;
            }
        }
        else if (!checks.isWellFormed(m))
        {
            reason = checks.reason();
            refTagId = checks.refTagId();
        }
        else
        {
            return true;
        }
        if (msgType == MsgTypes.LOGON && !lifecycle.isLoggedOn())
        {
            lifecycle.sendLogout(LogoutReason.INVALID_LOGON, SessionRejectReason.text(reason), now);
            lifecycle.disconnectAfterLogout(DisconnectReason.INVALID_LOGON);
            return false;
        }
        reject(m, msgType, seqNum, reason, refTagId, now);
        return false;
    }

    /**
     * The checks every message passes (QuickFIX/J {@code verify}): SendingTime accuracy, CompIDs, sequence number
     * too high or too low, PossDup rules; a failure is answered (Reject, Logout, the message kept and the gap asked
     * for, a duplicate ignored). A message that passes and fills (part of) a gap we asked for counts towards it.
     *
     * @return false when the message must not be processed further.
     */
    boolean verifyOrAnswer(
        final FixDecoder m, final long msgType, final int seqNum, final boolean checkTooHigh,
        final boolean checkTooLow, final long now)
    {
        if (!checks.isSendingTimeAccurate(m, now) || !checks.areCompIdsCorrect(m))
        {
            rejectFailedCheck(m, msgType, seqNum, now);
            return false;
        }
        final int expected = sequence.nextTarget();
        if (checkTooHigh && seqNum > expected)
        {
            gaps.onTooHigh(m, seqNum, now);
            return false;
        }
        if (checkTooLow && seqNum < expected)
        {
            onTooLow(m, msgType, seqNum, now);
            return false;
        }
        if (m.getBoolean(Tags.POSS_DUP_FLAG) && !checks.isPossDupValid(m, msgType))
        {
            rejectFailedCheck(m, msgType, seqNum, now);
            return false;
        }
        if (seqNum <= expected)
        {
            // a too-high number let through (e.g. a ResendRequest) fills nothing
            gaps.onFilledUpTo(seqNum, now);
        }
        return true;
    }

    /**
     * Session-level Reject (35=3) of {@code m}. The rejected message counts as received (its number is consumed)
     * unless it is a Logon or SequenceReset or not the expected number. Not sent before Logon.
     */
    void reject(
        final FixDecoder m, final long msgType, final int seqNum, final int reason, final int refTagId,
        final long now)
    {
        if (!lifecycle.isLoggedOnOrLoggingOut())
        {
            return;
        }
        sender.reject(m, seqNum, reason, refTagId, now);
        counters.rejectSent(reason);
        counters.events.rejectSent(seqNum, reason);
        if (msgType != MsgTypes.LOGON && msgType != MsgTypes.SEQUENCE_RESET)
        {
            sequence.incrementTargetIfExpected(seqNum);
        }
    }

    /** Reject (and Logout where QuickFIX/J logs out) for the header check that just failed. */
    private void rejectFailedCheck(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        reject(m, msgType, seqNum, checks.reason(), checks.refTagId(), now);
        if (checks.logoutReason() != null)
        {
            lifecycle.sendLogout(checks.logoutReason(), checks.logoutText(), now);
        }
    }

    /** Below the expected number: without PossDupFlag a Logout and disconnect, with it an ignored duplicate. */
    private void onTooLow(final FixDecoder m, final long msgType, final int seqNum, final long now)
    {
        if (!m.getBoolean(Tags.POSS_DUP_FLAG))
        {
            lifecycle.sendLogoutSequenceTooLow(seqNum, now);
            lifecycle.disconnectAfterLogout(DisconnectReason.SEQUENCE_TOO_LOW);
            return;
        }
        if (checks.isPossDupValid(m, msgType))
        {
            counters.duplicatesIgnored++;
        }
        else
        {
            rejectFailedCheck(m, msgType, seqNum, now);
        }
    }
}
