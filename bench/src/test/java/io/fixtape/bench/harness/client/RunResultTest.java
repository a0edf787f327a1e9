package io.fixtape.bench.harness.client;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The achieved and send rates of one run, from the schedule's clock (no process, no sockets). */
class RunResultTest
{
    private static final long MS = 1_000_000L;

    private static RunResult result(final int measured, final int measuredCompleted, final long firstSend,
        final long lastSend, final long lastReply, final long scheduleStart)
    {
        return new RunResult(10_000, 100, measured, 100 + measured, 100 + measuredCompleted, measuredCompleted, 0, 0,
            0, firstSend, lastSend, firstSend + MS, lastReply, 0, scheduleStart, new Histogram(3), new Histogram(3));
    }

    @Test
    void achievedRateIsRepliesOverTheWindowFromTheFirstMeasuredSlot()
    {
        // 1,000 replies, the last one 100 ms after the first measured slot: 10,000/s
        assertEquals(10_000.0, result(1_000, 1_000, 0, 99 * MS, 100 * MS, 0).achievedRate(), 1e-9);
    }

    @Test
    void aLateBurstCannotRaiseTheAchievedRate()
    {
        // the client stalled: the same 1,000 replies all arrive 200 ms after the first slot -> 5,000/s, although
        // they arrived back to back (counting from the first reply would claim far more)
        assertEquals(5_000.0, result(1_000, 1_000, 150 * MS, 199 * MS, 200 * MS, 0).achievedRate(), 1e-9);
    }

    @Test
    void missingRepliesLowerTheAchievedRateAndNoReplyIsZero()
    {
        assertEquals(9_000.0, result(1_000, 900, 0, 99 * MS, 100 * MS, 0).achievedRate(), 1e-9);
        assertEquals(0.0, result(1_000, 0, 0, 99 * MS, 0, 0).achievedRate());
        assertEquals(0.0, result(1_000, 10, 0, 99 * MS, 5 * MS, 5 * MS).achievedRate(), "empty window");
    }

    @Test
    void sendRateCountsTheGapsBetweenMeasuredWrites()
    {
        // 1,001 writes over 100 ms: 1,000 gaps -> 10,000/s
        assertEquals(10_000.0, result(1_001, 1_001, 0, 100 * MS, 101 * MS, 0).sendRate(), 1e-9);
        assertEquals(0.0, result(1, 1, 5 * MS, 5 * MS, 6 * MS, 0).sendRate(), "one write has no rate");
    }
}
