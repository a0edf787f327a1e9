package io.fixtape.cli.bench;

import picocli.CommandLine.Command;

/**
 * {@code fixtape bench}: the benchmark suite. {@code roundtrip}, {@code capacity} and {@code report} drive the
 * separate-JVM harness in io.fixtape.bench.harness (rules: /work/shared/BENCH_CONTRACT.md, docs/BENCHMARKS.md).
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Benchmarks: round-trip latency, capacity sweeps and reports (see docs/BENCHMARKS.md).",
    subcommands = {
        RoundtripCommand.class,
        CapacityCommand.class,
        ReportCommand.class,
    })
public final class BenchCommand implements Runnable
{
    @picocli.CommandLine.Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run()
    {
        spec.commandLine().usage(System.out);
    }
}
