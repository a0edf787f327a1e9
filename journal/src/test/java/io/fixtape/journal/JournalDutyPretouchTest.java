package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Duty-cycle pretouch ({@code JournalPretouch=duty}): the factory's duty-cycle task, stepped on the test thread as the
 * writer's poller steps it, touches at most one page per call ahead of the writer through Chronicle's own mapping,
 * stops once {@link PretouchRunner#DUTY_PRETOUCH_AHEAD_BYTES} ahead, keeps the resend index's next page
 * touched, never changes a byte (records and resends read back intact), and takes the writer's page faults off the
 * append: appends into a touched window fault less than appends into fresh pages (the writer thread's own minor
 * fault counter, /proc/thread-self/stat).
 */
class JournalDutyPretouchTest
{
    private static final long PAGES_AHEAD = PretouchRunner.DUTY_PRETOUCH_AHEAD_BYTES / 4096;

    @TempDir
    Path dir;

    private final UnsafeBuffer fix = new UnsafeBuffer(Fix.message("FIX.4.4", "8", 1, "58=duty pretouch|")
        .getBytes(StandardCharsets.US_ASCII));

    @Test
    void settings()
    {
        assertEquals(JournalContext.Pretouch.DUTY_CYCLE, new JournalContext().pretouchDutyCycle().pretouchMode());
        final JournalContext duty = new JournalContext();
        duty.applySetting(JournalContext.KEY_PRETOUCH, "duty");
        assertEquals(JournalContext.Pretouch.DUTY_CYCLE, duty.pretouchMode());
        assertFalse(duty.pretouch(), "no pretoucher thread in duty mode");
        duty.applySetting(JournalContext.KEY_PRETOUCH, "Y");
        assertEquals(JournalContext.Pretouch.THREAD, duty.pretouchMode());
        duty.applySetting(JournalContext.KEY_PRETOUCH, "N");
        assertEquals(JournalContext.Pretouch.OFF, duty.pretouchMode());
        duty.applySetting(JournalContext.KEY_PRETOUCH, "auto");
        assertEquals(Runtime.getRuntime().availableProcessors() >= 2 ? JournalContext.Pretouch.THREAD :
            JournalContext.Pretouch.DUTY_CYCLE, duty.pretouchMode(), "auto: a thread with 2+ CPUs, the duty cycle with one");

        assertEquals(1024L * 1024, new JournalContext().pretouchAheadBytes(), "the pretoucher thread's window: 1 MiB");
        duty.applySetting(JournalContext.KEY_PRETOUCH_AHEAD_KB, "16384");
        assertEquals(16L * 1024 * 1024, duty.pretouchAheadBytes());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> duty.applySetting(JournalContext.KEY_PRETOUCH_AHEAD_KB, "2"), "less than one page");
    }

    @Test
    void touchesASmallStepPerDutyCycleUpToTheWindowAndLeavesRecordsIntact() throws IOException
    {
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0)
            .pretouchDutyCycle();
        final List<byte[]> resent = new ArrayList<>();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            assertTrue(factory.pretouchesInDutyCycle());
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
            final Journal journal = factory.journal();
            long now = 1;
            assertEquals(0, journal.pretouchAhead(PretouchRunner.DUTY_PRETOUCH_AHEAD_BYTES, 1),
                "nothing to touch before the first append");
            int seq = 1;
            for (; seq <= 100; seq++)
            {
                store.onInbound(seq, Fix.type("D"), 0, seq, fix, 0, fix.capacity());
                store.onOutbound(seq, Fix.type("8"), 0, seq, fix, 0, fix.capacity());
            }
            int calls = 0;
            final int catchUp = PagePopulator.supported() ? DutyCyclePretoucher.CATCH_UP_PAGES : 1;
            long last = 0;
            long maxStep = 0;
            while (factory.doWork(now += 1_000) > 0)
            {
                calls++;
                assertTrue(calls <= PAGES_AHEAD + 4, "stops once the window is touched");
                final long step = journal.pagesPretouched() - last;
                last = journal.pagesPretouched();
                assertTrue(step >= 1 && step <= catchUp, "a step touches 1.." + catchUp + " pages: " + step);
                maxStep = Math.max(maxStep, step);
            }
            assertTrue(PagePopulator.supported() ? maxStep > 1 : maxStep == 1,
                "the writer ahead of an untouched window: catch-up steps where pages can be populated: " + maxStep);
            final long touched = journal.pagesPretouched();
            assertTrue(touched <= (long)calls * catchUp, "at most " + catchUp + " pages per duty cycle: " + touched);
            assertTrue(touched >= PAGES_AHEAD - 1, "window of " + PAGES_AHEAD + " pages touched: " + touched);
            assertEquals(0, journal.pretouchFaults());
            assertEquals(0, factory.doWork(now += 1_000), "idle once the window is touched");

            for (; seq <= 400; seq++) // the writer moves on: only the pages it advanced by are touched next
            {
                store.onInbound(seq, Fix.type("D"), 0, seq, fix, 0, fix.capacity());
                store.onOutbound(seq, Fix.type("8"), 0, seq, fix, 0, fix.capacity());
            }
            final long before = journal.pagesPretouched();
            while (factory.doWork(now += 1_000) > 0)
            {
                calls++;
            }
            final long advanced = 600L * (JournalRecordDescriptor.HEADER_LENGTH + fix.capacity() + 4) / 4096 + 3;
            assertTrue(journal.pagesPretouched() - before <= advanced,
                "only the pages the writer advanced by: " + (journal.pagesPretouched() - before) + " <= " + advanced);

            store.replayOutbound(1, 0, (s, buffer, offset, length) ->
            {
                resent.add(bytes(buffer, offset, length));
                return true;
            });
        }
        assertEquals(400, resent.size(), "every outbound message resent from the journal");
        for (final byte[] message : resent)
        {
            assertArrayEquals(bytes(fix, 0, fix.capacity()), message);
        }
        final JournalRecord record = new JournalRecord();
        int read = 0;
        try (JournalReader reader = new JournalReader(dir))
        {
            while (reader.next(record))
            {
                read++;
                assertEquals((read + 1) / 2, record.seqNum());
                assertTrue(record.isIntact());
            }
        }
        assertEquals(800, read);
    }

    @Test
    void keepsTheResendIndexNextPageTouched()
    {
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.STORE).lowSpaceBytes(0)
            .pretouch(false);
        try (Journal journal = Journal.open(ctx))
        {
            final int id = journal.registerSession(new SessionId("FIX.4.4", "US", "THEM"));
            final ResendIndex index = journal.outIndex(id);
            assertEquals(0, index.touchAhead(), "no index before the first put: it is created by it");
            index.put(1, 0x1234L);
            assertEquals(1, index.touchAhead(), "the page after the current one (seqs 512..1023)");
            assertEquals(0, index.touchAhead(), "once");
            index.put(511, 0x5678L);
            assertEquals(0, index.touchAhead(), "still the same next page");
            index.put(512, 0x9abcL);
            assertEquals(1, index.touchAhead(), "the page of seqs 1024..1535");
            assertEquals(0x1234L, index.get(1));
            assertEquals(0x5678L, index.get(511));
            assertEquals(0x9abcL, index.get(512));
            assertEquals(0L, index.get(1024), "touching never writes an entry");
        }
    }

    @Test
    void appendsIntoTheTouchedWindowFaultLessThanIntoFreshPages() throws IOException
    {
        final long[] faults = new long[2];
        for (int variant = 0; variant < 2; variant++)
        {
            final boolean duty = variant == 1;
            final JournalContext ctx = new JournalContext().directory(dir.resolve("v" + variant)).mode(JournalMode.AUDIT)
                .lowSpaceBytes(0).initialIndexCapacity(1 << 16);
            if (duty)
            {
                ctx.pretouchDutyCycle();
            }
            else
            {
                ctx.pretouch(false);
            }
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
            {
                final MessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
                store.onOutbound(1, Fix.type("8"), 0, 1, fix, 0, fix.capacity());
                long now = 1;
                // a poller between pairs: the duty cycle runs until idle (the window is touched), then pairs arrive
                int seq = 2;
                for (int burst = 0; burst < 20; burst++)
                {
                    while (factory.doWork(now += 1_000) > 0)
                    {
                        now += 1_000;
                    }
                    final long before = threadMinorFaults();
                    for (int i = 0; i < 300; i++, seq++) // ~80 KB: well inside the 256 KiB window
                    {
                        store.onInbound(seq, Fix.type("D"), 0, now, fix, 0, fix.capacity());
                        store.onOutbound(seq, Fix.type("8"), 0, now, fix, 0, fix.capacity());
                    }
                    faults[variant] += threadMinorFaults() - before;
                }
            }
        }
        assertTrue(faults[0] > 0, "appends into fresh pages of the sparse cycle file fault: " + faults[0]);
        System.out.println("JournalDutyPretouchTest: writer-thread minor faults over 20 bursts of 300 pairs: fresh pages " +
            faults[0] + ", duty-cycle pretouch " + faults[1]);
        assertTrue(faults[1] < faults[0], "pretouched: " + faults[1] + " faults on the append path, fresh pages: " + faults[0]);
    }

    /** This thread's minor page faults (field 10 of /proc/thread-self/stat). */
    private static long threadMinorFaults() throws IOException
    {
        final String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[7]);
    }

    private static byte[] bytes(final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        return copy;
    }
}
