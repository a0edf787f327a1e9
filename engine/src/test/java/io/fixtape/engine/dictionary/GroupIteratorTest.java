package io.fixtape.engine.dictionary;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GroupIteratorTest
{
    private static final MessageDefinition ORDER = Dictionaries.standard("FIX.4.4").message(MsgTypes.NEW_ORDER_SINGLE);

    private static FixDecoder decode(final String piped)
    {
        final byte[] bytes = piped.replace('|', '\001').getBytes(StandardCharsets.US_ASCII);
        return new FixDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    private static String value(final FixDecoder decoder, final int index)
    {
        return decoder.buffer().getStringWithoutLengthAscii(decoder.valueOffsetAt(index), decoder.valueLengthAt(index));
    }

    @Test
    void walksInstancesAndNestedGroups()
    {
        final FixDecoder decoder = decode("8=FIX.4.4|9=1|35=D|11=A|453=2|448=P1|447=D|802=2|523=S1|803=1|523=S2|452=1|" +
            "448=P2|447=D|452=3|55=IBM|10=000|");
        final GroupIterator parties = new GroupIterator();
        final GroupIterator subIds = new GroupIterator();
        assertTrue(parties.wrap(decoder, ORDER, 453));
        assertEquals(2, parties.count());

        assertTrue(parties.next());
        assertEquals(0, parties.instance());
        assertEquals("P1", value(decoder, parties.indexOf(448)));
        assertEquals("1", value(decoder, parties.indexOf(452)));
        assertTrue(parties.wrapNested(subIds, 802));
        assertEquals(2, subIds.count());
        assertTrue(subIds.next());
        assertEquals("S1", value(decoder, subIds.indexOf(523)));
        assertEquals("1", value(decoder, subIds.indexOf(803)));
        assertTrue(subIds.next());
        assertEquals("S2", value(decoder, subIds.indexOf(523)));
        assertEquals(-1, subIds.indexOf(803));
        assertFalse(subIds.next());

        assertTrue(parties.next());
        assertEquals("P2", value(decoder, parties.indexOf(448)));
        assertEquals("3", value(decoder, parties.indexOf(452)));
        assertEquals(-1, parties.indexOf(523));
        assertFalse(parties.wrapNested(subIds, 802));
        assertFalse(parties.next());
        assertEquals("IBM", value(decoder, parties.groupEnd()));
    }

    @Test
    void absentOrEmptyGroup()
    {
        final GroupIterator iterator = new GroupIterator();
        assertFalse(iterator.wrap(decode("8=FIX.4.4|9=1|35=D|11=A|55=IBM|10=000|"), ORDER, 453));
        assertFalse(iterator.next());
        assertTrue(iterator.wrap(decode("8=FIX.4.4|9=1|35=D|11=A|453=0|55=IBM|10=000|"), ORDER, 453));
        assertEquals(0, iterator.count());
        assertFalse(iterator.next());
        assertFalse(iterator.wrap(decode("8=FIX.4.4|9=1|35=D|11=A|55=IBM|10=000|"), ORDER, 9999));
    }
}
