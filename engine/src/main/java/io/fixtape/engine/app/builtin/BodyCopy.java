package io.fixtape.engine.app.builtin;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.Tags;

/** Copies the body of a decoded message (every field that is neither header nor trailer) into an encoder. */
final class BodyCopy
{
    private BodyCopy()
    {
    }

    static void copyBody(final FixDecoder message, final FixEncoder out)
    {
        final int count = message.fieldCount();
        for (int i = 0; i < count; i++)
        {
            final int tag = message.tagAt(i);
            if (tag != Tags.CHECK_SUM && !Tags.isHeaderTag(tag))
            {
                out.putField(message, i);
            }
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
