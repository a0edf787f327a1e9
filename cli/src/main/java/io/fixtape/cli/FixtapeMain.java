package io.fixtape.cli;

import io.fixtape.cli.bench.BenchCommand;
import io.fixtape.cli.journal.JournalCommand;
import io.fixtape.cli.ops.SessionCommand;
import io.fixtape.cli.ops.StatCommand;
import io.fixtape.cli.replay.ImportCommand;
import io.fixtape.cli.replay.ReplayCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code fixtape} command. Each subcommand is a thin layer over a module's public API; bin/fixtape starts it
 * with the JVM flags from the parent pom. What an exception leaving a subcommand becomes (one line on stderr and an
 * exit code) is decided in one place, {@link ErrorHandler}; the exit codes are in {@link ExitCodes}.
 */
@Command(
    name = "fixtape",
    mixinStandardHelpOptions = true,
    versionProvider = FixtapeMain.Version.class,
    description = "FIX engine that journals every session and replays what it recorded.",
    subcommands = {
        HelpCommand.class,
        DemoCommand.class,
        AcceptorCommand.class,
        InitiatorCommand.class,
        ImportCommand.class,
        JournalCommand.class,
        BenchCommand.class,
        ReplayCommand.class,
        StatCommand.class,
        SessionCommand.class,
        PasswordHashCommand.class,
    })
public final class FixtapeMain
{
    @Option(names = ErrorHandler.VERBOSE_OPTION, scope = ScopeType.INHERIT,
        description = "On an error, also print the stack trace (as the environment variable FIXTAPE_DEBUG=1 does).")
    boolean verbose;

    public static void main(final String[] args)
    {
        int exitCode;
        try
        {
            exitCode = commandLine().execute(args);
        }
        catch (final Error error)
        {
            // picocli hands Exceptions to the ErrorHandler; an Error (out of memory, a missing class) ends up here
            System.err.println("fixtape: internal error: " + error);
            if (ErrorHandler.verbose(null))
            {
                error.printStackTrace();
            }
            exitCode = ExitCodes.INTERNAL_ERROR;
        }
        System.exit(exitCode);
    }

    /** The command line with the error handling and exit-code help of the {@code fixtape} launcher. */
    public static CommandLine commandLine()
    {
        final ErrorHandler errors = new ErrorHandler();
        final CommandLine commandLine = new CommandLine(new FixtapeMain())
            .setExecutionExceptionHandler(errors)
            .setParameterExceptionHandler(errors);
        ExitCodes.document(commandLine);
        return commandLine;
    }

    static final class Version implements CommandLine.IVersionProvider
    {
        @Override
        public String[] getVersion()
        {
            final String version = FixtapeMain.class.getPackage().getImplementationVersion();
            return new String[] {"fixtape " + (version == null ? "0.1.0-SNAPSHOT" : version),
                "JVM " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")};
        }
    }
}
