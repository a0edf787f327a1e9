package io.fixtape.cli.bench;

import io.fixtape.bench.sessions.SessionsBench;
import io.fixtape.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;

/**
 * {@code fixtape bench sessions}: many sessions through one acceptor template (docs/BENCHMARKS.md, "Many sessions").
 * Exit 0 when the run completed (the figures are printed, and appended to {@code --json} when given), 1 when it could
 * not (e.g. sessions failed to log on), 2 for a bad option.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
    description = "N sessions through one acceptor template: logon time, resident memory per idle session, "
        + "heartbeats kept, start-up and recovery time, one session's order round trip beside N-1 idle ones.")
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
        final Path workDir = dir != null ? dir : Files.createTempDirectory("fixtape-sessions-bench");
        if (Files.exists(workDir.resolve("journal")))
        {
            throw new UserError("--dir " + workDir + " already holds a journal: give a new directory");
        }
        System.out.println("fixtape bench sessions: " + sessions + " sessions, HeartBtInt " + heartBtInt + " s, " +
            (noJournal ? "heap stores" : "journal") + ", in " + workDir);
        final SessionsBench.Result result;
        try
        {
            result = new SessionsBench(new SessionsBench.Options(sessions, heartBtInt, roundTrips, !noJournal, workDir,
                jvmArgs), System.out).run();
        }
        catch (final java.io.IOException ex)
        {
            System.err.println("fixtape bench sessions: " + ex.getMessage());
            return 1;
        }
        if (json != null)
        {
            Files.writeString(json, result.json() + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        return 0;
    }
}
