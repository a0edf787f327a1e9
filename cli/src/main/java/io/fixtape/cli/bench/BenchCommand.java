package io.fixtape.cli.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code fixtape bench}: parent of the benchmark commands — {@code micro} (JMH micro benchmarks) and the
 * separate-JVM round-trip harness: {@code roundtrip}, {@code capacity}, {@code report} (io.fixtape.bench.harness;
 * docs/BENCHMARKS.md) — {@code sessions}, many sessions through one acceptor template, and the in-process security
 * benches: {@code tls} and {@code attack} (docs/SECURITY.md). Prints its usage when called without a subcommand.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Benchmarks: JMH micro benchmarks, round-trip latency, capacity sweeps and reports.",
    subcommands = {
        MicroBenchCommand.class,
        RoundtripCommand.class,
        CapacityCommand.class,
        ReportCommand.class,
        TlsBenchCommand.class,
        AttackBenchCommand.class,
        SessionsCommand.class,
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
