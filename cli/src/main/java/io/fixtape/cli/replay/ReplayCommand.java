package io.fixtape.cli.replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.cli.CliPaths;
import io.fixtape.cli.UserApplicationOptions;
import io.fixtape.cli.UserError;
import io.fixtape.cluster.AcceptorModel;
import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.journal.Journal;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.replay.drive.DiffReports;
import io.fixtape.replay.drive.FixtapeReplayEngines;
import io.fixtape.replay.drive.IgnoredFields;
import io.fixtape.replay.drive.LatencyPicture;
import io.fixtape.replay.drive.Pacing;
import io.fixtape.replay.drive.ReplayDiff;
import io.fixtape.replay.drive.ReplayEngineFactory;
import io.fixtape.replay.drive.ReplayOptions;
import io.fixtape.replay.drive.ReplayPlan;
import io.fixtape.replay.drive.ReplayReport;
import io.fixtape.replay.drive.ReplayResult;
import io.fixtape.replay.drive.TransportKind;
import io.fixtape.replay.drive.WarmUp;
import io.fixtape.replay.recording.Recordings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fixtape replay DIR}: drive what the counterparties sent in a recording — every session, every connection —
 * into a fresh engine, through a chosen transport, with the engine's clock replayed; print the outbound digest,
 * optionally diff against the recording and write the diff as JSON and JUnit XML, a benchmark JSON, an HdrHistogram
 * log and a percentile plot. Exit codes: {@value #EXIT_IDENTICAL} identical (or, without {@code --diff}, complete),
 * {@value #EXIT_DIFFERENT} different (a difference, or inbound messages that did not reach the engine),
 * {@value #EXIT_USAGE} a usage error, {@value #EXIT_COULD_NOT_RUN} the replay could not run. Prints to the command
 * line's out/err writers (picocli; the console by default); a mistake is one line on err, never a stack trace.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Re-drive a recording (every session and connection) into a fresh engine; digest, diff and measure " +
        "what it sends back. Exit 0 identical, 1 different, 2 usage error, 3 could not run.")
public final class ReplayCommand implements Callable<Integer>
{
    /** Identical to the recording (with {@code --diff}), or complete (without). */
    public static final int EXIT_IDENTICAL = 0;
    /** A difference ({@code --diff}), or recorded inbound messages that did not reach the engine. */
    public static final int EXIT_DIFFERENT = 1;
    /** A usage error: a bad option, no such session, no journal, an application class that does not load. */
    public static final int EXIT_USAGE = 2;
    /** No (such) session: a usage error. */
    public static final int EXIT_NO_SESSION = EXIT_USAGE;
    /** The replay could not run: it stalled, a connection could not be made, the engine failed, the journal is bad. */
    public static final int EXIT_COULD_NOT_RUN = 3;

    @Parameters(index = "0", paramLabel = "DIR", description = "fixtape journal directory (or an import's --out)")
    Path directory;

    @Option(names = "--session", paramLabel = "ID|SENDER:TARGET",
        description = "a session to replay: SENDER:TARGET (the engine's CompIDs), its full id, or its number in " +
            "'journal stat' order (repeatable; default: every session, together, in their recorded interleaving)")
    List<String> sessions;

    @Option(names = "--transport", paramLabel = "NAME",
        description = "inproc, tcp, aeron-ipc or aeron-udp (default: inproc; tcp with --model)")
    String transport;

    @Option(names = "--model", paramLabel = "MODEL",
        description = "replay into the acceptor under this acceptor model: single, mono, pool or shard (over tcp, " +
            "message by message; acceptor sessions only)")
    String model;

    @Option(names = "--threads", defaultValue = "2", paramLabel = "N",
        description = "with --model pool or shard: workers (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--app", paramLabel = "NAME",
        description = "built-in application: " + BuiltinApplications.NAMES + " (default: exec)")
    String builtinApp;

    @Mixin
    UserApplicationOptions userApp;

    @Option(names = "--pace", defaultValue = "max", paramLabel = "MODE",
        description = "recorded (keep recorded gaps, see --speed) or max (default: ${DEFAULT-VALUE})")
    String pace;

    @Option(names = "--speed", defaultValue = "1", paramLabel = "X", description = "with --pace recorded: X times faster")
    double speed;

    @Option(names = "--rate", defaultValue = "0", paramLabel = "N",
        description = "fixed schedule of N inbound messages per second (overrides --pace)")
    long rate;

    @Option(names = "--diff",
        description = "compare the replayed outbound messages with the recorded ones; exit 1 on any difference")
    boolean diff;

    @Option(names = {"--ignore-tag", "--ignore"}, paramLabel = "TAGS",
        description = "fields the diff skips: tags (52) or MsgType:tag (8:37), comma-separated (repeatable)")
    List<String> ignore;

    @Option(names = "--ignore-file", paramLabel = "FILE",
        description = "fields the diff skips, from a file: tags or MsgType:tag, comma-separated or one per line, " +
            "# comments")
    Path ignoreFile;

    @Option(names = "--show", defaultValue = "20", paramLabel = "N",
        description = "differences to print per session (default: ${DEFAULT-VALUE})")
    int show;

    @Option(names = "--diff-json", paramLabel = "FILE", description = "write the diff as JSON (implies --diff)")
    Path diffJson;

    @Option(names = "--junit", paramLabel = "FILE",
        description = "write the diff as JUnit XML, a test case per session, for CI servers (implies --diff)")
    Path junit;

    @Option(names = "--journal-mode", defaultValue = "audit", paramLabel = "MODE",
        description = "the replayed engine's journal: none, store or audit (default: ${DEFAULT-VALUE}, in a temp dir)")
    String journalMode;

    @Option(names = "--keep-journal", paramLabel = "DIR",
        description = "keep the replayed engine's journal here (replayable: e.g. turn an 'import synthetic' stream " +
            "into a full recording with the engine's replies)")
    Path keepJournal;

    @Option(names = "--warmup", defaultValue = "0", paramLabel = "N",
        description = "first replay the recording's first N inbound messages into a throw-away engine (JIT warm-up), " +
            "then the measured run (default: ${DEFAULT-VALUE})")
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

    @Option(names = "--histogram-log", paramLabel = "FILE",
        description = "write the latency histograms (per inbound MsgType, service and response, ns) as an " +
            "HdrHistogram log")
    Path histogramLog;

    @Option(names = "--plot", paramLabel = "PNG", description = "write a percentile plot of the latency (PNG)")
    Path plot;

    @Option(names = "--pin-replay-thread", paramLabel = "CPU", defaultValue = "-1",
        description = "pin the replay thread (with inproc: the engine too) to this CPU once the engine is up, just " +
            "before the measured window (pin verified by read-back)")
    int pinReplayThread;

    @Option(names = "--engine-thread", description = "inproc: run the engine on its own thread (an agent, as with the " +
        "other transports) instead of stepping it on the replay thread")
    boolean engineThread;

    @Option(names = "--progress", negatable = true, description = "progress bar on stderr (default: when a terminal)")
    Boolean progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call()
    {
        checkApplicationOptions();
        final PrintWriter out = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        try
        {
            return new ReplayRunner(this, out, err).run();
        }
        finally
        {
            out.flush();
            err.flush();
        }
    }

    /** {@code --app} and {@code --app-class}, checked as {@code fixtape acceptor} checks them. */
    private void checkApplicationOptions()
    {
        if (builtinApp != null && !List.of(BuiltinApplications.NAMES.split(", ")).contains(builtinApp))
        {
            throw new ParameterException(spec.commandLine(), "--app must be one of " + BuiltinApplications.NAMES +
                ", got " + builtinApp);
        }
        if (builtinApp != null && userApp.isGiven())
        {
            throw new ParameterException(spec.commandLine(), "--app and --app-class exclude each other");
        }
        userApp.check(spec.commandLine());
    }

    /** {@code --diff}, or a diff report asked for. */
    boolean diff()
    {
        return diff || diffJson != null || junit != null;
    }

    /** The fields the diff skips, from {@code --ignore-tag} and {@code --ignore-file}. */
    IgnoredFields ignoredFields()
    {
        IgnoredFields fields = IgnoredFields.NONE;
        if (ignore != null)
        {
            for (final String rules : ignore)
            {
                fields = fields.and(rules);
            }
        }
        if (ignoreFile != null)
        {
            fields = fields.and(IgnoredFields.fromFile(CliPaths.fileToRead("--ignore-file", ignoreFile)));
        }
        if (!fields.isEmpty() && !diff())
        {
            throw new IllegalArgumentException("--ignore-tag and --ignore-file are for --diff");
        }
        return fields;
    }

    /** The replay's options; throws {@link IllegalArgumentException} with one line for a bad value. */
    ReplayOptions options()
    {
        final TransportKind kind = transport == null ? (model == null ? TransportKind.INPROC : TransportKind.TCP) :
            TransportKind.fromCli(transport);
        if (model != null)
        {
            AcceptorModel.parse(model); // names the bad value
            if (kind != TransportKind.TCP)
            {
                throw new IllegalArgumentException("--model " + model + " replays over tcp, not " + kind.cliName());
            }
        }
        final ReplayOptions options = new ReplayOptions()
            .transport(kind)
            .acceptorModel(model)
            .acceptorThreads(Math.max(1, threads))
            .pacing(Pacing.of(pace, speed, rate))
            .application(userApp.isGiven() ? userApp.className() : builtinApp != null ? builtinApp : "exec")
            .journalMode(journalMode)
            .journalDirectory(keepJournal)
            .collectOutbound(diff())
            .engineThread(engineThread)
            .latencyLog(latencyLog)
            .ignore(ignoredFields())
            .replayThreadPlacement(pinReplayThread < 0 ? null : () -> "replay thread pinned to CPU " + pinReplayThread +
                " (read back: " + CpuAffinity.pinCurrentThread(pinReplayThread).cpus() + ")")
            .progress(progress == null ? (System.console() != null ? System.err : null) : (progress ? System.err : null));
        if (!List.of("none", "store", "audit").contains(journalMode))
        {
            throw new IllegalArgumentException("--journal-mode " + journalMode + ": none, store or audit");
        }
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
                    throw new IllegalArgumentException("--journal-setting " + setting.getKey() + "=" +
                        setting.getValue() + ": " + ex.getMessage(), ex);
                }
            }
        }
        checkFiles();
        if (pinReplayThread >= CpuAffinity.onlineCpus())
        {
            throw new IllegalArgumentException("--pin-replay-thread " + pinReplayThread + ": this machine has " +
                CpuAffinity.onlineCpus() + " online CPU(s)");
        }
        checkAtLeast("--threads", threads, 1);
        checkAtLeast("--show", show, 0);
        checkAtLeast("--warmup", warmup, 0);
        checkAtLeast("--warmup-rounds", warmupRounds, 1);
        checkAtLeast("--pin-replay-thread", pinReplayThread, -1);
        return options;
    }

    private static void checkAtLeast(final String option, final int value, final int min)
    {
        if (value < min)
        {
            throw new IllegalArgumentException(option + " must be >= " + min + ", got " + value);
        }
    }

    /**
     * The files to read and write, checked before the journal is read: a mistake is one line before the run, not a
     * failure after it.
     */
    private void checkFiles()
    {
        final Map<String, Path> outputs = new java.util.LinkedHashMap<>();
        outputs.put("--json", json);
        outputs.put("--latency-log", latencyLog);
        outputs.put("--histogram-log", histogramLog);
        outputs.put("--plot", plot);
        outputs.put("--diff-json", diffJson);
        outputs.put("--junit", junit);
        outputs.forEach((option, file) ->
        {
            if (file != null)
            {
                CliPaths.fileToWrite(option, file);
            }
        });
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

    /**
     * The engines to replay into: the built-in application, or the user's {@code --app-class} loaded by the
     * launcher's {@code ApplicationLoader} (as {@code fixtape acceptor} and {@code initiator} load it).
     *
     * @throws IllegalArgumentException one line naming what is wrong with the class or its class path.
     */
    ReplayEngineFactory engines()
    {
        final ApplicationFactory applications = userApp.load();
        return applications == null ? FixtapeReplayEngines.factory() : FixtapeReplayEngines.factory(applications);
    }

    /** What to replay: the selected sessions of the recording at {@link #directory}. */
    ReplayPlan plan(final Recordings recordings)
    {
        return ReplayPlan.of(recordings, recordings.select(sessions));
    }

    /** Writes what was asked for besides the console table. */
    void writeOutputs(final PrintWriter out, final ReplayResult result, final ReplayOptions options,
        final ReplayPlan plan, final String warm, final ReplayDiff comparison, final int exit, final long startEpochMillis)
        throws IOException
    {
        if (json != null)
        {
            final String[] argv = spec.commandLine().getParseResult().originalArgs().toArray(new String[0]);
            ReplayReport.writeJson(json, result, argv, options, directory + " " + plan.sessions() + " (" +
                plan.inboundCount() + " inbound, " + plan.outboundCount() + " outbound recorded)", warm);
            out.println("json      " + json);
        }
        if (histogramLog != null)
        {
            LatencyPicture.writeHistogramLog(histogramLog, result, startEpochMillis);
            out.println("histogram " + histogramLog);
        }
        if (plot != null)
        {
            LatencyPicture.writePlot(plot, result, "fixtape replay " +
                directory.getFileName() + " (" + result.transport.cliName() + ", " + result.pacing + ")");
            out.println("plot      " + plot);
        }
        if (comparison != null && diffJson != null)
        {
            DiffReports.writeJson(diffJson, directory.toString(), where(), comparison, exit);
            out.println("diff json " + diffJson);
        }
        if (comparison != null && junit != null)
        {
            DiffReports.writeJUnitXml(junit, directory.toString(), where(), comparison,
                result.elapsedNanos, show);
            out.println("junit     " + junit);
        }
    }

    /** A replay that could not run: the diff reports say so too, when asked for. */
    void writeCouldNotRun(final String reason)
    {
        try
        {
            if (diffJson != null)
            {
                DiffReports.writeJsonCouldNotRun(diffJson, directory.toString(), where(), reason,
                    EXIT_COULD_NOT_RUN);
            }
            if (junit != null)
            {
                DiffReports.writeJUnitXmlCouldNotRun(junit, directory.toString(), where(), reason);
            }
        }
        catch (final IOException ignore)
        {
            // the reason is on the console already
        }
    }

    /** The transport, and the acceptor model when there is one, for the reports. */
    private String where()
    {
        final String kind = transport != null ? transport : model != null ? "tcp" : "inproc";
        return model == null ? kind : kind + ", model " + model;
    }

    int warmup()
    {
        return warmup;
    }

    int warmupRounds()
    {
        return warmupRounds;
    }

    int show()
    {
        return show;
    }
}
