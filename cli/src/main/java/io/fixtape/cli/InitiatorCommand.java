package io.fixtape.cli;

import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import org.agrona.concurrent.OffsetEpochNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code fixtape initiator --config FILE [--orders N] [--rate R]}: connects the initiator sessions of a settings
 * file, sends N NewOrderSingles per session at up to R orders/s once logged on, waits for the answers, logs out and
 * reports what came back.
 */
@Command(name = "initiator", mixinStandardHelpOptions = true,
    description = "Connect initiator sessions from a settings file, send orders and report what came back.")
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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception
    {
        checkOptions();
        final Settings settings = SettingsLoader.parse(CliPaths.fileToRead("--config", config));
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final List<OrderFlow> flows = new ArrayList<>();
        final EngineContext context = SettingsLoader.context(settings, clock, -1, (sessionConfig, engineClock) ->
        {
            final OrderFlow flow = new OrderFlow(orders, rate, sessionConfig.sessionId().beginString(), engineClock);
            flows.add(flow);
            return flow;
        });
        for (final SessionEndpoint endpoint : context.sessions())
        {
            if (!endpoint.isInitiator())
            {
                throw new UserError(config + ": " + endpoint.config().sessionId() + " is an acceptor session " +
                    "(ConnectionType=acceptor); fixtape initiator runs initiator sessions, fixtape acceptor acceptors");
            }
        }
        flows.forEach(context::addTask);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        boolean done;
        try (FixEngine engine = FixEngine.launch(context))
        {
            System.out.println("fixtape initiator: " + context.sessions().size() + " session(s), " + orders +
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
            System.out.println(context.sessions().get(i).config().sessionId() + ":");
            System.out.print(flows.get(i).report());
        }
        return done ? 0 : 1;
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
    }
}
