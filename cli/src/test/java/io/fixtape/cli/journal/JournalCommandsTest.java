package io.fixtape.cli.journal;

import io.fixtape.cli.FixtapeMain;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.journal.ChronicleMessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/** The journal subcommands run in-process (picocli) against a real journal. */
class JournalCommandsTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");
    private static final SessionId S2 = new SessionId("FIX.4.2", "US", "OTHER");
    private static final SessionId S3 = new SessionId("FIX.4.4", "US", "LATE");
    private static final long T0 = 1_764_687_600_000_000_000L; // 2025-12-02T15:00:00Z

    @TempDir
    Path dir;

    static String fix(final String beginString, final String msgType, final int seq, final String body)
    {
        final String inner = "35=" + msgType + "\u000134=" + seq + "\u000149=US\u000156=THEM\u0001" + body.replace('|', '\u0001');
        final String head = "8=" + beginString + "\u00019=" + inner.length() + "\u0001";
        int sum = 0;
        for (final byte b : (head + inner).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return head + inner + String.format("10=%03d\u0001", sum & 0xFF);
    }

    static void write(final MessageStore store, final boolean out, final int seq, final String type, final String body, final long t)
    {
        final UnsafeBuffer b = new UnsafeBuffer(fix("FIX.4.4", type, seq, body).getBytes(StandardCharsets.US_ASCII));
        if (out)
        {
            store.onOutbound(seq, MsgTypes.pack(type), 0, t, b, 0, b.capacity());
        }
        else
        {
            store.onInbound(seq, MsgTypes.pack(type), 0, t, b, 0, b.capacity());
        }
    }

    @BeforeEach
    void journal()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore a = factory.create(S1);
            final ChronicleMessageStore b = factory.create(S2);
            write(a, false, 1, "A", "98=0|108=30|553=user|554=hunter2|", T0);
            write(a, true, 1, "A", "98=0|108=30|", T0 + 1_000);
            write(a, false, 2, "D", "11=C1|55=IBM|", T0 + 2_000_000_000L);
            write(a, true, 2, "8", "37=O1|11=C1|", T0 + 2_000_001_000L);
            write(b, true, 1, "0", "", T0 + 3_000_000_000L);
        }
    }

    private static String run(final String... args)
    {
        final StringWriter sw = new StringWriter();
        final CommandLine cmd = FixtapeMain.commandLine();
        cmd.setOut(new PrintWriter(sw));
        final StringWriter err = new StringWriter();
        cmd.setErr(new PrintWriter(err));
        final int exit = cmd.execute(args);
        assertEquals(0, exit, "exit code; stderr: " + err);
        return sw.toString();
    }

    private static List<String> lines(final String s)
    {
        return s.lines().toList();
    }

    @Test
    void catPrintsOneLinePerMessageWithPrefixAndMaskedPassword()
    {
        final List<String> lines = lines(run("journal", "cat", dir.toString()));
        assertEquals(5, lines.size());
        assertEquals("2025-12-02T15:00:00Z in FIX.4.4:US->THEM 8=FIX.4.4|9=" + fix("FIX.4.4", "A", 1,
            "98=0|108=30|553=user|554=hunter2|").split("\u00019=")[1].split("\u0001")[0] +
            "|35=A|34=1|49=US|56=THEM|98=0|108=30|553=user|554=***|10=", lines.get(0).substring(0, lines.get(0).length() - 4));
        assertFalse(String.join("\n", lines).contains("hunter2"));
        assertTrue(lines.get(1).startsWith("2025-12-02T15:00:00.000001Z out FIX.4.4:US->THEM 8=FIX.4.4|"));
    }

    @Test
    void catFilters()
    {
        assertEquals(2, lines(run("journal", "cat", dir.toString(), "--direction", "out", "--comp-ids", "US:THEM")).size());
        assertEquals(1, lines(run("journal", "cat", dir.toString(), "--session", "2")).size());
        final List<String> d = lines(run("journal", "cat", dir.toString(), "--type", "D"));
        assertEquals(1, d.size());
        assertTrue(d.get(0).contains("|11=C1|55=IBM|"));
        assertEquals(2, lines(run("journal", "cat", dir.toString(), "--from-seq", "2", "--to-seq", "2")).size(),
            "seq 2 in and out of session 1; session 2 has only seq 1");
        assertEquals(3, lines(run("journal", "cat", dir.toString(), "--since", "20251202-15:00:01")).size());
        assertEquals(1, lines(run("journal", "cat", dir.toString(), "--since", "2025-12-02T15:00:03Z")).size());
    }

    @Test
    void compIdsSharedByTwoSessionsSelectsBoth()
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            // Same CompIDs as session 1, another qualifier: --comp-ids selects both, not only the last registered one.
            write(factory.create(new SessionId("FIX.4.4", "US", "THEM", "Q2")), true, 1, "0", "", T0 + 6_000_000_000L);
        }
        final List<String> lines = lines(run("journal", "cat", dir.toString(), "--comp-ids", "US:THEM", "--direction", "out"));
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(2).contains(" out FIX.4.4:US->THEM:Q2 8=FIX.4.4|"), lines.get(2));
        assertEquals(2, lines.stream().filter(l -> l.contains(" out FIX.4.4:US->THEM 8=")).count());
    }

    @Test
    void catNamedShowsTagNamesAndEnumMeanings()
    {
        final List<String> lines = lines(run("journal", "cat", dir.toString(), "--format", "named"));
        assertEquals(5, lines.size());
        assertTrue(lines.get(0).contains(" in FIX.4.4:US->THEM BeginString=FIX.4.4|BodyLength="), lines.get(0));
        assertTrue(lines.get(0).contains("|MsgType=A(LOGON)|MsgSeqNum=1|SenderCompID=US|TargetCompID=THEM|" +
            "EncryptMethod=0(NONE_OTHER)|HeartBtInt=30|Username=user|Password=***|CheckSum="), lines.get(0));
        assertFalse(String.join("\n", lines).contains("hunter2"));
        assertTrue(lines.get(2).contains("|MsgType=D(ORDER_SINGLE)|") && lines.get(2).contains("|ClOrdID=C1|Symbol=IBM|"),
            lines.get(2));
    }

    @Test
    void searchByClOrdIdAndOrderId()
    {
        final List<String> byClOrdId = lines(run("journal", "cat", dir.toString(), "--clordid", "C1"));
        assertEquals(2, byClOrdId.size(), String.join("\n", byClOrdId));
        assertTrue(byClOrdId.get(0).contains("|35=D|") && byClOrdId.get(1).contains("|35=8|"));
        final List<String> byOrderId = lines(run("journal", "cat", dir.toString(), "--orderid", "O1"));
        assertEquals(1, byOrderId.size());
        assertTrue(byOrderId.get(0).contains("|37=O1|"));
        assertEquals(0, lines(run("journal", "cat", dir.toString(), "--clordid", "C")).size(), "whole values only");
        assertEquals(0, lines(run("journal", "cat", dir.toString(), "--orderid", "C1")).size(), "the tag counts");
    }

    @Test
    void catJson()
    {
        final List<String> lines = lines(run("journal", "cat", dir.toString(), "--format", "json", "--type", "8"));
        assertEquals(1, lines.size());
        final String json = lines.get(0);
        assertTrue(json.startsWith("{\"time\":\"2025-12-02T15:00:02.000001Z\",\"timeNanos\":" + (T0 + 2_000_001_000L) +
            ",\"direction\":\"out\",\"sessionId\":1,\"session\":\"FIX.4.4:US->THEM\",\"seq\":2,\"msgType\":\"8\",\"flags\":[],\"intact\":true,"), json);
        assertTrue(json.contains("\"fix\":\"8=FIX.4.4|9="), json);
    }

    @Test
    void statSummarisesSessions()
    {
        final String out = run("journal", "stat", dir.toString());
        assertTrue(out.contains("records: 5 (corrupt: 0)"), out);
        assertTrue(out.contains("time: 2025-12-02T15:00:00Z .. 2025-12-02T15:00:03Z"), out);
        assertTrue(out.contains("  1 FIX.4.4:US->THEM\n    in:  2 seq 1..2 types A=1 D=1\n    out: 2 seq 1..2 types 8=1 A=1"), out);
        assertTrue(out.contains("  2 FIX.4.2:US->OTHER\n    in:  0\n    out: 1 seq 1..1 types 0=1"), out);
        final long allocated = Long.parseLong(out.split("size on disk: ")[1].split(" bytes")[0]);
        final long apparent = Long.parseLong(out.split("apparent size ")[1].split(" bytes")[0]);
        assertTrue(allocated > 0 && allocated < apparent, "the sparse cycle file is not counted at its length: " + out);
    }

    @Test
    void exportWritesQuickFixJMessageLogs() throws Exception
    {
        final Path out = dir.resolve("export");
        run("journal", "export", dir.toString(), "--format", "qfj-log", "--out", out.toString());
        final List<String> log = Files.readAllLines(out.resolve("FIX.4.4-US-THEM.messages.log"), StandardCharsets.ISO_8859_1);
        assertEquals(4, log.size());
        // the password was journaled masked (same length, CheckSum recomputed): the export is still a valid message
        assertEquals("20251202-15:00:00.000: " + fix("FIX.4.4", "A", 1, "98=0|108=30|553=user|554=*******|"), log.get(0));
        assertEquals("20251202-15:00:02.000: " + fix("FIX.4.4", "8", 2, "37=O1|11=C1|"), log.get(3));
        assertTrue(Files.exists(out.resolve("FIX.4.2-US-OTHER.messages.log")));
    }

    @Test
    void exportMasksPasswordsEvenFromAJournalKeptUnmasked() throws Exception
    {
        final Path unmasked = dir.resolve("unmasked");
        final JournalContext context = new JournalContext().directory(unmasked).lowSpaceBytes(0);
        context.applySetting(JournalContext.KEY_MASK_PASSWORDS, "N");
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(context))
        {
            write(factory.create(S1), false, 1, "A", "98=0|108=30|553=user|554=hunter2|", T0);
        }
        final Path out = dir.resolve("export-unmasked");
        run("journal", "export", unmasked.toString(), "--format", "qfj-log", "--out", out.toString());
        final List<String> log = Files.readAllLines(out.resolve("FIX.4.4-US-THEM.messages.log"), StandardCharsets.ISO_8859_1);
        assertEquals("20251202-15:00:00.000: " + fix("FIX.4.4", "A", 1, "98=0|108=30|553=user|554=*******|"), log.get(0));
        final String cat = run("journal", "cat", unmasked.toString());
        assertTrue(cat.contains("554=***|") && !cat.contains("hunter2"), cat);
    }

    @Test
    void tailFollowsLiveAppendsUntilStopped() throws Exception
    {
        final StringWriter sw = new StringWriter();
        final TailCommand tail = new TailCommand();
        final CommandLine cmd = new CommandLine(tail);
        cmd.setOut(new PrintWriter(sw, true));
        final ExecutorService executor = Executors.newSingleThreadExecutor();
        try
        {
            final Future<Integer> exit = executor.submit(() -> cmd.execute("-f", "-n", "2", dir.toString()));
            waitFor(sw, 2);
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
            {
                write(factory.create(S1), true, 3, "8", "37=O2|11=C2|", T0 + 4_000_000_000L);
            }
            waitFor(sw, 3);
            // A session registered while tail follows: its records are named, not printed as session-N.
            try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).lowSpaceBytes(0)))
            {
                write(factory.create(S3), true, 1, "0", "", T0 + 5_000_000_000L);
            }
            waitFor(sw, 4);
            tail.stop();
            assertEquals(0, exit.get(30, TimeUnit.SECONDS));
            final List<String> lines = lines(sw.toString());
            assertEquals(4, lines.size(), sw.toString());
            assertTrue(lines.get(0).contains(" out FIX.4.4:US->THEM 8=FIX.4.4|") && lines.get(0).contains("|34=2|"), lines.get(0));
            assertTrue(lines.get(1).contains(" out FIX.4.2:US->OTHER "), lines.get(1));
            assertTrue(lines.get(2).contains("|37=O2|11=C2|"), lines.get(2));
            assertTrue(lines.get(3).contains(" out FIX.4.4:US->LATE "), lines.get(3));
        }
        finally
        {
            executor.shutdownNow();
        }
    }

    private static void waitFor(final StringWriter sw, final int lines) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (sw.toString().lines().count() < lines)
        {
            assertTrue(System.nanoTime() < deadline, "tail printed only: " + sw);
            Thread.sleep(10);
        }
    }
}
