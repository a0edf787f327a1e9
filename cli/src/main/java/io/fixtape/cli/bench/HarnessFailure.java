package io.fixtape.cli.bench;

import io.fixtape.bench.harness.run.ProfileCheck;
import io.fixtape.nic.AffinityException;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/**
 * A harness run that could not be completed — a process pair that did not start or finish, a CPU pin or a profile
 * that did not read back as configured, a port taken — is the command's outcome (exit 1, one line naming it), not a
 * fault in fixtape.
 */
final class HarnessFailure
{
    private HarnessFailure()
    {
    }

    static boolean isHarnessFailure(final Exception ex)
    {
        return ex instanceof IllegalStateException || ex instanceof AffinityException ||
            ex instanceof ProfileCheck.ProfileMismatchException || ex instanceof IOException ||
            ex instanceof UncheckedIOException;
    }

    /** Prints the one line (a message over several lines joined) and returns the exit code. */
    static int report(final CommandSpec spec, final Exception ex)
    {
        final PrintWriter err = spec.commandLine().getErr();
        final String reason = ex.getMessage() == null ? ex.toString() : ex.getMessage();
        err.println(spec.qualifiedName() + ": the harness could not run: " + reason.replaceAll("\\s*\\R\\s*", " "));
        err.flush();
        return 1;
    }
}
