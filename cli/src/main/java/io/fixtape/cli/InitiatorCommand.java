package io.fixtape.cli;

import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.launcher.internal.AssembledEngine;
import io.fixtape.launcher.internal.EngineAssembly;
import io.fixtape.launcher.internal.LaunchedEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code fixtape initiator --config FILE [--orders N] [--rate R]}: connects the initiator sessions of a settings
 * file, sends N NewOrderSingles per session at up to R orders/s once logged on, waits for the answers, logs out and
 * reports what came back. With {@code --app-class CLASS [--classpath PATHS]} the sessions run the user's own
 * application instead, until SIGTERM/SIGINT. The engine is built as {@code FixtapeBuilder} builds it.
 */
@Command(name = "initiator", mixinStandardHelpOptions = true,
    description = "Connect initiator sessions from a settings file, send orders and report what came back; or run "
        + "your own application (--app-class) until SIGTERM/SIGINT.")
public final class InitiatorCommand implements Callable<Integer>
{
    @Option(names = "--config", required = true, description = "Settings file ([DEFAULT]/[SESSION]).")
    Path config;

    @Option(names = "--orders", defaultValue = "10", description = "Orders per session (default ${DEFAULT-VALUE}).")
    int orders;

    @Option(names = "--rate", defaultValue = "0", description = "Orders per second per session; 0 = as fast as taken.")
    double rate;

    @Option(names = "--timeout", defaultValue = "60", description = "Seconds to wait for logon and answers.")
    int timeoutSeconds;

    @Mixin
    UserApplicationOptions userApp;

    @Override
    public Integer call() throws Exception
    {
        final List<OrderFlow> flows = new ArrayList<>();
        final LaunchedEngine engine;
        try
        {
            EngineSettings.ApplicationFactory applications = userApp.engineFactory();
            if (applications == null)
            {
                applications = (sessionConfig, engineClock) ->
                {
                    final OrderFlow flow = new OrderFlow(orders, rate, sessionConfig.sessionId().beginString(),
                        engineClock);
                    flows.add(flow);
                    return flow;
                };
            }
            final EngineAssembly assembly = EngineAssembly.fromFile(config).applications(applications);
            final AssembledEngine assembled = assembly.assemble();
            for (final SessionEndpoint endpoint : assembled.engineContext().sessions())
            {
                if (!endpoint.isInitiator())
                {
                    assembled.abandon();
                    throw new IllegalArgumentException(endpoint.config().sessionId() + " is not an initiator session");
                }
            }
            flows.forEach(assembled.engineContext()::addTask);
            engine = assembled.launch();
        }
        catch (final IllegalArgumentException | IllegalStateException | java.io.UncheckedIOException ex)
        {
            System.err.println("fixtape initiator: " + ex.getMessage());
            return 2;
        }
        System.out.println(engine.kernelBypassLine());
        return userApp.isGiven() ? runUntilStopped(engine) : runOrders(engine, flows);
    }

    private int runOrders(final LaunchedEngine engine, final List<OrderFlow> flows) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        boolean done;
        try (engine)
        {
            System.out.println("fixtape initiator: " + engine.sessionIds().size() + " session(s), " + orders +
                " orders each" + (rate > 0 ? " at " + rate + "/s" : ""));
            do
            {
                done = flows.stream().allMatch(OrderFlow::done);
                Thread.sleep(10);
            }
            while (!done && System.nanoTime() < deadline);
            if (!done)
            {
                System.out.println("fixtape initiator: timed out after " + timeoutSeconds + " s");
            }
        }
        for (int i = 0; i < flows.size(); i++)
        {
            System.out.println(engine.sessionIds().get(i) + ":");
            System.out.print(flows.get(i).report());
        }
        return done ? 0 : 1;
    }

    private int runUntilStopped(final LaunchedEngine engine) throws InterruptedException
    {
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            System.out.println("fixtape initiator: shutting down (Logout to logged-on sessions)...");
            engine.close();
            System.out.println("fixtape initiator: stopped. counters: " + engine.countersSummary());
            System.out.flush();
            stopped.countDown();
        }, "fixtape-shutdown"));
        System.out.println("fixtape initiator: app " + userApp.className() + ", " + engine.sessionIds().size() +
            " session(s), until SIGTERM/SIGINT");
        stopped.await();
        return 0;
    }
}
