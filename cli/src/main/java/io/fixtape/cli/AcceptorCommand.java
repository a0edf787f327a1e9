package io.fixtape.cli;

import io.fixtape.bench.harness.FixtapeReadBack;
import io.fixtape.bench.harness.Json;
import io.fixtape.cluster.AcceptorModel;
import io.fixtape.cluster.ClusterAcceptor;
import io.fixtape.cluster.ClusterContext;
import io.fixtape.cluster.ClusterSettings;
import io.fixtape.engine.app.builtin.BuiltinApplications;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.journal.JournalStoreProvider;
import org.agrona.concurrent.OffsetEpochNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
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
    private static final int MAX_THREADS = 64;

    @Option(names = "--config", required = true, description = "Settings file ([DEFAULT]/[SESSION]).")
    Path config;

    @Option(names = "--app", defaultValue = "exec", description = "Application: echo or exec (default ${DEFAULT-VALUE}).")
    String app;

    @Option(names = "--port", paramLabel = "N", description = "Listen on this port (0..65535; 0 = any free port) " +
        "instead of SocketAcceptPort.")
    Integer port;

    @Option(names = "--model", description = "Acceptor model: single, mono, pool or shard (default: AcceptorModel "
        + "from the settings file, else single). See docs/CLUSTER_SHARD.md.")
    String model;

    @Option(names = "--threads", paramLabel = "N", description = "Pool workers or shards, 1.." + MAX_THREADS +
        " (default: AcceptorThreads from the settings file, else 2).")
    Integer threads;

    @Option(names = "--profile-out", description = "Also write the start-up read-back (store, validation, journal, "
        + "idle strategy, model, threads' CPUs from /proc, JVM) to this file as JSON; rewritten at stop.")
    Path profileOut;

    @Spec
    CommandSpec spec;

    private FixtapeReadBack readBack;

    @Override
    public Integer call() throws Exception
    {
        final AcceptorModel modelOverride = checkOptions();
        final Settings settings = SettingsLoader.parse(CliPaths.fileToRead("--config", config));
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final JournalStoreProvider journals = new JournalStoreProvider();
        final EngineContext context;
        final ClusterContext cluster;
        try
        {
            context = SettingsLoader.context(settings, clock, port == null ? -1 : port,
                (sessionConfig, engineClock) -> BuiltinApplications.create(app, sessionConfig, engineClock), journals);
            readBack = new FixtapeReadBack(context, journals, profileOut);
            cluster = ClusterSettings.toContext(settings, context);
            if (modelOverride != null)
            {
                cluster.model(modelOverride);
            }
            if (threads != null)
            {
                cluster.threads(threads);
            }
            if (cluster.model() != AcceptorModel.SINGLE)
            {
                cluster.conclude();
            }
        }
        catch (final RuntimeException ex)
        {
            journals.close(); // the journals opened for the sessions configured before the mistake
            throw ex;
        }
        if (cluster.model() != AcceptorModel.SINGLE)
        {
            return runCluster(cluster, journals);
        }
        final FixEngine engine;
        try
        {
            engine = FixEngine.launch(context);
        }
        catch (final RuntimeException ex)
        {
            journals.close(); // e.g. the port is taken
            throw ex;
        }
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

    /** The options' own values, before anything is read or opened; returns the {@code --model} given, or null. */
    private AcceptorModel checkOptions()
    {
        if (!List.of(BuiltinApplications.NAMES.split(", ")).contains(app))
        {
            throw new ParameterException(spec.commandLine(), "--app must be one of " + BuiltinApplications.NAMES +
                ", got " + app);
        }
        if (port != null && (port < 0 || port > 65535))
        {
            throw new ParameterException(spec.commandLine(), "--port must be 0..65535 (0: any free port), got " + port);
        }
        if (threads != null && (threads < 1 || threads > MAX_THREADS))
        {
            throw new ParameterException(spec.commandLine(), "--threads must be 1.." + MAX_THREADS + ", got " + threads);
        }
        if (profileOut != null)
        {
            CliPaths.fileToWrite("--profile-out", profileOut);
        }
        try
        {
            return model == null ? null : AcceptorModel.parse(model);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--model must be single, mono, pool or shard, got " + model);
        }
    }

    /** mono, pool or shard: workers + application agent over Aeron IPC (cluster-shard). */
    private int runCluster(final ClusterContext cluster, final JournalStoreProvider journals)
        throws InterruptedException
    {
        final ClusterAcceptor acceptor;
        try
        {
            acceptor = ClusterAcceptor.launch(cluster);
        }
        catch (final RuntimeException ex)
        {
            journals.close();
            throw ex;
        }
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
