package io.fixtape.bench.micro;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.ChronicleMessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalMode;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a session's resend index costs the journal writer (the engine's poller) when it has to create or grow it, in
 * process, through the public store API. One op is one session's outbound NewOrderSingle stored by its
 * {@code ChronicleMessageStore} (journal append, sequence state, resend index put), by {@link Batch#put}:
 * <ul>
 *     <li>{@code first} — the session's first stored message: the put creates, sizes and maps its sparse index
 *     ({@code state/N.out.idx}, 65,536 entries) and takes the first write fault on it;</li>
 *     <li>{@code next} — its second message (the index exists, same page): the append and put alone, the baseline;
 *     {@code first − next} is what creating the index costs;</li>
 *     <li>{@code grow} — a message numbered 65,536 right after the first: the put doubles the index (unmap, extend to
 *     1 MiB, remap) and writes into the new half.</li>
 * </ul>
 * A batch of {@link #SESSIONS} fresh sessions per invocation (for {@code next} and {@code grow} given their first
 * message in the unmeasured {@code Level.Invocation} setup). A journal holds {@link Batch#SESSIONS_PER_JOURNAL}
 * sessions, as the 1,000-session benchmark does, all registered when it is opened, as an engine registers its
 * sessions at configuration (each registration forces the session table: none of that falls into a batch); once
 * its sessions are used up a fresh journal is opened in a fresh temp directory ({@code java.io.tmpdir}: put it on the
 * journal's file system). No pretouch, page-cache durability. The score is the writer's wall time per message;
 * {@code cpu.time.norm} also counts the setup.
 *
 * <p>Run: {@code bin/fixtape bench micro --include ResendIndexFirstPut --json OUT}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ResendIndexFirstPutBenchmark
{
    /** Sessions per invocation: each stores one message in the measured part. */
    static final int SESSIONS = 100;

    @Benchmark
    @OperationsPerInvocation(SESSIONS)
    public int put(final Batch batch)
    {
        return batch.storeAll();
    }

    @State(Scope.Thread)
    public static class Batch
    {
        /** A journal holds this many sessions before the next batch opens a fresh one. */
        static final int SESSIONS_PER_JOURNAL = 1_000;
        /** {@code JournalContext.initialIndexCapacity}'s default: the first number past a fresh index. */
        static final int GROW_SEQ_NUM = 65_536;

        @Param({"first", "next", "grow"})
        public String put;

        private final ChronicleMessageStore[] registered = new ChronicleMessageStore[SESSIONS_PER_JOURNAL];
        private final ChronicleMessageStore[] stores = new ChronicleMessageStore[SESSIONS];
        private UnsafeBuffer message;
        private int seqNum;
        private Path directory;
        private ChronicleMessageStoreFactory factory;
        private int used;
        private long clock;

        @Setup(Level.Trial)
        public void setUp()
        {
            seqNum = switch (put)
            {
                case "first" -> 1;
                case "next" -> 2;
                case "grow" -> GROW_SEQ_NUM;
                default -> throw new IllegalArgumentException("put: first, next or grow, not " + put);
            };
            message = new UnsafeBuffer(SampleMessages.newOrderSingle(seqNum));
        }

        /** Fresh sessions for the next batch (not measured). */
        @Setup(Level.Invocation)
        public void sessions() throws IOException
        {
            if (factory == null || used + SESSIONS > SESSIONS_PER_JOURNAL)
            {
                closeJournal();
                directory = Files.createTempDirectory("fixtape-resend-index");
                factory = new ChronicleMessageStoreFactory(new JournalContext().directory(directory)
                    .mode(JournalMode.STORE).pretouch(false).lowSpaceBytes(0));
                for (int i = 0; i < SESSIONS_PER_JOURNAL; i++)
                {
                    registered[i] = factory.create(
                        new SessionId(SampleMessages.BEGIN_STRING, "S" + i, SampleMessages.TARGET));
                }
                used = 0;
            }
            for (int i = 0; i < SESSIONS; i++)
            {
                final ChronicleMessageStore store = registered[used++];
                if (seqNum > 1)
                {
                    store.onOutbound(1, MsgTypes.NEW_ORDER_SINGLE, 0, clock++, message, 0, message.capacity());
                }
                stores[i] = store;
            }
        }

        int storeAll()
        {
            for (final ChronicleMessageStore store : stores)
            {
                store.onOutbound(seqNum, MsgTypes.NEW_ORDER_SINGLE, 0, clock++, message, 0, message.capacity());
            }
            return seqNum;
        }

        /** The journal the last batches used and the index files they created (also by the smoke test). */
        Path directory()
        {
            return directory;
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            closeJournal();
        }

        private void closeJournal()
        {
            if (factory != null)
            {
                factory.close();
                factory = null;
                IoUtil.delete(directory.toFile(), true);
            }
        }
    }
}
