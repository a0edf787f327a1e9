package io.fixtape.cli.bench;

import io.fixtape.bench.harness.Standards;
import io.fixtape.cli.CliPaths;
import io.fixtape.bench.harness.client.Scenario;
import io.fixtape.bench.harness.run.Arm;
import io.fixtape.bench.harness.run.BenchOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** Options shared by {@code bench roundtrip} and {@code bench capacity}. */
public final class HarnessOptions
{
    @Option(names = "--scenario", defaultValue = "nos_er",
        description = "nos_er | md | md_nos_er | tick_to_trade (default ${DEFAULT-VALUE})")
    String scenario;

    @Option(names = "--arms", defaultValue = "floor,fixtape,quickfixj", split = ",",
        description = "comma-separated: floor, fixtape, quickfixj, artio (default ${DEFAULT-VALUE})")
    List<String> arms;

    @Option(names = "--store", defaultValue = "none", split = ",",
        description = "fixtape journal mode(s): none | store | audit, comma-separated for one fixtape row per mode"
            + " in the same run, labelled fixtape[mode] (default ${DEFAULT-VALUE})")
    List<String> stores;

    @Option(names = "--model", defaultValue = "single", split = ",",
        description = "fixtape acceptor model(s): single | mono | pool | shard, comma-separated for one fixtape row per"
            + " model in the same run (against one floor), labelled fixtape[model] (default ${DEFAULT-VALUE})")
    List<String> models;

    @Option(names = "--json", required = true, description = "results file: one JSON object per cell, appended")
    Path json;

    @Option(names = "--standards", description = "recipe file (default bench/standards.properties)")
    Path standards;

    @Option(names = "--runs-on-one-connection", description = "stability diagnostic: run all of a row's runs in ONE"
        + " process pair on one connection instead of a fresh pair per run (cells say so; never mixed in a table)")
    boolean oneConnection;

    @Option(names = "--log-dir", description = "per-run logs and raw client JSON (default <json>.logs)")
    Path logDir;

    BenchOptions toBenchOptions(final CommandSpec spec)
    {
        final List<String> argv = new ArrayList<>(spec.root().commandLine().getParseResult().originalArgs());
        final List<Arm> parsedArms = new ArrayList<>();
        for (final String arm : arms)
        {
            parsedArms.add(Arm.parse(arm));
        }
        for (final String store : stores)
        {
            if (!List.of("none", "store", "audit").contains(store))
            {
                throw new IllegalArgumentException("--store must be none, store or audit (comma-separated)");
            }
        }
        for (final String model : models)
        {
            if (!List.of("single", "mono", "pool", "shard").contains(model))
            {
                throw new IllegalArgumentException("--model must be single, mono, pool or shard (comma-separated)");
            }
        }
        if ("tick_to_trade".equals(scenario) && arms.stream().anyMatch(a -> "fixtape".equalsIgnoreCase(a.trim()))
            && models.stream().anyMatch(m -> !"single".equals(m)))
        {
            throw new IllegalArgumentException("--model: tick_to_trade runs fixtape's engine inside the harness's"
                + " own server (one poller): only single applies");
        }
        CliPaths.fileToWrite("--json", json);
        if (logDir != null)
        {
            CliPaths.directoryToWrite("--log-dir", logDir);
        }
        final Standards loaded = Standards.load(standards != null ? CliPaths.fileToRead("--standards", standards) :
            Standards.locate());
        final Path logs = logDir != null ? logDir : Paths.get(json.toString() + ".logs");
        return new BenchOptions(argv, Scenario.parse(scenario), parsedArms, List.copyOf(stores), List.copyOf(models), loaded, logs,
            oneConnection);
    }
}
