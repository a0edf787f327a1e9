package io.fixtape.bench.harness.client;

/**
 * Formats epoch milliseconds as a FIX UTCTimestamp {@code yyyyMMdd-HH:mm:ss.SSS} into a byte array without
 * allocating (civil-from-days arithmetic). Not thread-safe: one per writer.
 */
final class UtcTimestamp
{
    static final int LENGTH = 21;

    int write(final long epochMillis, final byte[] out, final int at)
    {
        final long days = Math.floorDiv(epochMillis, 86_400_000L);
        final long millisOfDay = epochMillis - days * 86_400_000L;
        // Howard Hinnant's civil_from_days.
        final long z = days + 719_468;
        final long era = Math.floorDiv(z, 146_097);
        final long doe = z - era * 146_097;
        final long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        final long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        final long mp = (5 * doy + 2) / 153;
        final long day = doy - (153 * mp + 2) / 5 + 1;
        final long month = mp < 10 ? mp + 3 : mp - 9;
        final long year = yoe + era * 400 + (month <= 2 ? 1 : 0);

        int p = at;
        p = put(out, p, year, 4);
        p = put(out, p, month, 2);
        p = put(out, p, day, 2);
        out[p++] = '-';
        p = put(out, p, millisOfDay / 3_600_000, 2);
        out[p++] = ':';
        p = put(out, p, (millisOfDay / 60_000) % 60, 2);
        out[p++] = ':';
        p = put(out, p, (millisOfDay / 1000) % 60, 2);
        out[p++] = '.';
        return put(out, p, millisOfDay % 1000, 3);
    }

    private static int put(final byte[] out, final int at, final long value, final int width)
    {
        long remaining = value;
        for (int i = at + width - 1; i >= at; i--)
        {
            out[i] = (byte)('0' + remaining % 10);
            remaining /= 10;
        }
        return at + width;
    }
}
