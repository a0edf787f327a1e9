package io.fixtape.cli;

import io.fixtape.engine.app.builtin.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.tcp.TcpConnection;
import org.agrona.concurrent.OffsetEpochNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code fixtape demo}: a real acceptor (the {@code exec} matching stub) and a real initiator in one process, each
 * an engine with its own poller thread, exchanging NewOrderSingles and fills over loopback TCP; prints a summary
 * (logon, throughput, round trips, TCP_NODELAY on both sockets, counters) in a few seconds.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run an acceptor and an initiator in one process and trade orders over loopback TCP.")
public final class DemoCommand implements Callable<Integer>
{
    @Option(names = "--orders", defaultValue = "10000", description = "Orders to send (default ${DEFAULT-VALUE}).")
    int orders;

    @Option(names = "--rate", defaultValue = "5000", description = "Orders per second (default ${DEFAULT-VALUE}); 0 = as fast as the connection takes them.")
    double rate;

    @Option(names = "--begin-string", defaultValue = "FIX.4.4", description = "FIX.4.2, FIX.4.4 or FIXT.1.1.")
    String beginString;

    @Override
    public Integer call() throws Exception
    {
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final SessionId acceptorId = new SessionId(beginString, "EXEC", "CLIENT");
        final SessionId initiatorId = new SessionId(beginString, "CLIENT", "EXEC");
        final EngineContext acceptorContext = new EngineContext().name("demo-acceptor").clock(clock)
            .addSession(SessionEndpoint.acceptor(config(acceptorId), new ExecApplication(beginString, clock),
                new InetSocketAddress("127.0.0.1", 0)));
        final OrderFlow flow = new OrderFlow(orders, rate, beginString, clock);
        System.out.println("fixtape demo: " + beginString + " acceptor (exec app) and initiator over loopback TCP, " +
            orders + " orders");
        final long start = System.nanoTime();
        try (FixEngine acceptor = FixEngine.launch(acceptorContext))
        {
            final EngineContext initiatorContext = new EngineContext().name("demo-initiator").clock(clock)
                .addSession(SessionEndpoint.initiator(config(initiatorId).heartBtIntSeconds(30), flow,
                    new InetSocketAddress("127.0.0.1", acceptor.boundPort()), TimeUnit.SECONDS.toNanos(1)))
                .addTask(flow);
            boolean done;
            String nodelay = "";
            try (FixEngine initiator = FixEngine.launch(initiatorContext))
            {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                do
                {
                    Thread.sleep(10);
                    done = flow.done();
                }
                while (!done && System.nanoTime() < deadline);
                nodelay = "TCP_NODELAY initiator socket " + noDelay(initiator, initiatorId) +
                    ", accepted socket " + noDelay(acceptor, acceptorId);
                System.out.println(flow.report().trim());
                System.out.println(nodelay);
            }
            System.out.println("initiator: logged out, engine closed");
            System.out.println("acceptor counters: " + acceptor.counters().summary());
            System.out.printf("fixtape demo: %s in %.2f s%n", done ? "done" : "TIMED OUT", (System.nanoTime() - start) / 1e9);
            return done ? 0 : 1;
        }
    }

    private static SessionConfig config(final SessionId id)
    {
        final SessionConfig config = new SessionConfig().sessionId(id).resetOnLogon(true);
        if (id.beginString().startsWith("FIXT"))
        {
            config.defaultApplVerId("FIX.5.0SP2");
        }
        return config;
    }

    private static String noDelay(final FixEngine engine, final SessionId id) throws Exception
    {
        final CompletableFuture<String> answer = new CompletableFuture<>();
        engine.execute(() ->
        {
            final Session session = engine.session(id);
            answer.complete(session.connection() instanceof TcpConnection ?
                String.valueOf(((TcpConnection)session.connection()).tcpNoDelay()) : "n/a (not connected)");
        });
        return answer.get(5, TimeUnit.SECONDS);
    }
}
