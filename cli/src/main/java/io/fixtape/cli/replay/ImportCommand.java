package io.fixtape.cli.replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.fixtape.replay.capture.CaptureImporter;
import io.fixtape.replay.capture.QfjLogImporter;
import io.fixtape.replay.capture.TcpReassembler;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.RecordingSink;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.recording.SyntheticSession;
import io.fixtape.engine.session.SessionId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code fixtape import pcap|qfj-log FILE --out DIR}: turn captures and QuickFIX/J logs into fixtape journals. A
 * mistake (no such file, not a capture, a side that cannot be told) is one line on err and exit {@value #EXIT_USAGE},
 * never a stack trace.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Import a capture into a fixtape journal (then: fixtape replay DIR).",
    subcommands = {ImportCommand.Pcap.class, ImportCommand.QfjLog.class, ImportCommand.Synthetic.class})
public final class ImportCommand implements Runnable
{
    /** A usage error, or a file that holds nothing to import. */
    public static final int EXIT_USAGE = 2;

    @Spec
    CommandSpec spec;

    /** One line on err for a user's mistake; {@link #EXIT_USAGE}. */
    static int refuse(final CommandSpec spec, final String command, final Exception ex)
    {
        final String message = ex instanceof NoSuchFileException ?
            ex.getMessage() + ": no such file" : ex.getMessage();
        spec.commandLine().getErr().println("fixtape import " + command + ": " + message);
        spec.commandLine().getErr().flush();
        return EXIT_USAGE;
    }

    @Override
    public void run()
    {
        throw new ParameterException(spec.commandLine(), "say what to import: pcap, qfj-log or synthetic");
    }

    /** Copies what was imported into the journal and prints one line per session. */
    static void writeJournal(final Recordings recordings, final Path out, final PrintWriter console)
    {
        try (RecordingSink journal = JournalRecordings.writer(out))
        {
            for (final SessionRecording session : recordings.sessions())
            {
                for (int i = 0; i < session.count(); i++)
                {
                    journal.onMessage(session.sessionId(), session.isInbound(i), session.timestampNanos(i),
                        session.buffer(), session.offset(i), session.length(i));
                }
            }
        }
        for (final SessionRecording session : recordings.sessions())
        {
            console.printf("session %s: %d inbound, %d outbound%n", session.sessionId(), session.inboundCount(),
                session.outboundCount());
        }
        console.println("journal written to " + out);
        console.flush();
    }

    @Command(name = "pcap", mixinStandardHelpOptions = true,
        description = "Import FIX over TCP from a pcap or pcapng capture (tcpdump, Wireshark).")
    static final class Pcap implements Callable<Integer>
    {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "capture file (.pcap or .pcapng)")
        Path file;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "journal directory to write")
        Path out;

        @Option(names = "--comp-id", paramLabel = "ID",
            description = "SenderCompID of the recorded engine (default: the acceptor side of each connection)")
        String compId;

        @Option(names = "--engine-side", paramLabel = "SIDE", defaultValue = "acceptor",
            description = "which end was the recorded engine when --comp-id is not given: acceptor or initiator " +
                "(default: ${DEFAULT-VALUE})")
        String engineSide;

        @Override
        public Integer call()
        {
            if (!"acceptor".equals(engineSide) && !"initiator".equals(engineSide))
            {
                return refuse(spec, "pcap", new IllegalArgumentException("--engine-side " + engineSide +
                    ": acceptor or initiator"));
            }
            final Recordings recordings = new Recordings();
            final CaptureImporter importer = new CaptureImporter(recordings)
                .engineCompId(compId)
                .engineIsInitiator("initiator".equals(engineSide));
            try
            {
                final TcpReassembler.Stats stats = importer.importFile(file);
                spec.commandLine().getOut().println("reassembly: " + stats);
            }
            catch (final IOException | RuntimeException ex)
            {
                return refuse(spec, "pcap", ex);
            }
            if (recordings.sessions().isEmpty())
            {
                return refuse(spec, "pcap", new IllegalArgumentException("no FIX session found in " + file));
            }
            try
            {
                writeJournal(recordings, out, spec.commandLine().getOut());
            }
            catch (final RuntimeException ex)
            {
                return refuse(spec, "pcap", ex);
            }
            return 0;
        }
    }

    @Command(name = "qfj-log", mixinStandardHelpOptions = true,
        description = "Import a QuickFIX/J message log (*.messages.log).")
    static final class QfjLog implements Callable<Integer>
    {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "QuickFIX/J messages log")
        Path file;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "journal directory to write")
        Path out;

        @Option(names = "--comp-id", paramLabel = "ID",
            description = "SenderCompID of the recorded engine (default: each session's acceptor, the side that " +
                "received its first Logon)")
        String compId;

        @Override
        public Integer call()
        {
            final Recordings recordings = new Recordings();
            final QfjLogImporter importer = new QfjLogImporter(recordings).engineCompId(compId);
            try
            {
                importer.importFile(file);
            }
            catch (final IOException | RuntimeException ex)
            {
                return refuse(spec, "qfj-log", ex);
            }
            for (final String side : importer.sides())
            {
                spec.commandLine().getOut().println("qfj-log: " + side + "; --comp-id chooses the other side");
            }
            spec.commandLine().getOut().printf("qfj-log: %d messages, %d lines skipped%n", importer.messages(),
                importer.skippedLines());
            if (recordings.sessions().isEmpty())
            {
                return refuse(spec, "qfj-log", new IllegalArgumentException("no FIX message found in " + file));
            }
            try
            {
                writeJournal(recordings, out, spec.commandLine().getOut());
            }
            catch (final RuntimeException ex)
            {
                return refuse(spec, "qfj-log", ex);
            }
            return 0;
        }
    }

    @Command(name = "synthetic", mixinStandardHelpOptions = true,
        description = "Generate a counterparty stream (Logon, N NewOrderSingles, Logout) for load tests; replay it " +
            "once with --keep-journal to get a full recording with the engine's replies.")
    static final class Synthetic implements Callable<Integer>
    {
        @Spec
        CommandSpec spec;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "journal directory to write")
        Path out;

        @Option(names = "--orders", defaultValue = "1000000", paramLabel = "N", description = "NewOrderSingles (default: ${DEFAULT-VALUE})")
        int orders;

        @Option(names = "--rate", defaultValue = "100000", paramLabel = "R",
            description = "recorded rate in orders per second (default: ${DEFAULT-VALUE})")
        long rate;

        @Option(names = "--session", defaultValue = "FIX.4.4:FIXTAPE:CLIENT", paramLabel = "BEGIN:SENDER:TARGET",
            description = "the engine's session (default: ${DEFAULT-VALUE})")
        String session;

        @Override
        public Integer call()
        {
            final String[] parts = session.split(":");
            if (parts.length != 3)
            {
                throw new ParameterException(spec.commandLine(), "--session must be BEGIN:SENDER:TARGET: " + session);
            }
            final Recordings recordings = new Recordings();
            SyntheticSession.generate(new SessionId(parts[0], parts[1], parts[2]), orders, rate,
                1_764_633_600_000_000_000L, recordings);
            writeJournal(recordings, out, spec.commandLine().getOut());
            return 0;
        }
    }
}
