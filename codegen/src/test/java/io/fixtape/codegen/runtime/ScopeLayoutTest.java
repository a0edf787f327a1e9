package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.FixDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Table-driven scanning: dense and sparse tags, nested groups skipped whole, a tag listed twice. */
class ScopeLayoutTest
{
    // group 802 {523, 803}; group 453 {448, 447, 802}; message {11, 453, 55 (slots 2 and 4), 20001}
    private static final ScopeLayout SUB_IDS = new ScopeLayout(2, 523, new ScopeLayout[0],
        new int[] {523, 0, -1, 803, 1, -1});
    private static final ScopeLayout PARTIES = new ScopeLayout(3, 448, new ScopeLayout[] {SUB_IDS},
        new int[] {448, 0, -1, 447, 1, -1, 802, 2, 0});
    private static final ScopeLayout MESSAGE = new ScopeLayout(5, 0, new ScopeLayout[] {PARTIES},
        new int[] {11, 0, -1, 453, 1, 0, 55, 2, -1, 20001, 3, -1, 55, 4, -1});

    @Test
    void scansAMessageSkippingGroupBodies()
    {
        final FixDecoder decoder = decode("35=D|11=A|453=2|448=P1|802=1|523=S|803=1|447=D|448=P2|55=X|20001=hi|");
        final DecoderScope scope = new DecoderScope(MESSAGE.slotCount());
        MESSAGE.scanMessage(decoder, scope);
        assertEquals(3, scope.index(0), "fields 0 to 2 are 8, 9 and 35");
        assertEquals(4, scope.index(1));
        assertEquals("X", scope.stringAsString(2));
        assertEquals("X", scope.stringAsString(4), "a tag listed twice fills both slots");
        assertEquals("hi", scope.stringAsString(3), "a tag above the dense table");
        assertEquals(11, PARTIES.end(decoder, 4), "nested group and both entries skipped");
    }

    @Test
    void scansOneEntryAtATime()
    {
        final FixDecoder decoder = decode("35=D|453=2|448=P1|802=1|523=S|803=1|447=D|448=P2|447=B|55=X|");
        final DecoderScope scope = new DecoderScope(PARTIES.slotCount());
        scope.reset(decoder);
        final int next = PARTIES.scanEntry(decoder, 4, scope);
        assertEquals(9, next, "stops at the next delimiter");
        assertEquals("P1", scope.stringAsString(0));
        assertEquals("D", scope.stringAsString(1), "after the nested group");
        assertEquals(5, scope.index(2));
        scope.reset(decoder);
        assertEquals(11, PARTIES.scanEntry(decoder, next, scope), "stops at a tag that is not a member");
        assertEquals("B", scope.stringAsString(1));
    }

    @Test
    void rejectsMalformedTables()
    {
        assertThrows(IllegalArgumentException.class, () -> new ScopeLayout(1, 0, new ScopeLayout[0], new int[] {11, 0}));
        assertThrows(IllegalArgumentException.class, () -> new ScopeLayout(70_000, 0, new ScopeLayout[0], new int[0]));
    }

    private static FixDecoder decode(final String piped)
    {
        final byte[] bytes = ("8=FIX.4.4|9=5|" + piped + "10=000|").replace('|', '\001').getBytes(StandardCharsets.US_ASCII);
        return new FixDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }
}
