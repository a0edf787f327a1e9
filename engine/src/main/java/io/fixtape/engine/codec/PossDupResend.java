package io.fixtape.engine.codec;

/**
 * Re-encodes a stored message for a resend (ResendRequest answer) as FIX requires: same MsgSeqNum and body,
 * {@code PossDupFlag(43)=Y}, {@code OrigSendingTime(122)} = the original SendingTime (kept if the stored message
 * already was a resend), and a new {@code SendingTime(52)}. Other header fields are copied in their order;
 * the body is copied with one {@code putBytes}. Stateless apart from the caller's encoder; allocation-free.
 */
public final class PossDupResend
{
    private PossDupResend()
    {
    }

    /**
     * @param stored        a decoded stored message (header 8, 9, 35 first; ends with 10).
     * @param encoder       wrapped on the output buffer; this method writes the body and calls {@code finish()}.
     * @param sendingTimeEpochNanos the new SendingTime.
     * @return the message length (see {@link FixEncoder#messageOffset()}), or -1 if the stored message has no
     * MsgType or SendingTime.
     */
    public static int encode(final FixDecoder stored, final FixEncoder encoder, final long sendingTimeEpochNanos)
    {
        final int msgTypeIndex = stored.indexOf(Tags.MSG_TYPE);
        final int sendingTimeIndex = stored.indexOf(Tags.SENDING_TIME);
        if (msgTypeIndex < 0 || sendingTimeIndex < 0)
        {
            return -1;
        }
        final int origSendingTimeIndex = stored.indexOf(Tags.ORIG_SENDING_TIME);
        encoder.msgType(stored.msgType());

        int index = msgTypeIndex + 1;
        final int fieldCount = stored.fieldCount();
        while (index < fieldCount && Tags.isHeaderTag(stored.tagAt(index)))
        {
            final int tag = stored.tagAt(index);
            if (tag != Tags.POSS_DUP_FLAG && tag != Tags.SENDING_TIME && tag != Tags.ORIG_SENDING_TIME)
            {
                encoder.putField(stored, index);
            }
            index++;
        }
        encoder.putUtcTimestamp(Tags.SENDING_TIME, sendingTimeEpochNanos)
            .putBoolean(Tags.POSS_DUP_FLAG, true);
        final int original = origSendingTimeIndex >= 0 ? origSendingTimeIndex : sendingTimeIndex;
        encoder.putBytes(Tags.ORIG_SENDING_TIME, stored.buffer(), stored.valueOffsetAt(original),
            stored.valueLengthAt(original));

        int bodyEnd = fieldCount;
        if (bodyEnd > index && stored.tagAt(bodyEnd - 1) == Tags.CHECK_SUM)
        {
            bodyEnd--;
        }
        encoder.putFields(stored, index, bodyEnd);
        return encoder.finish();
    }
}
