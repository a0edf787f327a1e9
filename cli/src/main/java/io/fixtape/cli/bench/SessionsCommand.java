package io.fixtape.cli.bench;

import io.fixtape.bench.sessions.SessionsBench;
import io.fixtape.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fixtape bench sessions}: many sessions through one acceptor, under one acceptor model, optionally under an
 * order load (docs/BENCHMARKS.md, "Many sessions" and "Many sessions under load, per acceptor model"). Exit 0 when
 * every phase ran, 1 when one could not (e.g. sessions failed to log on: one line says why, and the figures measured
 * before it are printed and appended to {@code --json} all the same), 2 for a bad option.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
    description = "N sessions through one acceptor: logon time, resident memory per idle session, heartbeats kept, "
        + "start-up and recovery time, one session's order round trip beside N-1 idle ones, and with --load-rate an "
        + "open-loop order load over K of them (completion, per-session latency, fairness).")
public final class SessionsCommand implements Callable<Integer>
{
    @Option(names = "--sessions", defaultValue = "1000", description = "sessions to log on (2..100000, default ${DEFAULT-VALUE})")
    int sessions;

    @Option(names = "--heartbeat", defaultValue = "5", description = "HeartBtInt in seconds (default ${DEFAULT-VALUE})")
    int heartBtInt;

    @Option(names = "--round-trips", defaultValue = "2000", description = "orders timed alone and beside the idle sessions"
        + " (default ${DEFAULT-VALUE})")
    int roundTrips;

    @Option(names = "--no-journal", description = "heap stores instead of the journal (no recovery figure)")
    boolean noJournal;

    @Option(names = "--dir", description = "working directory: settings file and journal (default: a new temp dir)")
    Path dir;

    @Option(names = "--acceptor-jvm-args", defaultValue = "", description = "extra JVM flags for the acceptor, e.g. -Xmx4g")
    String jvmArgs;

    @Option(names = "--json", description = "append the result line to this file")
    Path json;

    @Option(names = "--model", defaultValue = "single", description = "acceptor model: single (one acceptor template),"
        + " mono, pool or shard (N explicit sessions); default ${DEFAULT-VALUE}")
    String model;

    @Option(names = "--threads", defaultValue = "2", description = "pool workers or shards (AcceptorThreads), 1..64;"
        + " default ${DEFAULT-VALUE}, what a 2-core machine runs")
    int threads;

    @Option(names = "--load-rate", defaultValue = "0", description = "orders/s in total for the load phase, spread "
        + "round-robin over the sending sessions on a fixed schedule (0: no load phase; default ${DEFAULT-VALUE})")
    long loadRate;

    @Option(names = "--load-seconds", defaultValue = "20", description = "length of the load schedule in seconds "
        + "(default ${DEFAULT-VALUE})")
    int loadSeconds;

    @Option(names = "--load-sessions", description = "how many of the sessions send (C1..CK; default all)")
    Integer loadSessions;

    @Option(names = "--max-client-lag-us", defaultValue = "1000", description = "the client's median lateness "
        + "against its schedule above which it is said not to keep up and the load's latency and fairness are withheld"
        + " (default ${DEFAULT-VALUE})")
    long maxClientLagUs;

    @Override
    public Integer call() throws Exception
    {
        if (sessions < 2 || sessions > 100_000)
        {
            throw new UserError("--sessions must be 2..100000 (is " + sessions + ")");
        }
        if (heartBtInt < 1 || roundTrips < 1)
        {
            throw new UserError("--heartbeat and --round-trips must be >= 1");
        }
        if (!List.of("single", "mono", "pool", "shard").contains(model))
        {
            throw new UserError("--model must be single, mono, pool or shard (is " + model + ")");
        }
        if (threads < 1 || threads > 64)
        {
            throw new UserError("--threads must be 1..64 (is " + threads + ")");
        }
        final int senders = loadSessions == null ? sessions : loadSessions;
        if (loadRate < 0 || loadRate > 1_000_000 || loadSeconds < 1 || loadSeconds > 3600 || senders < 1 ||
            senders > sessions || maxClientLagUs < 1)
        {
            throw new UserError("--load-rate must be 0..1000000, --load-seconds 1..3600, --load-sessions 1..--sessions, "
                + "--max-client-lag-us >= 1");
        }
        if (loadRate * loadSeconds > 20_000_000)
        {
            throw new UserError("--load-rate x --load-seconds must be at most 20,000,000 orders (is "
                + loadRate * loadSeconds + ")");
        }
        final Path workDir = dir != null ? dir : Files.createTempDirectory("fixtape-sessions-bench");
        if (Files.exists(workDir.resolve("journal")))
        {
            throw new UserError("--dir " + workDir + " already holds a journal: give a new directory");
        }
        System.out.println("fixtape bench sessions: " + sessions + " sessions, model " + model + ", HeartBtInt " +
            heartBtInt + " s, " + (noJournal ? "heap stores" : "journal") + (loadRate == 0 ? "" : ", load " + loadRate +
            " orders/s for " + loadSeconds + " s over " + senders + " sessions") + ", in " + workDir);
        final SessionsBench.Result result = new SessionsBench(new SessionsBench.Options(sessions, heartBtInt, roundTrips,
            !noJournal, workDir, jvmArgs, model, threads,
            loadRate == 0 ? null : new SessionsBench.Load(loadRate, loadSeconds, senders, maxClientLagUs)),
            System.out).run();
        if (json != null)
        {
            Files.writeString(json, result.json() + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        return result.failure() == null ? 0 : 1;
    }
}
