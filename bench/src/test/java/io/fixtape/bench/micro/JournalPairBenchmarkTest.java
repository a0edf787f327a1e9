package io.fixtape.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.fixtape.bench.AllocationProbe;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;

/**
 * JournalPairBenchmark without measuring: each variant runs real pairs (NewOrderSingle in, ExecutionReport out) with
 * the acceptor's store on a real journal in a temp dir; the journal holds what the mode promises (audit: both
 * directions, store: the ExecutionReports), a steady-state pair allocates nothing, tear-down removes the directory,
 * and PageFaultProfiler reads this process's counters.
 */
class JournalPairBenchmarkTest
{
    private static final int PAIRS = 3_000;
    private static final int WARMUP_ROUNDS = 3;
    private static final int MAX_ROUNDS = 6;

    @Test
    void everyVariantJournalsWhatItsModePromisesWithoutAllocating() throws Exception
    {
        for (final String variant : List.of("none", "store-wall", "audit-wall", "store-duty", "audit-duty", "audit"))
        {
            final JournalPairBenchmark.JournalPair pair = new JournalPairBenchmark.JournalPair();
            pair.variant = variant;
            pair.setUp();
            final Path directory = pair.directory();
            try
            {
                final long[] pairs = {0, 0}; // {pairs run, reports counted by the acceptor after the last one}
                final Runnable round = () ->
                {
                    for (int i = 0; i < PAIRS; i++)
                    {
                        pair.idle();
                        pairs[1] = pair.roundTrip();
                        pairs[0]++;
                    }
                };
                for (int i = 0; i < WARMUP_ROUNDS; i++)
                {
                    round.run();
                }
                // the minimum over repeated rounds: a late JIT compilation on a loaded machine allocates once, a
                // per-pair allocation in every round (integer division: < 1 byte per pair is none)
                final long bytes = AllocationProbe.minAllocatedBytes(round, MAX_ROUNDS, PAIRS);
                assertEquals(pairs[0], pairs[1], variant + ": every order answered");
                assertEquals(0, bytes / PAIRS, variant + ": bytes per pair");
                if (variant.equals("none"))
                {
                    assertNull(directory, "none has no journal");
                    continue;
                }
                final int[] counts = journaled(directory); // {inbound NewOrderSingle, outbound ExecutionReport}
                assertEquals(variant.startsWith("audit") ? pairs[0] : 0, counts[0], variant + ": inbound orders");
                assertEquals(pairs[0], counts[1], variant + ": outbound fills");
            }
            finally
            {
                pair.tearDown();
            }
            if (directory != null)
            {
                assertFalse(Files.exists(directory), variant + ": temp journal removed");
            }
        }
    }

    @Test
    void pageFaultProfilerReadsThisProcess()
    {
        final long[] first = PageFaultProfiler.read();
        // fresh native memory (4 MiB, mapped on demand): touching one byte per page faults pages in
        final ByteBuffer fresh = ByteBuffer.allocateDirect(4 << 20);
        for (int page = 0; page < fresh.capacity(); page += 4096)
        {
            fresh.put(page, (byte)1);
        }
        final long[] second = PageFaultProfiler.read();
        assertTrue(first[0] > 0 && second[0] > first[0], "minor+major faults " + first[0] + " -> " + second[0]
            + " after touching " + fresh.capacity() / 4096 + " fresh pages");
        assertTrue(second[1] >= first[1] && first[1] >= 0, "system ticks " + first[1] + " -> " + second[1]);
    }

    private static int[] journaled(final Path directory)
    {
        final int[] counts = new int[2];
        final JournalRecord record = new JournalRecord();
        try (JournalReader reader = new JournalReader(directory))
        {
            while (reader.next(record))
            {
                if (record.msgType() == MsgTypes.NEW_ORDER_SINGLE && record.direction() == 0)
                {
                    counts[0]++;
                }
                else if (record.msgType() == MsgTypes.EXECUTION_REPORT && record.direction() == 1)
                {
                    counts[1]++;
                }
            }
        }
        return counts;
    }
}
