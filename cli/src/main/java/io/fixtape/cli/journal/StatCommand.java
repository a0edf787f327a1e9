package io.fixtape.cli.journal;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.JournalLock;
import io.fixtape.cli.CliPaths;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code journal stat DIR}: sessions, counts per direction and MsgType, sequence and time ranges, size on disk
 * (allocated blocks, as {@code du -sk}) next to the apparent size (file lengths; the queue files are sparse).
 */
@Command(name = "stat", mixinStandardHelpOptions = true, description = "Summarise a journal.")
public final class StatCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Option(names = "--no-progress", description = "never show a progress bar")
    boolean noProgress;

    /** Per session and direction. */
    private static final class Side
    {
        long count;
        int minSeq = Integer.MAX_VALUE;
        int maxSeq = Integer.MIN_VALUE;
        final Map<String, Long> byType = new TreeMap<>();

        void add(final JournalRecord r)
        {
            count++;
            minSeq = Math.min(minSeq, r.seqNum());
            maxSeq = Math.max(maxSeq, r.seqNum());
            byType.merge(MsgTypes.toString(r.msgType()), 1L, Long::sum);
        }

        String describe()
        {
            if (count == 0)
            {
                return "0";
            }
            final StringBuilder sb = new StringBuilder();
            sb.append(count).append(" seq ").append(minSeq).append("..").append(maxSeq).append(" types");
            byType.forEach((type, n) -> sb.append(' ').append(type).append('=').append(n));
            return sb.toString();
        }
    }

    /**
     * What the journal occupies on disk: the blocks allocated to its files as {@code du -sk} counts them (POSIX: the
     * files' {@code st_blocks}, directories included, in KiB), -1 when {@code du} cannot be run. The JDK exposes no
     * portable allocated size ({@code unix:} file attributes have no block count), hence the tool.
     */
    static long allocatedBytes(final Path dir)
    {
        try
        {
            final Process du = new ProcessBuilder("du", "-sk", dir.toAbsolutePath().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            final String output = new String(du.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (!du.waitFor(30, TimeUnit.SECONDS) || du.exitValue() != 0 || output.isEmpty())
            {
                du.destroyForcibly();
                return -1;
            }
            final int end = output.indexOf('\t') > 0 ? output.indexOf('\t') : output.indexOf(' ');
            return Long.parseLong(end > 0 ? output.substring(0, end) : output) * 1024;
        }
        catch (final IOException | NumberFormatException ex)
        {
            return -1;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public Integer call()
    {
        final PrintWriter out = spec.commandLine().getOut();
        final Map<Integer, Side[]> sessions = new TreeMap<>();
        long records = 0;
        long corrupt = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        final long size;
        final String incomplete;
        final io.fixtape.journal.JournalSessionTable registry;
        try (JournalReader reader = new JournalReader(CliPaths.journalToRead(dir)))
        {
            registry = reader.registry();
            final JournalRecord r = new JournalRecord();
            try (Progress progress = new Progress("journal stat", reader.recordCount(), !noProgress))
            {
                while (reader.next(r))
                {
                    progress.step();
                    records++;
                    if (!r.isIntact())
                    {
                        corrupt++;
                    }
                    first = Math.min(first, r.timestampNanos());
                    last = Math.max(last, r.timestampNanos());
                    if (r.direction() == JournalRecordDescriptor.DIRECTION_ADMIN)
                    {
                        continue; // an operator's sequence-state change (fixtape session set-seq/reset), no message
                    }
                    final Side[] sides = sessions.computeIfAbsent(r.sessionId(), id -> new Side[] {new Side(), new Side()});
                    sides[r.direction() == JournalRecordDescriptor.DIRECTION_IN ? 0 : 1].add(r);
                }
            }
            size = reader.apparentSize();
            incomplete = reader.incompleteTail();
        }
        out.printf("journal %s (format %s)%n", dir.toAbsolutePath(),
            JournalRecordDescriptor.versionName(JournalRecordDescriptor.MAJOR_VERSION, JournalRecordDescriptor.MINOR_VERSION));
        final String holder = JournalLock.holderOf(dir);
        out.printf("last holder: %s%n", holder == null || holder.isEmpty() ? "none" : holder);
        out.printf("records: %d (corrupt: %d)%n", records, corrupt);
        out.printf("time: %s .. %s%n", records == 0 ? "-" : RecordFormatter.timestamp(first),
            records == 0 ? "-" : RecordFormatter.timestamp(last));
        final long allocated = allocatedBytes(dir);
        out.printf("size on disk: %s (allocated blocks, du -sk); apparent size %d bytes (sum of file lengths: " +
            "Chronicle cycle files and resend indexes are sparse)%n",
            allocated < 0 ? "unknown (du not available)" : allocated + " bytes", size);
        out.printf("tail: %s%n", incomplete == null ? "complete" : incomplete);
        out.printf("sessions: %d registered, %d with records%n", registry.ids().size(), sessions.size());
        for (final Integer id : registry.ids())
        {
            final SessionId sessionId = registry.sessionOf(id);
            final Side[] sides = sessions.getOrDefault(id, new Side[] {new Side(), new Side()});
            out.printf("  %d %s%n    in:  %s%n    out: %s%n", id, sessionId, sides[0].describe(), sides[1].describe());
        }
        out.flush();
        return 0;
    }
}
