package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.ReadBack;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.journal.ChronicleMessageStore;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalDurability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Launcher of the {@code fixtape} arm: fixtape's own acceptor command ({@code fixtape acceptor --config F --app
 * exec}, main class io.fixtape.cli.FixtapeMain, so it needs the CLI on the classpath as bin/fixtape provides)
 * with a settings file written per run: dictionary validation off (performance lane, like the QuickFIX/J arm), the
 * idle strategy from the standards file, and the journal mode asked for with {@code --store}. {@code --model}
 * mono/pool/shard set {@code AcceptorModel} ({@value #MODEL_THREADS} workers for pool/shard, shards pinned to the
 * server CPU) and use {@value #FAN_OUT_IDLE} for every agent, since all share the one server CPU. The acceptor
 * writes what it actually runs with to {@code --profile-out} (its read-back), which must match {@link #configured}.
 */
final class FixtapeArm implements ServerLauncher
{
    static final String MAIN = "io.fixtape.cli.FixtapeMain";

    /** Worker/shard count of the pool and shard models in the harness. */
    static final int MODEL_THREADS = 2;
    /** Idle strategy of every agent of mono/pool/shard: several agents share the one server CPU. */
    static final String FAN_OUT_IDLE = "backoff";
    /** Journal durability the harness asks for (written into the settings). */
    static final String DURABILITY = "page-cache";
    /** What a journal without a configured durability/pretouch reports: there is no journal. */
    static final String NO_JOURNAL = "n/a (no journal)";

    private final String store;
    private final String model;

    FixtapeArm(final String store, final String model)
    {
        this.store = store;
        this.model = model;
    }

    static ServerLauncher launcher(final String store, final String model)
    {
        return new FixtapeArm(store, model);
    }

    @Override
    public String mainClass()
    {
        return MAIN;
    }

    @Override
    public List<String> args(
        final int port, final int cpu, final BenchOptions options, final Path runDir, final Path profileOut)
        throws IOException
    {
        return List.of("acceptor", "--config", writeConfig(port, options, runDir).toString(), "--app", "exec",
            "--profile-out", profileOut.toString());
    }

    /** The idle strategy the settings file asks for: the standard one, or backoff when several agents share a CPU. */
    String idleStrategy(final BenchOptions options)
    {
        return "single".equals(model) ? options.standards().get("fixtape.idle.strategy") : FAN_OUT_IDLE;
    }

    /** The acceptor's settings file for one run (also read by the harness-hosted engine of tick_to_trade). */
    Path writeConfig(final int port, final BenchOptions options, final Path runDir) throws IOException
    {
        final boolean fanOut = !"single".equals(model);
        if (fanOut && "tick_to_trade".equals(options.scenario().label()))
        {
            throw new IllegalArgumentException("--model " + model + ": tick_to_trade runs fixtape inside the"
                + " harness's own server (one poller); acceptor models apply to nos_er, md and md_nos_er");
        }
        // fan-out: the whole server JVM runs on one CPU: its 2-3 agents must not spin against each other (contract 5)
        final StringBuilder settings = new StringBuilder()
            .append("# written by the bench harness for one run\n")
            .append("[DEFAULT]\n")
            .append("ConnectionType=acceptor\n")
            .append("SocketAcceptAddress=127.0.0.1\n")
            .append("SocketAcceptPort=").append(port).append('\n')
            .append("NonStopSession=Y\n")
            .append("ResetOnLogon=Y\n")
            .append("UseDataDictionary=N\n")
            .append("IdleStrategy=").append(idleStrategy(options)).append('\n')
            .append("DirectReadConnections=").append(options.standards().get("fixtape.direct.read.connections"))
            .append('\n');
        if (fanOut)
        {
            settings.append("AcceptorModel=").append(model).append('\n');
        }
        if ("pool".equals(model) || "shard".equals(model))
        {
            settings.append("AcceptorThreads=").append(MODEL_THREADS).append('\n');
        }
        if ("shard".equals(model))
        {
            // every shard pinned (and read back) to the one server CPU: the harness requires all server threads there
            settings.append("AcceptorCpus=").append(String.join(",",
                java.util.Collections.nCopies(MODEL_THREADS, Integer.toString(options.serverCpu())))).append('\n');
        }
        if ("none".equals(store))
        {
            settings.append("MessageStore=none\n");
        }
        else
        {
            settings.append("MessageStore=journal\n")
                .append("JournalMode=").append(store).append('\n')
                .append("JournalDurability=").append(DURABILITY).append('\n')
                .append("JournalPretouch=").append(pretouchSetting(options)).append('\n')
                .append("JournalPath=").append(runDir.resolve("journal")).append('\n');
        }
        settings.append("\n[SESSION]\n")
            .append("BeginString=FIX.4.4\n")
            .append("SenderCompID=SERVER\n")
            .append("TargetCompID=CLIENT\n");
        final Path config = runDir.resolve("fixtape-acceptor.cfg");
        Files.writeString(config, settings.toString(), StandardCharsets.US_ASCII);
        return config;
    }

    /** {@code fixtape.journal.pretouch} from the standards file: auto (default), Y (own thread), duty or N. */
    private static String pretouchSetting(final BenchOptions options)
    {
        final String value = options.standards().get("fixtape.journal.pretouch");
        return value == null || value.isBlank() ? "auto" : value.trim();
    }

    /** What the setting resolves to in the server JVM, which may use one CPU (taskset): auto means the duty cycle. */
    private static JournalContext.Pretouch pretouchInForce(final BenchOptions options)
    {
        switch (pretouchSetting(options).toLowerCase(java.util.Locale.ROOT))
        {
            case "auto":
            case "duty":
                return JournalContext.Pretouch.DUTY_CYCLE;
            case "y":
            case "yes":
            case "true":
                return JournalContext.Pretouch.THREAD;
            case "n":
            case "no":
            case "false":
                return JournalContext.Pretouch.OFF;
            default:
                throw new IllegalArgumentException("fixtape.journal.pretouch must be auto, Y, duty or N");
        }
    }

    @Override
    public boolean serverWritesProfile()
    {
        return true;
    }

    /**
     * What the settings file and the server JVM's command line ask for, in {@link ReadBack}'s vocabulary: the
     * acceptor's read-back must show the same values. JournalPretouch (fixtape.journal.pretouch) resolves as the
     * journal resolves it: auto against the CPUs the JVM may use — one here (taskset), so the duty cycle.
     */
    @Override
    public Map<String, Object> configured(final BenchOptions options, final ChildJvm jvm)
    {
        final Map<String, Object> configured = new LinkedHashMap<>();
        configured.put(ReadBack.ACCEPTOR_MODEL, model);
        configured.put(ReadBack.ACCEPTOR_THREADS, "pool".equals(model) || "shard".equals(model) ? MODEL_THREADS : 1);
        configured.put(ReadBack.VALIDATION, "off");
        configured.put(ReadBack.STORE_MODE, store);
        configured.put(ReadBack.STORE_CLASS, "none".equals(store) ? NoMessageStore.class.getName()
            : ChronicleMessageStore.class.getName());
        configured.put(ReadBack.STORE_COMPILED_OUT,
            jvm.serverFlags().contains("-D" + StoreSwitch.PROPERTY + "=true") || jvm.flags().contains(
                "-D" + StoreSwitch.PROPERTY + "=true"));
        configured.put(ReadBack.JOURNAL_DURABILITY, "none".equals(store) ? NO_JOURNAL
            : JournalDurability.parse(DURABILITY).name());
        configured.put(ReadBack.JOURNAL_PRETOUCH, "none".equals(store) ? NO_JOURNAL : pretouchInForce(options).name());
        configured.put(ReadBack.IDLE_STRATEGY, idleStrategy(options));
        configured.put(ReadBack.DIRECT_READ_CONNECTIONS, options.standards().get("fixtape.direct.read.connections"));
        configured.put(ReadBack.HOT_THREAD_CPUS, Integer.toString(options.serverCpu()));
        configured.put(ReadBack.JVM_FLAGS, jvm.serverJvmFlags());
        return configured;
    }

    @Override
    public Map<String, Object> description(final BenchOptions options)
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "fixtape");
        profile.put("what", "fixtape acceptor --app exec (full fill at limit, ClOrdID echoed; MD snapshot bid/offer)");
        profile.put("settings", "UseDataDictionary=N (performance lane), IdleStrategy=" + idleStrategy(options)
            + ", DirectReadConnections=" + options.standards().get("fixtape.direct.read.connections")
            + ("none".equals(store) ? ", MessageStore=none" : ", MessageStore=journal, JournalMode=" + store
                + ", JournalDurability=" + DURABILITY + ", JournalPretouch=" + pretouchSetting(options)
                + " (in force on the one server CPU: " + pretouchInForce(options) + ")")
            + ("single".equals(model) ? "" : ", AcceptorModel=" + model));
        switch (model)
        {
            case "single" -> profile.put("threads_configured",
                "one poller agent (sessions + TCP transport), whole JVM on the server CPU");
            case "mono" -> profile.put("threads_configured", "poller agent (TCP + sessions) + application agent "
                + "(Aeron IPC) + Aeron driver thread (parks), whole JVM on the server CPU; idle " + FAN_OUT_IDLE
                + " for all agents (standard " + options.standards().get("fixtape.idle.strategy")
                + " not used: more agents than the one server CPU)");
            default -> profile.put("threads_configured", MODEL_THREADS + " " + model + " workers + "
                + "accepting/application agent (Aeron IPC) + Aeron driver thread (parks), whole JVM on the server CPU"
                + ("shard".equals(model) ? ", every shard pinned to that CPU and read back" : "")
                + "; idle " + FAN_OUT_IDLE + " for all agents (standard " + options.standards().get("fixtape.idle.strategy")
                + " not used: more agents than the one server CPU)");
        }
        return profile;
    }

    /**
     * mono/pool/shard: the model profile the acceptor printed when it stopped — per worker its own session, logon,
     * message and reply counts and the CPUs read back — as JSON, or a note when missing.
     */
    static com.google.gson.JsonElement stoppedModelProfile(final Path serverLog)
    {
        final String prefix = "fixtape acceptor: stopped. model profile ";
        try
        {
            for (final String line : Files.readAllLines(serverLog, StandardCharsets.UTF_8))
            {
                if (line.startsWith(prefix))
                {
                    return com.google.gson.JsonParser.parseString(line.substring(prefix.length()));
                }
            }
        }
        catch (final IOException | RuntimeException ignored)
        {
            // reported as missing below
        }
        return new com.google.gson.JsonPrimitive("(no model profile in the server log)");
    }

    /** What the acceptor printed about itself on start-up (its own read-back of the idle strategy and port). */
    static String startupLine(final Path serverLog)
    {
        try
        {
            for (final String line : Files.readAllLines(serverLog, StandardCharsets.UTF_8))
            {
                if (line.startsWith("fixtape acceptor:"))
                {
                    return line;
                }
            }
        }
        catch (final IOException ignored)
        {
            // reported as missing below
        }
        return "(no start-up line)";
    }
}
