package io.fixtape.engine.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.SessionDictionary;

/**
 * The layout cache never changes a verdict: a validator with the cache judges a stream of messages (valid ones
 * that fill the cache, then the same layouts with every kind of bad value, plus group and ApplVerID layouts)
 * exactly as a validator without it, message by message.
 */
class LayoutCacheTest
{
    private static final String[] BAD_VALUES = {"", "X", "-", "1.2.3", "ZZ", "20241301-10:00:00.000",
        "20240101-24:00:00", "20240101 10:00:00", "99999999999", "Y", "1 2", "\u00b5"};

    @Test
    void sameVerdictsWithAndWithoutTheCache()
    {
        check(Dictionaries.forSession("FIX.4.4", null), "FIX.4.4", List.of(
            "35=D|49=A|56=B|34=2|52=" + Fix.TIME + "|11=O-1|21=1|55=IBM|54=1|60=" + Fix.TIME + "|38=100|40=2|44=1.25|59=0|",
            "35=D|49=A|56=B|34=3|52=" + Fix.TIME + "|11=O-2|21=1|55=IBM|54=2|60=" + Fix.TIME + "|38=5|40=1|",
            "35=8|49=A|56=B|34=4|52=" + Fix.TIME + "|37=X|11=O-1|17=E|150=F|39=2|55=IBM|54=1|38=100|32=100|31=1.25|" +
                "151=0|14=100|6=1.25|60=" + Fix.TIME + "|",
            "35=D|49=A|56=B|34=5|52=" + Fix.TIME + "|11=O-3|21=1|55=IBM|54=1|60=" + Fix.TIME + "|38=1|40=2|44=2|" +
                "453=1|448=P1|447=D|452=1|",
            "35=0|49=A|56=B|34=6|52=" + Fix.TIME + "|",
            "35=A|49=A|56=B|34=1|52=" + Fix.TIME + "|98=0|108=30|"));
    }

    private static void check(final SessionDictionary dictionary, final String begin, final List<String> bodies)
    {
        final MessageValidator cached = new MessageValidator(dictionary, new ValidationOptions());
        final MessageValidator plain = new MessageValidator(dictionary, new ValidationOptions().layoutCache(false));
        final Random random = new Random(11);
        final List<String> stream = new ArrayList<>();
        for (int round = 0; round < 3; round++)
        {
            for (final String body : bodies)
            {
                stream.add(Fix.message(begin, body));
                final String[] fields = body.split("\\|");
                for (int i = 0; i < fields.length; i++)
                {
                    final String tag = fields[i].substring(0, fields[i].indexOf('=') + 1);
                    final String[] changed = fields.clone();
                    changed[i] = tag + BAD_VALUES[random.nextInt(BAD_VALUES.length)];
                    stream.add(Fix.message(begin, String.join("|", changed) + "|"));
                    stream.add(Fix.message(begin, body)); // the valid layout again, between bad ones
                }
            }
        }
        int rejected = 0;
        for (final String message : stream)
        {
            final ValidationResult expected = Fix.judge(plain, message.replace('|', '\001'));
            final ValidationResult actual = Fix.judge(cached, message.replace('|', '\001'));
            assertEquals(expected.toString(), actual.toString(), message.replace('\001', '|'));
            rejected += expected.isValid() ? 0 : 1;
        }
        assertTrue(rejected > 50, "bad values were rejected: " + rejected);
        assertTrue(stream.size() - rejected > 50, "valid messages passed: " + (stream.size() - rejected));
    }
}
