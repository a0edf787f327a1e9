package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreException;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** Each fault from the journal issue, on real files (tmpfs / read-only mounts where this host allows mounting). */
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
                "mount(8) not permitted here: the injected-failure test covers full disk");
            final JournalContext ctx = new JournalContext().directory(mount).blockSize(256 * 1024)
                .lowSpaceBytes(512 * 1024).diskCheckIntervalNanos(0);
            int accepted = 0;
            MessageStoreException failure = null;
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
            {
                final ChronicleMessageStore store = factory.create(S1);
                for (int seq = 1; seq <= 100_000; seq++)
                {
                    try
                    {
                        send(store, seq);
                        accepted++;
                    }
                    catch (final MessageStoreException ex)
                    {
                        failure = ex;
                        break;
                    }
                }
                assertNotNull(failure, "3 MiB cannot hold 100k records");
                assertEquals(MessageStoreException.Reason.DISK_FULL, failure.reason());
                // Either our watermark check or the file system itself (SIGBUS on a mapped page of a full tmpfs,
                // surfaced by the JVM as InternalError) stops the append; both are reported as DISK_FULL.
                assertEquals(accepted + 1, store.nextSenderSeqNum());
            }
            final int[] corrupt = new int[1];
            assertEquals(accepted, countIntact(mount, corrupt), "every accepted record reads back");
            assertEquals(0, corrupt[0]);
            System.out.println("tmpfs 3 MiB: accepted " + accepted + " records, then " + failure.getMessage());
        }
    }

    @Test
    void readOnlyDirectoryIsRefusedAtStart() throws IOException
    {
        final Path ro = dir.resolve("ro");
        try (Mounts mounts = new Mounts())
        {
            if (!mounts.tmpfs(ro, 1024, true))
            {
                org.junit.jupiter.api.Assumptions.assumeFalse("root".equals(System.getProperty("user.name")),
                    "root without mount(8): permissions cannot make a directory read-only");
                Files.createDirectories(ro);
                ro.toFile().setWritable(false);
            }
            final JournalException ex = assertThrows(JournalException.class, () -> new ChronicleMessageStoreFactory(ctx(ro)));
            assertTrue(ex.getMessage().contains("read-only") || ex.getMessage().contains("Read-only"), ex.getMessage());
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
            org.junit.jupiter.api.Assumptions.assumeTrue(mounts.readOnlyBind(metadata),
                "mount(8) not permitted here: cannot make only the table store read-only");
            final JournalException ex = assertThrows(JournalException.class, () -> new ChronicleMessageStoreFactory(ctx(dir)));
            assertTrue(ex.getMessage().contains("fell back to read-only"), ex.getMessage());
        }
    }

    @Test
    void truncatedOrCorruptedTailIsDetectedAndTheJournalReopens() throws IOException
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx(dir)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 20; seq++)
            {
                send(store, seq);
            }
        }
        // Tear the last record: zero its bytes from the middle (a truncated write) and overwrite one byte in the
        // one before it (a corrupted sector).
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
}
