package io.fixtape.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import io.fixtape.cli.CliPaths;
import io.fixtape.cli.UserError;
import io.fixtape.journal.Journal;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.replay.drive.FixDiff;
import io.fixtape.replay.drive.FixtapeReplayEngines;
import io.fixtape.replay.drive.Pacing;
import io.fixtape.replay.drive.ReplayOptions;
import io.fixtape.replay.drive.ReplayReport;
import io.fixtape.replay.drive.ReplayResult;
import io.fixtape.replay.drive.ReplayStalledException;
import io.fixtape.replay.drive.Replayer;
import io.fixtape.replay.drive.TransportKind;
import io.fixtape.replay.drive.WarmUp;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code fixtape replay DIR}: drive what the counterparty sent in a recorded session into a fresh engine, through
 * a chosen transport, with the engine's clock replayed; print the outbound digest, optionally diff against the
 * recording (exit 1 on any difference) and write a benchmark JSON. Exit codes: 0 clean, {@value #EXIT_DIFFERENT}
 * diff, {@value #EXIT_NO_SESSION} no such session, {@value #EXIT_INCOMPLETE} incomplete, {@value #EXIT_STALLED}
 * stalled. Prints to the command line's out/err writers (picocli; the console by default).
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Re-drive a recorded session into a fresh engine; digest, diff and measure what it sends back.")
public final class ReplayCommand implements Callable<Integer>
{
    /** {@code --diff} found a difference. */
    public static final int EXIT_DIFFERENT = 1;
    /** No (single) session matches {@code --session}. */
    public static final int EXIT_NO_SESSION = 2;
    /** The engine ended the session before every recorded inbound message was sent. */
    public static final int EXIT_INCOMPLETE = 3;
    /** The replay hit its wall-clock safety net (nothing moved for too long): no result. */
    public static final int EXIT_STALLED = 4;

    @Parameters(index = "0", paramLabel = "DIR", description = "fixtape journal directory (or an import's --out)")
    Path directory;

    @Option(names = "--session", paramLabel = "ID|SENDER:TARGET",
        description = "session to replay: SENDER:TARGET (the engine's CompIDs), its full id, or its number in " +
            "'journal stat' order; optional when the journal holds one session")
    String session;

    @Option(names = "--transport", defaultValue = "inproc", paramLabel = "NAME",
        description = "inproc, tcp, aeron-ipc or aeron-udp (default: ${DEFAULT-VALUE})")
    String transport;

    @Option(names = "--app", defaultValue = "exec", paramLabel = "NAME",
        description = "application of the replayed engine: echo or exec (default: ${DEFAULT-VALUE})")
    String app;

    @Option(names = "--pace", defaultValue = "max", paramLabel = "MODE",
        description = "recorded (keep recorded gaps, see --speed) or max (default: ${DEFAULT-VALUE})")
    String pace;

    @Option(names = "--speed", defaultValue = "1", paramLabel = "X", description = "with --pace recorded: X times faster")
    double speed;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "N",
        description = "fixed schedule of N inbound messages per second (overrides --pace)")
    long rate;

    @Option(names = "--diff", description = "compare replayed outbound messages with the recorded ones; exit 1 on any difference")
    boolean diff;

    @Option(names = "--ignore", split = ",", paramLabel = "TAGS", description = "tags the diff skips (default: none)")
    List<Integer> ignore;

    @Option(names = "--show", defaultValue = "20", paramLabel = "N", description = "differences to print (default: ${DEFAULT-VALUE})")
    int show;

    @Option(names = "--journal-mode", defaultValue = "audit", paramLabel = "MODE",
        description = "the replayed engine's journal: none, store or audit (default: ${DEFAULT-VALUE}, in a temp dir)")
    String journalMode;

    @Option(names = "--keep-journal", paramLabel = "DIR",
        description = "keep the replayed engine's journal here (replayable: e.g. turn an 'import synthetic' stream " +
            "into a full recording with the engine's replies)")
    Path keepJournal;

    @Option(names = "--warmup", defaultValue = "0", paramLabel = "N",
        description = "first replay the session's first N inbound messages into a throw-away engine (JIT warm-up, " +
            "e.g. 20000), then the measured run (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--warmup-rounds", defaultValue = "1", paramLabel = "MAX",
        description = "repeat the warm-up until a round in which the JIT compiled for at most " + WarmUp.QUIET_PERCENT +
            "%% of the round's time, at most MAX rounds (default: ${DEFAULT-VALUE}); the measured run reports the " +
            "JIT compile time inside its window either way")
    int warmupRounds;

    @Option(names = "--json", paramLabel = "OUT", description = "write the benchmark result (JSON) here")
    Path json;

    @Option(names = "--journal-setting", paramLabel = "KEY=VALUE",
        description = "a journal key of the session settings for the replayed engine's journal, e.g. " +
            "JournalPretouch=duty (repeatable)")
    Map<String, String> journalSettings;

    @Option(names = "--latency-log", paramLabel = "CSV",
        description = "also write every inbound message's scheduled/sent/answered times and latencies to this CSV")
    Path latencyLog;

    @Option(names = "--pin-replay-thread", paramLabel = "CPU", defaultValue = "-1",
        description = "pin the replay thread (with inproc: the engine too) to this CPU once the engine is up, just " +
            "before the measured window; threads started earlier (JIT, GC, journal pretoucher) keep the process's " +
            "placement, e.g. taskset -c 0 bin/fixtape replay … --pin-replay-thread 1 (pin verified by read-back)")
    int pinReplayThread;

    @Option(names = "--engine-thread", description = "inproc: run the engine on its own thread (an agent, as with the " +
        "other transports) instead of stepping it on the replay thread")
    boolean engineThread;

    @Option(names = "--progress", negatable = true, description = "progress bar on stderr (default: when a terminal)")
    Boolean progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception
    {
        final PrintWriter out = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        try
        {
            return replay(out, err);
        }
        catch (final ReplayStalledException ex)
        {
            err.println("FAILED: " + ex.getMessage());
            return EXIT_STALLED;
        }
        finally
        {
            out.flush();
            err.flush();
        }
    }

    private int replay(final PrintWriter out, final PrintWriter err) throws Exception
    {
        checkOptions();
        final Recordings recordings = JournalRecordings.load(CliPaths.journalToRead(directory));
        final SessionRecording recording = recordings.find(session);
        if (recording == null)
        {
            err.println(spec.qualifiedName() + ": " + noSuchSession(recordings));
            return EXIT_NO_SESSION;
        }
        final ReplayOptions options = new ReplayOptions()
            .transport(transportKind())
            .pacing(Pacing.of(pace, speed, rate))
            .application(app)
            .journalMode(journalMode)
            .journalDirectory(keepJournal)
            .collectOutbound(diff)
            .engineThread(engineThread)
            .latencyLog(latencyLog)
            .replayThreadPlacement(pinReplayThread < 0 ? null : () -> "replay thread pinned to CPU " + pinReplayThread +
                " (read back: " + CpuAffinity.pinCurrentThread(pinReplayThread).cpus() + ")")
            .progress(progress == null ? (System.console() != null ? System.err : null) : (progress ? System.err : null));
        if (journalSettings != null)
        {
            for (final Map.Entry<String, String> setting : journalSettings.entrySet())
            {
                try
                {
                    options.journalSetting(setting.getKey(), setting.getValue());
                }
                catch (final RuntimeException ex)
                {
                    throw new ParameterException(spec.commandLine(),
                        "--journal-setting " + setting.getKey() + "=" + setting.getValue() + ": " + ex.getMessage());
                }
            }
        }
        final Replayer replayer = new Replayer(FixtapeReplayEngines.factory());
        WarmUp.Result warm = null;
        if (warmup > 0)
        {
            warm = WarmUp.run(replayer, recording, options, warmup, warmupRounds);
            out.println("warm-up   " + warm.describe());
        }
        final ReplayResult result = replayer.run(recording, options);
        out.print(ReplayReport.table(result));
        if (json != null)
        {
            final String[] argv = spec.commandLine().getParseResult().originalArgs().toArray(new String[0]);
            ReplayReport.writeJson(json, result, argv, options, directory + " " + recording.sessionId() + " (" +
                recording.inboundCount() + " inbound, " + recording.outboundCount() + " outbound recorded)",
                warm == null ? null : warm.describe());
            out.println("json      " + json);
        }
        int exit = 0;
        if (result.inboundSent < result.inboundTotal)
        {
            err.printf("incomplete: %d of %d inbound messages sent (%s)%n", result.inboundSent, result.inboundTotal,
                result.disconnectReason);
            exit = EXIT_INCOMPLETE;
        }
        if (diff)
        {
            final Set<Integer> ignored = ignore == null ? Set.of() : new HashSet<>(ignore);
            final FixDiff.Report report = new FixDiff(ignored).compare(recording, result.replayedOutbound);
            out.println(report.describe(show));
            if (!report.isClean())
            {
                exit = EXIT_DIFFERENT;
            }
        }
        return exit;
    }

    /**
     * The options' values and the files to write, checked before the journal is read: a mistake is one line before
     * the run, not a failure after it.
     */
    private void checkOptions()
    {
        if (!List.of("echo", "exec").contains(app))
        {
            throw new ParameterException(spec.commandLine(), "--app must be echo or exec, got " + app);
        }
        if (!List.of("none", "store", "audit").contains(journalMode.toLowerCase(Locale.ROOT)))
        {
            throw new ParameterException(spec.commandLine(), "--journal-mode must be none, store or audit, got " +
                journalMode);
        }
        if (rate == 0 && !List.of("recorded", "max").contains(pace.toLowerCase(Locale.ROOT)))
        {
            throw new ParameterException(spec.commandLine(), "--pace must be recorded or max, got " + pace);
        }
        if (!(speed > 0) || Double.isInfinite(speed))
        {
            throw new ParameterException(spec.commandLine(), "--speed must be > 0, got " + speed);
        }
        if (rate < 0)
        {
            throw new ParameterException(spec.commandLine(), "--rate must be > 0 messages per second (0: use --pace), " +
                "got " + rate);
        }
        checkAtLeast("--show", show, 0);
        checkAtLeast("--warmup", warmup, 0);
        checkAtLeast("--warmup-rounds", warmupRounds, 1);
        checkAtLeast("--pin-replay-thread", pinReplayThread, -1);
        if (ignore != null && ignore.stream().anyMatch(tag -> tag <= 0))
        {
            throw new ParameterException(spec.commandLine(), "--ignore takes tag numbers (> 0), got " + ignore);
        }
        if (pinReplayThread >= CpuAffinity.onlineCpus())
        {
            throw new ParameterException(spec.commandLine(), "--pin-replay-thread " + pinReplayThread +
                ": this machine has " + CpuAffinity.onlineCpus() + " online CPU(s)");
        }
        if (json != null)
        {
            CliPaths.fileToWrite("--json", json);
        }
        if (latencyLog != null)
        {
            CliPaths.fileToWrite("--latency-log", latencyLog);
        }
        if (keepJournal != null)
        {
            CliPaths.directoryToWrite("--keep-journal", keepJournal);
            if (Files.exists(keepJournal.resolve(Journal.QUEUE_DIR)))
            {
                // the replayed engine would continue that journal: a second run of the session in one recording
                throw new UserError("--keep-journal " + keepJournal + " already holds a journal; give a new directory");
            }
        }
    }

    /** One line: which session is missing and the sessions there are (the first few: journal stat lists all). */
    private String noSuchSession(final Recordings recordings)
    {
        final List<SessionRecording> sessions = recordings.sessions();
        if (sessions.isEmpty())
        {
            return directory + " holds no recorded session";
        }
        final StringBuilder line = new StringBuilder(session == null ?
            directory + " holds " + sessions.size() + " sessions: pick one with --session;" :
            "no session '" + session + "' in " + directory + ";");
        final int shown = Math.min(sessions.size(), 8);
        for (int i = 0; i < shown; i++)
        {
            final SessionRecording candidate = sessions.get(i);
            line.append(i == 0 ? " sessions: " : ", ").append(candidate.sessionId()).append("  (")
                .append(candidate.sessionId().senderCompId()).append(':').append(candidate.sessionId().targetCompId())
                .append(", ").append(candidate.count()).append(" messages)");
        }
        if (shown < sessions.size())
        {
            line.append(" and ").append(sessions.size() - shown).append(" more (fixtape journal stat ")
                .append(directory).append(')');
        }
        return line.toString();
    }

    private void checkAtLeast(final String option, final int value, final int min)
    {
        if (value < min)
        {
            throw new ParameterException(spec.commandLine(), option + " must be >= " + min + ", got " + value);
        }
    }

    private TransportKind transportKind()
    {
        try
        {
            return TransportKind.fromCli(transport);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--transport: " + ex.getMessage());
        }
    }
}
