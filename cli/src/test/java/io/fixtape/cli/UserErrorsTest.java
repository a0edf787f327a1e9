package io.fixtape.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import static io.fixtape.cli.CliRun.fixtape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mistakes on the command line, run in-process: each is exactly one line on stderr naming what is wrong, exit code 2,
 * no stack trace, and nothing run or written before it; a fault in fixtape is one line saying so (exit 70), with the
 * stack trace only under {@code --verbose}.
 */
class UserErrorsTest
{
    private static final String NL = System.lineSeparator();

    @TempDir
    Path dir;

    private static void assertUserError(final CliRun run, final String line)
    {
        assertEquals(ExitCodes.USAGE, run.exit, run.toString());
        assertEquals(line + NL, run.err, run.toString());
    }

    /** The arguments as strings, the elements of a list argument in its place. */
    private static String[] args(final Object... parts)
    {
        final List<String> args = new ArrayList<>();
        for (final Object part : parts)
        {
            if (part instanceof List<?>)
            {
                ((List<?>)part).forEach(element -> args.add(String.valueOf(element)));
            }
            else
            {
                args.add(String.valueOf(part));
            }
        }
        return args.toArray(String[]::new);
    }

    /**
     * An acceptor settings file: lines 1-5 are [DEFAULT] basics, then {@code defaults} (one key per line), then
     * [SESSION] (BeginString, TargetCompID) and {@code session}.
     */
    private Path settings(final String defaults, final String session) throws IOException
    {
        return Files.writeString(dir.resolve("acceptor.cfg"), "[DEFAULT]\nConnectionType=acceptor\nSocketAcceptPort=0\n" +
            "SenderCompID=EXEC\nNonStopSession=Y\n" + defaults + "[SESSION]\nBeginString=FIX.4.4\nTargetCompID=BANZAI\n" +
            session);
    }

    @Test
    void journalCommandsOnAMissingDirectoryAFileOrADirectoryWithoutAJournal() throws IOException
    {
        final Path missing = dir.resolve("missing");
        final Path file = Files.writeString(dir.resolve("file"), "x");
        final Path empty = Files.createDirectory(dir.resolve("empty"));
        final Path exported = dir.resolve("exported");
        for (final String command : List.of("cat", "stat", "tail", "export"))
        {
            final String prefix = "fixtape journal " + command + ": ";
            final List<String> extra = "export".equals(command) ?
                List.of("--format", "qfj-log", "--out", exported.toString()) : List.of();
            assertUserError(fixtape(args("journal", command, missing, extra)),
                prefix + missing + ": no such directory");
            assertUserError(fixtape(args("journal", command, file, extra)),
                prefix + file + " is a file, not a journal directory");
            assertUserError(fixtape(args("journal", command, empty, extra)),
                prefix + empty + " is not a fixtape journal (no queue/ directory)");
        }
        assertFalse(Files.exists(exported), "export created no output directory for a journal it cannot read");
        assertUserError(fixtape("replay", missing.toString()), "fixtape replay: " + missing + ": no such directory");
    }

    @Test
    void aQuickFixJLogWhoseNameDoesNotTellTheSideAsksForCompId() throws IOException
    {
        final Path log = Files.writeString(dir.resolve("trading.log"),
            "20251202-15:00:00.000: 8=FIX.4.4\u00019=5\u000135=0\u000110=000\u0001\n");
        final CliRun run = fixtape("import", "qfj-log", log.toString(), "--out", dir.resolve("journal").toString());
        assertEquals(ExitCodes.USAGE, run.exit, run.toString());
        assertTrue(run.err.startsWith("fixtape import qfj-log: cannot tell which side trading.log belongs to"),
            run.toString());
        assertTrue(run.err.contains("(--comp-id)"), run.toString());
        assertEquals(1, run.err.lines().count(), run.toString());
    }

    @Test
    void aFileWhereTheJournalDirectoryGoesIsRefused() throws Exception
    {
        final Path file = Files.writeString(dir.resolve("file"), "x");
        Path cfg = settings("JournalPath=" + file + "\n", "");
        assertUserError(fixtape("acceptor", "--config", cfg.toString()),
            "fixtape acceptor: " + cfg + ":6: JournalPath " + file + " is a file; the journal is a directory");
        cfg = settings("", "FileStorePath=" + file.resolve("journal") + "\n");
        assertUserError(fixtape("acceptor", "--config", cfg.toString()), "fixtape acceptor: " + cfg + ":9: " +
            "FileStorePath " + file.resolve("journal") + " cannot be a directory: " + file + " is a file");

        assertUserError(fixtape("demo", "--dir", file.toString()),
            "fixtape demo: --dir " + file + " is a file, not a directory");
        final Path journal = CliRun.fixture("fix44-exec", dir);
        assertUserError(fixtape("replay", journal.toString(), "--keep-journal", file.toString()),
            "fixtape replay: --keep-journal " + file + " is a file, not a directory");
    }

    @Test
    void outputsThatCannotBeWrittenAreRefusedBeforeTheRunStarts() throws IOException
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path file = Files.writeString(dir.resolve("file"), "x");
        final Path underFile = file.resolve("out");

        assertUserError(fixtape("journal", "export", journal.toString(), "--format", "qfj-log", "--out", file.toString()),
            "fixtape journal export: --out " + file + " is a file, not a directory");
        assertUserError(fixtape("journal", "export", journal.toString(), "--format", "qfj-log", "--out",
            underFile.toString()), "fixtape journal export: --out " + underFile + ": cannot be created, " + file +
            " is a file");
        assertUserError(fixtape("import", "synthetic", "--orders", "5", "--out", underFile.toString()),
            "fixtape import synthetic: --out " + underFile + ": cannot be created, " + file + " is a file");
        final Path log = Files.writeString(dir.resolve("FIX.4.4-A-B.messages.log"), "no FIX here\n");
        assertUserError(fixtape("import", "qfj-log", log.toString(), "--out", file.toString()),
            "fixtape import qfj-log: --out " + file + " is a file, not a directory");

        final CliRun intoDirectory = fixtape("replay", journal.toString(), "--json", dir.toString());
        assertUserError(intoDirectory, "fixtape replay: --json " + dir + " is a directory; give a file name");
        assertEquals("", intoDirectory.out, "refused before the replay ran");
        final Path missing = dir.resolve("no-such-dir").resolve("result.json");
        assertUserError(fixtape("replay", journal.toString(), "--json", missing.toString()),
            "fixtape replay: --json " + missing + ": directory " + missing.getParent() + " does not exist");
        assertUserError(fixtape("replay", journal.toString(), "--latency-log", underFile.toString()),
            "fixtape replay: --latency-log " + underFile + ": " + file + " is a file, not a directory");
    }

    @Test
    void acceptorPortOutOfRangeBlamesTheFlag() throws IOException
    {
        final Path cfg = settings("", "");
        for (final String port : List.of("-5", "70000"))
        {
            assertUserError(fixtape("acceptor", "--config", cfg.toString(), "--port", port),
                "fixtape acceptor: --port must be 0..65535 (0: any free port), got " + port +
                    " (see fixtape acceptor --help)");
        }
        assertUserError(fixtape("acceptor", "--config", cfg.toString(), "--threads", "0"),
            "fixtape acceptor: --threads must be 1..64, got 0 (see fixtape acceptor --help)");
        final Path missing = dir.resolve("missing.cfg");
        assertUserError(fixtape("acceptor", "--config", missing.toString()),
            "fixtape acceptor: --config " + missing + ": no such file");
    }

    @Test
    void anEngineWideKeyInASessionSectionIsRefusedWithWhereItBelongs() throws IOException
    {
        for (final String key : List.of("AcceptorModel=shard", "IdleStrategy=backoff", "KernelBypass=off"))
        {
            final Path cfg = settings("", key + "\n");
            assertUserError(fixtape("acceptor", "--config", cfg.toString()), "fixtape acceptor: " + cfg + ":9: " +
                key.substring(0, key.indexOf('=')) + " applies to the whole engine: set it in [DEFAULT]");
        }
    }

    @Test
    void anInvertedSequenceRangeIsAnError() throws IOException
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        for (final String command : List.of("cat", "tail", "export"))
        {
            final List<String> extra = "export".equals(command) ?
                List.of("--format", "qfj-log", "--out", dir.resolve("exported").toString()) : List.of();
            assertUserError(fixtape(args("journal", command, journal, "--from-seq", "5", "--to-seq", "2",
                extra)), "fixtape journal " + command + ": --from-seq 5 is above --to-seq 2: the range is empty");
        }
    }

    @Test
    void helpShowsTheHelpOfANestedCommand()
    {
        final CliRun help = fixtape("help", "journal", "cat");
        assertEquals(0, help.exit, help.toString());
        assertTrue(help.out.startsWith("Usage: fixtape journal cat "), help.out);
        assertEquals(fixtape("journal", "cat", "--help").out, help.out);
        assertUserError(fixtape("help", "journal", "dog"), "fixtape help: 'fixtape journal dog' is not a command; " +
            "the commands of fixtape journal: cat, stat, tail, export, verify, upgrade (see fixtape help --help)");
    }

    @Test
    void theExitCodesAreInTheHelp()
    {
        for (final String[] command : List.of(new String[] {"--help"}, new String[] {"journal", "stat", "--help"}))
        {
            final String help = fixtape(command).out;
            assertTrue(help.contains("Exit codes:"), help);
            assertTrue(Pattern.compile("(?m)^ +2 +a mistake in the command line").matcher(help).find(), help);
            assertTrue(Pattern.compile("(?m)^ +70 +internal error in fixtape").matcher(help).find(), help);
        }
    }

    @Test
    void unknownOptionsAndSubcommandsAreOneLine()
    {
        final CliRun unknown = fixtape("journal", "stat", "--no-progres", dir.toString());
        assertEquals(ExitCodes.USAGE, unknown.exit, unknown.toString());
        assertTrue(unknown.err.startsWith("fixtape journal stat: Unknown option: '--no-progres' (did you mean " +
            "--no-progress?)"), unknown.toString());
        assertEquals(1, unknown.err.lines().count(), unknown.toString());
        assertUserError(fixtape("journal"),
            "fixtape journal: say what to do: cat, stat, tail, export, verify or upgrade (see fixtape journal --help)");
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer>
    {
        @Override
        public Integer call()
        {
            throw new IllegalStateException("a fault");
        }
    }

    @Test
    void anInternalErrorIsOneLineAndItsStackTraceNeedsVerbose()
    {
        final CliRun quiet = CliRun.run(FixtapeMain.commandLine().addSubcommand(new Boom()), "boom");
        assertEquals(ExitCodes.INTERNAL_ERROR, quiet.exit, quiet.toString());
        assertEquals("fixtape boom: internal error: java.lang.IllegalStateException: a fault (run with --verbose or " +
            "FIXTAPE_DEBUG=1 for the stack trace)" + NL, quiet.err);

        final CliRun verbose = CliRun.run(FixtapeMain.commandLine().addSubcommand(new Boom()), "boom", "--verbose");
        assertEquals(ExitCodes.INTERNAL_ERROR, verbose.exit, verbose.toString());
        assertTrue(verbose.err.startsWith("fixtape boom: internal error: java.lang.IllegalStateException: a fault" +
            NL + "java.lang.IllegalStateException: a fault" + NL + "\tat " + Boom.class.getName() + ".call("),
            verbose.err);
    }
}
