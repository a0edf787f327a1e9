package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.FixText.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * A decoder allocates its by-tag lookup table on its first lookup (or when reserved), never for indexing alone:
 * the decoders a session keeps for resends, gaps and held replies cost little while they are not used.
 */
class FixDecoderLookupTableTest
{
    private static final byte[] ORDER = message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=42|" +
        "52=20261202-14:55:00.123|11=ORD-1|54=1|38=100|40=2|44=1.25|58=x|").getBytes(StandardCharsets.US_ASCII);

    @Test
    void wrappingAndScanningLeaveTheTableUnallocated()
    {
        final FixDecoder decoder = new FixDecoder().wrap(new UnsafeBuffer(ORDER), 0, ORDER.length);
        assertEquals(MsgTypes.NEW_ORDER_SINGLE, decoder.msgType());
        assertEquals(34, decoder.tagAt(decoder.indexOf(34, 0)), "a scan from an index needs no table");
        assertFalse(decoder.hasLookupTable());

        assertEquals(42, decoder.getInt(34));
        assertTrue(decoder.hasLookupTable(), "the first lookup allocates it");
    }

    @Test
    void aReservedTableMakesTheFirstLookupAllocationFree()
    {
        final FixDecoder decoder = new FixDecoder().reserveLookups();
        assertTrue(decoder.hasLookupTable());
        final UnsafeBuffer buffer = new UnsafeBuffer(ORDER);
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        decoder.wrap(buffer, 0, ORDER.length);
        final int seqNum = decoder.getInt(34);
        final int clOrdIdIndex = decoder.indexOf(11);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertEquals(42, seqNum);
        assertEquals(11, decoder.tagAt(clOrdIdIndex));
        assertTrue(allocated < 256, "the first lookups allocated " + allocated + " bytes");
    }
}
