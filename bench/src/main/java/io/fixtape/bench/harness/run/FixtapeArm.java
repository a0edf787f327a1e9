package io.fixtape.bench.harness.run;

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
 * server CPU) and use {@value #FAN_OUT_IDLE} for every agent, since all share the one server CPU.
 */
final class FixtapeArm implements ServerLauncher
{
    static final String MAIN = "io.fixtape.cli.FixtapeMain";

    /** Worker/shard count of the pool and shard models in the harness. */
    static final int MODEL_THREADS = 2;
    /** Idle strategy of every agent of mono/pool/shard: several agents share the one server CPU. */
    static final String FAN_OUT_IDLE = "backoff";

    private final String store;
    private String idleStrategy = "";

    FixtapeArm(final String store)
    {
        this.store = store;
    }

    static ServerLauncher launcher(final String store)
    {
        return new FixtapeArm(store);
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
        return List.of("acceptor", "--config", writeConfig(port, options, runDir).toString(), "--app", "exec");
    }

    /** The acceptor's settings file for one run (also read by the harness-hosted engine of tick_to_trade). */
    Path writeConfig(final int port, final BenchOptions options, final Path runDir) throws IOException
    {
        idleStrategy = options.standards().get("fixtape.idle.strategy");
        final boolean fanOut = !"single".equals(options.model());
        if (fanOut && "tick_to_trade".equals(options.scenario().label()))
        {
            throw new IllegalArgumentException("--model " + options.model() + ": tick_to_trade runs fixtape inside the"
                + " harness's own server (one poller); acceptor models apply to nos_er, md and md_nos_er");
        }
        if (fanOut)
        {
            // the whole server JVM runs on one CPU: its 2-3 agents must not spin against each other (contract 5)
            idleStrategy = FAN_OUT_IDLE;
        }
        final StringBuilder settings = new StringBuilder()
            .append("# written by the bench harness for one run\n")
            .append("[DEFAULT]\n")
            .append("ConnectionType=acceptor\n")
            .append("SocketAcceptAddress=127.0.0.1\n")
            .append("SocketAcceptPort=").append(port).append('\n')
            .append("NonStopSession=Y\n")
            .append("ResetOnLogon=Y\n")
            .append("UseDataDictionary=N\n")
            .append("IdleStrategy=").append(idleStrategy).append('\n')
            .append("DirectReadConnections=").append(options.standards().get("fixtape.direct.read.connections"))
            .append('\n');
        if (fanOut)
        {
            settings.append("AcceptorModel=").append(options.model()).append('\n');
        }
        if ("pool".equals(options.model()) || "shard".equals(options.model()))
        {
            settings.append("AcceptorThreads=").append(MODEL_THREADS).append('\n');
        }
        if ("shard".equals(options.model()))
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

    @Override
    public boolean serverWritesProfile()
    {
        return false;
    }

    @Override
    public Map<String, Object> configuredProfile(final BenchOptions options)
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "fixtape");
        profile.put("what", "fixtape acceptor --app exec (full fill at limit, ClOrdID echoed; MD snapshot bid/offer)");
        profile.put("acceptor_model", options.model());
        profile.put("sessions", "1");
        profile.put("validation", "OFF (UseDataDictionary=N) - performance lane");
        profile.put("store", "none".equals(store) ? "none (MessageStore=none)"
            : store + " (MessageStore=journal, JournalMode=" + store + ", JournalPretouch=auto: pretouch on the poller's"
                + " duty cycle when the JVM has one CPU, as here; docs/JOURNAL_FORMAT.md)");
        profile.put("idle_strategy", idleStrategy);
        profile.put("direct_read_connections", options.standards().get("fixtape.direct.read.connections")
            + " (TCP sockets read directly every poll while at most this many are open; 0 = epoll every poll)");
        switch (options.model())
        {
            case "single" -> profile.put("threads_configured",
                "one poller agent (sessions + TCP transport), whole JVM on the server CPU");
            case "mono" -> profile.put("threads_configured", "poller agent (TCP + sessions) + application agent "
                + "(Aeron IPC) + Aeron driver thread (parks), whole JVM on the server CPU; idle " + FAN_OUT_IDLE
                + " for all agents (standard " + options.standards().get("fixtape.idle.strategy")
                + " not used: more agents than the one server CPU)");
            default -> profile.put("threads_configured", MODEL_THREADS + " " + options.model() + " workers + "
                + "accepting/application agent (Aeron IPC) + Aeron driver thread (parks), whole JVM on the server CPU"
                + ("shard".equals(options.model()) ? ", every shard pinned to that CPU and read back" : "")
                + "; idle " + FAN_OUT_IDLE + " for all agents (standard " + options.standards().get("fixtape.idle.strategy")
                + " not used: more agents than the one server CPU)");
        }
        profile.put("acceptor_threads", "pool".equals(options.model()) || "shard".equals(options.model())
            ? MODEL_THREADS : 1);
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
