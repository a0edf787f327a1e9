package io.fixtape.engine.validation;

import io.fixtape.engine.codec.AsciiWords;
import io.fixtape.engine.dictionary.FieldType;
import org.agrona.DirectBuffer;

/**
 * Syntax checks per FIX data type, straight on the bytes of a value (no String, no allocation). The lenient
 * rules are QuickFIX/J 2.3.2's: int = optional '-' and digits within int range; decimals =
 * {@code -?\d*(\.\d*)?} with at least one digit (no '+', no exponent); CHAR = one byte (FIX 4.2+); BOOLEAN =
 * Y/N; UTCTimestamp = {@code yyyyMMdd-HH:mm:ss[.sss|.ssssss|.sssssssss|.ssssssssssss]}; UTCTimeOnly likewise;
 * UTCDateOnly = 8 digits. {@code strict} adds calendar ranges and checks LocalMktDate, MonthYear and
 * DayOfMonth, which QuickFIX/J lets through as strings.
 *
 * <p>Stateless, thread-safe.
 */
public final class FieldFormats
{
    private FieldFormats()
    {
    }

    // what to check per type: FieldType ordinal + 1 (Dictionary#typeCode) -> one of these kinds
    private static final int ANY = 0;
    private static final int INT = 1;
    private static final int TAGNUM = 2;
    private static final int DECIMAL = 3;
    private static final int BOOLEAN = 4;
    private static final int CHAR = 5;
    private static final int CHAR_LIST = 6;
    private static final int TIMESTAMP = 7;
    private static final int TIME_ONLY = 8;
    private static final int DATE = 9;
    private static final int LOCAL_MKT_DATE = 10;
    private static final int MONTH_YEAR = 11;
    private static final int DAY_OF_MONTH = 12;
    private static final byte[] KIND_BY_TYPE_CODE = new byte[FieldType.values().length + 1];

    static
    {
        for (final FieldType type : FieldType.values())
        {
            KIND_BY_TYPE_CODE[type.ordinal() + 1] = (byte)kindOf(type);
        }
    }

    private static int kindOf(final FieldType type)
    {
        switch (type)
        {
            case INT:
            case LENGTH:
            case SEQNUM:
            case NUMINGROUP:
                return INT;
            case TAGNUM:
                return TAGNUM;
            case FLOAT:
            case PRICE:
            case QTY:
            case AMT:
            case PRICEOFFSET:
            case PERCENTAGE:
                return DECIMAL;
            case BOOLEAN:
                return BOOLEAN;
            case CHAR:
                return CHAR;
            case MULTIPLECHARVALUE:
                return CHAR_LIST;
            case UTCTIMESTAMP:
            case TIME:
                return TIMESTAMP;
            case UTCTIMEONLY:
                return TIME_ONLY;
            case UTCDATEONLY:
            case UTCDATE:
                return DATE;
            case LOCALMKTDATE:
                return LOCAL_MKT_DATE;
            case MONTHYEAR:
                return MONTH_YEAR;
            case DAYOFMONTH:
                return DAY_OF_MONTH;
            default:
                return ANY;
        }
    }

    public static boolean isValid(
        final FieldType type,
        final boolean charChecked,
        final boolean strict,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        return isValid(type.ordinal() + 1, charChecked, strict, buffer, offset, length);
    }

    /**
     * Same as {@link #isValid(FieldType, boolean, boolean, DirectBuffer, int, int)} for a type given as
     * {@link io.fixtape.engine.dictionary.Dictionary#typeCode} (0, an undefined field, is always valid): one table
     * read and a switch on an int on the validator's per-field path.
     */
    public static boolean isValid(
        final int typeCode,
        final boolean charChecked,
        final boolean strict,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        return isValidKind(KIND_BY_TYPE_CODE[typeCode], charChecked, strict, buffer, offset, length);
    }

    /** What {@link #isValid(int, boolean, boolean, DirectBuffer, int, int)} checks for a type code; 0 = nothing. */
    static int kind(final int typeCode)
    {
        return KIND_BY_TYPE_CODE[typeCode];
    }

    /** {@link #isValid(int, boolean, boolean, DirectBuffer, int, int)} for a {@link #kind}. */
    static boolean isValidKind(
        final int kind,
        final boolean charChecked,
        final boolean strict,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        switch (kind)
        {
            case INT:
                return isInt(buffer, offset, length);
            case TAGNUM:
                return !strict || isInt(buffer, offset, length);
            case DECIMAL:
                return isDecimal(buffer, offset, length);
            case BOOLEAN:
                return length == 1 && (buffer.getByte(offset) == 'Y' || buffer.getByte(offset) == 'N');
            case CHAR:
                return !charChecked || length == 1;
            case CHAR_LIST:
                return isCharList(buffer, offset, length);
            case TIMESTAMP:
                return isTimestamp(buffer, offset, length, strict);
            case TIME_ONLY:
                return isTimeOnly(buffer, offset, length, strict);
            case DATE:
                return isDate(buffer, offset, length, strict);
            case LOCAL_MKT_DATE:
                return !strict || isDate(buffer, offset, length, true);
            case MONTH_YEAR:
                return !strict || isMonthYear(buffer, offset, length);
            case DAY_OF_MONTH:
                return !strict || length >= 1 && length <= 2 && isDigits(buffer, offset, length) &&
                    inRange(buffer, offset, length, 1, 31);
            default:
                return true;
        }
    }

    // ---------------------------------------------------------------- shortcuts for LayoutCache hits
    // Each answers exactly like isValidKind or declines: the cache falls back to isValidKind when they decline.

    private static final int KIND_COUNT = 13;
    // per (kind, charChecked, strict): 256 bits, bit b set when the one-byte value b passes isValidKind
    private static final long[] ONE_BYTE_VALID = new long[KIND_COUNT * 4 * 4];

    static
    {
        final org.agrona.concurrent.UnsafeBuffer one = new org.agrona.concurrent.UnsafeBuffer(new byte[1]);
        for (int kind = 0; kind < KIND_COUNT; kind++)
        {
            for (int flags = 0; flags < 4; flags++)
            {
                for (int b = 0; b < 256; b++)
                {
                    one.putByte(0, (byte)b);
                    if (isValidKind(kind, (flags & 1) != 0, (flags & 2) != 0, one, 0, 1))
                    {
                        ONE_BYTE_VALID[oneByteSlot(kind, (flags & 1) != 0, (flags & 2) != 0) + (b >>> 6)] |= 1L << b;
                    }
                }
            }
        }
    }

    private static int oneByteSlot(final int kind, final boolean charChecked, final boolean strict)
    {
        return ((kind << 2) | (charChecked ? 1 : 0) | (strict ? 2 : 0)) << 2;
    }

    /**
     * Bits {@code 64 * word .. 64 * word + 63} of the set of one-byte values that pass {@link #isValidKind} for these
     * rules (computed by calling it on all 256 bytes, so it is exact by construction).
     */
    static long oneByteValid(final int kind, final boolean charChecked, final boolean strict, final int word)
    {
        return ONE_BYTE_VALID[oneByteSlot(kind, charChecked, strict) + word];
    }

    /** The kind checks decimal digits (int, length, seqnum, numingroup). */
    static boolean isIntKind(final int kind)
    {
        return kind == INT;
    }

    /** The kind checks {@code -?\d*(\.\d*)?} (price, qty, amt, float, ...). */
    static boolean isDecimalKind(final int kind)
    {
        return kind == DECIMAL;
    }

    /** The kind checks a UTCTimestamp. */
    static boolean isTimestampKind(final int kind)
    {
        return kind == TIMESTAMP;
    }

    private static final long DOTS = 0x2E2E2E2E2E2E2E2EL;

    /**
     * The first {@code length} (1..8) bytes of {@code word} (first byte lowest) are all digits: then they are a
     * valid int (below 10^8, no sign). False when not, or when the value has a sign: ask {@link #isInt}.
     */
    static boolean isShortUnsignedInt(final long word, final int length)
    {
        return allDigits(AsciiWords.zeroPadded(word, length));
    }

    /**
     * The first {@code length} (2..8) bytes of {@code word} are digits with at most one '.': a valid decimal (at
     * least one digit, as length is 2 or more). False when not, or when the value has a sign: ask
     * {@link #isDecimal}.
     */
    static boolean isShortUnsignedDecimal(final long word, final int length)
    {
        final long x = AsciiWords.zeroPadded(word, length);
        final long dots = AsciiWords.equalBytes(x, DOTS); // exact flag (high bit) for every '.' byte
        // the '.' (if only one) becomes '0' ('.' ^ '0' == 0x1E), then all bytes must be digits
        return (dots & (dots - 1)) == 0 && allDigits(x ^ ((dots >>> 7) * ('.' ^ '0')));
    }

    /**
     * {@link #isTimestamp} for a value whose first 17 bytes are {@code date}, {@code time} and the low byte of
     * {@code rest}, which holds bytes 16..23 of the value (first byte lowest); lengths 17, 21 and 24 (seconds,
     * milliseconds, microseconds). False: ask {@link #isValidKind}.
     */
    static boolean isShortTimestamp(
        final long date, final long time, final long rest, final int length, final boolean strict)
    {
        // rest: byte 0 is the last digit of the seconds, then '.' and the fraction digits for lengths 21 and 24
        if (!allDigits(date) || (time & TIME_SEPARATOR_MASK) != TIME_SEPARATORS ||
            !allDigits((time & ~TIME_SEPARATOR_MASK) | (ZEROS & TIME_SEPARATOR_MASK)) || !isTimestampRest(rest, length))
        {
            return false;
        }
        if (!strict)
        {
            return true;
        }
        final int month = twoDigits(date, 4);
        final int day = twoDigits(date, 6);
        final int seconds = (int)((time >>> 56) & 0xF) * 10 + (int)(rest & 0xF);
        return month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
            twoDigits(time, 1) <= 23 && twoDigits(time, 4) <= 59 && seconds <= 60;
    }

    /**
     * The part of {@link #isShortTimestamp} that depends on {@code rest} alone (last seconds digit, '.', fraction
     * digits), for a value whose {@code date} and {@code time} words already passed it once with tens of seconds at
     * most 5 (then any seconds digit is in range, strict or not).
     */
    static boolean isTimestampRest(final long rest, final int length)
    {
        final int restLength = length - 16;
        if (restLength != 1 && restLength != 5 && restLength != 8)
        {
            return false;
        }
        final long dotMask = restLength == 1 ? 0 : 0xFF00L;
        return (rest & dotMask) == ('.' << 8 & dotMask) &&
            allDigits(AsciiWords.zeroPadded((rest & ~dotMask) | (ZEROS & dotMask), restLength));
    }

    /** {@code time} (bytes 8..15 of a timestamp) has tens of seconds at most 5. */
    static boolean secondsTensBelowSix(final long time)
    {
        return ((time >>> 56) & 0xFF) <= '5';
    }

    /** Optional leading '-', then digits, within {@code int} range (as {@code Integer.parseInt}). */
    public static boolean isInt(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length <= 0)
        {
            return false;
        }
        final boolean negative = buffer.getByte(offset) == '-';
        final int start = negative ? offset + 1 : offset;
        final int end = offset + length;
        if (start == end)
        {
            return false;
        }
        final long limit = negative ? 2147483648L : 2147483647L;
        long value = 0;
        for (int i = start; i < end; i++)
        {
            final byte b = buffer.getByte(i);
            if (b < '0' || b > '9')
            {
                return false;
            }
            value = value * 10 + (b - '0');
            if (value > limit)
            {
                return false;
            }
        }
        return true;
    }

    /** {@code Integer.parseInt} semantics (optional '+' or '-'); returns {@code Long.MIN_VALUE} if unparseable. */
    public static long parseJavaInt(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length <= 0)
        {
            return Long.MIN_VALUE;
        }
        final byte first = buffer.getByte(offset);
        final boolean negative = first == '-';
        final int start = negative || first == '+' ? offset + 1 : offset;
        final int end = offset + length;
        if (start == end)
        {
            return Long.MIN_VALUE;
        }
        final long limit = negative ? 2147483648L : 2147483647L;
        long value = 0;
        for (int i = start; i < end; i++)
        {
            final byte b = buffer.getByte(i);
            if (b < '0' || b > '9')
            {
                return Long.MIN_VALUE;
            }
            value = value * 10 + (b - '0');
            if (value > limit)
            {
                return Long.MIN_VALUE;
            }
        }
        return negative ? -value : value;
    }

    /** {@code -?\d*(\.\d*)?} with at least one digit. */
    public static boolean isDecimal(final DirectBuffer buffer, final int offset, final int length)
    {
        int i = offset;
        final int end = offset + length;
        if (i < end && buffer.getByte(i) == '-')
        {
            i++;
        }
        boolean digits = false;
        boolean dot = false;
        for (; i < end; i++)
        {
            final byte b = buffer.getByte(i);
            if (b >= '0' && b <= '9')
            {
                digits = true;
            }
            else if (b == '.' && !dot)
            {
                dot = true;
            }
            else
            {
                return false;
            }
        }
        return digits;
    }

    /** Single characters separated by single spaces ("1 2 A"), as QuickFIX/J's CharArrayConverter. */
    private static boolean isCharList(final DirectBuffer buffer, final int offset, final int length)
    {
        if ((length & 1) == 0)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            final boolean space = buffer.getByte(offset + i) == ' ';
            if ((i & 1) == 1 ? !space : space)
            {
                return false;
            }
        }
        return true;
    }

    private static final long ZEROS = 0x3030303030303030L;
    // "-HH:MM:S" read little-endian: the separators are bytes 0, 3 and 6
    private static final long TIME_SEPARATOR_MASK = 0x00FF0000FF0000FFL;
    private static final long TIME_SEPARATORS = ((long)':' << 48) | ((long)':' << 24) | '-';

    /**
     * All eight bytes of {@code word} are ASCII digits: every high nibble is 3, and adding 6 to every byte leaves it
     * 3 (low nibble at most 9). Once the high nibbles are 3 the additions cannot carry into the next byte.
     */
    private static boolean allDigits(final long word)
    {
        return AsciiWords.allDigits(word);
    }

    /** Two-digit number in bytes {@code byteIndex} and {@code byteIndex + 1} of a little-endian word of digits. */
    private static int twoDigits(final long word, final int byteIndex)
    {
        final int shift = byteIndex << 3;
        return (int)((word >>> shift) & 0xF) * 10 + (int)((word >>> (shift + 8)) & 0xF);
    }

    /** {@code yyyyMMdd-HH:mm:ss[.fraction]}: date and time checked eight bytes at a time. */
    private static boolean isTimestamp(final DirectBuffer buffer, final int offset, final int length, final boolean strict)
    {
        if (length != 17 && length != 21 && length != 24 && length != 27 && length != 30)
        {
            return false;
        }
        final long date = buffer.getLong(offset, java.nio.ByteOrder.LITTLE_ENDIAN);
        final long time = buffer.getLong(offset + 8, java.nio.ByteOrder.LITTLE_ENDIAN);
        final byte lastSecond = buffer.getByte(offset + 16);
        if (!allDigits(date) || (time & TIME_SEPARATOR_MASK) != TIME_SEPARATORS ||
            !allDigits((time & ~TIME_SEPARATOR_MASK) | (ZEROS & TIME_SEPARATOR_MASK)) ||
            lastSecond < '0' || lastSecond > '9')
        {
            return false;
        }
        if (length > 17 && (buffer.getByte(offset + 17) != '.' || !isDigits(buffer, offset + 18, length - 18)))
        {
            return false;
        }
        if (!strict)
        {
            return true;
        }
        final int month = twoDigits(date, 4);
        final int day = twoDigits(date, 6);
        final int seconds = (int)((time >>> 56) & 0xF) * 10 + (lastSecond - '0');
        return month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
            twoDigits(time, 1) <= 23 && twoDigits(time, 4) <= 59 && seconds <= 60;
    }

    private static boolean isTimeOnly(final DirectBuffer buffer, final int offset, final int length, final boolean strict)
    {
        if (length != 8 && length != 12 && length != 15 && length != 18 && length != 21)
        {
            return false;
        }
        if (!isDigits(buffer, offset, 2) || buffer.getByte(offset + 2) != ':' ||
            !isDigits(buffer, offset + 3, 2) || buffer.getByte(offset + 5) != ':' ||
            !isDigits(buffer, offset + 6, 2))
        {
            return false;
        }
        if (length > 8 && (buffer.getByte(offset + 8) != '.' || !isDigits(buffer, offset + 9, length - 9)))
        {
            return false;
        }
        return !strict || inRange(buffer, offset, 2, 0, 23) && inRange(buffer, offset + 3, 2, 0, 59) &&
            inRange(buffer, offset + 6, 2, 0, 60);
    }

    private static boolean isDate(final DirectBuffer buffer, final int offset, final int length, final boolean strict)
    {
        if (length != 8 || !isDigits(buffer, offset, 8))
        {
            return false;
        }
        return !strict || inRange(buffer, offset + 4, 2, 1, 12) && inRange(buffer, offset + 6, 2, 1, 31);
    }

    /** yyyyMM, yyyyMMdd or yyyyMMwN (week 1-5). */
    private static boolean isMonthYear(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length == 6)
        {
            return isDigits(buffer, offset, 6) && inRange(buffer, offset + 4, 2, 1, 12);
        }
        if (length == 8 && buffer.getByte(offset + 6) == 'w')
        {
            final byte week = buffer.getByte(offset + 7);
            return isDigits(buffer, offset, 6) && inRange(buffer, offset + 4, 2, 1, 12) && week >= '1' && week <= '5';
        }
        return isDate(buffer, offset, length, true);
    }

    private static boolean isDigits(final DirectBuffer buffer, final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            final byte b = buffer.getByte(offset + i);
            if (b < '0' || b > '9')
            {
                return false;
            }
        }
        return true;
    }

    private static boolean inRange(final DirectBuffer buffer, final int offset, final int length, final int min, final int max)
    {
        int value = 0;
        for (int i = 0; i < length; i++)
        {
            value = value * 10 + (buffer.getByte(offset + i) - '0');
        }
        return value >= min && value <= max;
    }
}
