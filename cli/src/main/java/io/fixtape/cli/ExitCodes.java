package io.fixtape.cli;

import io.fixtape.cli.replay.ReplayCommand;
import picocli.CommandLine;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit codes of every {@code fixtape} command, listed at the end of each command's help. */
public final class ExitCodes
{
    /** The command did what was asked. */
    public static final int OK = 0;
    /** The command ran and its outcome is a failure (a difference found, a timeout, nothing to import...). */
    public static final int FAILED = 1;
    /** A mistake on the command line, in a settings file or in a file or directory given: one line on stderr. */
    public static final int USAGE = 2;
    /** A fault in fixtape itself (EX_SOFTWARE of sysexits.h): one line, the stack trace with --verbose. */
    public static final int INTERNAL_ERROR = 70;

    private ExitCodes()
    {
    }

    /** Adds the exit-code list to the help of {@code command} and of all its subcommands. */
    static void document(final CommandLine command)
    {
        final Map<String, String> codes = new LinkedHashMap<>();
        codes.put(String.valueOf(OK), "success");
        codes.put(String.valueOf(FAILED), "the command ran and its outcome is a failure (replay --diff found a " +
            "difference or inbound messages that did not reach the engine, the initiator timed out, an import found no " +
            "FIX, the demo lost an order, a bench harness could not run)");
        codes.put(String.valueOf(USAGE), "a mistake in the command line, in a settings file (named file:line) or in a " +
            "file or directory given: one line on stderr");
        codes.put(String.valueOf(ReplayCommand.EXIT_COULD_NOT_RUN), "replay: the replay could not run (stalled, no " +
            "connection, the engine or the application failed, nothing to replay), no result");
        codes.put(String.valueOf(INTERNAL_ERROR), "internal error in fixtape: one line on stderr, the stack trace " +
            "with --verbose or FIXTAPE_DEBUG=1");
        document(command, codes);
    }

    private static void document(final CommandLine command, final Map<String, String> codes)
    {
        command.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
        for (final CommandLine sub : command.getSubcommands().values())
        {
            document(sub, codes);
        }
    }
}
