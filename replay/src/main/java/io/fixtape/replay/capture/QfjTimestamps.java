package io.fixtape.replay.capture;

import io.fixtape.engine.codec.UtcTimestamps;
import org.agrona.DirectBuffer;

/** Timestamps in QuickFIX/J logs: UTCTimestamp text, parsed by the engine's {@link UtcTimestamps}. */
final class QfjTimestamps
{
    static final long NONE = UtcTimestamps.INVALID_TIMESTAMP;

    private QfjTimestamps()
    {
    }

    /** A log-line prefix like {@code 20261202-14:55:47.123: } (the colon and spaces before the message). */
    static long parsePrefix(final DirectBuffer buffer, final int offset, final int length)
    {
        int end = offset + length;
        while (end > offset && (buffer.getByte(end - 1) == ' ' || buffer.getByte(end - 1) == ':'))
        {
            end--;
        }
        return parseUtcTimestamp(buffer, offset, end - offset);
    }

    static long parseUtcTimestamp(final DirectBuffer buffer, final int offset, final int length)
    {
        return UtcTimestamps.parseTimestamp(buffer, offset, length);
    }
}
