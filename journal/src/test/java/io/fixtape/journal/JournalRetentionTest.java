package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import net.openhft.chronicle.queue.RollCycles;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Retention on real cycle files (Chronicle Queue in a temp dir, roll cycles driven by an injected clock): it keeps
 * every file a live resend range reaches into, runs off the writer thread, and acts once per journal directory.
 */
class JournalRetentionTest
{
    private static final SessionId IDLE = new SessionId("FIX.4.4", "US", "IDLE");
    private static final SessionId BUSY = new SessionId("FIX.4.4", "US", "BUSY");
    private static final long CYCLE_MILLIS = TimeUnit.MINUTES.toMillis(5);

    @TempDir
    Path dir;

    private final AtomicLong millis = new AtomicLong(1_764_687_600_000L);
    private long nowNanos = 1_000_000_000L;

    private JournalContext ctx(final int keep, final boolean ownThread)
    {
        return new JournalContext().directory(dir).lowSpaceBytes(0).rollCycle(RollCycles.FIVE_MINUTELY)
            .retentionCycles(keep).cycleClock(millis::get).retentionThread(ownThread);
    }

    private static void send(final ChronicleMessageStore store, final String tag, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final int seq = store.nextSenderSeqNum();
            final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=" + tag + seq + "|"));
            store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
        }
    }

    /** Housekeeping as the writer's poller runs it: publishes the bound retention keeps files from. */
    private void housekeeping(final ChronicleMessageStoreFactory factory)
    {
        nowNanos += TimeUnit.SECONDS.toNanos(1);
        factory.doWork(nowNanos);
    }

    private List<String> resent(final ChronicleMessageStore store)
    {
        final List<String> bodies = new ArrayList<>();
        store.replayOutbound(1, 0, (seq, buffer, offset, length) ->
        {
            bodies.add(seq + ":" + buffer.getStringWithoutLengthAscii(offset, length));
            return true;
        });
        return bodies;
    }

    private int cycleFiles()
    {
        return CycleFiles.list(dir.resolve(Journal.QUEUE_DIR)).length;
    }

    /**
     * The busy session resets its sequence every cycle; the idle one sent five orders in the first cycle and nothing
     * since. With a window of 2 every file since the first stays (the idle session may still be asked to resend), also
     * after a restart; once the idle session resets, the files before the window go and nothing resendable is lost.
     */
    @Test
    void keepsEveryCycleALiveResendRangeReachesUntilThatSessionResets()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(2, false)))
        {
            final ChronicleMessageStore idle = factory.create(IDLE);
            final ChronicleMessageStore busy = factory.create(BUSY);
            send(idle, "IDLE", 5);
            for (int cycle = 0; cycle < 6; cycle++)
            {
                if (cycle > 0)
                {
                    busy.reset();
                }
                send(busy, "C" + cycle + "-", 10);
                housekeeping(factory);
                assertEquals(0, factory.retention().doWork() + factory.retention().apply(),
                    "the idle session pins the first cycle");
                millis.addAndGet(CYCLE_MILLIS);
            }
            assertEquals(6, cycleFiles(), "window 2, but the idle session's range reaches back to the first cycle");
            assertEquals(5, resent(idle).size());
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(2, false)))
        {
            final ChronicleMessageStore idle = factory.create(IDLE);
            final ChronicleMessageStore busy = factory.create(BUSY);
            housekeeping(factory);
            factory.retention().doWork();
            assertEquals(0, factory.retention().apply(), "after a restart the resend index still pins the first cycle");
            assertEquals(6, cycleFiles());
            final List<String> idleResent = resent(idle);
            assertEquals(5, idleResent.size());
            for (int seq = 1; seq <= 5; seq++)
            {
                assertTrue(idleResent.get(seq - 1).startsWith(seq + ":") &&
                    idleResent.get(seq - 1).contains("11=IDLE" + seq + "\u0001"), idleResent.get(seq - 1));
            }
            assertEquals(10, resent(busy).size());

            idle.reset(); // e.g. a Logon with ResetSeqNumFlag: nothing before it can be asked for again
            housekeeping(factory);
            assertEquals(4, factory.retention().doWork(), "the first four cycles go, the window of 2 stays");
            assertEquals(2, cycleFiles());
            assertEquals(0, resent(idle).size());
            final List<String> busyResent = resent(busy);
            assertEquals(10, busyResent.size(), "the busy session's current sequence is intact");
            assertTrue(busyResent.get(0).contains("11=C5-1\u0001"), busyResent.get(0));
            assertEquals(0, factory.retention().failures());
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int count = 0;
            while (reader.next(r))
            {
                count++;
            }
            assertEquals(20, count, "the two cycles kept read back whole");
        }
    }

    /** Appends and the writer's housekeeping never remove a file; the retention agent does, on its own thread. */
    @Test
    void theWriterNeverRemovesFilesRetentionRunsOnItsOwnThread()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(1, false)))
        {
            rollWithResets(factory.create(BUSY), factory, 4);
            assertEquals(4, cycleFiles(), "appends, rolls and housekeeping on the writer thread removed nothing");
            assertEquals(3, factory.retention().doWork(), "the agent, stepped here, removes the three old cycles");
        }
        millis.addAndGet(CYCLE_MILLIS);
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(1, true)))
        {
            rollWithResets(factory.create(BUSY), factory, 3);
            final JournalRetention retention = factory.retention();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (retention.removedFiles() < 3 && System.nanoTime() < deadline)
            {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // waits for the agent's thread
            }
            assertEquals(3, retention.removedFiles(), "the retention thread removed the older cycles");
            assertEquals(1, cycleFiles());
            assertTrue(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals(retention.roleName())), "runs on a thread of its own");
        }
    }

    private void rollWithResets(final ChronicleMessageStore store, final ChronicleMessageStoreFactory factory,
        final int cycles)
    {
        for (int cycle = 0; cycle < cycles; cycle++)
        {
            store.reset();
            send(store, "R" + cycle + "-", 10);
            housekeeping(factory);
            millis.addAndGet(CYCLE_MILLIS);
        }
    }

    /**
     * A second retention instance on the same journal directory (here in this JVM, then in another process) removes
     * nothing while the first holds the directory's retention lock; it takes over once that one is gone.
     */
    @Test
    void oneRetentionInstanceActsPerJournalDirectory() throws Exception
    {
        final JournalRetention second = new JournalRetention(dir, RollCycles.FIVE_MINUTELY, 1, null);
        try
        {
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(2, false)))
            {
                final ChronicleMessageStore busy = factory.create(BUSY);
                rollWithResets(busy, factory, 1);
                assertEquals(0, factory.retention().doWork(), "one file, nothing to remove; the lock is taken");
                assertTrue(factory.retention().holdsRetentionLock());
                rollWithResets(busy, factory, 3);
                second.publishKeepFrom(factory.journal().queue().lastIndex());
                assertEquals(0, second.apply(), "the second instance removes nothing");
                assertEquals(1, second.passesWithoutLock());
                assertEquals(4, cycleFiles());
                assertEquals(2, factory.retention().doWork(), "the owner removes down to its window");
                assertEquals(2, cycleFiles());
            }
            assertEquals(1, second.apply(), "the journal closed: the second instance takes over (its window is 1)");
            assertTrue(second.holdsRetentionLock());
            assertEquals(1, cycleFiles());
        }
        finally
        {
            second.onClose();
        }

        final Process holder = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            RetentionLockHolder.class.getName(), dir.resolve(JournalRetention.LOCK_FILE).toString())
            .redirectErrorStream(true).start();
        try
        {
            final BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine(), "the other process holds the retention lock");
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(1, false)))
            {
                final ChronicleMessageStore busy = factory.create(BUSY);
                rollWithResets(busy, factory, 2);
                assertEquals(0, factory.retention().doWork(), "another process holds the lock: nothing removed");
                assertEquals(1, factory.retention().passesWithoutLock());
                assertEquals(3, cycleFiles());
                holder.getOutputStream().close(); // the other process lets go and exits
                assertTrue(holder.waitFor(10, TimeUnit.SECONDS));
                rollWithResets(busy, factory, 1);
                assertEquals(3, factory.retention().doWork(), "now this journal's instance acts");
                assertEquals(1, cycleFiles());
                assertEquals(10, busy.replayOutbound(1, 0, (s, b, o, l) -> true), "the current sequence is intact");
            }
        }
        finally
        {
            holder.destroy();
        }
    }

    /**
     * With {@code JournalArchiveCommand} each archived file is handed to a command (gzip here): the archive holds the
     * compressed cycle files, which decompress to exactly the bytes the queue held.
     */
    @Test
    void runsTheArchiveCommandOnEachArchivedFile() throws IOException
    {
        final Path archive = dir.resolve("archive");
        final java.util.Map<String, byte[]> before = new java.util.TreeMap<>();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            ctx(1, false).archiveDirectory(archive).archiveCommand("gzip -1")))
        {
            final ChronicleMessageStore busy = factory.create(BUSY);
            rollWithResets(busy, factory, 3);
            for (final File f : CycleFiles.list(dir.resolve(Journal.QUEUE_DIR)))
            {
                before.put(f.getName(), java.nio.file.Files.readAllBytes(f.toPath()));
            }
            assertEquals(2, factory.retention().doWork());
            assertEquals(0, factory.retention().archiveCommandFailures());
            assertEquals(10, busy.replayOutbound(1, 0, (s, b, o, l) -> true), "the current sequence is intact");
        }
        int compared = 0;
        for (final java.util.Map.Entry<String, byte[]> e : before.entrySet())
        {
            final Path gz = archive.resolve(e.getKey() + ".gz");
            if (compared == 2)
            {
                assertFalse(java.nio.file.Files.exists(gz), "the newest file stays in the queue");
                break;
            }
            try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(gz)))
            {
                assertArrayEquals(e.getValue(), in.readAllBytes(), e.getKey());
            }
            compared++;
        }
        assertEquals(2, compared);
        assertEquals(0, CycleFiles.list(archive).length, "only the compressed files are left in the archive");
    }

    /**
     * The archive directory cannot be created (a plain file is in its way): nothing is removed, every record stays
     * readable and resendable, the failures are counted; once the way is clear the retry, due by the injected clock,
     * archives the files.
     */
    @Test
    void aFileThatCannotBeArchivedStaysAndIsRetried() throws IOException
    {
        final Path archive = dir.resolve("archive");
        java.nio.file.Files.writeString(archive, "in the way");
        final AtomicLong retentionNanos = new AtomicLong();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            ctx(1, false).archiveDirectory(archive).retentionClock(retentionNanos::get)))
        {
            final ChronicleMessageStore busy = factory.create(BUSY);
            rollWithResets(busy, factory, 3);
            final JournalRetention retention = factory.retention();
            assertEquals(0, retention.doWork(), "the archive directory cannot be made: nothing removed");
            assertEquals(2, retention.failures());
            assertEquals(3, cycleFiles());
            assertEquals(0, retention.doWork(), "no retry before it is due");
            assertEquals(2, retention.failures());
            java.nio.file.Files.delete(archive);
            retentionNanos.addAndGet(JournalRetention.RETRY_NANOS);
            assertEquals(2, retention.doWork(), "the retry archives both files");
            assertEquals(1, cycleFiles());
            assertEquals(2, CycleFiles.list(archive).length);
            assertEquals(0, retention.doWork(), "nothing pending any more");
            assertEquals(10, busy.replayOutbound(1, 0, (s, b, o, l) -> true), "the current sequence is intact");
        }
    }

    @Test
    void anArchiveCommandNeedsAnArchiveDirectory()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ctx(1, false).archiveCommand("gzip").conclude());
        assertTrue(ex.getMessage().contains("JournalArchiveCommand") && ex.getMessage().contains("JournalArchiveDir"),
            ex.getMessage());
    }

    /** With {@code JournalArchiveDir} finished cycle files are moved there whole instead of deleted. */
    @Test
    void archivesFinishedCyclesInsteadOfDeletingThem() throws IOException
    {
        final Path archive = dir.resolve("archive");
        final List<String> before = new ArrayList<>();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(1, false).archiveDirectory(archive)))
        {
            final ChronicleMessageStore busy = factory.create(BUSY);
            rollWithResets(busy, factory, 3);
            for (final File f : CycleFiles.list(dir.resolve(Journal.QUEUE_DIR)))
            {
                before.add(f.getName() + ":" + java.nio.file.Files.size(f.toPath()));
            }
            assertEquals(2, factory.retention().doWork());
            assertEquals(1, cycleFiles());
        }
        final List<String> archived = new ArrayList<>();
        for (final File f : CycleFiles.list(archive))
        {
            archived.add(f.getName() + ":" + java.nio.file.Files.size(f.toPath()));
        }
        assertEquals(before.subList(0, 2), archived, "the two older cycle files, whole, under their own names");
    }
}
