package io.fixtape.cli.bench;

import io.fixtape.bench.harness.run.BenchHarness;
import io.fixtape.bench.harness.run.BenchOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fixtape bench capacity}: a rate ladder per arm with a fresh process pair per rate; each arm climbs until
 * the capacity gate fails and its passing/failing bracket is reported.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true,
    description = "Capacity sweep: offered-rate ladder, fixed duration per rate, bracket per arm.")
public final class CapacityCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private HarnessOptions options;

    @Option(names = "--rates", split = ",", description = "offered msg/s ladder (default: capacity.rates in the standards file)")
    private List<Long> rates;

    @Option(names = "--full-ladder", description = "keep climbing after the first failing rate (for the plots)"
        + " until the arm saturates (achieved < capacity.saturation.stop x offered); the bracket still ends at the"
        + " first failure")
    private boolean fullLadder;

    @Override
    public Integer call() throws Exception
    {
        final BenchOptions bench = options.toBenchOptions(spec);
        final List<Long> ladder = new ArrayList<>();
        if (rates != null)
        {
            ladder.addAll(rates);
        }
        else
        {
            for (final String rate : bench.standards().get("capacity.rates").split(","))
            {
                ladder.add(Long.parseLong(rate.trim()));
            }
        }
        new BenchHarness(bench, System.out).capacity(ladder, fullLadder, options.json);
        System.out.println("cells appended to " + options.json);
        return 0;
    }
}
