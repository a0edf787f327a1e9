package io.fixtape.replay.drive;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
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
 *
 * <p>Timer-driven outbound messages — a Heartbeat that answers no TestRequest (no 112) and a TestRequest — are
 * not replies: the engine sends them from its duty cycle when time has passed, between inbound messages. They are
 * flagged ({@link #isTimerDriven}) so that the replay clock steps to their time only once the inbound message
 * before them has been handled (see {@link TimelineTransport}).
 */
public final class Timeline
{
    final long[] inboundTimestamps;
    final int[] inboundLengths;
    final long[] outboundClock;
    final int[] outboundCause;
    final boolean[] outboundTimerDriven;

    public Timeline(final SessionRecording recording)
    {
        inboundTimestamps = new long[recording.inboundCount()];
        inboundLengths = new int[recording.inboundCount()];
        outboundClock = new long[recording.outboundCount()];
        outboundCause = new int[recording.outboundCount()];
        outboundTimerDriven = new boolean[recording.outboundCount()];
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
                final long msgType = decoder.msgType();
                outboundTimerDriven[out] = msgType == MsgTypes.TEST_REQUEST ||
                    (msgType == MsgTypes.HEARTBEAT && decoder.indexOf(Tags.TEST_REQ_ID) < 0);
                outboundClock[out] = stamped != UtcTimestamps.INVALID_TIMESTAMP && stamped <= recorded ? stamped : recorded;
                outboundCause[out++] = in - 1;
            }
        }
    }

    /** Whether the {@code index}-th outbound message was sent because time passed (Heartbeat, TestRequest). */
    public boolean isTimerDriven(final int index)
    {
        return outboundTimerDriven[index];
    }

    public int inboundCount()
    {
        return inboundTimestamps.length;
    }

    public int outboundCount()
    {
        return outboundClock.length;
    }

    /** Length of the longest recorded inbound message (0 when there is none). */
    int largestInbound()
    {
        int largest = 0;
        for (final int length : inboundLengths)
        {
            largest = Math.max(largest, length);
        }
        return largest;
    }
}
