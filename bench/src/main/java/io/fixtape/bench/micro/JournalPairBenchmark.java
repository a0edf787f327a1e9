package io.fixtape.bench.micro;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The journal's latency cost, in process: what the journal adds to one NewOrderSingle / ExecutionReport pair on the
 * acceptor's own path. One op is the round trip of {@link StoreCompiledOutBenchmark} (two real {@code Session}s over
 * an in-process pipe, the real framer, an application that answers each order with an ExecutionReport), with the
 * <em>acceptor</em>'s store chosen by {@link JournalPair#variant}:
 * <ul>
 *     <li>{@code none} — {@link NoMessageStore}, what {@code JournalMode=none} hands the session;</li>
 *     <li>{@code store-wall} / {@code audit-wall} — a {@code ChronicleMessageStore} on a real Chronicle journal in a
 *     fresh temp directory (page-cache durability, the default): inbound NewOrderSingle journaled before the
 *     application sees it (audit), the ExecutionReport journaled before the pipe write, resend index, sequence
 *     state — the path the acceptor runs. No pretouch ({@code JournalPretouch=N}): the writer takes every page fault
 *     itself; {@code -wall}: Chronicle's roll cycle read from the wall clock on every append (a {@code cycleClock})
 *     instead of the writer's cached {@code WriterCycleClock};</li>
 *     <li>{@code store-duty} / {@code audit-duty} — the journal as a one-CPU server runs it:
 *     {@code JournalPretouch=duty} (what {@code auto} gives a one-CPU server) and the writer's cached cycle clock. Any combination of {@code -duty} and {@code -wall}
 *     works ({@code audit}: neither).</li>
 * </ul>
 * The initiator always has {@link NoMessageStore}, so {@code store − none} and {@code audit − none} are the
 * journal's cost per pair. Between two pairs the acceptor's poller would be idle (10k pairs/s leaves ~98 µs): the
 * {@code Level.Invocation} setup runs the journal's duty-cycle task there ({@code ChronicleMessageStoreFactory.doWork},
 * {@link #IDLE_DUTY_CYCLES} times), outside the measured time, so the score is the on-path cost and
 * {@code cpu.time.norm} (CpuTimeProfiler) the total one. Fresh journal per trial; a 1 s iteration appends hundreds of
 * MB, so the page faults of a growing cycle file are part of what is measured ({@code PageFaultProfiler}: faults/op).
 *
 * <p>Run: {@code java $FLAGS -cp … org.openjdk.jmh.Main JournalPair -prof io.fixtape.bench.micro.CpuTimeProfiler
 * -prof io.fixtape.bench.micro.PageFaultProfiler} (or {@code bin/fixtape bench micro --include JournalPair}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JournalPairBenchmark
{
    /** Duty cycles of an idle poller between two pairs (each a no-op once the pretouch window is full). */
    static final int IDLE_DUTY_CYCLES = 4;

    @Benchmark
    public long pair(final JournalPair pair)
    {
        return pair.roundTrip();
    }

    @State(Scope.Thread)
    public static class JournalPair extends StoreCompiledOutBenchmark.SessionPair
    {
        @Param({"none", "store-wall", "audit-wall", "store-duty", "audit-duty"})
        public String variant;

        private Path directory;
        private ChronicleMessageStoreFactory factory;
        private MessageStore acceptorStore;
        private long dutyClock;

        @Setup(Level.Trial)
        public void setUp() throws IOException
        {
            final String[] parts = variant.split("-");
            final JournalMode journalMode = JournalMode.valueOf(parts[0].toUpperCase(Locale.ROOT));
            if (journalMode == JournalMode.NONE)
            {
                acceptorStore = new NoMessageStore();
            }
            else
            {
                directory = Files.createTempDirectory("fixtape-journal-pair");
                final JournalContext ctx = new JournalContext().directory(directory).mode(journalMode);
                final List<String> options = Arrays.asList(parts).subList(1, parts.length);
                if (options.contains("duty"))
                {
                    ctx.pretouchDutyCycle();
                }
                else
                {
                    ctx.pretouch(false);
                }
                if (options.contains("wall"))
                {
                    ctx.cycleClock(System::currentTimeMillis); // Chronicle reads the wall clock on every append
                }
                factory = new ChronicleMessageStoreFactory(ctx);
                acceptorStore = factory.create(new SessionId("FIX.4.4", "ISLD", "TW"));
            }
            start(new NoMessageStore(), acceptorStore);
        }

        /** The journal directory (null for {@code none}); deleted by {@link #tearDown}. */
        Path directory()
        {
            return directory;
        }

        /** The acceptor's poller between two pairs: the journal's duty-cycle task (not measured). */
        @Setup(Level.Invocation)
        public void idle()
        {
            if (factory != null)
            {
                for (int i = 0; i < IDLE_DUTY_CYCLES; i++)
                {
                    factory.doWork(dutyClock += 25_000);
                }
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException
        {
            if (factory != null)
            {
                acceptorStore.close();
                factory.close();
                try (Stream<Path> files = Files.walk(directory))
                {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }
}
