package io.fixtape.replay.capture;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.SessionId;

/** Reads header fields of an indexed message as Strings — for importers and reports, never the hot path. */
public final class FixFields
{
    private FixFields()
    {
    }

    /** Value of the first {@code tag}, or null. Allocates. */
    public static String string(final FixDecoder decoder, final int tag)
    {
        final int index = decoder.indexOf(tag);
        return index < 0 ? null :
            decoder.buffer().getStringWithoutLengthAscii(decoder.valueOffsetAt(index), decoder.valueLengthAt(index));
    }

    /** The session a message belongs to, seen from the engine: {@code sentByEngine} picks 49/56 or 56/49. */
    public static SessionId sessionOf(final FixDecoder decoder, final boolean sentByEngine)
    {
        final String begin = string(decoder, 8);
        final String sender = string(decoder, 49);
        final String target = string(decoder, 56);
        if (begin == null || sender == null || target == null)
        {
            return null;
        }
        return sentByEngine ? new SessionId(begin, sender, target) : new SessionId(begin, target, sender);
    }

    /** MsgSeqNum (34) as an int, or -1 when absent or not a number. */
    public static int seqNum(final FixDecoder decoder)
    {
        final int index = decoder.indexOf(34);
        if (index < 0)
        {
            return -1;
        }
        int value = 0;
        final int offset = decoder.valueOffsetAt(index);
        final int length = decoder.valueLengthAt(index);
        for (int i = 0; i < length; i++)
        {
            final int digit = decoder.buffer().getByte(offset + i) - '0';
            if (digit < 0 || digit > 9 || value > 200_000_000)
            {
                return -1;
            }
            value = value * 10 + digit;
        }
        return length == 0 ? -1 : value;
    }
}
