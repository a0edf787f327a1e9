package io.fixtape.cli.journal;

import io.fixtape.cli.CliPaths;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code journal cat DIR [filters] [--format fix|json]}: print records. */
@Command(name = "cat", mixinStandardHelpOptions = true, description = "Print journaled messages, one per line.")
public final class CatCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Mixin
    RecordFilter filter;

    @Option(names = "--format", defaultValue = "fix", description = "fix (default: SOH as |), named (tag names and enum meanings: Side=1(BUY)) or json")
    RecordFormatter.Format format;

    @Option(names = "--no-progress", description = "never show a progress bar")
    boolean noProgress;

    @Override
    public Integer call()
    {
        final PrintWriter out = spec.commandLine().getOut();
        try (JournalReader reader = new JournalReader(CliPaths.journalToRead(dir)))
        {
            filter.conclude(reader.registry());
            final RecordFormatter formatter = new RecordFormatter(format, reader.registry());
            final JournalRecord record = new JournalRecord();
            try (Progress progress = new Progress("journal cat", reader.recordCount(), !noProgress))
            {
                while (reader.next(record))
                {
                    progress.step();
                    if (filter.matches(record))
                    {
                        out.println(formatter.format(record));
                    }
                }
            }
            final String incomplete = reader.incompleteTail();
            if (incomplete != null)
            {
                final PrintWriter err = spec.commandLine().getErr();
                err.println("journal cat: " + incomplete); // stderr: the records on stdout stay parseable
                err.flush();
            }
        }
        out.flush();
        return 0;
    }
}
