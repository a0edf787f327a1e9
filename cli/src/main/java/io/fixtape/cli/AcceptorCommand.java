package io.fixtape.cli;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.bench.harness.FixtapeReadBack;
import io.fixtape.bench.harness.Json;
import io.fixtape.cluster.AcceptorModel;
import io.fixtape.cluster.ClusterAcceptor;
import io.fixtape.cluster.ClusterContext;
import io.fixtape.cluster.ClusterSettings;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.journal.JournalStoreProvider;
import org.agrona.concurrent.OffsetEpochNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code fixtape acceptor --config FILE [--app echo|exec] [--port N] [--model single|mono|pool|shard] [--threads N]}:
 * runs the acceptor sessions of a settings file
 * with a built-in application until SIGTERM/SIGINT, then shuts down gracefully (Logout to every logged-on session,
 * stores closed) from a shutdown hook that signals the poller agent.
 */
@Command(name = "acceptor", mixinStandardHelpOptions = true,
    description = "Run acceptor sessions from a QuickFIX/J-format settings file until SIGTERM/SIGINT.")
public final class AcceptorCommand implements Callable<Integer>
{
    @Option(names = "--config", required = true, description = "Settings file ([DEFAULT]/[SESSION]).")
    Path config;

    @Option(names = "--app", defaultValue = "exec", description = "Application: echo or exec (default ${DEFAULT-VALUE}).")
    String app;

    @Option(names = "--port", defaultValue = "-1", description = "Listen on this port instead of SocketAcceptPort.")
    int port;

    @Option(names = "--model", description = "Acceptor model: single, mono, pool or shard (default: AcceptorModel "
        + "from the settings file, else single). See docs/CLUSTER_SHARD.md.")
    String model;

    @Option(names = "--threads", defaultValue = "-1", description = "Pool workers or shards (default: AcceptorThreads "
        + "from the settings file, else 2).")
    int threads;

    @Option(names = "--profile-out", description = "Also write the start-up read-back (store, validation, journal, "
        + "idle strategy, model, threads' CPUs from /proc, JVM) to this file as JSON; rewritten at stop.")
    Path profileOut;

    private FixtapeReadBack readBack;

    @Override
    public Integer call() throws Exception
    {
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final EngineContext context;
        final ClusterContext cluster;
        try
        {
            final Settings settings = SettingsLoader.parse(config);
            final JournalStoreProvider journals = new JournalStoreProvider();
            context = SettingsLoader.context(settings, clock, port,
                (sessionConfig, engineClock) -> BuiltinApplications.create(app, sessionConfig, engineClock), journals);
            readBack = new FixtapeReadBack(context, journals, profileOut);
            cluster = ClusterSettings.toContext(settings, context);
            if (model != null)
            {
                cluster.model(AcceptorModel.parse(model));
            }
            if (threads > 0)
            {
                cluster.threads(threads);
            }
            if (cluster.model() != AcceptorModel.SINGLE)
            {
                return runCluster(cluster.conclude());
            }
        }
        catch (final IllegalArgumentException | IllegalStateException | java.io.UncheckedIOException ex)
        {
            System.err.println("fixtape acceptor: " + ex.getMessage());
            return 2;
        }
        final FixEngine engine = FixEngine.launch(context);
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            System.out.println("fixtape acceptor: shutting down (Logout to logged-on sessions)...");
            engine.close();
            readBack.stopped();
            System.out.println("fixtape acceptor: stopped. counters: " + engine.counters().summary());
            System.out.flush();
            stopped.countDown();
        }, "fixtape-shutdown"));
        final StringBuilder sessions = new StringBuilder();
        for (final SessionEndpoint endpoint : context.sessions())
        {
            sessions.append(sessions.length() == 0 ? "" : ", ").append(endpoint.config().sessionId());
        }
        System.out.println("fixtape acceptor: app " + app + ", listening on port " + engine.boundPort() +
            ", idle strategy " + context.idleStrategyName() + ", sessions " + sessions);
        readBack.started("single", 1, null);
        stopped.await();
        return 0;
    }

    /** mono, pool or shard: workers + application agent over Aeron IPC (cluster-shard). */
    private int runCluster(final ClusterContext cluster) throws InterruptedException
    {
        final ClusterAcceptor acceptor = ClusterAcceptor.launch(cluster);
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            System.out.println("fixtape acceptor: shutting down (Logout to logged-on sessions)...");
            final Map<String, Object> profile = acceptor.profile(); // before close: threads still alive to read back
            acceptor.close();
            readBack.stopped();
            profile.put("workers", acceptor.profile().get("workers")); // final counts
            System.out.println("fixtape acceptor: stopped. model profile " + Json.line(profile));
            System.out.println("fixtape acceptor: stopped. counters: " + cluster.engine().counters().summary() +
                "; " + acceptor.counters().perWorkerSummary());
            System.out.flush();
            stopped.countDown();
        }, "shutdown-hook"));
        System.out.println("fixtape acceptor: app " + app + ", listening on port " + acceptor.boundPort() +
            ", idle strategy " + cluster.engine().idleStrategyName() + ", model " + cluster.model().text() +
            ", worker threads " + cluster.threads() + ", sessions " + cluster.engine().sessions().size());
        final Map<String, Object> modelProfile = acceptor.profile();
        System.out.println("fixtape acceptor: model profile " + Json.line(modelProfile));
        // the worker engines actually started (mono: one, whatever AcceptorThreads says)
        readBack.started(cluster.model().text(), (Integer)modelProfile.get("worker_threads"), modelProfile);
        stopped.await();
        return 0;
    }
}
