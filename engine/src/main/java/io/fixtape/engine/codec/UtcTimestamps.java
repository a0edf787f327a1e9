package io.fixtape.engine.codec;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * FIX UTCTimestamp ({@code YYYYMMDD-HH:MM:SS[.fff[fff[fff]]]}) and LocalMktDate/UTCDateOnly ({@code YYYYMMDD})
 * to and from epoch nanoseconds / epoch days, without allocation or {@code java.time}. Stateless and thread-safe.
 *
 * <p>Precision is the number of fraction digits: {@link #SECONDS} 0, {@link #MILLIS} 3, {@link #MICROS} 6,
 * {@link #NANOS} 9. Writing truncates (never rounds) to the precision. Parsing accepts 0 to 12 fraction digits
 * (FIX 5.0 allows picoseconds; digits beyond nanoseconds are dropped) and a leap second {@code 60}.
 */
public final class UtcTimestamps
{
    public static final int SECONDS = 0;
    public static final int MILLIS = 3;
    public static final int MICROS = 6;
    public static final int NANOS = 9;

    /** Returned by {@link #parseTimestamp} for malformed input. */
    public static final long INVALID_TIMESTAMP = Long.MIN_VALUE;
    /** Returned by {@link #parseDate} for malformed input. */
    public static final int INVALID_DATE = Integer.MIN_VALUE;

    public static final int DATE_LENGTH = 8;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long NANOS_PER_DAY = 86_400L * NANOS_PER_SECOND;
    private static final long SECONDS_PER_DAY = 86_400L;
    private static final int MAX_FRACTION_DIGITS = 12;
    private static final int MIN_EPOCH_DAY = -106_750;
    private static final int MAX_EPOCH_DAY = 106_750;

    private UtcTimestamps()
    {
    }

    /** Length of a timestamp at {@code precision}: 17, 21, 24 or 27. */
    public static int timestampLength(final int precision)
    {
        return precision <= 0 ? 17 : 18 + precision;
    }

    /**
     * Writes {@code epochNanos} as a UTCTimestamp with {@code precision} fraction digits (0..9).
     *
     * @return the number of bytes written.
     */
    public static int writeTimestamp(
        final MutableDirectBuffer buffer, final int offset, final long epochNanos, final int precision)
    {
        final int length = timestampLength(precision);
        buffer.checkLimit(offset + length);
        buffer.boundsCheck(offset, length);
        final long epochSecond = Math.floorDiv(epochNanos, NANOS_PER_SECOND);
        final long epochDay = Math.floorDiv(epochSecond, SECONDS_PER_DAY);
        final int secondOfDay = (int)(epochSecond - epochDay * SECONDS_PER_DAY);
        final Object base = buffer.byteArray();
        final long address = buffer.addressOffset() + offset;
        RawBytes.putLong(base, address, packDate((int)epochDay));
        RawBytes.putLong(base, address + 8, packTime(secondOfDay));
        return 16 + writeSecondAndFraction(base, address + 16, lastSecondDigit(secondOfDay),
            (int)(epochNanos - epochSecond * NANOS_PER_SECOND), precision, true);
    }

    /** {@code -HH:MM:S} (all but the last digit of the time of day) as 8 ASCII bytes, first in the lowest bits. */
    static long packTime(final int secondOfDay)
    {
        return '-' | pack2(secondOfDay / 3600) << 8 | (long)':' << 24 | pack2((secondOfDay / 60) % 60) << 32 |
            (long)':' << 48 | (long)('0' + (secondOfDay % 60) / 10) << 56;
    }

    /** The ASCII last digit of the time of day (after {@link #packTime}). */
    static int lastSecondDigit(final int secondOfDay)
    {
        return '0' + secondOfDay % 10;
    }

    /**
     * Writes the last second digit and, for a precision above 0, {@code .} and the fraction truncated to
     * {@code precision} digits, at a raw address (see {@link RawBytes}); returns the byte count. With
     * {@code exact} false, up to 7 bytes after them are scratch (see {@link AsciiDigits}).
     */
    static int writeSecondAndFraction(
        final Object base, final long address, final int lastSecondDigit, final int nanoOfSecond,
        final int precision, final boolean exact)
    {
        if (precision <= 0)
        {
            RawBytes.putByte(base, address, lastSecondDigit);
            return 1;
        }
        if (precision == MILLIS && !exact)
        {
            // "S.fff" as one store: the last 3 of the 8 padded digits of the millisecond
            RawBytes.putLong(base, address, lastSecondDigit | '.' << 8 |
                (AsciiDigits.ascii8(nanoOfSecond / 1_000_000) >>> 40) << 16);
            return 5;
        }
        RawBytes.putShort(base, address, lastSecondDigit | '.' << 8);
        // constant divisors for the usual precisions (the JIT turns them into multiplications)
        final long fraction = precision == MILLIS ? nanoOfSecond / 1_000_000 : precision == MICROS ?
            nanoOfSecond / 1_000 : precision == NANOS ? nanoOfSecond :
            nanoOfSecond / AsciiDigits.powerOfTen(NANOS - precision);
        return 2 + AsciiDigits.writePadded(base, address + 2, fraction, precision, exact);
    }

    /**
     * Parses a UTCTimestamp.
     *
     * @return epoch nanoseconds, or {@link #INVALID_TIMESTAMP}.
     */
    public static long parseTimestamp(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < 17 || length == 18 || length > 18 + MAX_FRACTION_DIGITS)
        {
            return INVALID_TIMESTAMP;
        }
        final int epochDay = parseDate(buffer, offset, DATE_LENGTH);
        // long epoch nanos span 1677-09-21..2262-04-11; outside that the value cannot be represented
        if (epochDay < MIN_EPOCH_DAY || epochDay > MAX_EPOCH_DAY || buffer.getByte(offset + 8) != '-' || buffer.getByte(offset + 11) != ':' ||
            buffer.getByte(offset + 14) != ':')
        {
            return INVALID_TIMESTAMP;
        }
        final int hour = get2(buffer, offset + 9);
        final int minute = get2(buffer, offset + 12);
        final int second = get2(buffer, offset + 15);
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60)
        {
            return INVALID_TIMESTAMP;
        }
        long nanos = 0;
        if (length > 17)
        {
            if (buffer.getByte(offset + 17) != '.')
            {
                return INVALID_TIMESTAMP;
            }
            final int digits = length - 18;
            for (int i = 0; i < digits; i++)
            {
                final int digit = buffer.getByte(offset + 18 + i) - '0';
                if (digit < 0 || digit > 9)
                {
                    return INVALID_TIMESTAMP;
                }
                if (i < NANOS)
                {
                    nanos = nanos * 10 + digit;
                }
            }
            if (digits < NANOS)
            {
                nanos *= AsciiNumbers.powerOfTen(NANOS - digits);
            }
        }
        return epochDay * NANOS_PER_DAY + (hour * 3600L + minute * 60L + second) * NANOS_PER_SECOND + nanos;
    }

    /** Writes {@code YYYYMMDD} for an epoch day (days since 1970-01-01); years 0..9999. Returns 8. */
    public static int writeDate(final MutableDirectBuffer buffer, final int offset, final int epochDay)
    {
        buffer.putLong(offset, packDate(epochDay), LITTLE_ENDIAN);
        return DATE_LENGTH;
    }

    /**
     * {@code YYYYMMDD} of an epoch day as 8 ASCII bytes in a long, first byte lowest (for a little-endian store).
     * Arithmetic only (the encoder calls it for every timestamp): the month's "March-based to January-based" shift
     * is a sign-bit mask, not a branch, so that no year boundary meets a branch the JIT never saw taken.
     */
    public static long packDate(final int epochDay)
    {
        // civil-from-days (H. Hinnant), all in long to stay exact for any int day
        final long z = epochDay + 719_468L;
        final long era = Math.floorDiv(z, 146_097L);
        final long dayOfEra = z - era * 146_097L;
        final long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        final long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        final long mp = (5 * dayOfYear + 2) / 153;
        final int day = (int)(dayOfYear - (153 * mp + 2) / 5 + 1);
        final long januaryOrFebruary = (9 - mp) >>> 63; // 1 when mp >= 10 (months counted from March)
        final int month = (int)(mp + 3 - 12 * januaryOrFebruary);
        final int year = (int)(yearOfEra + era * 400 + januaryOrFebruary);
        return pack2(year / 100) | pack2(year % 100) << 16 | pack2(month) << 32 | pack2(day) << 48;
    }

    /**
     * Parses {@code YYYYMMDD} (LocalMktDate, UTCDateOnly), checking the day exists in that month.
     *
     * @return epoch day, or {@link #INVALID_DATE}.
     */
    public static int parseDate(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length != DATE_LENGTH)
        {
            return INVALID_DATE;
        }
        final int century = get2(buffer, offset);
        final int yearOfCentury = get2(buffer, offset + 2);
        final int month = get2(buffer, offset + 4);
        final int day = get2(buffer, offset + 6);
        if (century < 0 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1)
        {
            return INVALID_DATE;
        }
        final int year = century * 100 + yearOfCentury;
        if (day > daysInMonth(year, month))
        {
            return INVALID_DATE;
        }
        return epochDay(year, month, day);
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (days-from-civil, H. Hinnant). */
    public static int epochDay(final int year, final int month, final int day)
    {
        final int y = month <= 2 ? year - 1 : year;
        final int era = Math.floorDiv(y, 400);
        final int yearOfEra = y - era * 400;
        final int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        final int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - 719_468;
    }

    static int daysInMonth(final int year, final int month)
    {
        if (month == 2)
        {
            return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
        }
        return month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
    }

    /** Two ASCII digits of 0..99 in the low 16 bits, first digit in the lowest byte (little-endian order). */
    private static long pack2(final int value)
    {
        return ('0' + value / 10) | ('0' + value % 10) << 8;
    }

    /** Two ASCII digits as 0..99, or -1 if either is not a digit. */
    private static int get2(final DirectBuffer buffer, final int offset)
    {
        final int high = buffer.getByte(offset) - '0';
        final int low = buffer.getByte(offset + 1) - '0';
        return high < 0 || high > 9 || low < 0 || low > 9 ? -1 : high * 10 + low;
    }
}
