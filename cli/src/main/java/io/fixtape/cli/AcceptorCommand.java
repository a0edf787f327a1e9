package io.fixtape.cli;

import io.fixtape.engine.app.builtin.BuiltinApplications;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import org.agrona.concurrent.OffsetEpochNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code fixtape acceptor --config FILE [--app echo|exec] [--port N]}: runs the acceptor sessions of a settings file
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

    @Override
    public Integer call() throws Exception
    {
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final EngineContext context;
        try
        {
            final Settings settings = SettingsLoader.parse(config);
            context = SettingsLoader.context(settings, clock, port,
                (sessionConfig, engineClock) -> BuiltinApplications.create(app, sessionConfig, engineClock));
        }
        catch (final IllegalArgumentException | java.io.UncheckedIOException ex)
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
        System.out.flush();
        stopped.await();
        return 0;
    }
}
