package io.fixtape.cli.replay;

import static io.fixtape.cli.CliRun.fixtape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.fixtape.cli.CliRun;
import io.fixtape.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fixtape import pcap|qfj-log} run in-process: a tcpdump capture of a real QuickFIX/J ↔ fixtape session
 * and a QuickFIX/J message log each import into a journal that {@code fixtape replay --diff} then replays cleanly.
 */
class ImportCommandTest
{

    @TempDir
    Path dir;

    @Test
    void aTcpdumpCaptureImportsAndReplaysCleanly() throws Exception
    {
        final Path pcap = CliRun.copyResource("/fixtures/fix44-exec-lo.pcap", dir.resolve("fix44-exec-lo.pcap"));
        final Path journal = dir.resolve("from-pcap");
        final CliRun imported = fixtape("import", "pcap", pcap.toString(), "--out", journal.toString());
        assertEquals(0, imported.exit, imported.toString());
        assertTrue(imported.out.contains("reassembly: connections=1 "), imported.toString());
        assertTrue(imported.out.contains("session FIX.4.4:FIXTAPE->CLIENT: "), imported.toString());

        final CliRun replay = fixtape("replay", journal.toString(), "--diff");
        assertEquals(0, replay.exit, replay.toString());
        assertTrue(replay.out.contains(" replayed outbound messages: identical"), replay.toString());
    }

    @Test
    void aQuickFixJMessageLogImportsAndReplaysLikeTheJournalItCameFrom() throws Exception
    {
        final Path fixture = CliRun.fixture("fix44-exec", dir);
        final Path logs = dir.resolve("logs");
        final CliRun exported = fixtape("journal", "export", fixture.toString(), "--format", "qfj-log", "--out",
            logs.toString(), "--no-progress");
        assertEquals(0, exported.exit, exported.toString());
        final Path log = logs.resolve("FIX.4.4-FIXTAPE-CLIENT.messages.log");
        assertTrue(Files.isRegularFile(log), exported.toString());

        final Path journal = dir.resolve("from-qfj-log");
        final CliRun imported = fixtape("import", "qfj-log", log.toString(), "--out", journal.toString());
        assertEquals(0, imported.exit, imported.toString());
        assertTrue(imported.out.contains(", 0 lines skipped"), imported.toString());

        final CliRun replay = fixtape("replay", journal.toString(), "--diff");
        assertEquals(0, replay.exit, replay.toString());
        assertTrue(replay.out.contains(" replayed outbound messages: identical"), replay.toString());
        final CliRun original = fixtape("replay", fixture.toString(), "--diff");
        assertEquals(0, original.exit, original.toString());
        assertEquals(CliRun.digest(original), CliRun.digest(replay), "the log replays exactly like the journal it was exported from");
    }

    /**
     * A messages.log written by QuickFIX/J's own FileLog on the client's side (fixture {@code fix44-exec-qfjlog},
     * recorded together with fixtape's journal of the same session): {@code --comp-id FIXTAPE} makes it the
     * engine's session, it replays with a clean diff (no field ignored) and the digest of the journal.
     */
    @Test
    void aMessageLogWrittenByQuickFixJImportsAsTheEnginesSessionAndReplaysLikeTheJournal() throws Exception
    {
        final String fixture = "/fixtures/fix44-exec-qfjlog/";
        final Path log = CliRun.copyResource(fixture + "FIX.4.4-CLIENT-FIXTAPE.messages.log",
            dir.resolve("FIX.4.4-CLIENT-FIXTAPE.messages.log"));
        final Path journal = dir.resolve("from-qfj-filelog");
        final CliRun imported = fixtape("import", "qfj-log", log.toString(), "--comp-id", "FIXTAPE", "--out",
            journal.toString());
        assertEquals(0, imported.exit, imported.toString());
        assertTrue(imported.out.contains("qfj-log: 39 messages, 0 lines skipped"), imported.toString());
        assertTrue(imported.out.contains("session FIX.4.4:FIXTAPE->CLIENT: 19 inbound, 20 outbound"),
            imported.toString());

        final CliRun replay = fixtape("replay", journal.toString(), "--diff");
        assertEquals(0, replay.exit, replay.toString());
        assertTrue(replay.out.contains("diff: 20 recorded vs 20 replayed outbound messages: identical"),
            replay.toString());

        final Path recorded = dir.resolve("fix44-exec-qfjlog");
        for (final String file : new String[] {"sessions.registry", "queue/metadata.cq4t", "queue/20261203F.cq4"})
        {
            CliRun.copyResource(fixture + file, recorded.resolve(file));
        }
        final CliRun original = fixtape("replay", recorded.toString(), "--diff");
        assertEquals(0, original.exit, original.toString());
        assertEquals(CliRun.digest(original), CliRun.digest(replay),
            "QuickFIX/J's log replays exactly like fixtape's journal of the same session");
    }

    /**
     * QuickFIX/J's log of the client's side, renamed so that its name tells nothing: imported without flags, the
     * engine is the acceptor FIXTAPE (it received the first Logon), said in one line, and it replays identically.
     */
    @Test
    void aLogWithoutATellingNameImportsAsItsAcceptor() throws Exception
    {
        final Path log = CliRun.copyResource("/fixtures/fix44-exec-qfjlog/FIX.4.4-CLIENT-FIXTAPE.messages.log",
            dir.resolve("session.log"));
        final Path journal = dir.resolve("from-session-log");
        final CliRun imported = fixtape("import", "qfj-log", log.toString(), "--out", journal.toString());
        assertEquals(0, imported.exit, imported.toString());
        assertTrue(imported.out.contains("qfj-log: FIX.4.4 CLIENT-FIXTAPE: engine FIXTAPE, the acceptor (it received " +
            "the first Logon); --comp-id chooses the other side\n"), imported.toString());
        assertTrue(imported.out.contains("session FIX.4.4:FIXTAPE->CLIENT: 19 inbound, 20 outbound"), imported.toString());
        final CliRun replay = fixtape("replay", journal.toString(), "--diff");
        assertEquals(0, replay.exit, replay.toString());

        final Path other = dir.resolve("client-side");
        final CliRun client = fixtape("import", "qfj-log", log.toString(), "--comp-id", "CLIENT", "--out",
            other.toString());
        assertEquals(0, client.exit, client.toString());
        assertTrue(client.out.contains("session FIX.4.4:CLIENT->FIXTAPE: 20 inbound, 19 outbound"), client.toString());
    }

    @Test
    void importingIntoAJournalIsRefusedNamingTheSessionsUnlessAppend() throws Exception
    {
        final Path pcap = CliRun.copyResource("/fixtures/fix44-exec-lo.pcap", dir.resolve("fix44-exec-lo.pcap"));
        final Path journal = dir.resolve("twice");
        assertEquals(0, fixtape("import", "pcap", pcap.toString(), "--out", journal.toString()).exit);
        final CliRun again = fixtape("import", "pcap", pcap.toString(), "--out", journal.toString());
        assertEquals(ExitCodes.USAGE, again.exit, again.toString());
        assertTrue(again.err.contains("already holds a journal; these sessions would merge with its records: " +
            "FIX.4.4:FIXTAPE->CLIENT"), again.toString());
        assertTrue(again.err.contains("--append"), again.toString());
        assertEquals(1, again.err.lines().count(), again.toString());
        final CliRun appended = fixtape("import", "pcap", pcap.toString(), "--out", journal.toString(), "--append");
        assertEquals(0, appended.exit, appended.toString());
    }

    @Test
    void importMistakesAreOneLineAndExitTwo() throws Exception
    {
        final Path notACapture = Files.writeString(dir.resolve("notes.pcap"), "not a capture at all\n");
        final Path noLogon = Files.writeString(dir.resolve("orders.log"),
            "8=FIX.4.4\u00019=5\u000135=0\u000110=161\u0001\n");
        final List<String[]> mistakes = List.of(
            new String[] {"pcap", dir.resolve("missing.pcap").toString()},
            new String[] {"pcap", notACapture.toString()},
            new String[] {"pcap", notACapture.toString(), "--engine-side", "both"},
            new String[] {"qfj-log", dir.resolve("missing.log").toString()},
            new String[] {"qfj-log", noLogon.toString()});
        for (final String[] mistake : mistakes)
        {
            final List<String> args = new ArrayList<>(List.of("import"));
            args.addAll(List.of(mistake));
            args.addAll(List.of("--out", dir.resolve("out-" + args.size() + "-" + mistake[1].hashCode()).toString()));
            final CliRun run = fixtape(args.toArray(new String[0]));
            assertEquals(ExitCodes.USAGE, run.exit, String.join(" ", mistake) + ": " + run);
            assertEquals(1, run.err.strip().lines().count(), "one line: " + run);
            assertTrue(run.err.startsWith("fixtape import "), run.toString());
            assertFalse(run.err.contains("\tat "), "no stack trace: " + run);
        }
    }

    @Test
    void aFileWithoutFixFailsTheImport() throws Exception
    {
        final Path file = Files.writeString(dir.resolve("FIX.4.4-A-B.messages.log"), "no FIX here\n");
        final CliRun run = fixtape("import", "qfj-log", file.toString(), "--out", dir.resolve("none").toString());
        assertEquals(1, run.exit, run.toString());
        assertTrue(run.err.contains("no FIX message found in "), run.toString());
    }
}
