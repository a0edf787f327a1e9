package io.fixtape.engine.validation;

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

    public static boolean isValid(
        final FieldType type,
        final boolean charChecked,
        final boolean strict,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        switch (type)
        {
            case INT:
            case LENGTH:
            case SEQNUM:
            case NUMINGROUP:
                return isInt(buffer, offset, length);
            case TAGNUM:
                return !strict || isInt(buffer, offset, length);
            case FLOAT:
            case PRICE:
            case QTY:
            case AMT:
            case PRICEOFFSET:
            case PERCENTAGE:
                return isDecimal(buffer, offset, length);
            case BOOLEAN:
                return length == 1 && (buffer.getByte(offset) == 'Y' || buffer.getByte(offset) == 'N');
            case CHAR:
                return !charChecked || length == 1;
            case MULTIPLECHARVALUE:
                return isCharList(buffer, offset, length);
            case UTCTIMESTAMP:
            case TIME:
                return isTimestamp(buffer, offset, length, strict);
            case UTCTIMEONLY:
                return isTimeOnly(buffer, offset, length, strict);
            case UTCDATEONLY:
            case UTCDATE:
                return isDate(buffer, offset, length, strict);
            case LOCALMKTDATE:
                return !strict || isDate(buffer, offset, length, true);
            case MONTHYEAR:
                return !strict || isMonthYear(buffer, offset, length);
            case DAYOFMONTH:
                return !strict || length >= 1 && length <= 2 && isDigits(buffer, offset, length) &&
                    inRange(buffer, offset, length, 1, 31);
            default:
                return true;
        }
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

    private static boolean isTimestamp(final DirectBuffer buffer, final int offset, final int length, final boolean strict)
    {
        if (length != 17 && length != 21 && length != 24 && length != 27 && length != 30)
        {
            return false;
        }
        if (!isDate(buffer, offset, 8, strict) || buffer.getByte(offset + 8) != '-')
        {
            return false;
        }
        return isTimeOnly(buffer, offset + 9, length - 9, strict);
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
