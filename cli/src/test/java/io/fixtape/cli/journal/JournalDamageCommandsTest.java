package io.fixtape.cli.journal;

import io.fixtape.cli.FixtapeMain;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.ChronicleMessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** The journal tools on damaged journals (real files): one clear line each, never a fault; verify names each problem. */
class JournalDamageCommandsTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");
    private static final long T0 = 1_764_687_600_000_000_000L;

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err)
    {
    }

    private static Run run(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CommandLine cmd = FixtapeMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        final int exit = cmd.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @BeforeEach
    void journal()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 200; seq++)
            {
                JournalCommandsTest.write(store, true, seq, "8", "37=O" + seq + "|11=C" + seq + "|", T0 + seq);
                JournalCommandsTest.write(store, false, seq, "D", "11=C" + seq + "|55=IBM|", T0 + seq);
            }
        }
    }

    private Path cycleFile() throws IOException
    {
        try (Stream<Path> files = Files.list(dir.resolve("queue")))
        {
            return files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
    }

    private long offsetOf(final Path file, final String needle) throws IOException
    {
        return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).lastIndexOf(needle);
    }

    @Test
    void verifySaysCleanAndExitsZeroOnAWholeJournal()
    {
        final Run verify = run("journal", "verify", dir.toString());
        assertEquals(0, verify.exit, verify.toString());
        assertTrue(verify.out.contains(": 400 records in 1 queue files, 1 sessions: clean"), verify.out);
    }

    @Test
    void aFlippedByteIsOneProblemNamingFileOffsetAndIndex() throws IOException
    {
        final Path file = cycleFile();
        final long at = offsetOf(file, "\u000111=C77\u0001");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.seek(at + 5);
            raf.write('X');
        }
        final Run verify = run("journal", "verify", dir.toString());
        assertEquals(1, verify.exit, verify.toString());
        final String[] problems = verify.out.lines().filter(l -> l.startsWith("problem: ")).toArray(String[]::new);
        assertEquals(1, problems.length, verify.out);
        assertTrue(problems[0].matches("problem: queue/\\S+\\.cq4 byte \\d+ index [0-9a-f]+: CRC32C mismatch"), problems[0]);
        assertTrue(verify.out.contains("1 problem"), verify.out);
        final Run cat = run("journal", "cat", dir.toString());
        assertEquals(0, cat.exit, cat.toString());
        assertEquals(1, cat.out.lines().filter(l -> l.contains(" CORRUPT")).count(), cat.out);
    }

    @Test
    void aFileCutShortGivesOneClearLineFromEveryTool() throws IOException
    {
        final Path file = cycleFile();
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.setLength(offsetOf(file, "\u000111=C100\u0001"));
        }
        for (final String tool : new String[] {"stat", "cat", "export"})
        {
            final Run r = tool.equals("export") ?
                run("journal", tool, dir.toString(), "--format", "qfj-log", "--out", dir.resolve("out").toString()) :
                run("journal", tool, dir.toString());
            assertEquals(2, r.exit, tool + ": " + r);
            assertEquals(1, r.err.lines().count(), tool + ": " + r.err);
            assertTrue(r.err.contains("is damaged") && r.err.contains("cut short") && r.err.contains("journal verify"),
                tool + ": " + r.err);
            assertFalse(r.err.contains("InternalError") || r.err.contains("internal error"), r.err);
        }
        final Run verify = run("journal", "verify", dir.toString());
        assertEquals(1, verify.exit, verify.toString());
        assertTrue(verify.out.contains("cut short (records after it are lost)"), verify.out);
        assertTrue(verify.out.contains("covered index"), "the sequence state covers records the queue lost: " + verify.out);
    }

    @Test
    void verifyFindsALostSequenceStateAndAWrongResendIndexEntry() throws IOException
    {
        Files.delete(dir.resolve("state").resolve("seqstate.dat"));
        try (RandomAccessFile raf = new RandomAccessFile(dir.resolve("state").resolve("1.out.idx").toFile(), "rw"))
        {
            raf.seek(5 * Long.BYTES);
            final long entry6 = Long.reverseBytes(readLong(raf, 6 * Long.BYTES));
            raf.seek(5 * Long.BYTES);
            raf.writeLong(Long.reverseBytes(entry6)); // seq 5 now names seq 6's record
        }
        final Run verify = run("journal", "verify", dir.toString());
        assertEquals(1, verify.exit, verify.toString());
        assertTrue(verify.out.contains("problem: state/seqstate.dat: missing"), verify.out);
        assertTrue(verify.out.contains("problem: state/1.out.idx byte 40: MsgSeqNum 5 points at index"), verify.out);
        assertTrue(verify.out.contains("2 problems"), verify.out);
    }

    private static long readLong(final RandomAccessFile raf, final long at) throws IOException
    {
        raf.seek(at);
        return raf.readLong();
    }

    @Test
    void upgradeOfACurrentJournalDoesNothingAndSaysSo()
    {
        final Run upgrade = run("journal", "upgrade", dir.toString());
        assertEquals(0, upgrade.exit, upgrade.toString());
        assertTrue(upgrade.out.contains("all 400 records are in format fixtape-journal 2.0 already"), upgrade.out);
    }
}
