package io.fixtape.cli.bench;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.fixtape.bench.micro.MicroBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fixtape bench micro}: runs the JMH micro benchmark suite (codec primitives, fixtape encode/parse, and
 * the side-by-side ParseNewOrderSingle/EncodeExecutionReport against QuickFIX/J and Artio) with the GC profiler
 * and writes JMH's JSON result format. Runs on the calling thread; JMH forks one JVM per benchmark and fork.
 */
@Command(
    name = "micro",
    mixinStandardHelpOptions = true,
    description = {
        "Run the JMH micro benchmarks with -prof gc and write JMH's JSON result.",
        "Default recipe (the published one): 2 forks, 5 warm-up and 5 measured iterations of 1 s.",
        "--quick: 1 fork, 1 warm-up, 1 measured iteration of 1 s, labelled 'smoke' (never compare smoke figures)."
    })
public final class MicroBenchCommand implements Callable<Integer>
{
    @Option(names = "--quick", description = "Smoke recipe: 1 fork, 1 warm-up and 1 measured iteration of 1 s.")
    private boolean quick;

    @Option(names = "--include", paramLabel = "REGEX",
        description = "Only benchmarks whose name matches REGEX (e.g. 'ParseNewOrderSingle|checksum').")
    private String include;

    @Option(names = "--json", paramLabel = "OUT", description = "JMH JSON result file (default: ${DEFAULT-VALUE}).",
        defaultValue = "jmh-micro.json")
    private Path json;

    @Option(names = "--forks", paramLabel = "N", description = "Override the recipe's fork count.")
    private Integer forks;

    @Option(names = "--warmups", paramLabel = "N", description = "Override the recipe's warm-up iterations.")
    private Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", description = "Override the recipe's measured iterations.")
    private Integer iterations;

    @Option(names = "--seconds", paramLabel = "S", description = "Override the recipe's seconds per iteration.")
    private Integer seconds;

    @Override
    public Integer call() throws Exception
    {
        final MicroBench.Recipe base = quick ? MicroBench.Recipe.SMOKE : MicroBench.Recipe.FULL;
        final boolean overridden = forks != null || warmups != null || iterations != null || seconds != null;
        final MicroBench.Recipe recipe = new MicroBench.Recipe(
            overridden && !quick ? "custom" : base.label(),
            forks != null ? forks : base.forks(),
            warmups != null ? warmups : base.warmupIterations(),
            iterations != null ? iterations : base.measurementIterations(),
            seconds != null ? seconds : base.iterationSeconds());
        System.out.println("fixtape bench micro: recipe " + recipe + (quick ? " [smoke: figures not comparable]" : ""));
        final long start = System.nanoTime();
        final int results = MicroBench.run(recipe, include, json).size();
        final long elapsed = (System.nanoTime() - start) / 1_000_000_000L;
        System.out.println("fixtape bench micro: " + results + " benchmarks (" + recipe.label() + ") in " + elapsed +
            " s; JMH JSON written to " + json.toAbsolutePath());
        return results > 0 ? 0 : 1;
    }
}
