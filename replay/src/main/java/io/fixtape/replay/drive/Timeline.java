package io.fixtape.replay.drive;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.UtcTimestamps;
import io.fixtape.replay.recording.SessionRecording;

/**
 * The clock readings a replayed engine should see, from the recording: the recorded time of each inbound message,
 * and for each recorded outbound message the engine time at which it was built, plus which inbound message caused
 * it (the last inbound message recorded before it — one poller thread journals an inbound message, then the
 * replies it caused).
 *
 * <p>The engine time of an outbound message is its own SendingTime (52) when that parses and is not later than
 * the recorded time: the engine stamped it before it was journaled or captured (a capture sees it tens of
 * microseconds later), and at millisecond precision only the stamp itself reproduces the same text. Otherwise the
 * recorded time is used.
 */
public final class Timeline
{
    final long[] inboundTimestamps;
    final int[] inboundLengths;
    final long[] outboundClock;
    final int[] outboundCause;

    public Timeline(final SessionRecording recording)
    {
        inboundTimestamps = new long[recording.inboundCount()];
        inboundLengths = new int[recording.inboundCount()];
        outboundClock = new long[recording.outboundCount()];
        outboundCause = new int[recording.outboundCount()];
        final FixDecoder decoder = new FixDecoder();
        int in = 0;
        int out = 0;
        for (int i = 0; i < recording.count(); i++)
        {
            final long recorded = recording.timestampNanos(i);
            if (recording.isInbound(i))
            {
                inboundLengths[in] = recording.length(i);
                inboundTimestamps[in++] = recorded;
            }
            else
            {
                decoder.wrap(recording.buffer(), recording.offset(i), recording.length(i));
                final int sendingTime = decoder.indexOf(52);
                final long stamped = sendingTime < 0 ? UtcTimestamps.INVALID_TIMESTAMP : UtcTimestamps.parseTimestamp(
                    decoder.buffer(), decoder.valueOffsetAt(sendingTime), decoder.valueLengthAt(sendingTime));
                outboundClock[out] = stamped != UtcTimestamps.INVALID_TIMESTAMP && stamped <= recorded ? stamped : recorded;
                outboundCause[out++] = in - 1;
            }
        }
    }

    public int inboundCount()
    {
        return inboundTimestamps.length;
    }

    public int outboundCount()
    {
        return outboundClock.length;
    }
}
