package io.fixtape.cli;

import io.fixtape.cli.bench.BenchCommand;
import io.fixtape.cli.journal.JournalCommand;
import io.fixtape.cli.replay.ImportCommand;
import io.fixtape.cli.replay.ReplayCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code fixtape} command. Each subcommand is a thin layer over a module's public API; bin/fixtape starts it
 * with the JVM flags from the parent pom.
 */
@Command(
    name = "fixtape",
    mixinStandardHelpOptions = true,
    versionProvider = FixtapeMain.Version.class,
    description = "FIX engine that journals every session and replays what it recorded.",
    subcommands = {
        CommandLine.HelpCommand.class,
        DemoCommand.class,
        AcceptorCommand.class,
        InitiatorCommand.class,
        ImportCommand.class,
        JournalCommand.class,
        BenchCommand.class,
        ReplayCommand.class,
    })
public final class FixtapeMain
{
    public static void main(final String[] args)
    {
        final int exitCode = commandLine().execute(args);
        System.exit(exitCode);
    }

    public static CommandLine commandLine()
    {
        return new CommandLine(new FixtapeMain());
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
