package io.fixtape.engine.validation;

import io.fixtape.engine.codec.MsgTypes;

/**
 * Reusable outcome of {@link MessageValidator#validate}: what the session should do and, for a Reject, the
 * SessionRejectReason (373), RefTagID (371), RefMsgType (372) and a fixed Text (58).
 *
 * <ul>
 * <li>{@link Verdict#VALID}: process the message.</li>
 * <li>{@link Verdict#SESSION_REJECT}: send Reject (35=3), count the inbound MsgSeqNum as received.</li>
 * <li>{@link Verdict#BUSINESS_REJECT}: send BusinessMessageReject (35=j) with
 * {@link #businessRejectReason()} (380=3 unsupported message type).</li>
 * <li>{@link Verdict#GARBLED}: ignore the message as the spec says for garbled input (QuickFIX/J logs and drops
 * it: first three fields out of order, unparseable tag or NumInGroup); do not increment the inbound MsgSeqNum.
 * Reason and tag are still set for logs/counters.</li>
 * </ul>
 *
 * <p>Not thread-safe: one per validator/poller thread.
 */
public final class ValidationResult
{
    /** What the session layer does with the message. */
    public enum Verdict
    {
        VALID, SESSION_REJECT, BUSINESS_REJECT, GARBLED
    }

    /** BusinessRejectReason (380) 3: unsupported message type. */
    public static final int UNSUPPORTED_MESSAGE_TYPE = 3;
    public static final String UNSUPPORTED_MESSAGE_TYPE_TEXT = "Unsupported Message Type";

    private Verdict verdict = Verdict.VALID;
    private int sessionRejectReason = -1;
    private int refTagId;
    private boolean hasRefTagId;
    private long refMsgType = MsgTypes.INVALID;
    private int businessRejectReason;

    void reset(final long msgType)
    {
        verdict = Verdict.VALID;
        sessionRejectReason = -1;
        refTagId = 0;
        hasRefTagId = false;
        refMsgType = msgType;
        businessRejectReason = 0;
    }

    void sessionReject(final int reason, final int tag)
    {
        verdict = Verdict.SESSION_REJECT;
        sessionRejectReason = reason;
        refTagId = tag;
        hasRefTagId = true;
    }

    void garbled(final int reason, final int tag)
    {
        verdict = Verdict.GARBLED;
        sessionRejectReason = reason;
        refTagId = tag;
        hasRefTagId = tag != 0;
    }

    void businessReject(final int reason)
    {
        verdict = Verdict.BUSINESS_REJECT;
        businessRejectReason = reason;
        hasRefTagId = false;
    }

    public Verdict verdict()
    {
        return verdict;
    }

    public boolean isValid()
    {
        return verdict == Verdict.VALID;
    }

    /** 373 value, or -1 when valid / business reject. */
    public int sessionRejectReason()
    {
        return sessionRejectReason;
    }

    /** 371 value (may be 0 or negative: the offending tag exactly as received). */
    public int refTagId()
    {
        return refTagId;
    }

    /** Whether 371 should be sent. */
    public boolean hasRefTagId()
    {
        return hasRefTagId;
    }

    /** 372: the packed MsgType of the message judged ({@link MsgTypes#INVALID} if it had none). */
    public long refMsgType()
    {
        return refMsgType;
    }

    /** 380 value for {@link Verdict#BUSINESS_REJECT}. */
    public int businessRejectReason()
    {
        return businessRejectReason;
    }

    /** Fixed Text (58) for the reject; empty when valid. No allocation. */
    public String text()
    {
        switch (verdict)
        {
            case SESSION_REJECT:
            case GARBLED:
                return SessionRejectReason.text(sessionRejectReason);
            case BUSINESS_REJECT:
                return UNSUPPORTED_MESSAGE_TYPE_TEXT;
            default:
                return "";
        }
    }

    @Override
    public String toString()
    {
        return verdict + (verdict == Verdict.VALID ? "" :
            "(373=" + sessionRejectReason + ", 371=" + (hasRefTagId ? String.valueOf(refTagId) : "-") +
            ", 372=" + MsgTypes.toString(refMsgType) + ", 380=" + businessRejectReason + ", '" + text() + "')");
    }
}
