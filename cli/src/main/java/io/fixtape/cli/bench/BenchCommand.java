package io.fixtape.cli.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code fixtape bench}: parent of the benchmark commands (micro benchmarks here; the round-trip harness
 * commands sit beside it). Prints its usage when called without a subcommand.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Benchmarks: JMH micro benchmarks and the round-trip harness.",
    subcommands = {
        MicroBenchCommand.class,
    })
public final class BenchCommand implements Runnable
{
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run()
    {
        spec.commandLine().usage(System.out);
    }
}
