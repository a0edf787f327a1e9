package io.fixtape.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

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

    @Test
    void everyVariantJournalsWhatItsModePromisesWithoutAllocating() throws Exception
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        for (final String variant : List.of("none", "store-wall", "audit-wall", "store-duty", "audit-duty", "audit"))
        {
            final JournalPairBenchmark.JournalPair pair = new JournalPairBenchmark.JournalPair();
            pair.variant = variant;
            pair.setUp();
            final Path directory = pair.directory();
            try
            {
                long reports = 0;
                for (int i = 0; i < PAIRS; i++)
                {
                    pair.idle();
                    reports = pair.roundTrip();
                }
                final long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < PAIRS; i++)
                {
                    pair.idle();
                    reports = pair.roundTrip();
                }
                assertEquals(2 * PAIRS, reports, variant + ": every order answered");
                assertEquals(0, (threads.getCurrentThreadAllocatedBytes() - before) / PAIRS, variant + ": bytes per pair");
                if (variant.equals("none"))
                {
                    assertNull(directory, "none has no journal");
                    continue;
                }
                final int[] counts = journaled(directory); // {inbound NewOrderSingle, outbound ExecutionReport}
                assertEquals(variant.startsWith("audit") ? 2 * PAIRS : 0, counts[0], variant + ": inbound orders");
                assertEquals(2 * PAIRS, counts[1], variant + ": outbound fills");
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
        final byte[][] touch = new byte[64][];
        for (int i = 0; i < touch.length; i++)
        {
            touch[i] = new byte[1 << 16];
        }
        final long[] second = PageFaultProfiler.read();
        assertTrue(first[0] > 0 && second[0] >= first[0], "minor+major faults " + first[0] + " -> " + second[0]);
        assertTrue(second[1] >= first[1] && first[1] >= 0, "system ticks " + first[1] + " -> " + second[1]);
        assertEquals(64, touch.length);
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
