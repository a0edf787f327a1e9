package io.fixtape.apps;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.Tags;
import org.agrona.collections.IntHashSet;

/** Copies the body of a decoded message (every field that is neither header nor trailer) into an encoder. */
final class BodyCopy
{
    private BodyCopy()
    {
    }

    /**
     * What QuickFIX/J sends when an application clones a message and sends it back: optional header fields
     * (e.g. PossResend 97, OnBehalfOfCompID 115) first, then the body, without the fields the session writes
     * itself (8, 9, 35, 49, 56, 34, 52, PossDupFlag 43, OrigSendingTime 122, 10) and without empty groups
     * (NumInGroup = 0).
     */
    static void copyForEcho(final FixDecoder message, final FixEncoder out, final IntHashSet groupCountTags)
    {
        final int count = message.fieldCount();
        for (int i = 0; i < count; i++)
        {
            final int tag = message.tagAt(i);
            if (Tags.isHeaderTag(tag) && !isSessionOwned(tag))
            {
                out.putField(message, i);
            }
        }
        for (int i = 0; i < count; i++)
        {
            final int tag = message.tagAt(i);
            if (tag == Tags.CHECK_SUM || Tags.isHeaderTag(tag))
            {
                continue;
            }
            if (groupCountTags.contains(tag) && message.valueLengthAt(i) == 1 &&
                message.buffer().getByte(message.valueOffsetAt(i)) == '0')
            {
                continue;
            }
            out.putField(message, i);
        }
    }

    private static boolean isSessionOwned(final int tag)
    {
        switch (tag)
        {
            case Tags.BEGIN_STRING:
            case Tags.BODY_LENGTH:
            case Tags.MSG_TYPE:
            case Tags.SENDER_COMP_ID:
            case Tags.TARGET_COMP_ID:
            case Tags.MSG_SEQ_NUM:
            case Tags.SENDING_TIME:
            case Tags.POSS_DUP_FLAG:
            case Tags.ORIG_SENDING_TIME:
                return true;
            default:
                return false;
        }
    }

    /** Copy field {@code tag} if present (value bytes as received). @return whether it was present. */
    static boolean copy(final FixDecoder message, final int tag, final FixEncoder out)
    {
        final int index = message.indexOf(tag);
        if (index < 0)
        {
            return false;
        }
        out.putField(message, index);
        return true;
    }

    /** Copy the value of {@code fromTag} under {@code toTag}, or write {@code fallback} when absent. */
    static void copyAs(final FixDecoder message, final int fromTag, final int toTag, final FixEncoder out,
        final byte[] fallback)
    {
        final int index = message.indexOf(fromTag);
        if (index < 0)
        {
            out.putBytes(toTag, fallback);
        }
        else
        {
            out.putBytes(toTag, message.buffer(), message.valueOffsetAt(index), message.valueLengthAt(index));
        }
    }
}
