package io.fixtape.bench.harness.client;

import org.HdrHistogram.Histogram;

/**
 * What one client run measured: counts and the two latency histograms (nanoseconds) of the measured iterations,
 * seeded ({@link io.fixtape.bench.harness.Seeds}: report {@code Seeds.without(response())}).
 * Immutable after construction (the histograms are handed over by the finished client).
 */
public record RunResult(
    long offeredRate,
    int warmup,
    int measured,
    int sent,
    int completed,
    int measuredCompleted,
    long duplicates,
    long rejects,
    long otherMessages,
    long firstMeasuredSendNs,
    long lastMeasuredSendNs,
    long firstMeasuredReplyNs,
    long lastMeasuredReplyNs,
    long maxSchedulerLagNs,
    long measuredScheduleStartNs,
    Histogram response,
    Histogram service)
{
    /** Rate at which measured requests actually left (writes), per second; 0 when fewer than two were sent. */
    public double sendRate()
    {
        final long window = lastMeasuredSendNs - firstMeasuredSendNs;
        return window <= 0 ? 0 : (measured - 1) * 1e9 / window;
    }

    /**
     * Replies per second over the measured schedule window: measured replies / (last measured reply - scheduled
     * slot of the first measured request). Measured from the schedule, not from the first reply, so a burst of
     * replies after a stall cannot make the achieved rate exceed what was really sustained.
     */
    public double achievedRate()
    {
        final long window = lastMeasuredReplyNs - measuredScheduleStartNs;
        return window <= 0 || measuredCompleted == 0 ? 0 : measuredCompleted * 1e9 / window;
    }
}
