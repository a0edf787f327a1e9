package io.fixtape.replay.drive;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import io.fixtape.journal.JournalContext;

/**
 * How to replay: transport, pacing, application, journal, what to collect. Fluent setters; defaults: inproc,
 * max pace, app {@code exec}, journal mode {@code audit} in a temporary directory, outbound collected for the diff,
 * no progress bar. A replay is complete by work count, not by elapsed time ({@link #quiescentCycles}); the only
 * wall-clock limit is a safety net that fails the replay ({@link #stallTimeoutNanos}).
 */
public final class ReplayOptions
{
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 1024 * 1024;

    private TransportKind transport = TransportKind.INPROC;
    private Pacing pacing = Pacing.max();
    private String application = "exec";
    private String journalMode = "audit";
    private Path journalDirectory;
    private boolean collectOutbound = true;
    private boolean engineThread;
    private Path latencyLog;
    private Supplier<String> replayThreadPlacement;
    private final Map<String, String> journalSettings = new TreeMap<>();
    /** Default {@link #quiescentCycles}. */
    public static final int DEFAULT_QUIESCENT_CYCLES = 16;
    /** Default {@link #stallTimeoutNanos}: generous, for a loaded 2-core CI machine; reaching it is a failure. */
    public static final long DEFAULT_STALL_TIMEOUT_NANOS = 120_000_000_000L;

    private int quiescentCycles = DEFAULT_QUIESCENT_CYCLES;
    private long stallTimeoutNanos = DEFAULT_STALL_TIMEOUT_NANOS;
    private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
    private PrintStream progress;
    private IgnoredFields ignoredFields = IgnoredFields.NONE;
    private String acceptorModel;
    private int acceptorThreads = 2;

    public ReplayOptions transport(final TransportKind transport)
    {
        this.transport = transport;
        return this;
    }

    public ReplayOptions pacing(final Pacing pacing)
    {
        this.pacing = pacing;
        return this;
    }

    public ReplayOptions application(final String application)
    {
        this.application = application;
        return this;
    }

    /** {@code none}, {@code store} or {@code audit} (the replayed engine's own journal). */
    public ReplayOptions journalMode(final String journalMode)
    {
        this.journalMode = journalMode;
        return this;
    }

    /** Where the replayed engine journals; null: a temporary directory deleted afterwards. */
    public ReplayOptions journalDirectory(final Path journalDirectory)
    {
        this.journalDirectory = journalDirectory;
        return this;
    }

    /**
     * Run the engine as an agent on its own thread (backoff idle strategy) with {@code inproc} too, as every other
     * transport does; default false: {@code inproc} steps the engine on the replay thread (one thread, no cross-core
     * hand-off, and the replay thread's CPU time covers the engine). With its own thread the engine does only the
     * engine's work (the counterparty's framing, SHA-256 and latency bookkeeping stay on the replay thread), as in
     * a deployment where the counterparty is another process.
     */
    public ReplayOptions engineThread(final boolean engineThread)
    {
        this.engineThread = engineThread;
        return this;
    }

    /** Keep the replayed outbound messages for {@link FixDiff} (memory: their bytes). */
    public ReplayOptions collectOutbound(final boolean collectOutbound)
    {
        this.collectOutbound = collectOutbound;
        return this;
    }

    /**
     * Completion: once every inbound message was handed to the engine and everything it wrote has reached the
     * counterparty, this many consecutive engine duty cycles with zero work end the replay (at least 1).
     */
    public ReplayOptions quiescentCycles(final int quiescentCycles)
    {
        if (quiescentCycles < 1)
        {
            throw new IllegalArgumentException("quiescentCycles must be >= 1: " + quiescentCycles);
        }
        this.quiescentCycles = quiescentCycles;
        return this;
    }

    /**
     * Safety net, wall clock: a replay in which nothing moves (no inbound message sent or consumed, no outbound
     * byte received) for this long, while nothing waits for its scheduled time, fails with
     * {@link ReplayStalledException}; so does a transport that does not connect within it.
     */
    public ReplayOptions stallTimeoutNanos(final long stallTimeoutNanos)
    {
        if (stallTimeoutNanos <= 0)
        {
            throw new IllegalArgumentException("stallTimeoutNanos must be > 0: " + stallTimeoutNanos);
        }
        this.stallTimeoutNanos = stallTimeoutNanos;
        return this;
    }

    public ReplayOptions maxMessageSize(final int maxMessageSize)
    {
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    /** Draw a progress bar on this stream (e.g. System.err); null for none. */
    public ReplayOptions progress(final PrintStream progress)
    {
        this.progress = progress;
        return this;
    }

    /**
     * Replay into cluster-shard's acceptor under this model ({@code single}, {@code mono}, {@code pool},
     * {@code shard}) over TCP, message by message ({@link ModelReplay}); null (default): the engine on the replay's
     * transport.
     */
    public ReplayOptions acceptorModel(final String model)
    {
        this.acceptorModel = model;
        return this;
    }

    public String acceptorModel()
    {
        return acceptorModel;
    }

    /** Workers of the {@code pool} and {@code shard} models (default 2). */
    public ReplayOptions acceptorThreads(final int threads)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("acceptor threads must be >= 1: " + threads);
        }
        this.acceptorThreads = threads;
        return this;
    }

    public int acceptorThreads()
    {
        return acceptorThreads;
    }

    /** Fields a diff of this replay skips (for callers that diff: the CLI, {@code ReplayAssertions}). */
    public ReplayOptions ignore(final IgnoredFields fields)
    {
        this.ignoredFields = ignoredFields.and(fields);
        return this;
    }

    /** Fields a diff of this replay skips, written {@code 52,60,8:37} ({@link IgnoredFields}). */
    public ReplayOptions ignore(final String rules)
    {
        this.ignoredFields = ignoredFields.and(rules);
        return this;
    }

    public IgnoredFields ignoredFields()
    {
        return ignoredFields;
    }

    public TransportKind transport()
    {
        return transport;
    }

    public Pacing pacing()
    {
        return pacing;
    }

    public String application()
    {
        return application;
    }

    public String journalMode()
    {
        return journalMode;
    }

    public Path journalDirectory()
    {
        return journalDirectory;
    }

    /**
     * A session-settings journal key for the replayed engine's journal, e.g. {@code JournalPretouch=duty} or
     * {@code JournalDurability=...} (docs/JOURNAL_FORMAT.md).
     *
     * @throws IllegalArgumentException for a key that is not a journal setting or a value it does not take.
     */
    public ReplayOptions journalSetting(final String key, final String value)
    {
        if (!new JournalContext().applySetting(key, value)) // parses the value too: a bad one throws here
        {
            throw new IllegalArgumentException(key + " is not a journal key of the session settings");
        }
        journalSettings.put(key, value);
        return this;
    }

    public Map<String, String> journalSettings()
    {
        return Collections.unmodifiableMap(journalSettings);
    }

    /**
     * Also write every inbound message's timing to this CSV after the run (null: not written): one line per inbound
     * message, in order — {@code inbound,msg_type,scheduled_ns,sent_ns,answered_ns,service_ns,response_ns}, times
     * from the start of the measured window, empty where the message was not sent or not answered. For looking at
     * the shape of a tail (periodic or not), which a histogram cannot show.
     */
    public ReplayOptions latencyLog(final Path latencyLog)
    {
        this.latencyLog = latencyLog;
        return this;
    }

    public Path latencyLog()
    {
        return latencyLog;
    }

    /**
     * Run on the replay thread once the engine is started and connected, just before the measured window (null:
     * nothing): e.g. pin that thread to a CPU of its own. Threads the engine started before it (journal pretoucher,
     * agents) keep the placement they were created with. Returns what was done, for {@code bench_profile.cpu_pinning}.
     */
    public ReplayOptions replayThreadPlacement(final Supplier<String> replayThreadPlacement)
    {
        this.replayThreadPlacement = replayThreadPlacement;
        return this;
    }

    public Supplier<String> replayThreadPlacement()
    {
        return replayThreadPlacement;
    }

    public boolean engineThread()
    {
        return engineThread;
    }

    /** Whether the replay thread steps the engine itself ({@code inproc} without {@link #engineThread}). */
    public boolean engineOnReplayThread()
    {
        return transport == TransportKind.INPROC && !engineThread;
    }

    public boolean collectOutbound()
    {
        return collectOutbound;
    }

    public int quiescentCycles()
    {
        return quiescentCycles;
    }

    public long stallTimeoutNanos()
    {
        return stallTimeoutNanos;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    public PrintStream progress()
    {
        return progress;
    }
}
