package io.fixtape.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpCommandInitializable2;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.List;

/**
 * {@code fixtape help [COMMAND [SUBCOMMAND...]]}: the help of a command at any depth ({@code fixtape help journal cat}
 * shows {@code cat}'s), or of {@code fixtape} itself; an unknown name is a usage error listing the commands there.
 */
@Command(name = "help", helpCommand = true,
    description = "Show the help of a command, e.g. fixtape help journal cat.")
final class HelpCommand implements IHelpCommandInitializable2, Runnable
{
    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "the command and its subcommands")
    List<String> commands;

    private CommandLine self;
    private Help.ColorScheme colorScheme;
    private PrintWriter out;

    @Override
    public void init(final CommandLine helpCommandLine, final Help.ColorScheme colorScheme, final PrintWriter out,
        final PrintWriter err)
    {
        this.self = helpCommandLine;
        this.colorScheme = colorScheme;
        this.out = out;
    }

    @Override
    public void run()
    {
        CommandLine target = self.getParent();
        if (commands != null)
        {
            for (final String name : commands)
            {
                final CommandLine sub = target.getSubcommands().get(name);
                if (sub == null)
                {
                    throw new ParameterException(self, "'" + target.getCommandSpec().qualifiedName() + " " + name +
                        "' is not a command; the commands of " + target.getCommandSpec().qualifiedName() + ": " +
                        String.join(", ", target.getCommandSpec().subcommands().keySet()));
                }
                target = sub;
            }
        }
        target.usage(out, colorScheme);
        out.flush();
    }
}
