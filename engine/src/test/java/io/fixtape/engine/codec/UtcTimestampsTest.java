package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UtcTimestampsTest
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);

    private static long parse(final String s)
    {
        return UtcTimestamps.parseTimestamp(FixText.buffer(s), 0, s.length());
    }

    @Test
    void everyPrecisionRoundTripsAgainstJavaTime()
    {
        final Random random = new Random(3);
        final String[] patterns = {"yyyyMMdd-HH:mm:ss", "yyyyMMdd-HH:mm:ss.SSS", "yyyyMMdd-HH:mm:ss.SSSSSS",
            "yyyyMMdd-HH:mm:ss.SSSSSSSSS"};
        for (int i = 0; i < 2000; i++)
        {
            // 1677..2262 is the range of epoch nanos in a long; stay well inside it, including before 1970
            final long nanos = (random.nextLong() % 9_000_000_000_000_000_000L);
            for (int p = 0; p < 4; p++)
            {
                final int precision = p * 3;
                final int length = UtcTimestamps.writeTimestamp(buffer, 0, nanos, precision);
                assertEquals(UtcTimestamps.timestampLength(precision), length);
                final Instant instant = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
                    Math.floorMod(nanos, 1_000_000_000L));
                final String expected = DateTimeFormatter.ofPattern(patterns[p]).withZone(ZoneOffset.UTC)
                    .format(instant);
                assertEquals(expected, buffer.getStringWithoutLengthAscii(0, length));
                final long truncated = nanos - Math.floorMod(nanos, AsciiNumbers.powerOfTen(9 - precision));
                assertEquals(truncated, UtcTimestamps.parseTimestamp(buffer, 0, length));
            }
        }
    }

    @Test
    void parsesEveryPrecision()
    {
        final long base = LocalDate.of(2026, 12, 2).toEpochDay() * 86_400_000_000_000L +
            (14 * 3600 + 55 * 60) * 1_000_000_000L;
        assertEquals(base, parse("20261202-14:55:00"));
        assertEquals(base + 123_000_000, parse("20261202-14:55:00.123"));
        assertEquals(base + 123_456_000, parse("20261202-14:55:00.123456"));
        assertEquals(base + 123_456_789, parse("20261202-14:55:00.123456789"));
        assertEquals(base + 123_456_789, parse("20261202-14:55:00.123456789012")); // picoseconds dropped
        assertEquals(base + 100_000_000, parse("20261202-14:55:00.1"));
        assertEquals(base + 60_000_000_000L, parse("20261202-14:55:60")); // leap second
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "20261202", "20261202-14:55", "20261202-14:55:00.", "20261202 14:55:00",
        "20261302-14:55:00", "20260230-14:55:00", "20261202-24:00:00", "20261202-14:60:00", "20261202-14:55:61",
        "2026120x-14:55:00", "20261202-14:55:00,123", "20261202-14:55:00.12a", "99991231-00:00:00",
        "20261202-14:55:00.1234567890123"})
    void rejectsMalformed(final String s)
    {
        assertEquals(UtcTimestamps.INVALID_TIMESTAMP, parse(s));
    }

    @Test
    void datesMatchJavaTimeAcrossCenturiesAndLeapYears()
    {
        for (int epochDay = -719_528; epochDay <= 2_932_896; epochDay += 97) // 0000-01-01 .. 9999-12-31
        {
            final int length = UtcTimestamps.writeDate(buffer, 0, epochDay);
            final String expected = LocalDate.ofEpochDay(epochDay).format(DateTimeFormatter.BASIC_ISO_DATE);
            assertEquals(expected, buffer.getStringWithoutLengthAscii(0, length));
            assertEquals(epochDay, UtcTimestamps.parseDate(buffer, 0, length));
        }
        assertEquals(LocalDate.of(2000, 2, 29).toEpochDay(), date("20000229"));
        assertEquals(LocalDate.of(2024, 2, 29).toEpochDay(), date("20240229"));
        assertEquals(UtcTimestamps.INVALID_DATE, date("19000229"));
        assertEquals(UtcTimestamps.INVALID_DATE, date("20230229"));
        assertEquals(UtcTimestamps.INVALID_DATE, date("20230431"));
        assertEquals(UtcTimestamps.INVALID_DATE, date("20230400"));
        assertEquals(UtcTimestamps.INVALID_DATE, date("2023041"));
    }

    private static int date(final String s)
    {
        return UtcTimestamps.parseDate(FixText.buffer(s), 0, s.length());
    }
}
