package io.fixtape.cli.journal;

import io.fixtape.cli.CliPaths;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalSessionTable;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Callable;

/**
 * {@code journal tail [-f] DIR}: the last records, and with {@code -f} every new one as the engine writes it. The
 * follow loop polls a read-only tailer under a backoff idle strategy (spin, yield, then park up to 10 ms); SIGINT
 * (Ctrl-C) or {@link #stop()} ends it cleanly, closing the reader.
 */
@Command(name = "tail", mixinStandardHelpOptions = true, description = "Print the last records; -f follows live.")
public final class TailCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Option(names = {"-f", "--follow"}, description = "keep printing records as they are written, until Ctrl-C")
    boolean follow;

    @Option(names = {"-n", "--lines"}, defaultValue = "10", description = "records to show first (default 10)")
    int lines;

    @Option(names = "--format", defaultValue = "fix", description = "fix (default) or json")
    RecordFormatter.Format format;

    @Mixin
    RecordFilter filter;

    /** Session ids still unknown after a registry reload (not re-read for each of their records). */
    private final Set<Integer> unresolved = new HashSet<>();
    private volatile boolean running = true;
    private final CountDownLatch stopped = new CountDownLatch(1);

    /** Ends a follow loop (from another thread or the SIGINT shutdown hook) and waits until the reader is closed. */
    public void stop()
    {
        running = false;
        try
        {
            stopped.await(5, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Integer call()
    {
        final PrintWriter out = spec.commandLine().getOut();
        if (lines < 0)
        {
            throw new ParameterException(spec.commandLine(), "--lines must be >= 0, got " + lines);
        }
        final Thread hook = new Thread(this::stop, "journal-tail-stop");
        if (follow)
        {
            Runtime.getRuntime().addShutdownHook(hook);
        }
        try (JournalReader reader = new JournalReader(CliPaths.journalToRead(dir)))
        {
            filter.conclude(reader.registry());
            final RecordFormatter formatter = new RecordFormatter(format, reader.registry());
            final JournalRecord record = new JournalRecord();
            reader.toLast(lines);
            drain(reader, record, formatter, out);
            final IdleStrategy idle = new BackoffIdleStrategy(100, 10, TimeUnit.MICROSECONDS.toNanos(10),
                TimeUnit.MILLISECONDS.toNanos(10));
            while (follow && running)
            {
                idle.idle(drain(reader, record, formatter, out));
            }
        }
        finally
        {
            stopped.countDown();
            if (follow)
            {
                try
                {
                    Runtime.getRuntime().removeShutdownHook(hook);
                }
                catch (final IllegalStateException ignore)
                {
                    // already shutting down (SIGINT): the hook is what stopped us
                }
            }
        }
        return 0;
    }

    private int drain(final JournalReader reader, final JournalRecord record, final RecordFormatter formatter,
        final PrintWriter out)
    {
        int work = 0;
        while (reader.next(record))
        {
            work++;
            if (!formatter.knows(record.sessionId()) && unresolved.add(record.sessionId()))
            {
                // A session registered after we started (the engine writes the registry before the session's first
                // record): re-read it before naming or filtering the record. Once per unknown id.
                final JournalSessionTable newer = reader.reloadRegistry();
                formatter.registry(newer);
                filter.registry(newer);
                if (formatter.knows(record.sessionId()))
                {
                    unresolved.remove(record.sessionId());
                }
            }
            if (filter.matches(record))
            {
                out.println(formatter.format(record));
            }
        }
        if (work > 0)
        {
            out.flush();
        }
        return work;
    }
}
