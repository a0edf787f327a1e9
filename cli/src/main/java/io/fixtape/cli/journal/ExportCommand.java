package io.fixtape.cli.journal;

import io.fixtape.engine.codec.PasswordFields;
import io.fixtape.engine.session.SessionId;
import io.fixtape.cli.CliPaths;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code journal export DIR --format qfj-log --out OUT}: one QuickFIX/J {@code FileLog} message log per session,
 * named like QuickFIX/J names them ({@code BEGINSTRING-SENDER-TARGET[-QUALIFIER].messages.log}), both directions
 * in journal order, each line {@code yyyyMMdd-HH:mm:ss.SSS: <message with SOH>} (the
 * {@code FileIncludeTimeStampForMessages=Y} form; {@code --no-timestamps} drops the prefix). Password fields (554,
 * 925, 1402, 1404) are written as asterisks of the same length with the CheckSum recomputed, so each line is still
 * a valid message even from a journal kept with {@code JournalMaskPasswords=N}.
 */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Export a journal for other tools.")
public final class ExportCommand implements Callable<Integer>
{
    private static final DateTimeFormatter QFJ_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    @Spec
    CommandSpec spec;

    /** The message with its password fields masked ({@link PasswordFields}); the same string when it has none. */
    static String masked(final String fix)
    {
        final byte[] bytes = fix.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return PasswordFields.mask(new org.agrona.concurrent.UnsafeBuffer(bytes), 0, bytes.length) == 0 ? fix :
            new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Option(names = "--format", required = true, description = "qfj-log (QuickFIX/J message log)")
    String format;

    @Option(names = "--out", defaultValue = ".", description = "output directory (default: current)")
    Path out;

    @Option(names = "--no-timestamps", description = "omit the 'yyyyMMdd-HH:mm:ss.SSS: ' prefix")
    boolean noTimestamps;

    @Option(names = "--no-progress", description = "never show a progress bar")
    boolean noProgress;

    @Mixin
    RecordFilter filter;

    @Override
    public Integer call() throws IOException
    {
        if (!"qfj-log".equals(format))
        {
            throw new ParameterException(spec.commandLine(), "--format must be qfj-log, got " + format);
        }
        CliPaths.journalToRead(dir);
        Files.createDirectories(CliPaths.directoryToWrite("--out", out));
        final Map<Integer, BufferedWriter> writers = new HashMap<>();
        final Map<Integer, Long> counts = new HashMap<>();
        final PrintWriter console = spec.commandLine().getOut();
        try (JournalReader reader = new JournalReader(dir))
        {
            filter.conclude(reader.registry());
            final JournalRecord r = new JournalRecord();
            try (Progress progress = new Progress("journal export", reader.recordCount(), !noProgress))
            {
                while (reader.next(r))
                {
                    progress.step();
                    if (!filter.matches(r))
                    {
                        continue;
                    }
                    final BufferedWriter writer = writers.computeIfAbsent(r.sessionId(),
                        id -> open(out.resolve(fileName(reader.registry().sessionOf(id), id))));
                    if (!noTimestamps)
                    {
                        writer.write(QFJ_TIME.format(Instant.ofEpochSecond(0, r.timestampNanos())));
                        writer.write(": ");
                    }
                    writer.write(masked(r.fixAsString()));
                    writer.write('\n');
                    counts.merge(r.sessionId(), 1L, Long::sum);
                }
            }
        }
        finally
        {
            for (final BufferedWriter writer : writers.values())
            {
                writer.close();
            }
        }
        counts.forEach((id, n) -> console.printf("session %d: %d messages%n", id, n));
        console.printf("exported to %s%n", out.toAbsolutePath());
        console.flush();
        return 0;
    }

    static String fileName(final SessionId s, final int id)
    {
        if (s == null)
        {
            return "session-" + id + ".messages.log";
        }
        return s.beginString() + "-" + s.senderCompId() + "-" + s.targetCompId() +
            (s.qualifier().isEmpty() ? "" : "-" + s.qualifier()) + ".messages.log";
    }

    private static BufferedWriter open(final Path file)
    {
        try
        {
            return Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
