package io.fixtape.cli.ops;

import io.fixtape.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code fixtape stat --dir DIR [--interval S] [--count N] [--all] [--filter REGEX]}: the counters of a running
 * engine (or the last values of a stopped one) read from its {@code EngineDirectory}, refreshed every interval as
 * AeronStat does. Non-zero counters by default; one line per counter, {@code label value}.
 */
@Command(name = "stat", mixinStandardHelpOptions = true,
    description = "Show an engine's live counters from its EngineDirectory (counters.dat).")
public final class StatCommand implements Callable<Integer>
{
    @Option(names = "--dir", required = true, description = "The engine's EngineDirectory.")
    Path dir;

    @Option(names = "--interval", paramLabel = "S", defaultValue = "1",
        description = "Seconds between readings (default 1).")
    double interval;

    @Option(names = "--count", paramLabel = "N", defaultValue = "0",
        description = "Readings to print, then exit (default 0: until interrupted).")
    int count;

    @Option(names = "--all", description = "Also counters that are zero.")
    boolean all;

    @Option(names = "--filter", paramLabel = "REGEX", description = "Only counters whose label matches (find).")
    String filter;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException
    {
        if (interval <= 0 || count < 0)
        {
            throw new UserError("--interval must be > 0 and --count >= 0");
        }
        final Pattern pattern = filter == null ? null : Pattern.compile(filter);
        final PrintWriter out = spec.commandLine().getOut();
        for (int reading = 1; count == 0 || reading <= count; reading++)
        {
            if (reading > 1)
            {
                TimeUnit.MICROSECONDS.sleep((long)(interval * 1_000_000));
            }
            final CounterSnapshot snapshot = CounterSnapshot.read(dir);
            final long now = System.currentTimeMillis();
            out.println("fixtape stat: engine '" + snapshot.engineName + "' " + snapshot.status(now) + ", started " +
                Instant.ofEpochMilli(snapshot.startEpochMs) + ", at " + Instant.ofEpochMilli(now));
            int width = 0;
            for (final CounterSnapshot.Counter counter : snapshot.counters)
            {
                width = Math.max(width, counter.label().length());
            }
            for (final CounterSnapshot.Counter counter : snapshot.counters)
            {
                if ((all || counter.value() != 0) && (pattern == null || pattern.matcher(counter.label()).find()))
                {
                    out.printf(java.util.Locale.ROOT, "%-" + width + "s %,20d%n", counter.label(), counter.value());
                }
            }
            out.println();
            out.flush();
        }
        return 0;
    }
}
