package io.fixtape.cli.bench;

import io.fixtape.bench.harness.Recipe;
import io.fixtape.bench.harness.run.BenchHarness;
import io.fixtape.bench.harness.run.BenchOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code fixtape bench roundtrip}: one latency row per arm, all in the same invocation, with the floor first so
 * every row carries {@code engine_cost_p50_us}. Exit 0 when the cells were written (failing gates are results,
 * reported in the cells), 1 when the harness could not run (e.g. a pin that could not be applied).
 */
@Command(name = "roundtrip", mixinStandardHelpOptions = true,
    description = "Open-loop round-trip latency per arm (separate pinned client and server JVMs).")
public final class RoundtripCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private HarnessOptions options;

    @Option(names = "--recipe", defaultValue = "full", description = "smoke | quick | full (default ${DEFAULT-VALUE})")
    private String recipe;

    @Option(names = "--rate", description = "offered iterations/s (one iteration ="
        + " messages_per_iteration requests: md_nos_er 2, others 1; default: roundtrip.rate in the standards file)")
    private Long rate;

    @Override
    public Integer call() throws Exception
    {
        final BenchOptions bench = options.toBenchOptions(spec);
        final Recipe selected = bench.standards().recipe(recipe);
        final long offered = rate != null ? rate : bench.standards().getLong("roundtrip.rate");
        if (selected.isSmoke())
        {
            System.out.println("SMOKE recipe: figures are labelled 'smoke' and must not be compared or published");
        }
        try
        {
            new BenchHarness(bench, System.out).roundTrip(selected, offered, options.json);
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
