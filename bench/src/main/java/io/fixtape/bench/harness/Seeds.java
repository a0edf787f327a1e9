package io.fixtape.bench.harness;

import org.HdrHistogram.Histogram;

/**
 * Histograms recorded on a hot path carry two seeds, their lowest (1) and highest trackable value, so that no sample
 * ever moves their min or max: HdrHistogram's min/max update is then never taken for the first time by a fresh
 * histogram of the measured phase (JFR: {@code AbstractHistogram.updateMinAndMax} deoptimised the compiled loop of
 * the client and of the server probe right after the warm-up; see {@link Phase}). {@link #without} gives the
 * samples alone for reporting. Not for the measured path itself: {@link #without} allocates.
 */
public final class Seeds
{
    private Seeds()
    {
    }

    /** A histogram up to {@code highestTrackableValue} (3 significant digits) with its two seeds. */
    public static Histogram seeded(final long highestTrackableValue)
    {
        final Histogram histogram = new Histogram(highestTrackableValue, 3);
        seed(histogram);
        return histogram;
    }

    /** (Re)seeds a histogram that is empty. */
    public static void seed(final Histogram histogram)
    {
        histogram.recordValue(1);
        histogram.recordValue(histogram.getHighestTrackableValue());
    }

    /** A copy of {@code seeded} without its two seeds (min, max and count of the samples alone). */
    public static Histogram without(final Histogram seeded)
    {
        final Histogram seeds = new Histogram(seeded.getHighestTrackableValue(), 3);
        seed(seeds);
        final Histogram samples = seeded.copy();
        samples.subtract(seeds);
        return samples;
    }
}
