package io.fixtape.cli.journal;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fixtape journal cat|stat|tail|export|verify|upgrade DIR}: read a journal directory (also while an engine writes it). */
@Command(name = "journal", mixinStandardHelpOptions = true,
    description = "Inspect a fixtape journal directory (JournalPath).",
    subcommands = {CatCommand.class, StatCommand.class, TailCommand.class, ExportCommand.class, VerifyCommand.class, UpgradeCommand.class})
public final class JournalCommand implements Runnable
{
    @Spec
    CommandSpec spec;

    @Override
    public void run()
    {
        throw new ParameterException(spec.commandLine(), "say what to do: cat, stat, tail, export, verify or upgrade");
    }
}
