package io.fixtape.cli;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.bench.harness.FixtapeReadBack;
import io.fixtape.bench.harness.Json;
import io.fixtape.cluster.AcceptorModel;
import io.fixtape.cluster.ClusterAcceptor;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.launcher.internal.AssembledEngine;
import io.fixtape.launcher.internal.EngineAssembly;
import io.fixtape.launcher.internal.LaunchedEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
 * {@code fixtape acceptor --config FILE [--app echo|exec | --app-class CLASS [--classpath PATHS]] [--port N]
 * [--model single|mono|pool|shard] [--threads N]}: runs the acceptor sessions of a settings file with a built-in
 * application or the user's own until SIGTERM/SIGINT, then shuts down gracefully (Logout to every logged-on session,
 * stores and journals closed) from a shutdown hook. The engine is built as {@code FixtapeBuilder} builds it
 * ({@link EngineAssembly}), with the same defaults. A mistake is an exception that {@link ErrorHandler} prints as
 * one line.
 */
@Command(name = "acceptor", mixinStandardHelpOptions = true,
    description = "Run acceptor sessions from a QuickFIX/J-format settings file until SIGTERM/SIGINT.")
public final class AcceptorCommand implements Callable<Integer>
{
    private static final int MAX_THREADS = 64;
    private static final String DEFAULT_APP = "exec";

    @Option(names = "--config", required = true, description = "Settings file ([DEFAULT]/[SESSION]).")
    Path config;

    @Option(names = "--app", description = "Built-in application: " + BuiltinApplications.NAMES + " (default " +
        DEFAULT_APP + ").")
    String app;

    @Mixin
    UserApplicationOptions userApp;

    @Option(names = "--port", paramLabel = "N", description = "Listen on this port (0..65535; 0 = any free port) " +
        "instead of SocketAcceptPort.")
    Integer port;

    @Option(names = "--model", description = "Acceptor model: single, mono, pool or shard (default: AcceptorModel "
        + "from the settings file, else single). See docs/CLUSTER_SHARD.md.")
    String model;

    @Option(names = "--threads", paramLabel = "N", description = "Pool workers or shards, 1.." + MAX_THREADS +
        " (default: AcceptorThreads from the settings file, else 2).")
    Integer threads;

    @Option(names = "--recover-truncate", description = "Start on a damaged journal by cutting it at its last good "
        + "record (JournalRecoverTruncate=Y; the damaged queue is kept aside). Without it a damaged journal is refused.")
    boolean recoverTruncate;

    @Option(names = "--profile-out", description = "Also write the start-up read-back (store, validation, journal, "
        + "idle strategy, model, threads' CPUs from /proc, JVM) to this file as JSON; rewritten at stop.")
    Path profileOut;

    @Option(names = "--read-back-json", description = "Print the start-up and stop read-back as one JSON line (as "
        + "--profile-out writes it) instead of the concise summary.")
    boolean readBackJson;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception
    {
        checkOptions();
        final String appName = userApp.isGiven() ? userApp.className() : app == null ? DEFAULT_APP : app;
        final EngineSettings.ApplicationFactory applications = userApp.isGiven() ? userApp.engineFactory() :
            BuiltinApplications.factory(appName);
        final AssembledEngine assembled = EngineAssembly.fromFile(CliPaths.fileToRead("--config", config))
            .recoverTruncate(recoverTruncate)
            .applications(applications)
            .acceptPort(port == null ? -1 : port)
            .model(model)
            .threads(threads == null ? -1 : threads)
            .assemble();
        final FixtapeReadBack readBack;
        try
        {
            readBack = new FixtapeReadBack(assembled.engineContext(), assembled.journals(), profileOut)
                .printJson(readBackJson);
        }
        catch (final RuntimeException ex)
        {
            assembled.abandon();
            throw ex;
        }
        final LaunchedEngine engine = assembled.launch(); // closes the journals itself when it cannot start
        System.out.println(engine.kernelBypassLine());
        return engine.acceptor() == null ? runSingle(engine, readBack, appName) :
            runCluster(engine, readBack, appName);
    }

    /** The options' own values, before anything is read or opened. */
    private void checkOptions()
    {
        if (app != null && !List.of(BuiltinApplications.NAMES.split(", ")).contains(app))
        {
            throw new ParameterException(spec.commandLine(), "--app must be one of " + BuiltinApplications.NAMES +
                ", got " + app);
        }
        if (app != null && userApp.isGiven())
        {
            throw new ParameterException(spec.commandLine(), "--app and --app-class exclude each other");
        }
        userApp.check(spec.commandLine());
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
            if (model != null)
            {
                AcceptorModel.parse(model);
            }
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--model must be single, mono, pool or shard, got " + model);
        }
    }

    private static int runSingle(final LaunchedEngine engine, final FixtapeReadBack readBack, final String appName)
        throws InterruptedException
    {
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            System.out.println("fixtape acceptor: shutting down (Logout to logged-on sessions)...");
            engine.close();
            readBack.stopped();
            System.out.println("fixtape acceptor: stopped. counters: " + engine.countersSummary());
            System.out.flush();
            stopped.countDown();
        }, "fixtape-shutdown"));
        final StringBuilder sessions = new StringBuilder();
        engine.sessionIds().forEach(id -> sessions.append(sessions.length() == 0 ? "" : ", ").append(id));
        System.out.println("fixtape acceptor: app " + appName + ", listening on port " + engine.boundPort() +
            ", idle strategy " + engine.context().idleStrategyName() + ", sessions " + sessions);
        readBack.started("single", 1, null);
        stopped.await();
        return 0;
    }

    /** mono, pool or shard: workers + application agent over Aeron IPC (cluster-shard). */
    private static int runCluster(final LaunchedEngine engine, final FixtapeReadBack readBack, final String appName)
        throws InterruptedException
    {
        final ClusterAcceptor acceptor = engine.acceptor();
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            System.out.println("fixtape acceptor: shutting down (Logout to logged-on sessions)...");
            final Map<String, Object> profile = acceptor.profile(); // before close: threads still alive to read back
            engine.close();
            readBack.stopped();
            profile.put("workers", acceptor.profile().get("workers")); // final counts
            System.out.println("fixtape acceptor: stopped. model profile " + Json.line(profile));
            System.out.println("fixtape acceptor: stopped. counters: " + engine.countersSummary());
            System.out.flush();
            stopped.countDown();
        }, "shutdown-hook"));
        System.out.println("fixtape acceptor: app " + appName + ", listening on port " + acceptor.boundPort() +
            ", idle strategy " + engine.context().idleStrategyName() + ", model " + acceptor.model().text() +
            ", worker threads " + acceptor.context().threads() + ", sessions " + engine.sessionIds().size());
        final Map<String, Object> modelProfile = acceptor.profile();
        System.out.println("fixtape acceptor: model profile " + Json.line(modelProfile));
        // the worker engines actually started (mono: one, whatever AcceptorThreads says)
        readBack.started(acceptor.model().text(), (Integer)modelProfile.get("worker_threads"), modelProfile);
        stopped.await();
        return 0;
    }
}
