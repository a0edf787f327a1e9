package io.fixtape.cli.bench;

import io.fixtape.bench.harness.report.ReportGenerator;
import io.fixtape.cli.CliPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fixtape bench report RESULTS... --out DIR}: Markdown tables and PNG plots; refuses (exit 1, naming the
 * differing field and the files) to tabulate cells, capacity brackets or capacity errors whose params or profiles
 * disagree. Capacity is recomputed from the per-rate cells, so existing result files can be re-reported.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Tables (report.md) and PNG plots from result files; refuses incomparable cells.")
public final class ReportCommand implements Callable<Integer>
{
    @Parameters(arity = "1..*", paramLabel = "RESULTS", description = "JSON-lines result files")
    private List<Path> results;

    @Option(names = "--out", required = true, description = "output directory")
    private Path out;

    @Override
    public Integer call() throws Exception
    {
        results.forEach(file -> CliPaths.fileToRead("results file", file));
        CliPaths.directoryToWrite("--out", out);
        try
        {
            ReportGenerator.generate(results, out);
            System.out.println("wrote " + out.resolve("report.md"));
            return 0;
        }
        catch (final ReportGenerator.IncomparableCellsException e)
        {
            System.err.println(e.getMessage());
            return 1;
        }
    }
}
