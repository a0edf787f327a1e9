package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Journal append latency and throughput per durability policy, with and without the pretoucher. A closed loop of
 * back-to-back appends on one writer thread (what the poller does per message): each append is timed with
 * System.nanoTime into an HdrHistogram; throughput is appends / elapsed of the measured phase. Not a round trip, so
 * no send schedule applies; figures are append cost only. The writer thread's CPU time per append (user + system,
 * and system alone: page faults) is reported too: it does not depend on how busy the machine is the way wall time does.
 *
 * <p>CI runs the {@code smoke} recipe (labelled, never compared). The full run, whose figures are in
 * docs/BENCHMARKS.md:
 * <pre>mvn -B -q -ntp -pl journal -am verify -Dtest=JournalAppendBenchTest -Dsurefire.failIfNoSpecifiedTests=false -Djournal.bench=full</pre>
 * Results: journal/target/journal-bench.txt (one JSON object per cell).
 */
class JournalAppendBenchTest
{
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    private static final class Recipe
    {
        final String name;
        final int warmup;
        final int measured;
        final int syncMeasured;
        final int runs;

        Recipe(final String name, final int warmup, final int measured, final int syncMeasured, final int runs)
        {
            this.name = name;
            this.warmup = warmup;
            this.measured = measured;
            this.syncMeasured = syncMeasured;
            this.runs = runs;
        }
    }

    @Test
    void appendLatencyPerDurabilityPolicyAndPretouch() throws IOException
    {
        final boolean full = "full".equals(System.getProperty("journal.bench"));
        // full: 200k warm-up, 1M measured (page cache / periodic), 5k measured with msync per message, 3 runs.
        final Recipe recipe = full ? new Recipe("full", 200_000, 1_000_000, 5_000, 3) : new Recipe("smoke", 2_000, 2_000, 50, 1);
        final String message = Fix.message("FIX.4.4", "8", 1,
            "37=ORD0000001|17=EXEC000001|150=F|39=2|55=ACME|54=1|38=100|151=0|14=100|6=100.00|32=100|31=100.00|" +
            "60=20261202-15:00:00.000|11=CL0000001|1=ACCOUNT1|");
        final UnsafeBuffer buffer = new UnsafeBuffer(message.getBytes(StandardCharsets.US_ASCII));
        final List<String> cells = new ArrayList<>();
        for (final JournalDurability durability : JournalDurability.values())
        {
            for (final boolean pretouch : new boolean[] {false, true})
            {
                final double[] p50s = new double[recipe.runs];
                for (int run = 0; run < recipe.runs; run++)
                {
                    final int measured = durability == JournalDurability.MSYNC_PER_MESSAGE ? recipe.syncMeasured : recipe.measured;
                    final int warmup = durability == JournalDurability.MSYNC_PER_MESSAGE ? Math.min(recipe.warmup, measured) : recipe.warmup;
                    final Path runDir = dir.resolve(durability + "-" + pretouch + "-" + run);
                    final String cell = runCell(recipe, durability, pretouch, run, warmup, measured, runDir, buffer, p50s);
                    cells.add(cell);
                    System.out.println(cell);
                    deleteRecursively(runDir);
                }
                if (recipe.runs > 1)
                {
                    final String cv = String.format(Locale.ROOT,
                        "{\"recipe\":\"%s\",\"durability\":\"%s\",\"pretouch\":%b,\"p50_cv\":%.3f}", recipe.name, durability,
                        pretouch, cv(p50s));
                    cells.add(cv);
                    System.out.println(cv);
                }
            }
        }
        Files.write(Path.of("target", "journal-bench.txt"), cells, StandardCharsets.UTF_8);
    }

    private static String runCell(
        final Recipe recipe, final JournalDurability durability, final boolean pretouch, final int run, final int warmup,
        final int measured, final Path runDir, final UnsafeBuffer buffer, final double[] p50s)
    {
        final Histogram histogram = new Histogram(3_600_000_000_000L, 3);
        final JournalContext ctx = new JournalContext().directory(runDir).mode(JournalMode.AUDIT).durability(durability)
            .lowSpaceBytes(0).initialIndexCapacity(2 * (warmup + measured + 16)).pretouch(false); // the cell starts its own
        long elapsed;
        long cpu;
        long sys;
        long touched = 0;
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "EXEC", "BANZAI"));
            AgentRunner runner = null;
            JournalPretoucher pretoucher = null;
            if (pretouch)
            {
                pretoucher = new JournalPretoucher(factory.journal(), 16L * 1024 * 1024);
                runner = new AgentRunner(new SleepingMillisIdleStrategy(1), Throwable::printStackTrace, null, pretoucher);
                AgentRunner.startOnThread(runner);
            }
            try
            {
                int seq = 1;
                for (int i = 0; i < warmup; i++, seq++)
                {
                    store.onOutbound(seq, 'D', 0, System.nanoTime(), buffer, 0, buffer.capacity());
                }
                final long start = System.nanoTime();
                final long cpuStart = THREADS.getCurrentThreadCpuTime();
                final long userStart = THREADS.getCurrentThreadUserTime();
                for (int i = 0; i < measured; i++, seq++)
                {
                    final long t0 = System.nanoTime();
                    store.onOutbound(seq, 'D', 0, t0, buffer, 0, buffer.capacity());
                    histogram.recordValue(System.nanoTime() - t0);
                }
                elapsed = System.nanoTime() - start;
                cpu = THREADS.getCurrentThreadCpuTime() - cpuStart;
                sys = cpu - (THREADS.getCurrentThreadUserTime() - userStart);
                assertEquals(seq, store.nextSenderSeqNum());
            }
            finally
            {
                if (runner != null)
                {
                    runner.close();
                    touched = pretoucher.pagesTouched();
                }
            }
        }
        assertEquals(measured, histogram.getTotalCount(), "every append measured");
        assertTrue(histogram.getValueAtPercentile(50) > 0, "zero median is not a result");
        p50s[run] = histogram.getValueAtPercentile(50);
        return String.format(Locale.ROOT,
            "{\"recipe\":\"%s\",\"durability\":\"%s\",\"pretouch\":%b,\"run\":%d,\"record_bytes\":%d,\"warmup\":%d," +
            "\"measured\":%d,\"p50_ns\":%d,\"p99_ns\":%d,\"p99_9_ns\":%d,\"max_ns\":%d,\"appends_per_s\":%.0f," +
            "\"writer_cpu_ns_per_append\":%.0f,\"writer_sys_ns_per_append\":%.0f," +
            "\"pretouched_pages\":%d,\"dir_fs\":\"%s\",\"jvm\":\"%s\"}",
            recipe.name, durability, pretouch, run, buffer.capacity() + JournalRecordDescriptor.HEADER_LENGTH, warmup, measured,
            histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(99), histogram.getValueAtPercentile(99.9),
            histogram.getMaxValue(), measured * 1e9 / elapsed, (double)cpu / measured, (double)sys / measured, touched, fsType(runDir), System.getProperty("java.version"));
    }

    private static String fsType(final Path p)
    {
        try
        {
            return Files.getFileStore(p.getParent()).type();
        }
        catch (final IOException ex)
        {
            return "unknown";
        }
    }

    private static double cv(final double[] values)
    {
        double mean = 0;
        for (final double v : values)
        {
            mean += v;
        }
        mean /= values.length;
        double var = 0;
        for (final double v : values)
        {
            var += (v - mean) * (v - mean);
        }
        return Math.sqrt(var / values.length) / mean;
    }

    private static void deleteRecursively(final Path p) throws IOException
    {
        if (Files.isDirectory(p))
        {
            try (java.util.stream.Stream<Path> children = Files.list(p))
            {
                for (final Path c : (Iterable<Path>)children::iterator)
                {
                    deleteRecursively(c);
                }
            }
        }
        Files.deleteIfExists(p);
    }
}
