package io.fixtape.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The minimum-over-rounds probe still sees an allocation made in every operation (it is not blind). */
class AllocationProbeTest
{
    private static volatile Object sink;

    @Test
    void anAllocationInEveryOperationShowsInTheMinimum()
    {
        final long perOperation = AllocationProbe.minBytesPerOperation(() -> sink = new long[4], 20_000, 10_000, 8);
        assertTrue(perOperation >= 32, "a 48-byte array per operation measured as " + perOperation + " B/op");
        assertEquals(long[].class, sink.getClass());
    }

    @Test
    void aOneOffAllocationInOneRoundDoesNotShowInTheMinimum()
    {
        final int[] rounds = {0};
        final long bytes = AllocationProbe.minAllocatedBytes(() ->
        {
            if (rounds[0]++ == 0)
            {
                sink = new byte[1 << 20]; // e.g. a late JIT deoptimisation or lazy initialisation, once
            }
        }, 4, 1);
        assertTrue(bytes < 1 << 20, "the minimum skips the one-off round: " + bytes);
        assertTrue(rounds[0] >= 2, "measured again after the one-off round");
    }
}
