package io.fixtape.engine.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Pattern;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.fixtape.engine.dictionary.FieldType;

/**
 * The word-at-a-time UTCTimestamp check against a plain regular-expression reference: valid timestamps of every
 * precision and single-byte corruptions of them (every position, every interesting byte), placed at every offset
 * 0..15 so the 8-byte reads are aligned and not aligned.
 */
class FieldFormatsTest
{
    private static final Pattern TIMESTAMP =
        Pattern.compile("[0-9]{8}-[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3}|\\.[0-9]{6}|\\.[0-9]{9}|\\.[0-9]{12})?");
    private static final byte[] ODD_BYTES = {'0', '9', '/', ':', ';', '-', '.', 'a', 0x01, 0x00, (byte)0xB0, (byte)0xB9};

    @Test
    void timestampCheckMatchesTheReference()
    {
        final Random random = new Random(7);
        final String[] fractions = {"", ".123", ".123456", ".123456789", ".123456789012"};
        int checked = 0;
        for (int n = 0; n < 300; n++)
        {
            final String base = String.format("%04d%02d%02d-%02d:%02d:%02d",
                random.nextInt(10000), random.nextInt(14), random.nextInt(33),
                random.nextInt(26), random.nextInt(62), random.nextInt(62)) + fractions[n % fractions.length];
            final byte[] bytes = base.getBytes(StandardCharsets.US_ASCII);
            checked += check(bytes, n % 16);
            for (int i = 0; i < bytes.length; i++)
            {
                final byte[] corrupt = bytes.clone();
                corrupt[i] = ODD_BYTES[random.nextInt(ODD_BYTES.length)];
                checked += check(corrupt, (n + i) % 16);
            }
        }
        assertEquals(true, checked > 5000);
    }

    private static int check(final byte[] bytes, final int offset)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[offset + bytes.length + 8]);
        buffer.putBytes(offset, bytes);
        final String text = new String(bytes, StandardCharsets.ISO_8859_1);
        final boolean lenient = TIMESTAMP.matcher(text).matches();
        final boolean strict = lenient && inRange(text);
        assertEquals(lenient, FieldFormats.isValid(FieldType.UTCTIMESTAMP, true, false, buffer, offset, bytes.length), text);
        assertEquals(strict, FieldFormats.isValid(FieldType.UTCTIMESTAMP, true, true, buffer, offset, bytes.length), text);
        return 1;
    }

    private static boolean inRange(final String t)
    {
        final int month = Integer.parseInt(t.substring(4, 6));
        final int day = Integer.parseInt(t.substring(6, 8));
        final int hour = Integer.parseInt(t.substring(9, 11));
        final int minute = Integer.parseInt(t.substring(12, 14));
        final int second = Integer.parseInt(t.substring(15, 17));
        return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 60;
    }
}
