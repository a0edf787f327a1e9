package io.fixtape.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.SessionDictionary;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.SessionRejectReason;
import io.fixtape.engine.validation.ValidationOptions;
import io.fixtape.engine.validation.ValidationResult;
import org.agrona.concurrent.UnsafeBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dictionary validation ({@link MessageValidator}) of arbitrary and mutated messages. Input: byte 0 picks the
 * dictionary (FIX 4.2, FIX 4.4, FIXT 1.1 with FIX 5.0 SP2) and the options (strict formats, unordered group fields,
 * user-defined fields); bit 7 frames the rest as "lines" (see {@link FuzzInputs#framedLines}); the rest is the
 * message.
 *
 * <p>Checked: nothing throws; the verdict is one of the documented outcomes with a SessionRejectReason of the FIX
 * specification; the verdict is deterministic and the same with and without the layout cache (the cache, kept
 * across inputs, may only answer what the full walk would); allocation stays bounded by the message size.
 */
class ValidatorFuzzTest
{
    private static final SessionDictionary[] DICTIONARIES = {
        Dictionaries.forSession("FIX.4.2", null),
        Dictionaries.forSession("FIX.4.4", null),
        Dictionaries.forSession("FIXT.1.1", "FIX.5.0SP2"),
    };
    private static final MessageValidator[][] PLAIN = new MessageValidator[DICTIONARIES.length][8];
    private static final MessageValidator[][] CACHED = new MessageValidator[DICTIONARIES.length][8];

    static
    {
        for (int d = 0; d < DICTIONARIES.length; d++)
        {
            for (int o = 0; o < 8; o++)
            {
                PLAIN[d][o] = new MessageValidator(DICTIONARIES[d], options(o).layoutCache(false));
                CACHED[d][o] = new MessageValidator(DICTIONARIES[d], options(o).layoutCache(true));
            }
        }
    }

    private static ValidationOptions options(final int bits)
    {
        return new ValidationOptions()
            .strictFormats((bits & 1) != 0)
            .validateUnorderedGroupFields((bits & 2) == 0)
            .validateUserDefinedFields((bits & 4) == 0)
            .supportedMessageType("D");
    }

    @FuzzTest(maxDuration = "2m")
    void validates(final byte[] data)
    {
        final int control = FuzzInputs.control(data, 0);
        final int dictionary = (control & 3) % DICTIONARIES.length;
        final int options = (control >>> 2) & 7;
        final byte[] raw = FuzzInputs.payload(data, 1);
        final byte[] message = (control & 0x80) != 0 ? FuzzInputs.framedLines(raw) : raw;
        final FixDecoder decoder = new FixDecoder().wrap(new UnsafeBuffer(message), 0, message.length);

        final ValidationResult plain = new ValidationResult();
        final long before = FuzzInputs.allocatedBytes();
        final boolean valid = PLAIN[dictionary][options].validate(decoder, plain);
        FuzzInputs.assertAllocatedAtMost(before, 256 * 1024 + 64L * message.length, "MessageValidator");
        assertNotNull(plain.verdict());
        assertEquals(valid, plain.verdict() == ValidationResult.Verdict.VALID);
        if (plain.verdict() == ValidationResult.Verdict.SESSION_REJECT ||
            plain.verdict() == ValidationResult.Verdict.GARBLED)
        {
            final int reason = plain.sessionRejectReason();
            assertTrue(reason >= SessionRejectReason.INVALID_TAG_NUMBER &&
                reason <= SessionRejectReason.NON_DATA_VALUE_INCLUDES_FIELD_DELIMITER ||
                reason == SessionRejectReason.OTHER, "reason " + reason + " for " + decoder);
        }

        final ValidationResult again = new ValidationResult();
        PLAIN[dictionary][options].validate(decoder, again);
        assertSame(plain, again, "validated twice", decoder);
        final ValidationResult cached = new ValidationResult();
        CACHED[dictionary][options].validate(decoder, cached);
        assertSame(plain, cached, "with the layout cache", decoder);
        CACHED[dictionary][options].validate(decoder, cached);
        assertSame(plain, cached, "with the layout cache, again", decoder);
    }

    private static void assertSame(
        final ValidationResult expected, final ValidationResult actual, final String what, final FixDecoder message)
    {
        final String context = what + ": " + message;
        assertEquals(expected.verdict(), actual.verdict(), context);
        assertEquals(expected.sessionRejectReason(), actual.sessionRejectReason(), context);
        assertEquals(expected.hasRefTagId(), actual.hasRefTagId(), context);
        assertEquals(expected.refTagId(), actual.refTagId(), context);
        assertEquals(expected.businessRejectReason(), actual.businessRejectReason(), context);
    }
}
