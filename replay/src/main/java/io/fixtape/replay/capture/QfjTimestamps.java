package io.fixtape.replay.capture;

import java.time.LocalDate;

import org.agrona.DirectBuffer;

/** Parses FIX UTCTimestamp text ({@code yyyyMMdd-HH:mm:ss[.s…]}, up to nanoseconds) to epoch nanoseconds. */
final class QfjTimestamps
{
    static final long NONE = Long.MIN_VALUE;

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
        if (length < 17 || buffer.getByte(offset + 8) != '-' || buffer.getByte(offset + 11) != ':' ||
            buffer.getByte(offset + 14) != ':')
        {
            return NONE;
        }
        final int year = digits(buffer, offset, 4);
        final int month = digits(buffer, offset + 4, 2);
        final int day = digits(buffer, offset + 6, 2);
        final int hour = digits(buffer, offset + 9, 2);
        final int minute = digits(buffer, offset + 12, 2);
        final int second = digits(buffer, offset + 15, 2);
        if ((year | month | day | hour | minute | second) < 0 || month < 1 || month > 12 || day < 1 || day > 31)
        {
            return NONE;
        }
        long nanos = 0;
        if (length > 17)
        {
            if (buffer.getByte(offset + 17) != '.' || length > 27 || length == 18)
            {
                return NONE;
            }
            final int fractionDigits = length - 18;
            final int fraction = digits(buffer, offset + 18, fractionDigits);
            if (fraction < 0)
            {
                return NONE;
            }
            nanos = fraction;
            for (int i = fractionDigits; i < 9; i++)
            {
                nanos *= 10;
            }
        }
        if (day > LocalDate.of(year, month, 1).lengthOfMonth() || hour > 23 || minute > 59 || second > 60)
        {
            return NONE;
        }
        final long epochDay = LocalDate.of(year, month, day).toEpochDay();
        final long seconds = epochDay * 86_400L + hour * 3_600L + minute * 60L + second;
        return seconds * 1_000_000_000L + nanos;
    }

    private static int digits(final DirectBuffer buffer, final int offset, final int count)
    {
        int value = 0;
        for (int i = 0; i < count; i++)
        {
            final int digit = buffer.getByte(offset + i) - '0';
            if (digit < 0 || digit > 9)
            {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }
}
