package io.fixtape.cli.journal;

import io.fixtape.cli.ExitCodes;
import io.fixtape.journal.JournalVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code journal verify DIR}: every queue file and record checksum, the registry, the sequence state and the resend
 * indexes ({@link JournalVerifier}); one line per problem, a summary, exit 0 only when the journal is clean.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = "Check a journal: queue files, each record's checksum, the session registry, the sequence state "
        + "and the resend indexes. One line per problem, then a summary; exit 0 only when it is clean. Reads only, "
        + "never maps a file; may run beside a live engine.")
public final class VerifyCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Override
    public Integer call()
    {
        final PrintWriter out = spec.commandLine().getOut();
        final long start = System.nanoTime();
        final JournalVerifier verifier = new JournalVerifier(dir, line -> out.println("problem: " + line));
        final int problems = verifier.run();
        final double seconds = Math.max(1e-9, (System.nanoTime() - start) / 1e9);
        verifier.notes().forEach(note -> out.println("note: " + note));
        out.printf(Locale.ROOT, "%s: %d records in %d queue files, %d sessions: %s (%.2f s, %.0f records/s)%n",
            dir, verifier.records(), verifier.files(), verifier.sessions(),
            problems == 0 ? "clean" : problems + (problems == 1 ? " problem" : " problems"), seconds,
            verifier.records() / seconds);
        out.flush();
        return problems == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
