package io.fixtape.cli.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.openjdk.jmh.results.RunResult;

import io.fixtape.bench.harness.Standards;
import io.fixtape.bench.harness.run.CellBuilder;
import io.fixtape.bench.micro.MicroBench;
import io.fixtape.bench.micro.MicroBenchReport;
import io.fixtape.cli.CliPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fixtape bench micro}: runs the JMH micro benchmark suite (codec primitives, fixtape encode/parse, and
 * the side-by-side ParseNewOrderSingle/EncodeExecutionReport against QuickFIX/J and Artio) with the GC profiler
 * and writes JMH's JSON result format, plus the markdown tables of docs/BENCHMARKS.md ({@code OUT.md}). Runs on
 * the calling thread; JMH forks one JVM per benchmark and fork.
 */
@Command(
    name = "micro",
    mixinStandardHelpOptions = true,
    description = {
        "Run the JMH micro benchmarks with -prof gc and write JMH's JSON result.",
        "Recipes (forks, warm-up/measured iterations, seconds) are micro.full.* and micro.smoke.* in",
        "bench/standards.properties; the published table used 'full'.",
        "--quick: the smoke recipe, labelled 'smoke' in the JSON (never compare smoke figures)."
    })
public final class MicroBenchCommand implements Callable<Integer>
{
    @Option(names = "--quick", description = "Smoke recipe (micro.smoke.* in bench/standards.properties).")
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

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception
    {
        CliPaths.fileToWrite("--json", json);
        final Standards standards = Standards.load(Standards.locate());
        final MicroBench.Recipe base = MicroBench.Recipe.from(standards, quick ? "smoke" : "full");
        final boolean overridden = forks != null || warmups != null || iterations != null || seconds != null;
        final MicroBench.Recipe recipe = new MicroBench.Recipe(
            overridden && !quick ? "custom" : base.label(),
            forks != null ? forks : base.forks(),
            warmups != null ? warmups : base.warmupIterations(),
            iterations != null ? iterations : base.measurementIterations(),
            seconds != null ? seconds : base.iterationSeconds());
        System.out.println("fixtape bench micro: recipe " + recipe + " from " + Standards.locate() + " (sha256 " +
            standards.sha256() + ")" + (quick ? " [smoke: figures not comparable]" : ""));
        final double loadBefore = loadAverage();
        final long start = System.nanoTime();
        final Collection<RunResult> results = MicroBench.run(recipe, standards.sha256(), include, json);
        final long elapsed = (System.nanoTime() - start) / 1_000_000_000L;
        final String context = "Command: `bin/fixtape " +
            String.join(" ", spec.commandLine().getParseResult().originalArgs()) + "` (" + elapsed + " s). " +
            "Machine: " + CellBuilder.machine() + ". JVM: " + System.getProperty("java.vm.name") + " " +
            System.getProperty("java.runtime.version") + ". Load average (1 min) before: " +
            String.format(Locale.ROOT, "%.1f, after: %.1f", loadBefore, loadAverage()) + ".";
        final String table = MicroBenchReport.markdown(results, recipe.label(), context);
        final Path markdown = json.resolveSibling(json.getFileName() + ".md");
        Files.writeString(markdown, table);
        System.out.println();
        System.out.println(table);
        System.out.println("fixtape bench micro: " + results.size() + " benchmarks (" + recipe.label() + ") in " +
            elapsed + " s; JMH JSON written to " + json.toAbsolutePath() + ", tables to " + markdown.toAbsolutePath());
        return results.isEmpty() ? 1 : 0;
    }

    /** 1-minute system load average: a busy machine inflates wall-clock figures, so every table states it. */
    private static double loadAverage()
    {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
