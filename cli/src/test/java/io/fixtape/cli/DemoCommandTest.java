package io.fixtape.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code fixtape demo} in-process with a small order count: real engines over loopback TCP, a real Chronicle journal
 * in a temp dir, the acceptor closed and restarted on it half-way.
 */
class DemoCommandTest
{
    @TempDir
    Path tmp;

    @Test
    @Timeout(60)
    void acceptorRestartKeepsSequenceNumbersAndLosesNoOrder() throws Exception
    {
        final Path journal = tmp.resolve("journal");
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CommandLine cmd = FixtapeMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err));

        final int exit = cmd.execute("demo", "--orders", "300", "--rate", "0", "--dir", journal.toString());

        final String text = out.toString();
        assertEquals(0, exit, text + err);
        assertTrue(text.contains("orders sent 300, fills received 300 (distinct orders answered 300), lost 0"), text);

        final Matcher stopped = Pattern.compile("acceptor stopped after 150 answers \\(150 orders sent, 0 fills dropped " +
            "by back-pressure\\): next sender seq (\\d+), next target seq (\\d+)").matcher(text);
        assertTrue(stopped.find(), text);
        final int sender = Integer.parseInt(stopped.group(1));
        final int target = Integer.parseInt(stopped.group(2));
        // Logon + 150 fills + Logout sent; Logon + 150 orders + Logout reply received.
        assertEquals(153, sender, text);
        assertEquals(153, target, text);
        assertTrue(text.contains("recovered from the journal on disk: next sender seq 153, next target seq 153"), text);
        assertTrue(text.contains("initiator reconnected: logon answered with MsgSeqNum 153,"), text);
        assertTrue(text.contains("acceptor seq before stop 153/153 (sender/target), after restart 153/153: continuous"), text);

        // The journal cat excerpt shows the Logout before the stop and the Logon after it, numbered consecutively.
        assertTrue(text.contains("|35=5|49=EXEC|56=CLIENT|34=152|"), text);
        assertTrue(text.contains("|35=A|49=EXEC|56=CLIENT|34=153|"), text);
        assertTrue(Files.isDirectory(journal), "--dir is kept");
        assertTrue(text.contains("  done in "), text);
    }

    @Test
    void refusesANonEmptyJournalDirectory() throws Exception
    {
        Files.writeString(tmp.resolve("something"), "x");
        final CliRun run = CliRun.fixtape("demo", "--dir", tmp.toString());
        assertEquals(2, run.exit, run.toString());
        assertEquals("fixtape demo: --dir " + tmp + " is not empty (the initiator's store is in memory, so it must " +
            "start from a fresh journal)\n", run.err, "one line on stderr");
        assertEquals("", run.out, run.toString());
    }
}
