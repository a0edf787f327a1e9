package io.fixtape.engine.session;

import io.fixtape.engine.codec.AsciiNumbers;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.validation.SessionRejectReason;

/**
 * The header checks every inbound message passes (SendingTime accuracy, CompIDs, PossDup/OrigSendingTime) and the
 * decoder-level findings used when no dictionary validator is configured. Pure classification: a failed check
 * leaves the Reject to send ({@link #reason()}, {@link #refTagId()}) and whether a Logout follows
 * ({@link #logoutReason()}, {@link #logoutText()}); the {@link Session} acts on it.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class HeaderChecks
{
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final SessionConfig config;
    private final byte[] senderCompId;
    private final byte[] targetCompId;
    private int reason;
    private int refTagId;
    private LogoutReason logoutReason;
    private String logoutText;

    HeaderChecks(final SessionConfig config, final byte[] senderCompId, final byte[] targetCompId)
    {
        this.config = config;
        this.senderCompId = senderCompId;
        this.targetCompId = targetCompId;
    }

    int reason()
    {
        return reason;
    }

    int refTagId()
    {
        return refTagId;
    }

    /** The Logout that follows the Reject, or null for a Reject alone. */
    LogoutReason logoutReason()
    {
        return logoutReason;
    }

    String logoutText()
    {
        return logoutText;
    }

    private boolean fail(final int reason, final int refTagId, final LogoutReason logoutReason, final String text)
    {
        this.reason = reason;
        this.refTagId = refTagId;
        this.logoutReason = logoutReason;
        this.logoutText = text;
        return false;
    }

    /** SendingTime present, well formed and (CheckLatency) within MaxLatency of {@code nowNanos}. */
    boolean isSendingTimeAccurate(final FixDecoder m, final long nowNanos)
    {
        final long sendingTime = m.getUtcTimestamp(Tags.SENDING_TIME);
        if (!m.lastParseOk())
        {
            return fail(m.lastParseStatus() == FixDecoder.PARSE_MISSING ? SessionRejectReason.REQUIRED_TAG_MISSING :
                SessionRejectReason.INCORRECT_DATA_FORMAT, Tags.SENDING_TIME, null, null);
        }
        // whole seconds, as QuickFIX/J compares: |difference| of 120.9 s passes a MaxLatency of 120 s
        if (config.checkLatency() && Math.abs(sendingTime - nowNanos) >= config.maxLatencyNanos() + NANOS_PER_SECOND)
        {
            return fail(SessionRejectReason.SENDING_TIME_ACCURACY_PROBLEM, Tags.SENDING_TIME,
                LogoutReason.SENDING_TIME_ACCURACY, "SendingTime accuracy problem, field=52");
        }
        return true;
    }

    /** SenderCompID is our TargetCompID and TargetCompID ours (when CheckCompID). */
    boolean areCompIdsCorrect(final FixDecoder m)
    {
        if (!config.checkCompId() || (m.valueEqualsAt(m.indexOf(Tags.SENDER_COMP_ID), targetCompId) &&
            m.valueEqualsAt(m.indexOf(Tags.TARGET_COMP_ID), senderCompId)))
        {
            return true;
        }
        return fail(SessionRejectReason.COMPID_PROBLEM, AdminMessages.NO_REF_TAG, LogoutReason.COMPID_PROBLEM,
            "CompID problem");
    }

    /** PossDupFlag=Y: OrigSendingTime must be present (RequiresOrigSendingTime) and not after SendingTime. */
    boolean isPossDupValid(final FixDecoder m, final long msgType)
    {
        if (msgType == MsgTypes.SEQUENCE_RESET)
        {
            return true;
        }
        final long origSendingTime = m.getUtcTimestamp(Tags.ORIG_SENDING_TIME);
        if (m.lastParseStatus() == FixDecoder.PARSE_MISSING)
        {
            return !config.requiresOrigSendingTime() ||
                fail(SessionRejectReason.REQUIRED_TAG_MISSING, Tags.ORIG_SENDING_TIME, null, null);
        }
        if (!m.lastParseOk())
        {
            return fail(SessionRejectReason.INCORRECT_DATA_FORMAT, Tags.ORIG_SENDING_TIME, null, null);
        }
        if (origSendingTime > m.getUtcTimestamp(Tags.SENDING_TIME))
        {
            return fail(SessionRejectReason.SENDING_TIME_ACCURACY_PROBLEM, Tags.ORIG_SENDING_TIME,
                LogoutReason.SENDING_TIME_ACCURACY, "SendingTime accuracy problem, field=122");
        }
        return true;
    }

    /** Without a dictionary: a tag that is not a number (373=0, RefTagID as written) or a field without value (4). */
    boolean isWellFormed(final FixDecoder m)
    {
        if (m.errorCode() == FixDecoder.ERROR_INVALID_TAG)
        {
            return fail(SessionRejectReason.INVALID_TAG_NUMBER, invalidTagAsWritten(m), null, null);
        }
        if (m.errorCode() == FixDecoder.ERROR_TAG_WITHOUT_VALUE)
        {
            return fail(SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE, m.errorTag(), null, null);
        }
        return true;
    }

    /** The tag of the first field whose tag is not a positive number, as the sender wrote it (e.g. -1, 0). */
    private static int invalidTagAsWritten(final FixDecoder m)
    {
        for (int i = 0; i < m.fieldCount(); i++)
        {
            if (m.tagAt(i) == 0)
            {
                final int start = m.fieldOffsetAt(i);
                final int value = AsciiNumbers.parseIntAscii(m.buffer(), start, m.valueOffsetAt(i) - 1 - start);
                return value == AsciiNumbers.INVALID_INT ? AdminMessages.NO_REF_TAG : value;
            }
        }
        return AdminMessages.NO_REF_TAG;
    }
}
