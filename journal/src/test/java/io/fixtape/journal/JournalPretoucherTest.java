package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pretoucher, stepped on the test thread (no runner): it faults in the cycle file ahead of the writer's position
 * (blocks get allocated: the file's allocated size grows by at least the pages it reports), stops when it is far
 * enough ahead, and never changes a byte the writer wrote: records appended before and after read back intact.
 */
class JournalPretoucherTest
{
    private static final long AHEAD = 4L * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void touchesAheadOfTheWriterAndLeavesRecordsIntact() throws Exception
    {
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0).pretouch(false);
        final UnsafeBuffer fix = new UnsafeBuffer(Fix.message("FIX.4.4", "8", 1, "58=pretouch|").getBytes(StandardCharsets.US_ASCII));
        int seq = 1;
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
            final Journal journal = factory.journal();
            final JournalPretoucher pretoucher = new JournalPretoucher(journal, AHEAD);
            assertEquals(0, pretoucher.doWork(), "nothing to touch before the first append");
            for (; seq <= 100; seq++)
            {
                store.onOutbound(seq, Fix.type("8"), 0, seq, fix, 0, fix.capacity());
            }
            final File cycleFile = journal.currentCycleFile();
            final long allocatedBefore = allocatedBytes(cycleFile);
            int steps = 0;
            while (pretoucher.doWork() > 0)
            {
                steps++;
                assertTrue(steps < 10_000, "the pretoucher stops once it is " + AHEAD + " bytes ahead");
            }
            final long pages = pretoucher.pagesTouched();
            assertTrue(pages >= AHEAD / 4096 - 2, "touched " + pages + " pages");
            assertEquals(0, pretoucher.faults());
            final long allocatedAfter = allocatedBytes(cycleFile);
            assertTrue(allocatedAfter - allocatedBefore >= (pages - 16) * 4096,
                "blocks allocated ahead of the writer: " + allocatedBefore + " -> " + allocatedAfter + " bytes for " + pages + " pages");
            for (; seq <= 200; seq++)
            {
                store.onOutbound(seq, Fix.type("8"), 0, seq, fix, 0, fix.capacity());
            }
            final long before = pretoucher.pagesTouched();
            while (pretoucher.doWork() > 0)
            {
                steps++;
            }
            final long advancedPages = 100L * (JournalRecordDescriptor.HEADER_LENGTH + fix.capacity() + 8) / 4096 + 2;
            assertTrue(pretoucher.pagesTouched() - before <= advancedPages,
                "keeps " + AHEAD + " bytes ahead: only the pages the writer advanced by, " + (pretoucher.pagesTouched() - before));
            pretoucher.onClose();
        }
        final JournalRecord record = new JournalRecord();
        int read = 0;
        try (JournalReader reader = new JournalReader(dir))
        {
            while (reader.next(record))
            {
                read++;
                assertEquals(read, record.seqNum());
                assertTrue(record.isIntact());
            }
        }
        assertEquals(200, read);
    }

    /**
     * The point of touching through the writer's own mapping: once the pretoucher (on its own thread, as in
     * production) is ahead, the writer's appends over those pages take (almost) no page faults of their own — a
     * pretoucher with a mapping of its own only filled the page cache, and the writer still faulted once per page.
     * Counted with the writer thread's minor-fault counter ({@code /proc/thread-self/stat}, Linux).
     */
    @Test
    void theWriterTakesNoPageFaultsOverPagesThePretoucherTouched() throws Exception
    {
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0).pretouch(false);
        final UnsafeBuffer fix = new UnsafeBuffer(Fix.message("FIX.4.4", "8", 1, "58=pretouch|").getBytes(StandardCharsets.US_ASCII));
        final int records = (int)(2L * 1024 * 1024 / (JournalRecordDescriptor.HEADER_LENGTH + fix.capacity())); // ~2 MiB
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
            final Journal journal = factory.journal();
            store.onOutbound(1, Fix.type("8"), 0, 1, fix, 0, fix.capacity());
            final JournalPretoucher pretoucher = new JournalPretoucher(journal, AHEAD);
            final Thread toucher = new Thread(() ->
            {
                while (pretoucher.doWork() > 0)
                {
                    Thread.onSpinWait();
                }
                pretoucher.onClose();
            }, "pretoucher-under-test");
            toucher.start();
            toucher.join(30_000);
            assertTrue(pretoucher.pagesTouched() >= AHEAD / 4096 - 2, "touched " + pretoucher.pagesTouched());

            final long faultsBefore = minorFaultsOfThisThread();
            for (int seq = 2; seq <= records; seq++)
            {
                store.onOutbound(seq, Fix.type("8"), 0, seq, fix, 0, fix.capacity());
            }
            final long faults = minorFaultsOfThisThread() - faultsBefore;
            final long pagesWritten = 2L * 1024 * 1024 / 4096;
            assertTrue(faults < pagesWritten / 4, "the writer faulted " + faults + " times over " + pagesWritten +
                " pages the pretoucher had touched (a fault per page means it touched another mapping)");
        }
    }

    /** Field 10 (minflt) of this thread's /proc stat line. */
    private static long minorFaultsOfThisThread() throws IOException
    {
        final String stat = java.nio.file.Files.readString(Path.of("/proc/thread-self/stat"));
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[7]); // fields after "(comm) ": state is [0], minflt is field 10 overall
    }

    /** st_blocks * 512 (GNU stat): what the file system has allocated, delayed allocation included. */
    private static long allocatedBytes(final File file) throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder("stat", "-c", "%b %B", file.getPath()).redirectErrorStream(true).start();
        final String[] out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split(" ");
        assertEquals(0, p.waitFor(), String.join(" ", out));
        return Long.parseLong(out[0]) * Long.parseLong(out[1]);
    }
}
