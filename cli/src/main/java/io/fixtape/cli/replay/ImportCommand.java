package io.fixtape.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.fixtape.cli.CliPaths;
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

/** {@code fixtape import pcap|qfj-log FILE --out DIR}: turn captures and QuickFIX/J logs into fixtape journals. */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Import a capture into a fixtape journal (then: fixtape replay DIR).",
    subcommands = {ImportCommand.Pcap.class, ImportCommand.QfjLog.class, ImportCommand.Synthetic.class})
public final class ImportCommand implements Runnable
{
    @Spec
    CommandSpec spec;

    @Override
    public void run()
    {
        throw new ParameterException(spec.commandLine(), "say what to import: pcap, qfj-log or synthetic");
    }

    /** Copies what was imported into the journal and prints one line per session. */
    static void writeJournal(final Recordings recordings, final Path out, final boolean append, final PrintWriter console)
    {
        refuseToMerge(recordings, out, append);
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

    /**
     * A journal already in {@code out} would silently gain a second copy of every recorded session (the same capture
     * twice gives a session seq 1..N twice): refused, naming the sessions that would merge, unless {@code --append}.
     */
    private static void refuseToMerge(final Recordings recordings, final Path out, final boolean append)
    {
        final Path queue = out.resolve(io.fixtape.journal.Journal.QUEUE_DIR);
        final boolean holdsJournal;
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.exists(queue) ? java.nio.file.Files.list(queue) :
            java.util.stream.Stream.empty())
        {
            holdsJournal = files.anyMatch(p -> p.toString().endsWith(".cq4"));
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException("cannot list " + queue, ex);
        }
        if (!holdsJournal || append)
        {
            return;
        }
        final io.fixtape.journal.JournalSessionTable registry = io.fixtape.journal.JournalSessionTable.open(out, true);
        final java.util.List<String> merging = new java.util.ArrayList<>();
        for (final SessionRecording session : recordings.sessions())
        {
            if (registry.idOf(session.sessionId()) > 0)
            {
                merging.add(session.sessionId().toString());
            }
        }
        throw new io.fixtape.cli.UserError("--out " + out + " already holds a journal" + (merging.isEmpty() ?
            " (no session of this import is in it)" : "; these sessions would merge with its records: " +
            String.join(", ", merging)) + ". Give an empty directory, or --append to add to it");
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

        @Option(names = "--append", description = "add to the journal already in --out (refused otherwise)")
        boolean append;

        @Option(names = "--comp-id", paramLabel = "ID",
            description = "SenderCompID of the recorded engine (default: the acceptor side of each connection)")
        String compId;

        @Option(names = "--engine-side", paramLabel = "SIDE", defaultValue = "acceptor",
            description = "which end was the recorded engine when --comp-id is not given: acceptor or initiator " +
                "(default: ${DEFAULT-VALUE})")
        String engineSide;

        @Override
        public Integer call() throws Exception
        {
            if (!"acceptor".equals(engineSide) && !"initiator".equals(engineSide))
            {
                throw new ParameterException(spec.commandLine(), "--engine-side must be acceptor or initiator, got " +
                    engineSide);
            }
            CliPaths.fileToRead("capture", file);
            CliPaths.directoryToWrite("--out", out);
            final Recordings recordings = new Recordings();
            final CaptureImporter importer = new CaptureImporter(recordings)
                .engineCompId(compId)
                .engineIsInitiator("initiator".equals(engineSide));
            final TcpReassembler.Stats stats = importer.importFile(file);
            spec.commandLine().getOut().println("reassembly: " + stats);
            if (recordings.sessions().isEmpty())
            {
                spec.commandLine().getErr().println("no FIX session found in " + file);
                spec.commandLine().getErr().flush();
                return 1;
            }
            writeJournal(recordings, out, append, spec.commandLine().getOut());
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

        @Option(names = "--append", description = "add to the journal already in --out (refused otherwise)")
        boolean append;

        @Option(names = "--comp-id", paramLabel = "ID",
            description = "SenderCompID of the recorded engine (default: each session's acceptor, the side that " +
                "received its first Logon)")
        String compId;

        @Override
        public Integer call() throws Exception
        {
            CliPaths.fileToRead("log", file);
            CliPaths.directoryToWrite("--out", out);
            final Recordings recordings = new Recordings();
            final QfjLogImporter importer = new QfjLogImporter(recordings).engineCompId(compId);
            importer.importFile(file);
            for (final String side : importer.sides())
            {
                spec.commandLine().getOut().println("qfj-log: " + side + "; --comp-id chooses the other side");
            }
            spec.commandLine().getOut().printf("qfj-log: %d messages, %d lines skipped%n", importer.messages(),
                importer.skippedLines());
            if (recordings.sessions().isEmpty())
            {
                spec.commandLine().getErr().println("no FIX message found in " + file);
                spec.commandLine().getErr().flush();
                return 1;
            }
            writeJournal(recordings, out, append, spec.commandLine().getOut());
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

        @Option(names = "--append", description = "add to the journal already in --out (refused otherwise)")
        boolean append;

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
            if (orders < 0)
            {
                throw new ParameterException(spec.commandLine(), "--orders must be >= 0, got " + orders);
            }
            if (rate < 1)
            {
                throw new ParameterException(spec.commandLine(), "--rate must be >= 1 order per second, got " + rate);
            }
            CliPaths.directoryToWrite("--out", out);
            final Recordings recordings = new Recordings();
            SyntheticSession.generate(new SessionId(parts[0], parts[1], parts[2]), orders, rate,
                1_764_633_600_000_000_000L, recordings);
            writeJournal(recordings, out, append, spec.commandLine().getOut());
            return 0;
        }
    }
}
