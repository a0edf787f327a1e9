package io.fixtape.bench.micro;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.channels.Selector;
import java.util.Arrays;
import java.util.Locale;

import org.HdrHistogram.Histogram;

/**
 * Interleaved A/B of {@link JournalPairBenchmark}'s variants in one JVM, for a machine too loaded for separate forks
 * to be compared: each round runs a block of pairs of every variant in turn (order rotated per round), so load
 * changes hit all of them alike. Per variant it prints the median and the minimum over rounds of each block's p50
 * (a block's p50 is not moved by descheduling unless half the block is), the overall p50/p99/p99.9, and CPU time per
 * pair of the benchmark thread (pairs and the idle duty cycles between them). Every session pair is a real one
 * (real journal in a temp dir); all variants share the JIT's profile of the session code.
 *
 * <p>Usage: {@code JournalPairAB [rounds=30] [pairsPerBlock=20000] [variants=none,store-wall,audit-wall,store-duty,audit-duty]
 * [gapMicros=0]}: with a gap, each pair is preceded by that long of an idle poller's loop ({@code selectNow()} and the
 * journal's duty cycle), as at 10k pairs/s (gap 100): kernel entries and the wait cool the caches and TLB the way the
 * acceptor's own wait does; CPU per pair then includes the gap.
 * Single-threaded. Allocation-free per pair (histograms pre-sized).
 */
public final class JournalPairAB
{
    /** Longer pairs (a descheduled thread) are recorded as 1 s. */
    private static final long MAX_NANOS = 1_000_000_000L;

    private JournalPairAB()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        final int block = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        final String[] variants = (args.length > 2 ? args[2] : "none,store-wall,audit-wall,store-duty,audit-duty").split(",");
        final long gapNanos = (args.length > 3 ? Long.parseLong(args[3]) : 0) * 1_000L;
        final Selector selector = Selector.open(); // an idle poller's syscall between pairs, when gapMicros > 0
        final int n = variants.length;
        final JournalPairBenchmark.JournalPair[] pairs = new JournalPairBenchmark.JournalPair[n];
        final Histogram[] all = new Histogram[n];
        final long[][] blockP50 = new long[n][rounds];
        final long[] cpu = new long[n];
        final long[] count = new long[n];
        final Histogram blockHistogram = new Histogram(MAX_NANOS, 3);
        for (int v = 0; v < n; v++)
        {
            pairs[v] = new JournalPairBenchmark.JournalPair();
            pairs[v].variant = variants[v];
            pairs[v].setUp();
            all[v] = new Histogram(MAX_NANOS, 3);
        }
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final int warmupRounds = Math.max(2, rounds / 5);
        try
        {
            for (int round = -warmupRounds; round < rounds; round++)
            {
                for (int k = 0; k < n; k++)
                {
                    final int v = Math.floorMod(k + round, n);
                    final JournalPairBenchmark.JournalPair pair = pairs[v];
                    blockHistogram.reset();
                    final long cpuStart = threads.getCurrentThreadCpuTime();
                    for (int i = 0; i < block; i++)
                    {
                        if (gapNanos > 0)
                        {
                            final long until = System.nanoTime() + gapNanos;
                            while (System.nanoTime() < until)
                            {
                                selector.selectNow(); // what the acceptor's poller does while waiting for the next order
                                pair.idle();
                            }
                        }
                        pair.idle();
                        final long start = System.nanoTime();
                        pair.roundTrip();
                        blockHistogram.recordValue(Math.min(System.nanoTime() - start, MAX_NANOS));
                    }
                    final long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
                    if (round >= 0)
                    {
                        blockP50[v][round] = blockHistogram.getValueAtPercentile(50);
                        all[v].add(blockHistogram);
                        cpu[v] += cpuNanos;
                        count[v] += block;
                    }
                }
            }
        }
        finally
        {
            for (final JournalPairBenchmark.JournalPair pair : pairs)
            {
                pair.tearDown();
            }
            selector.close();
        }
        System.out.printf(Locale.ROOT, "# JournalPairAB rounds=%d block=%d gap=%d us (interleaved, rotated order), ns per pair%n",
            rounds, block, gapNanos / 1_000);
        System.out.printf(Locale.ROOT, "%-12s %14s %12s %8s %8s %8s %14s%n", "variant", "median(bp50)", "min(bp50)",
            "p50", "p99", "p99.9", "cpu/pair");
        for (int v = 0; v < n; v++)
        {
            final long[] p = blockP50[v].clone();
            Arrays.sort(p);
            System.out.printf(Locale.ROOT, "%-12s %14d %12d %8d %8d %8d %14.0f%n", variants[v], p[p.length / 2], p[0],
                all[v].getValueAtPercentile(50), all[v].getValueAtPercentile(99), all[v].getValueAtPercentile(99.9),
                (double)cpu[v] / count[v]);
        }
    }
}
