package io.fixtape.engine.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.EnumValues;
import io.fixtape.engine.dictionary.FieldType;

/**
 * The shortcuts a {@link LayoutCache} hit takes instead of {@link FieldFormats#isValidKind} and
 * {@link EnumValues#contains} give the same answers: one-byte tables for every kind and every FIX 4.4 enum, and
 * the word forms of int, decimal and UTCTimestamp checks on random and corrupted values, with random bytes after
 * the value in the word (they must be ignored).
 */
class LayoutCacheShortcutsTest
{
    private static final byte[] ALPHABET = "00123456789.-+: a/\u0001".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void oneByteTablesMatchTheFullChecks()
    {
        final UnsafeBuffer one = new UnsafeBuffer(new byte[1]);
        for (final FieldType type : FieldType.values())
        {
            final int kind = FieldFormats.kind(type.ordinal() + 1);
            for (int flags = 0; flags < 4; flags++)
            {
                final boolean charChecked = (flags & 1) != 0;
                final boolean strict = (flags & 2) != 0;
                for (int b = 0; b < 256; b++)
                {
                    one.putByte(0, (byte)b);
                    final boolean bit = (FieldFormats.oneByteValid(kind, charChecked, strict, b >>> 6) & (1L << b)) != 0;
                    assertEquals(FieldFormats.isValidKind(kind, charChecked, strict, one, 0, 1), bit, type + " " + b);
                }
            }
        }
        final Dictionary fix44 = Dictionaries.forSession("FIX.4.4", null).defaultApplication();
        int enums = 0;
        for (int tag = 1; tag < 10_000; tag++)
        {
            final EnumValues values = fix44.enumValues(tag);
            if (values == null)
            {
                continue;
            }
            enums++;
            for (int b = 0; b < 256; b++)
            {
                one.putByte(0, (byte)b);
                final boolean bit = (values.acceptedOneByteValues(b >>> 6) & (1L << b)) != 0;
                assertEquals(values.contains(one, 0, 1), bit, tag + " " + b);
            }
        }
        assertTrue(enums > 100, "FIX 4.4 enums checked: " + enums);
    }

    @Test
    void wordFormsOfIntAndDecimalMatchTheFullChecks()
    {
        final Random random = new Random(3);
        final int intKind = FieldFormats.kind(FieldType.INT.ordinal() + 1);
        final int decimalKind = FieldFormats.kind(FieldType.PRICE.ordinal() + 1);
        int accepted = 0;
        for (int n = 0; n < 200_000; n++)
        {
            final int length = 2 + random.nextInt(7);
            final byte[] value = new byte[length];
            for (int i = 0; i < length; i++)
            {
                value[i] = random.nextInt(3) == 0 ? ALPHABET[random.nextInt(ALPHABET.length)] :
                    (byte)('0' + random.nextInt(10));
            }
            final UnsafeBuffer buffer = withGarbageAfter(value, random);
            final long word = buffer.getLong(0, ByteOrder.LITTLE_ENDIAN);
            final boolean unsigned = value[0] != '-';
            final boolean shortInt = FieldFormats.isShortUnsignedInt(word, length);
            final boolean fullInt = FieldFormats.isValidKind(intKind, true, true, buffer, 0, length);
            final boolean shortDecimal = FieldFormats.isShortUnsignedDecimal(word, length);
            final boolean fullDecimal = FieldFormats.isValidKind(decimalKind, true, true, buffer, 0, length);
            final String text = new String(value, StandardCharsets.ISO_8859_1);
            // a shortcut may decline a signed value (the full check answers), never accept a bad one
            assertEquals(unsigned ? fullInt : shortInt && fullInt, shortInt, "int " + text);
            assertEquals(unsigned ? fullDecimal : shortDecimal && fullDecimal, shortDecimal, "decimal " + text);
            accepted += shortDecimal ? 1 : 0;
        }
        assertTrue(accepted > 10_000, "decimals accepted by the shortcut: " + accepted);
    }

    @Test
    void wordFormOfTimestampMatchesTheFullCheck()
    {
        final Random random = new Random(5);
        final int kind = FieldFormats.kind(FieldType.UTCTIMESTAMP.ordinal() + 1);
        final String[] fractions = {"", ".123", ".123456"};
        int accepted = 0;
        for (int n = 0; n < 3_000; n++)
        {
            final String base = String.format("%04d%02d%02d-%02d:%02d:%02d",
                random.nextInt(10000), random.nextInt(14), random.nextInt(33),
                random.nextInt(26), random.nextInt(62), random.nextInt(62)) + fractions[n % fractions.length];
            final byte[] bytes = base.getBytes(StandardCharsets.US_ASCII);
            accepted += checkTimestamp(kind, bytes, random);
            for (int i = 0; i < bytes.length; i++)
            {
                final byte[] corrupt = bytes.clone();
                corrupt[i] = ALPHABET[random.nextInt(ALPHABET.length)];
                checkTimestamp(kind, corrupt, random);
            }
        }
        assertTrue(accepted > 500, "timestamps accepted by the shortcut: " + accepted);
    }

    private static int checkTimestamp(final int kind, final byte[] value, final Random random)
    {
        final UnsafeBuffer buffer = withGarbageAfter(value, random);
        int accepted = 0;
        for (final boolean strict : new boolean[] {false, true})
        {
            final boolean shortForm = FieldFormats.isShortTimestamp(buffer.getLong(0, ByteOrder.LITTLE_ENDIAN),
                buffer.getLong(8, ByteOrder.LITTLE_ENDIAN), buffer.getLong(16, ByteOrder.LITTLE_ENDIAN), value.length,
                strict);
            final boolean full = FieldFormats.isValidKind(kind, true, strict, buffer, 0, value.length);
            assertEquals(full, shortForm, new String(value, StandardCharsets.ISO_8859_1) + " strict " + strict);
            accepted += shortForm ? 1 : 0;
            final long date = buffer.getLong(0, ByteOrder.LITTLE_ENDIAN);
            final long time = buffer.getLong(8, ByteOrder.LITTLE_ENDIAN);
            if (shortForm && FieldFormats.secondsTensBelowSix(time))
            {
                // the cache's memo: with these date and time words known good, the rest alone decides
                for (int k = 0; k < 20; k++)
                {
                    final byte[] rest = new byte[8];
                    for (int i = 0; i < 8; i++)
                    {
                        rest[i] = random.nextInt(3) == 0 ? ALPHABET[random.nextInt(ALPHABET.length)] :
                            (byte)('0' + random.nextInt(10));
                    }
                    if (random.nextBoolean())
                    {
                        rest[1] = '.';
                    }
                    final long restWord = new UnsafeBuffer(rest).getLong(0, ByteOrder.LITTLE_ENDIAN);
                    final int length = new int[] {17, 18, 21, 24, 27}[random.nextInt(5)];
                    assertEquals(FieldFormats.isShortTimestamp(date, time, restWord, length, strict),
                        FieldFormats.isTimestampRest(restWord, length), "rest of " + length + " strict " + strict);
                }
            }
        }
        return accepted;
    }

    private static UnsafeBuffer withGarbageAfter(final byte[] value, final Random random)
    {
        final byte[] bytes = new byte[32];
        for (int i = value.length; i < bytes.length; i++)
        {
            bytes[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        System.arraycopy(value, 0, bytes, 0, value.length);
        return new UnsafeBuffer(bytes);
    }
}
