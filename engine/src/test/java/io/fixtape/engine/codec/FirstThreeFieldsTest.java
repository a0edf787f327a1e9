package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FirstThreeFieldsTest
{
    private final FixDecoder decoder = new FixDecoder();

    private FixDecoder decode(final String piped)
    {
        final String text = FixText.soh(piped);
        return decoder.wrap(FixText.buffer(text), 0, text.length());
    }

    @Test
    void beginStringBodyLengthMsgTypeInOrder()
    {
        decode("8=FIX.4.4|9=5|35=0|10=000|");
        assertTrue(FirstThreeFields.inOrder(decoder));
        assertEquals(0, FirstThreeFields.firstOutOfOrder(decoder));
    }

    @Test
    void reportsTheFirstFieldThatIsNotTheExpectedOne()
    {
        decode("8=FIX.4.4|9=5|49=A|35=0|10=000|");
        assertFalse(FirstThreeFields.inOrder(decoder));
        assertEquals(49, FirstThreeFields.firstOutOfOrder(decoder));

        decode("9=5|8=FIX.4.4|35=0|10=000|");
        assertFalse(FirstThreeFields.inOrder(decoder));
        assertEquals(9, FirstThreeFields.firstOutOfOrder(decoder));
    }

    @Test
    void tooFewFieldsReportTheMissingTag()
    {
        decode("8=FIX.4.4|9=5|");
        assertFalse(FirstThreeFields.inOrder(decoder));
        assertEquals(35, FirstThreeFields.firstOutOfOrder(decoder));

        decode("8=FIX.4.4|");
        assertFalse(FirstThreeFields.inOrder(decoder));
        assertEquals(9, FirstThreeFields.firstOutOfOrder(decoder));
    }
}
