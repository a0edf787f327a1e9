package io.fixtape.cli.bench;

import io.fixtape.bench.harness.run.BenchHarness;
import io.fixtape.bench.harness.run.BenchOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fixtape bench capacity}: a rate ladder per arm with a fresh process pair per rate; each arm's capacity
 * (the highest rate whose capacity gate passes) and its passing/failing bracket are reported.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true,
    description = "Capacity sweep: offered-rate ladder, fixed duration per rate, bracket per arm.")
public final class CapacityCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private HarnessOptions options;

    @Option(names = "--rates", split = ",", description = "offered-rate ladder in iterations/s (one iteration ="
        + " messages_per_iteration requests: md_nos_er 2, others 1; default: capacity.rates in the standards file)")
    private List<Long> rates;

    @Option(names = "--full-ladder", description = "keep climbing after the first failing rate until the arm"
        + " saturates (achieved < capacity.saturation.stop x offered): the capacity is the HIGHEST passing rate, and"
        + " a pass above a failure is flagged non-monotone")
    private boolean fullLadder;

    @Option(names = "--recipe", defaultValue = "full", description = "full | smoke: smoke takes capacity.smoke.*"
        + " from the standards file (a short duration per rate) and labels every cell and record smoke"
        + " (default ${DEFAULT-VALUE})")
    private String recipe;

    @Override
    public Integer call() throws Exception
    {
        if (!"full".equals(recipe) && !"smoke".equals(recipe))
        {
            throw new ParameterException(spec.commandLine(), "--recipe must be full or smoke for a capacity sweep, got " +
                recipe);
        }
        final boolean smoke = "smoke".equals(recipe);
        final BenchOptions bench = options.toBenchOptions(spec);
        if (smoke)
        {
            System.out.println("SMOKE recipe: figures are labelled 'smoke' and must not be compared or published");
        }
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
        try
        {
            new BenchHarness(bench, System.out).capacity(ladder, fullLadder, smoke, options.json);
        }
        catch (final Exception ex)
        {
            if (!HarnessFailure.isHarnessFailure(ex))
            {
                throw ex;
            }
            return HarnessFailure.report(spec, ex);
        }
        System.out.println("cells appended to " + options.json);
        return 0;
    }
}
