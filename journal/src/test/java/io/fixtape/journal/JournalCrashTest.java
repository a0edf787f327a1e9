package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A real {@code kill -9} of a child JVM that is appending (started with this JVM's java and flags), then reopen:
 * every complete record is there, sequence numbers are contiguous with no duplicate, a half-written record (if the
 * kill hit one) is invisible, the sequence state continues and appends resume. While the child lives, a second
 * engine is refused naming the child's pid. The steps follow the child's own output ({@link CrashAppender}): the
 * lock is checked once it says it is ready, the kill sent once it says it has {@link CrashAppender#RUNNING_AT}
 * records on disk and keeps appending.
 */
class JournalCrashTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");
    private static final int MAX = 3_000_000;

    @TempDir
    Path dir;

    static Process startChild(final Class<?> main, final String... args) throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--") || arg.startsWith("-D") || arg.startsWith("-X"))
            {
                command.add(arg); // the surefire argLine: fixtape.jvm.flags (+ heap)
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    @Test
    void killMinusNineMidAppendLosesNoCompleteRecordAndLeavesNoDuplicate() throws Exception
    {
        final Process child = startChild(CrashAppender.class, dir.toString(), Integer.toString(MAX));
        try
        {
            final BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            awaitLine(out, CrashAppender.READY);

            final JournalLock.JournalLockedException locked = assertThrows(JournalLock.JournalLockedException.class,
                () -> Journal.open(new JournalContext().directory(dir)));
            assertEquals(child.pid() + "@" + JournalLock.hostName(), locked.holder());
            assertTrue(locked.getMessage().contains("(alive)"), locked.getMessage());

            awaitLine(out, CrashAppender.RUNNING);
            assertTrue(child.isAlive(), "child finished before the kill: raise MAX");
            child.destroyForcibly(); // SIGKILL on Unix: no shutdown hook, no close
            assertTrue(child.waitFor(10, TimeUnit.SECONDS));
            assertEquals(137, child.exitValue(), "killed by SIGKILL");
        }
        finally
        {
            child.destroyForcibly();
        }

        final int lastSeq;
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int expected = 1;
            while (reader.next(r))
            {
                assertEquals(expected, r.seqNum(), "contiguous, no duplicate");
                assertTrue(r.isIntact(), "complete record at seq " + expected);
                expected++;
            }
            lastSeq = expected - 1;
        }
        assertTrue(lastSeq >= CrashAppender.RUNNING_AT && lastSeq < MAX, "records on disk: " + lastSeq);

        final long reopenStart = System.nanoTime();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            System.out.println("reopen took " + (System.nanoTime() - reopenStart) / 1_000_000 + " ms; " +"kill -9 after " + lastSeq + " records; reopen applied " +
                factory.journal().recoveredRecords() + " tail record(s); next sender seq " + store.nextSenderSeqNum());
            assertEquals(lastSeq + 1, store.nextSenderSeqNum(), "sequence state continues after the last record on disk");
            assertEquals(101, store.replayOutbound(lastSeq - 100, lastSeq, (seq, buffer, offset, length) -> true));
            final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", lastSeq + 1, "11=AFTER|"));
            final long appendStart = System.nanoTime();
            store.onOutbound(lastSeq + 1, Fix.type("D"), 0, 1, b, 0, b.capacity());
            System.out.println("first append after the crash took " + (System.nanoTime() - appendStart) / 1_000_000 + " ms");
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int count = 0;
            int last = 0;
            while (reader.next(r))
            {
                count++;
                last = r.seqNum();
            }
            assertEquals(lastSeq + 1, count);
            assertEquals(lastSeq + 1, last);
        }
    }

    /** Reads the child's output up to {@code expected}; fails on an exception line or if the child exits first. */
    private static void awaitLine(final BufferedReader out, final String expected) throws IOException
    {
        String line;
        while ((line = out.readLine()) != null && !line.equals(expected))
        {
            assertFalse(line.contains("Exception"), line);
        }
        assertEquals(expected, line, "child exited before it printed " + expected);
    }
}
