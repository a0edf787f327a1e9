package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import net.openhft.chronicle.queue.RollCycles;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** Roll cycles driven by an injected clock, retention of the newest cycle files, resend across cycles, pretouch. */
class JournalRollAndRetentionTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");

    @TempDir
    Path dir;

    private static long cycleFiles(final Path dir) throws IOException
    {
        try (Stream<Path> files = Files.list(dir.resolve(Journal.QUEUE_DIR)))
        {
            return files.filter(p -> p.toString().endsWith(".cq4")).count();
        }
    }

    @Test
    void rollsOnTheInjectedClockKeepsTheNewestCyclesAndResendsAcrossThem() throws IOException
    {
        final AtomicLong millis = new AtomicLong(1_764_687_600_000L);
        final JournalContext ctx = new JournalContext().directory(dir).lowSpaceBytes(0)
            .rollCycle(RollCycles.FIVE_MINUTELY).retentionCycles(2).cycleClock(millis::get).retentionThread(false);
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int cycle = 0; cycle < 4; cycle++)
            {
                if (cycle == 2)
                {
                    store.reset(); // the first sequence (cycles 0 and 1) can no longer be asked for
                }
                for (int i = 0; i < 10; i++)
                {
                    final int seq = store.nextSenderSeqNum();
                    final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=ORD" + cycle + "-" + seq + "|"));
                    store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
                }
                millis.addAndGet(TimeUnit.MINUTES.toMillis(5));
            }
            factory.doWork(1); // the writer's housekeeping publishes what the resend ranges still reach
            assertEquals(2, factory.retention().doWork(), "the retention agent removes the first sequence's cycles");
            assertEquals(2, cycleFiles(dir), "retention keeps the newest 2 of 4 cycle files");
            // the current sequence, 1..20, is resent across the cycle boundary
            final int[] first = {0};
            final int delivered = store.replayOutbound(1, 0, (s, buffer, offset, length) ->
            {
                if (first[0] == 0)
                {
                    first[0] = s;
                }
                return true;
            });
            assertEquals(20, delivered);
            assertEquals(1, first[0]);
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int count = 0;
            while (reader.next(r))
            {
                count++;
            }
            assertEquals(20, count);
        }
    }

    @Test
    void pretoucherTouchesPagesAheadOfTheWriter()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", 1, "11=ORD|"));
            store.onOutbound(1, Fix.type("D"), 0, 1, b, 0, b.capacity());
            final JournalPretoucher pretoucher = new JournalPretoucher(factory.journal(), 1024 * 1024);
            int work = 0;
            for (int i = 0; i < 3; i++)
            {
                work += pretoucher.doWork();
            }
            assertTrue(work >= 200, "pages touched: " + work); // 1 MiB ahead = 256 pages, minus the file's current end
            assertEquals(0, pretoucher.doWork(), "nothing more until the writer moves");
            for (int seq = 2; seq <= 20_000; seq++)
            {
                store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
            }
            assertTrue(pretoucher.doWork() > 0, "follows the writer");
            pretoucher.onClose();
            assertEquals(20_001, store.nextSenderSeqNum());
            assertEquals(20_000, store.replayOutbound(1, 0, (s, buffer, offset, length) -> true), "touching never changed data");
        }
    }
}
