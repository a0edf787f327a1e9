package io.fixtape.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.fixtape.engine.codec.AsciiNumbers;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.UtcTimestamps;
import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FixDecoder} and its typed accessors over arbitrary bytes (framed or not: {@code wrap} must cope with anything
 * it is handed). Input: byte 0 places the message in its buffer (0 to 7 bytes of padding before it; the buffer ends
 * where the message ends, so a read past it fails the bounds check) and picks the scale for the scaled-decimal
 * accessor; bit 7 frames the rest as "lines" (see {@link FuzzInputs#framedLines}); the rest is the message.
 *
 * <p>Checked: nothing throws; the field index stays inside the message; every accessor of every field agrees with a
 * reference reading of the value's text (int, long, decimal, scaled decimal, UTCTimestamp, date, char, boolean: a value
 * the accessor accepts is exactly what the text says, and a plain well-formed value is accepted); a second
 * {@code wrap} indexes the same; allocation stays within the index arrays' growth.
 */
class DecoderFuzzTest
{
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern FLOAT = Pattern.compile("-?([0-9]+\\.?[0-9]*|\\.[0-9]+)");
    private static final Pattern PLAIN_FLOAT = Pattern.compile("-?[0-9]{1,15}(\\.[0-9]{1,3})?");
    private static final Pattern DATE = Pattern.compile("([0-9]{4})([0-9]{2})([0-9]{2})");
    private static final Pattern TIMESTAMP =
        Pattern.compile("([0-9]{4})([0-9]{2})([0-9]{2})-([0-9]{2}):([0-9]{2}):([0-9]{2})(\\.([0-9]{0,12}))?");

    private static final int[] TAGS = {8, 9, 10, 34, 35, 43, 52, 97, 108, 122, 141, 0, -1, 1 << 20};
    private static final byte[] EMPTY = new byte[0];
    private static final Decimal DECIMAL = new Decimal();
    private static final AsciiSequenceView VIEW = new AsciiSequenceView();
    private static final UnsafeBuffer COPY = new UnsafeBuffer(new byte[1024]);

    @FuzzTest(maxDuration = "2m")
    void decodes(final byte[] data)
    {
        final int options = FuzzInputs.control(data, 0);
        final int padding = options & 7;
        final int scale = (options >>> 3) & 15;
        final byte[] raw = FuzzInputs.payload(data, 1);
        final byte[] message = (options & 0x80) != 0 ? FuzzInputs.framedLines(raw) : raw;
        final byte[] bytes = new byte[padding + message.length];
        System.arraycopy(message, 0, bytes, padding, message.length);
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);

        final FixDecoder decoder = new FixDecoder();
        final long first = FuzzInputs.allocatedBytes();
        decoder.wrap(buffer, padding, message.length);
        readEverything(decoder, scale);
        // the first pass grows the index arrays (and loads classes); a second over the same message allocates nothing
        FuzzInputs.assertAllocatedAtMost(first, 256 * 1024 + 64L * message.length, "FixDecoder, first pass");
        final long second = FuzzInputs.allocatedBytes();
        decoder.wrap(buffer, padding, message.length);
        readEverything(decoder, scale);
        FuzzInputs.assertAllocatedAtMost(second, 1024, "FixDecoder, second pass");

        assertTrue(decoder.errorCode() >= FixDecoder.ERROR_NONE && decoder.errorCode() <= FixDecoder.ERROR_MALFORMED);
        assertTrue(decoder.fieldCount() <= message.length, "more fields than bytes");
        final int end = padding + message.length;
        final int[] tags = new int[decoder.fieldCount()];
        for (int i = 0; i < decoder.fieldCount(); i++)
        {
            tags[i] = decoder.tagAt(i);
            assertTrue(decoder.tagAt(i) >= 0, "tag");
            assertTrue(decoder.valueOffsetAt(i) >= padding && decoder.valueLengthAt(i) >= 0 &&
                decoder.valueOffsetAt(i) + decoder.valueLengthAt(i) <= end, "field " + i + " inside the message");
            assertTrue(decoder.fieldOffsetAt(i) >= padding && decoder.fieldOffsetAt(i) <= decoder.valueOffsetAt(i));
            if (decoder.tagAt(i) > 0)
            {
                assertEquals(i, decoder.indexOf(decoder.tagAt(i), i));
                assertTrue(decoder.indexOf(decoder.tagAt(i)) <= i);
            }
            checkAgainstText(decoder, i, scale);
        }
        if (!decoder.contains(999_999))
        {
            assertEquals(AsciiNumbers.INVALID_INT, decoder.getInt(999_999));
            assertEquals(FixDecoder.PARSE_MISSING, decoder.lastParseStatus(), "a missing tag");
        }

        final FixDecoder again = new FixDecoder().wrap(buffer, padding, message.length);
        assertTrue(again.tagsEqual(tags, tags.length), "wrap is deterministic");
        assertEquals(decoder.errorCode(), again.errorCode());
        assertEquals(decoder.msgType(), again.msgType());
    }

    /** Every accessor on every field and on the usual tags: the allocation-measured part. */
    private static void readEverything(final FixDecoder decoder, final int scale)
    {
        final Decimal decimal = DECIMAL;
        final AsciiSequenceView view = VIEW;
        final UnsafeBuffer copy = COPY;
        if (copy.capacity() < decoder.length())
        {
            copy.wrap(new byte[decoder.length()]);
        }
        for (int i = -1; i <= decoder.fieldCount(); i++)
        {
            decoder.intAt(i);
            decoder.longAt(i);
            decoder.charAt(i);
            decoder.booleanAt(i);
            decoder.decimalAt(i, decimal);
            decoder.decimalScaledAt(i, scale);
            decoder.utcTimestampAt(i);
            decoder.localMktDateAt(i);
            decoder.stringAt(i, view).length();
            decoder.getBytesAt(i, copy, 0);
            decoder.valueEqualsAt(i, EMPTY);
        }
        for (final int tag : TAGS)
        {
            decoder.getInt(tag);
            decoder.getUtcTimestamp(tag);
            decoder.getBoolean(tag);
            decoder.contains(tag);
        }
    }

    private static void checkAgainstText(final FixDecoder decoder, final int index, final int scale)
    {
        final byte[] value = new byte[decoder.valueLengthAt(index)];
        decoder.buffer().getBytes(decoder.valueOffsetAt(index), value);
        final String text = new String(value, StandardCharsets.ISO_8859_1);
        final String where = "field " + index + " '" + text + "'";

        final boolean integer = INTEGER.matcher(text).matches();
        final BigInteger exact = integer ? new BigInteger(text) : null;
        final long asLong = decoder.longAt(index);
        // documented limits: at most 19 digits for a long, 12 characters for an int, leading zeros included
        final int digits = text.startsWith("-") ? text.length() - 1 : text.length();
        final boolean longFits = integer && digits <= 19 && exact.bitLength() < 64 && exact.longValue() != Long.MIN_VALUE;
        assertEquals(longFits, decoder.lastParseOk(), "long " + where);
        if (longFits)
        {
            assertEquals(exact.longValue(), asLong, "long " + where);
        }
        final int asInt = decoder.intAt(index);
        final boolean intFits = integer && text.length() <= 12 && exact.bitLength() < 32 &&
            exact.intValue() != Integer.MIN_VALUE;
        assertEquals(intFits, decoder.lastParseOk(), "int " + where);
        if (intFits)
        {
            assertEquals(exact.intValue(), asInt, "int " + where);
        }

        final Decimal decimal = new Decimal();
        if (decoder.decimalAt(index, decimal))
        {
            assertTrue(FLOAT.matcher(text).matches(), "decimal accepted " + where);
            assertEquals(0, BigDecimal.valueOf(decimal.mantissa(), decimal.scale()).compareTo(new BigDecimal(text)),
                "decimal " + where + " read as " + decimal);
        }
        else
        {
            assertFalse(PLAIN_FLOAT.matcher(text).matches(), "decimal refused " + where);
        }
        final long scaled = decoder.decimalScaledAt(index, scale);
        if (decoder.lastParseOk())
        {
            assertTrue(FLOAT.matcher(text).matches(), "scaled decimal accepted " + where);
            assertEquals(0, BigDecimal.valueOf(scaled, scale).compareTo(new BigDecimal(text)),
                "scaled decimal " + where + " at scale " + scale + " read as " + scaled);
        }

        final int day = decoder.localMktDateAt(index);
        final LocalDate date = date(text);
        if (decoder.lastParseOk())
        {
            assertTrue(date != null, "date accepted " + where);
            assertEquals(date.toEpochDay(), day, "date " + where);
        }
        else
        {
            assertTrue(date == null || date.getYear() < 1, "date refused " + where);
        }

        final long timestamp = decoder.utcTimestampAt(index);
        if (decoder.lastParseOk())
        {
            final Matcher m = TIMESTAMP.matcher(text);
            assertTrue(m.matches(), "timestamp accepted " + where);
            final LocalDate timestampDate = date(text.substring(0, 8));
            assertTrue(timestampDate != null, "timestamp date " + where);
            final int hours = Integer.parseInt(m.group(4));
            final int minutes = Integer.parseInt(m.group(5));
            final int seconds = Integer.parseInt(m.group(6));
            assertTrue(hours < 24 && minutes < 60 && seconds <= 60, "timestamp time " + where);
            final String fraction = m.group(8) == null ? "" : m.group(8);
            final long nanos = fraction.isEmpty() ? 0 :
                Long.parseLong((fraction + "000000000").substring(0, 9));
            final BigInteger expected = BigInteger.valueOf(timestampDate.toEpochDay()).multiply(BigInteger.valueOf(86_400))
                .add(BigInteger.valueOf(hours * 3600L + minutes * 60L + seconds))
                .multiply(BigInteger.valueOf(1_000_000_000L)).add(BigInteger.valueOf(nanos));
            assertEquals(expected, BigInteger.valueOf(timestamp), "timestamp " + where);
        }
        else
        {
            assertFalse(text.length() == 21 && TIMESTAMP.matcher(text).matches() && validTime(text),
                "timestamp refused " + where);
        }

        decoder.charAt(index);
        assertEquals(value.length == 1, decoder.lastParseOk(), "char " + where);
        final boolean flag = decoder.booleanAt(index);
        assertEquals(text.equals("Y") || text.equals("N"), decoder.lastParseOk(), "boolean " + where);
        assertEquals(text.equals("Y"), flag, "boolean " + where);
        if (text.chars().allMatch(c -> c < 0x80))
        {
            assertEquals(text, decoder.stringAt(index).toString(), "string " + where); // an ASCII view
        }
        assertTrue(decoder.valueEqualsAt(index, value), "valueEquals " + where);
    }

    private static LocalDate date(final String text)
    {
        final Matcher m = DATE.matcher(text);
        if (!m.matches())
        {
            return null;
        }
        try
        {
            return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        }
        catch (final DateTimeException ex)
        {
            return null;
        }
    }

    /**
     * A millisecond timestamp on an ordinary day, hour, minute and second that epoch nanoseconds in a long can hold
     * (1677-09-22 to 2262-04-10, as documented).
     */
    private static boolean validTime(final String text)
    {
        final LocalDate day = date(text.substring(0, 8));
        return day != null && Math.abs(day.toEpochDay()) <= 106_750 && Integer.parseInt(text.substring(9, 11)) < 24 &&
            Integer.parseInt(text.substring(12, 14)) < 60 && Integer.parseInt(text.substring(15, 17)) < 60;
    }
}
