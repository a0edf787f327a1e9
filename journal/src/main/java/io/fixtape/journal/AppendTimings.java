package io.fixtape.journal;

import java.util.Arrays;

/**
 * Diagnostic, off by default: how long Chronicle's append of one record takes, split into appends that cross into a
 * new 4 KiB page of the cycle file and appends within a page. On with {@code -Dfixtape.journal.appendTimings=true}
 * (read once: a {@code static final} the JIT folds away when off); the summary goes to stderr when the journal
 * closes, e.g. {@code FIXTAPE_JAVA_OPTS=-Dfixtape.journal.appendTimings=true bin/fixtape replay R --rate 20000}.
 * It shows the page-fault cost the pretouch leaves on the writer. Keeps the first
 * {@link #CAPACITY} of each kind; allocates its arrays only when on. Writer thread only.
 */
final class AppendTimings
{
    static final boolean ENABLED = Boolean.getBoolean("fixtape.journal.appendTimings");
    static final int CAPACITY = 1 << 21;
    private static final int PAGE_SHIFT = 12;

    private final long[] crossing = new long[CAPACITY];
    private final long[] within = new long[CAPACITY];
    private int crossingCount;
    private int withinCount;

    /**
     * One append that moved the write position from {@code before} to {@code after} in {@code nanos}: it crossed into
     * a new page when its last byte is in a page the previous append's last byte was not.
     */
    void record(final long before, final long after, final long nanos)
    {
        if (((before - 1) >> PAGE_SHIFT) != ((after - 1) >> PAGE_SHIFT))
        {
            if (crossingCount < CAPACITY)
            {
                crossing[crossingCount++] = nanos;
            }
        }
        else if (withinCount < CAPACITY)
        {
            within[withinCount++] = nanos;
        }
    }

    String summary()
    {
        return "append timings (ns): into a new page " + summary(crossing, crossingCount) + " | within a page " +
            summary(within, withinCount);
    }

    private static String summary(final long[] values, final int count)
    {
        if (count == 0)
        {
            return "0 appends";
        }
        final long[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return count + " appends p50 " + sorted[count / 2] + " p90 " + sorted[(int)(count * 0.9)] + " p99 " +
            sorted[(int)(count * 0.99)] + " max " + sorted[count - 1];
    }
}
