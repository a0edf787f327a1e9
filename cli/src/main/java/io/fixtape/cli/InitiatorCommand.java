package io.fixtape.cli;

import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.runtime.SessionEndpoint;
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

    @Option(names = "--recover-truncate", description = "Start on a damaged journal by cutting it at its last good "
        + "record (JournalRecoverTruncate=Y; the damaged queue is kept aside). Without it a damaged journal is refused.")
    boolean recoverTruncate;

    @Option(names = "--orders", defaultValue = "10", description = "Orders per session (default ${DEFAULT-VALUE}).")
    int orders;

    @Option(names = "--rate", defaultValue = "0", description = "Orders per second per session; 0 = as fast as taken.")
    double rate;

    @Option(names = "--timeout", defaultValue = "60", description = "Seconds to wait for logon and answers.")
    int timeoutSeconds;

    @Mixin
    UserApplicationOptions userApp;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception
    {
        checkOptions();
        final List<OrderFlow> flows = new ArrayList<>();
        EngineSettings.ApplicationFactory applications = userApp.engineFactory();
        if (applications == null)
        {
            applications = (sessionConfig, engineClock) ->
            {
                final OrderFlow flow = new OrderFlow(orders, rate, sessionConfig.sessionId().beginString(), engineClock);
                flows.add(flow);
                return flow;
            };
        }
        final AssembledEngine assembled = EngineAssembly.fromFile(CliPaths.fileToRead("--config", config))
            .recoverTruncate(recoverTruncate)
            .applications(applications)
            .assemble();
        for (final SessionEndpoint endpoint : assembled.engineContext().sessions())
        {
            if (!endpoint.isInitiator())
            {
                assembled.abandon();
                throw new UserError(config + ": " + endpoint.config().sessionId() + " is an acceptor session " +
                    "(ConnectionType=acceptor); fixtape initiator runs initiator sessions, fixtape acceptor acceptors");
            }
        }
        flows.forEach(assembled.engineContext()::addTask);
        final LaunchedEngine engine = assembled.launch();
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

    private void checkOptions()
    {
        if (orders < 0)
        {
            throw new ParameterException(spec.commandLine(), "--orders must be >= 0, got " + orders);
        }
        if (rate < 0 || Double.isNaN(rate))
        {
            throw new ParameterException(spec.commandLine(), "--rate must be >= 0 (0: as fast as taken), got " + rate);
        }
        if (timeoutSeconds <= 0)
        {
            throw new ParameterException(spec.commandLine(), "--timeout must be > 0 seconds, got " + timeoutSeconds);
        }
        userApp.check(spec.commandLine());
    }
}
