package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreException;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Each storage fault the journal must survive, on real files. None needs mount(8): a read-only directory by permissions (or
 * {@code chattr +i} as root), a full disk by the low-space watermark on the real disk, a record cut off mid-append by
 * a child JVM halted inside Chronicle's document; where mount(8) is allowed, a real 3 MiB tmpfs fills up too.
 */
class JournalFaultTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");

    @TempDir
    Path dir;

    private static JournalContext ctx(final Path dir)
    {
        return new JournalContext().directory(dir).lowSpaceBytes(0);
    }

    private static void send(final ChronicleMessageStore store, final int seq)
    {
        final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=ORD" + seq + "|55=IBM|"));
        store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
    }

    /** Reads every record: asserts they are numbered 1, 2, ... in order and each is intact; returns how many. */
    private static int readIntactInSequence(final JournalReader reader)
    {
        final JournalRecord r = new JournalRecord();
        int seq = 0;
        while (reader.next(r))
        {
            assertEquals(++seq, r.seqNum());
            assertTrue(r.isIntact(), "record " + seq);
        }
        return seq;
    }

    private static int countIntact(final Path dir, final int[] corrupt)
    {
        int intact = 0;
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.isIntact())
                {
                    intact++;
                }
                else
                {
                    corrupt[0]++;
                }
            }
        }
        return intact;
    }

    @Test
    void directoryHeldByAnotherEngineIsRefusedNamingTheHolder()
    {
        try (ChronicleMessageStoreFactory first = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            final JournalLock.JournalLockedException ex =
                assertThrows(JournalLock.JournalLockedException.class, () -> new ChronicleMessageStoreFactory(ctx(dir)));
            assertEquals(ProcessHandle.current().pid() + "@" + JournalLock.hostName(), ex.holder());
            assertTrue(ex.getMessage().contains("held by another engine"), ex.getMessage());
            assertNotNull(first.create(S1));
        }
        // Released on close: a new engine may take it.
        try (ChronicleMessageStoreFactory again = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            assertNotNull(again.create(S1));
        }
    }

    @Test
    void injectedWriteFailureIsReportedAndLosesNothingSilently()
    {
        final boolean[] fail = {false};
        final JournalContext ctx = ctx(dir).faultInjector((sessionId, seq, length) ->
        {
            if (fail[0])
            {
                throw new IOException("No space left on device");
            }
        });
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 10; seq++)
            {
                send(store, seq);
            }
            fail[0] = true;
            final MessageStoreException ex = assertThrows(MessageStoreException.class, () -> send(store, 11));
            assertEquals(MessageStoreException.Reason.DISK_FULL, ex.reason());
            assertEquals(11, store.nextSenderSeqNum(), "a message that was not journaled must not be sent (seq not consumed)");
            fail[0] = false;
            send(store, 11);
            assertEquals(12, store.nextSenderSeqNum());
        }
        assertEquals(11, countIntact(dir, new int[1]));
    }

    @Test
    void fullDiskOnARealTinyTmpfsFailsClearlyAndKeepsEveryAcceptedRecord() throws IOException
    {
        final Path mount = dir.resolve("tiny");
        try (Mounts mounts = new Mounts())
        {
            final boolean mounted = mounts.tmpfs(mount, 3 * 1024, false);
            org.junit.jupiter.api.Assumptions.assumeTrue(mounted,
                "mount(8) not permitted here: fullDiskAtTheLowSpaceWatermark... and the injected ENOSPC cover a full disk");
            final JournalContext ctx = new JournalContext().directory(mount).blockSize(256 * 1024)
                .lowSpaceBytes(512 * 1024).diskCheckIntervalNanos(0);
            final Refusal refusal;
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
            {
                final ChronicleMessageStore store = factory.create(S1);
                // Either our watermark check or the file system itself (SIGBUS on a mapped page of a full tmpfs,
                // surfaced by the JVM as InternalError) stops the append; both are reported as DISK_FULL.
                refusal = appendUntilDiskFull(store, 100_000, "3 MiB cannot hold 100k records");
                assertEquals(refusal.accepted() + 1, store.nextSenderSeqNum());
            }
            assertEveryAcceptedRecordReadsBack(mount, refusal.accepted());
            System.out.println("tmpfs 3 MiB: accepted " + refusal.accepted() + " records, then " +
                refusal.failure().getMessage());
        }
    }

    @Test
    void readOnlyDirectoryIsRefusedAtStart() throws IOException
    {
        final Path ro = dir.resolve("ro");
        Files.createDirectories(ro);
        try (Mounts mounts = new Mounts())
        {
            // No mount(8) needed: permissions (or chattr +i as root); a read-only tmpfs mount only where neither works.
            final boolean readOnly = mounts.readOnly(ro) || mounts.tmpfs(ro, 1024, true);
            org.junit.jupiter.api.Assumptions.assumeTrue(readOnly,
                "neither permissions, chattr +i nor mount(8) can make a directory read-only here");
            final JournalException ex = assertThrows(JournalException.class, () -> new ChronicleMessageStoreFactory(ctx(ro)));
            assertTrue(ex.getMessage().contains("read-only") || ex.getMessage().contains("Read-only"), ex.getMessage());
            System.out.println("read-only directory: " + ex.getMessage());
        }
    }

    @Test
    void chronicleFailbackToReadOnlyIsFatal() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            send(factory.create(S1), 1);
        }
        final Path metadata = dir.resolve(Journal.QUEUE_DIR).resolve("metadata.cq4t");
        assertTrue(Files.exists(metadata));
        try (Mounts mounts = new Mounts())
        {
            // Only the table store unwritable: Chronicle falls back to read-only for it and warns.
            final boolean readOnly = mounts.readOnly(metadata) || mounts.readOnlyBind(metadata);
            org.junit.jupiter.api.Assumptions.assumeTrue(readOnly,
                "neither permissions, chattr +i nor mount(8) can make the table store read-only here");
            final JournalException ex = assertThrows(JournalException.class, () -> new ChronicleMessageStoreFactory(ctx(dir)));
            assertTrue(ex.getMessage().contains("fell back to read-only"), ex.getMessage());
        }
    }

    /** One journal falling back to read-only fails that journal only: another in the same JVM keeps appending. */
    @Test
    void anotherJournalsReadOnlyFallbackLeavesThisJournalWriting() throws IOException
    {
        final Path a = dir.resolve("a");
        final Path b = dir.resolve("b");
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(b)))
        {
            send(factory.create(S1), 1);
        }
        final Path metadata = b.resolve(Journal.QUEUE_DIR).resolve("metadata.cq4t");
        try (ChronicleMessageStoreFactory journalA = new ChronicleMessageStoreFactory(ctx(a));
            Mounts mounts = new Mounts())
        {
            final ChronicleMessageStore storeA = journalA.create(S1);
            send(storeA, 1);
            final boolean readOnly = mounts.readOnly(metadata) || mounts.readOnlyBind(metadata);
            org.junit.jupiter.api.Assumptions.assumeTrue(readOnly,
                "neither permissions, chattr +i nor mount(8) can make the table store read-only here");
            final JournalException ex = assertThrows(JournalException.class, () -> new ChronicleMessageStoreFactory(ctx(b)));
            assertTrue(ex.getMessage().contains("fell back to read-only") && ex.getMessage().contains(b.toString()),
                ex.getMessage());
            send(storeA, 2); // would throw READ_ONLY if B's fallback counted against A
            assertTrue(journalA.journal().probeWritable(Long.MAX_VALUE), "journal A still writes");
            assertEquals(3, storeA.nextSenderSeqNum());
        }
        try (JournalReader reader = new JournalReader(a))
        {
            assertEquals(2, readIntactInSequence(reader), "both of A's records are there");
        }
    }

    /**
     * A real disk filling up, without mount(8): the watermark is set 16 MiB below the free space now, so the
     * journal's own writes (ext4 reserves blocks as pages are dirtied) bring the free space under it. With a
     * pretoucher thread that thread measures the free space (every pass here) and the writer only reads it.
     */
    @ParameterizedTest(name = "pretoucher thread {0}")
    @ValueSource(booleans = {false, true})
    void fullDiskAtTheLowSpaceWatermarkFailsClearlyAndKeepsEveryAcceptedRecord(final boolean pretoucherThread)
    {
        final long watermark = sixteenMiBBelowTheFreeSpace();
        final Refusal refusal;
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(lowSpace(watermark, pretoucherThread)))
        {
            assertEquals(pretoucherThread ? JournalContext.Pretouch.THREAD : JournalContext.Pretouch.OFF,
                factory.pretouchInForce());
            final ChronicleMessageStore store = factory.create(S1);
            refusal = appendUntilDiskFull(store, 2_000_000, "2M records did not use 16 MiB of free space?");
            final String message = refusal.failure().getMessage();
            assertTrue(message.contains("below the low-space watermark") && message.contains("JournalLowSpaceMb"), message);
            assertEquals(refusal.accepted() + 1, store.nextSenderSeqNum(), "the refused record used no number");
            assertFalse(factory.journal().probeWritable(Long.MAX_VALUE), "still full: a paused session would stay paused");
        }
        assertEveryAcceptedRecordReadsBack(dir, refusal.accepted());
        System.out.println("watermark " + watermark + " bytes: accepted " + refusal.accepted() + " records, then " +
            refusal.failure().getMessage());
    }

    @Test
    void aWriterWhoseSpaceIsWatchedElsewhereNeverMeasuresItOnItsSchedule()
    {
        // No pretoucher thread: this test is the watcher. With a check due on every append (interval 0) the writer
        // would notice the watermark by itself; watched elsewhere it only reads what the watcher measured.
        final long watermark = sixteenMiBBelowTheFreeSpace();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(lowSpace(watermark, false)))
        {
            final Journal journal = factory.journal();
            journal.watchSpaceElsewhere();
            final ChronicleMessageStore store = factory.create(S1);
            int seq = 0;
            while (dir.toFile().getUsableSpace() >= watermark)
            {
                assertTrue(seq < 2_000_000, "2M records did not use 16 MiB of free space?");
                for (int i = 0; i < 1_000; i++)
                {
                    send(store, ++seq); // below the watermark by now, perhaps: not measured by the writer, accepted
                }
            }
            send(store, ++seq);
            assertTrue(journal.usableBytes() >= watermark, "nobody measured since the journal opened");

            assertTrue(journal.measureSpace() < watermark); // the watcher's measurement
            final int refused = seq + 1;
            final MessageStoreException ex = assertThrows(MessageStoreException.class, () -> send(store, refused));
            assertEquals(MessageStoreException.Reason.DISK_FULL, ex.reason(), ex.getMessage());
            assertEquals(refused, store.nextSenderSeqNum(), "the refused record used no number");
        }
    }

    @Test
    void recordCutOffMidAppendByADyingWriterIsInvisibleReportedAndWrittenOver() throws Exception
    {
        final int count = 20;
        final Process child = JournalCrashTest.startChild(CutOffAppender.class, dir.toString(), Integer.toString(count));
        final String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), output);
        assertEquals(137, child.exitValue(), "halted mid-append: " + output);
        assertTrue(output.contains("cut off after " + count + " records"), output);

        // Reader: the complete records, nothing of the cut-off one, and a message saying where it is.
        try (JournalReader reader = new JournalReader(dir))
        {
            assertEquals(count, readIntactInSequence(reader));
            final String message = reader.incompleteTail();
            assertNotNull(message, "the cut-off record is reported");
            assertTrue(message.contains("incomplete record at byte") && message.contains(".cq4"), message);
            System.out.println("reader: " + message);
        }
        // Recovery: the same message, no earlier record lost, the cut-off number not consumed, appends write over it.
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            assertNotNull(factory.journal().incompleteTail());
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(count + 1, store.nextSenderSeqNum());
            assertEquals(count, store.replayOutbound(1, 0, (seq, buffer, offset, length) -> true));
            send(store, count + 1);
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            assertEquals(count + 1, readIntactInSequence(reader));
            assertNull(reader.incompleteTail(), "written over by the next append");
        }
    }

    @Test
    void tornOrCorruptedRecordsAreDetectedAndTheJournalReopens() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 20; seq++)
            {
                send(store, seq);
            }
        }
        // Damage two complete records in place: zeros over the middle of the last one (a torn page) and one byte
        // overwritten in the one before it (a bad sector). A record whose append was cut off is the test below.
        final Path cycleFile;
        try (Stream<Path> files = Files.list(dir.resolve(Journal.QUEUE_DIR)))
        {
            cycleFile = files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        final byte[] content = Files.readAllBytes(cycleFile);
        final int last = indexOf(content, "11=ORD20\u0001");
        final int previous = indexOf(content, "11=ORD19\u0001");
        try (RandomAccessFile raf = new RandomAccessFile(cycleFile.toFile(), "rw"))
        {
            raf.seek(last);
            raf.write(new byte[30]);
            raf.seek(previous);
            raf.write('X');
        }
        final int[] corrupt = new int[1];
        assertEquals(18, countIntact(dir, corrupt));
        assertEquals(2, corrupt[0]);
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(21, store.nextSenderSeqNum());
            final int delivered = store.replayOutbound(1, 0, (seq, buffer, offset, length) -> true);
            assertEquals(18, delivered, "damaged records are gap-filled, never resent");
            assertEquals(2, store.corruptRecords());
            send(store, 21);
        }
        assertEquals(19, countIntact(dir, new int[1]));
    }

    private static int indexOf(final byte[] content, final String needle)
    {
        final byte[] n = needle.getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = content.length - n.length; i >= 0; i--)
        {
            for (int j = 0; j < n.length; j++)
            {
                if (content[i + j] != n[j])
                {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found: " + needle);
    }

    /** How many appends a store took before it refused one, and the refusal. */
    private long sixteenMiBBelowTheFreeSpace()
    {
        return Math.max(1, dir.toFile().getUsableSpace() - 16L * 1024 * 1024);
    }

    /** A journal in {@link #dir} that checks the watermark before every append (interval 0). */
    private JournalContext lowSpace(final long watermark, final boolean pretoucherThread)
    {
        return new JournalContext().directory(dir).lowSpaceBytes(watermark).diskCheckIntervalNanos(0)
            .pretouch(pretoucherThread);
    }

    private record Refusal(int accepted, MessageStoreException failure)
    {
    }

    /**
     * Appends records 1, 2, ... until the store refuses one; asserts that it did refuse (within {@code maxRecords};
     * {@code whyItMust} is the failure message otherwise) and that the refusal is {@code DISK_FULL}.
     */
    private static Refusal appendUntilDiskFull(final ChronicleMessageStore store, final int maxRecords,
        final String whyItMust)
    {
        for (int seq = 1; seq <= maxRecords; seq++)
        {
            try
            {
                send(store, seq);
            }
            catch (final MessageStoreException ex)
            {
                assertEquals(MessageStoreException.Reason.DISK_FULL, ex.reason(), ex.getMessage());
                return new Refusal(seq - 1, ex);
            }
        }
        return fail(whyItMust);
    }

    /** The journal in {@code dir} reads back {@code accepted} intact records and no corrupt one. */
    private static void assertEveryAcceptedRecordReadsBack(final Path dir, final int accepted)
    {
        final int[] corrupt = new int[1];
        assertEquals(accepted, countIntact(dir, corrupt), "every accepted record reads back");
        assertEquals(0, corrupt[0]);
    }
}
