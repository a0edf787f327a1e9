package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.validation.SessionRejectReason;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes the bodies of session-level messages (after the standard header the session already wrote) the way
 * QuickFIX/J does, so counterparties and the acceptance scripts see the fields they expect.
 *
 * <p>Owns a small scratch buffer for composed texts: one instance per session, poller thread only.
 */
final class AdminMessages
{
    /** No RefTagID in a Reject. */
    static final int NO_REF_TAG = Integer.MIN_VALUE;

    // OnBehalfOf* <-> DeliverTo* pairs (115/128, 116/129, 144/145) for reverse routing of rejects
    private static final int[] ROUTE_FROM = {115, 116, 144, 128, 129, 145};
    private static final int[] ROUTE_TO = {128, 129, 145, 115, 116, 144};

    private final UnsafeBuffer text = new UnsafeBuffer(new byte[256]);

    /** Logon body: EncryptMethod 0, HeartBtInt, optional ResetSeqNumFlag, DefaultApplVerID, 789, 553/554. */
    void logon(
        final FixEncoder encoder, final int heartBtInt, final boolean resetSeqNum, final byte[] defaultApplVerId,
        final int nextExpectedMsgSeqNum, final String username, final String password)
    {
        encoder.putInt(Tags.ENCRYPT_METHOD, 0).putInt(Tags.HEART_BT_INT, heartBtInt);
        if (resetSeqNum)
        {
            encoder.putBoolean(Tags.RESET_SEQ_NUM_FLAG, true);
        }
        if (nextExpectedMsgSeqNum > 0)
        {
            encoder.putInt(789, nextExpectedMsgSeqNum);
        }
        if (username != null)
        {
            encoder.putString(Tags.USERNAME, username);
        }
        if (password != null)
        {
            encoder.putString(Tags.PASSWORD, password);
        }
        if (defaultApplVerId != null)
        {
            encoder.putBytes(Tags.DEFAULT_APPL_VER_ID, defaultApplVerId);
        }
    }

    void logout(final FixEncoder encoder, final CharSequence reason)
    {
        if (reason != null && reason.length() > 0)
        {
            encoder.putString(Tags.TEXT, reason);
        }
    }

    /** Logout text {@code MsgSeqNum too low, expecting X but received Y}, composed without allocation. */
    void logoutSequenceTooLow(final FixEncoder encoder, final int expected, final int received)
    {
        int length = text.putStringWithoutLengthAscii(0, "MsgSeqNum too low, expecting ");
        length += text.putIntAscii(length, expected);
        length += text.putStringWithoutLengthAscii(length, " but received ");
        length += text.putIntAscii(length, received);
        encoder.putBytes(Tags.TEXT, text, 0, length);
    }

    /** Heartbeat, echoing TestReqID when answering a TestRequest ({@code testRequest} may be null). */
    void heartbeat(final FixEncoder encoder, final FixDecoder testRequest)
    {
        if (testRequest != null)
        {
            final int index = testRequest.indexOf(Tags.TEST_REQ_ID);
            if (index >= 0)
            {
                encoder.putField(testRequest, index);
            }
        }
    }

    void testRequest(final FixEncoder encoder, final CharSequence testReqId)
    {
        encoder.putString(Tags.TEST_REQ_ID, testReqId);
    }

    void resendRequest(final FixEncoder encoder, final int beginSeqNo, final int endSeqNo)
    {
        encoder.putInt(Tags.BEGIN_SEQ_NO, beginSeqNo).putInt(Tags.END_SEQ_NO, endSeqNo);
    }

    /** SequenceReset-GapFill; the header carries the first skipped MsgSeqNum. */
    void gapFill(final FixEncoder encoder, final long nowNanos, final int newSeqNo)
    {
        encoder.putBoolean(Tags.POSS_DUP_FLAG, true)
            .putUtcTimestamp(Tags.ORIG_SENDING_TIME, nowNanos)
            .putInt(Tags.NEW_SEQ_NO, newSeqNo)
            .putBoolean(Tags.GAP_FILL_FLAG, true);
    }

    /** Reverse route header fields of {@code message} (OnBehalfOf* become DeliverTo* and vice versa). */
    void reverseRoute(final FixEncoder encoder, final FixDecoder message)
    {
        for (int i = 0; i < ROUTE_FROM.length; i++)
        {
            final int index = message.indexOf(ROUTE_FROM[i]);
            if (index >= 0 && message.valueLengthAt(index) > 0)
            {
                encoder.putBytes(ROUTE_TO[i], message.buffer(), message.valueOffsetAt(index),
                    message.valueLengthAt(index));
            }
        }
    }

    /**
     * Reject (35=3) body. Header fields for reverse routing must already be written.
     *
     * @param fields    which of 371/372/373 the session's FIX version carries ({@link RejectFields}).
     * @param refSeqNum MsgSeqNum of the rejected message, or negative when it had none.
     * @param refTagId  RefTagID or {@link #NO_REF_TAG}.
     */
    void reject(
        final FixEncoder encoder, final FixDecoder message, final RejectFields fields, final int refSeqNum,
        final int reason, final int refTagId)
    {
        if (refSeqNum >= 0)
        {
            encoder.putInt(Tags.REF_SEQ_NUM, refSeqNum);
        }
        encoder.putString(Tags.TEXT, SessionRejectReason.text(reason));
        if (fields.hasDetail())
        {
            if (refTagId != NO_REF_TAG)
            {
                encoder.putInt(Tags.REF_TAG_ID, refTagId);
            }
            final int msgTypeIndex = message.indexOf(Tags.MSG_TYPE);
            if (msgTypeIndex >= 0 && message.valueLengthAt(msgTypeIndex) > 0)
            {
                encoder.putBytes(Tags.REF_MSG_TYPE, message.buffer(), message.valueOffsetAt(msgTypeIndex),
                    message.valueLengthAt(msgTypeIndex));
            }
        }
        if (fields.sendsReason(reason))
        {
            encoder.putInt(Tags.SESSION_REJECT_REASON, reason);
        }
    }

    /** BusinessMessageReject (35=j) body. */
    void businessReject(
        final FixEncoder encoder, final FixDecoder message, final int refSeqNum, final int businessRejectReason,
        final CharSequence reasonText)
    {
        if (refSeqNum >= 0)
        {
            encoder.putInt(Tags.REF_SEQ_NUM, refSeqNum);
        }
        final int msgTypeIndex = message.indexOf(Tags.MSG_TYPE);
        if (msgTypeIndex >= 0 && message.valueLengthAt(msgTypeIndex) > 0)
        {
            encoder.putBytes(Tags.REF_MSG_TYPE, message.buffer(), message.valueOffsetAt(msgTypeIndex),
                message.valueLengthAt(msgTypeIndex));
        }
        encoder.putInt(Tags.BUSINESS_REJECT_REASON, businessRejectReason);
        if (reasonText != null && reasonText.length() > 0)
        {
            encoder.putString(Tags.TEXT, reasonText);
        }
    }
}
