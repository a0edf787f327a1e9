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
 * idle strategy from the standards file, and the journal mode asked for with {@code --store}.
 */
final class FixtapeArm implements ServerLauncher
{
    static final String MAIN = "io.fixtape.cli.FixtapeMain";

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
        if (!"single".equals(options.model()))
        {
            throw new IllegalArgumentException("--model " + options.model() + " is not available: fixtape's"
                + " acceptor command runs the single-poller model only (acceptor models land with cluster-shard)");
        }
        idleStrategy = options.standards().get("fixtape.idle.strategy");
        final StringBuilder settings = new StringBuilder()
            .append("# written by the bench harness for one run\n")
            .append("[DEFAULT]\n")
            .append("ConnectionType=acceptor\n")
            .append("SocketAcceptAddress=127.0.0.1\n")
            .append("SocketAcceptPort=").append(port).append('\n')
            .append("NonStopSession=Y\n")
            .append("ResetOnLogon=Y\n")
            .append("UseDataDictionary=N\n")
            .append("IdleStrategy=").append(idleStrategy).append('\n');
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
            : store + " (MessageStore=journal, JournalMode=" + store + ")");
        profile.put("idle_strategy", idleStrategy);
        profile.put("threads_configured", "one poller agent (sessions + TCP transport), whole JVM on the server CPU");
        return profile;
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
