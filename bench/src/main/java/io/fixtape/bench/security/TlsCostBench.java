package io.fixtape.bench.security;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * What TLS costs on the nos_er round trip: one fixtape acceptor ({@code exec}) listening twice — plain TCP and
 * mutual TLS 1.3 — and one fixtape initiator with a session to each, in this JVM. The two sessions take turns, the
 * same steady rate for the same time, alternating {@code rounds} times so that both see the same machine; each
 * order's round trip is measured from its intended send time. Prints p50/p90/p99/p99.9/max and completion per
 * transport and the TLS − TCP differences.
 */
public final class TlsCostBench
{
    private final int rate;
    private final int seconds;
    private final int rounds;
    private final String idleStrategy;

    public TlsCostBench(final int rate, final int seconds, final int rounds, final String idleStrategy)
    {
        this.rate = rate;
        this.seconds = seconds;
        this.rounds = rounds;
        this.idleStrategy = idleStrategy;
    }

    /** @return whether every order was filled. */
    public boolean run(final PrintStream out) throws Exception
    {
        final BenchKeyStores keys = BenchKeyStores.create();
        final EpochNanoClock clock = new OffsetEpochNanoClock();
        final int maxOrders = rate * seconds * rounds + rate;
        final SteadyOrders plain = new SteadyOrders(clock, rate, maxOrders, 1);
        final SteadyOrders tls = new SteadyOrders(clock, rate, maxOrders, 1);
        final SessionId plainAcceptor = new SessionId("FIX.4.4", "EXEC", "PLAIN");
        final SessionId tlsAcceptor = new SessionId("FIX.4.4", "EXEC", "TLS");
        final EngineContext acceptorContext = new EngineContext().name("bench-acceptor").clock(clock)
            .idleStrategy(idleStrategy)
            .addSession(SessionEndpoint.acceptor(config(plainAcceptor), new ExecApplication("FIX.4.4", clock),
                new InetSocketAddress("127.0.0.1", 0)))
            .addSession(SessionEndpoint.acceptor(config(tlsAcceptor), new ExecApplication("FIX.4.4", clock),
                new InetSocketAddress("127.0.0.2", 0)).tls(keys.server()));
        try (FixEngine acceptor = FixEngine.launch(acceptorContext))
        {
            final int plainPort = acceptor.boundPort(new InetSocketAddress("127.0.0.1", 0));
            final int tlsPort = acceptor.boundPort(new InetSocketAddress("127.0.0.2", 0));
            final EngineContext initiatorContext = new EngineContext().name("bench-initiator").clock(clock)
                .idleStrategy(idleStrategy)
                .addSession(SessionEndpoint.initiator(config(new SessionId("FIX.4.4", "PLAIN", "EXEC")), plain,
                    new InetSocketAddress("127.0.0.1", plainPort), TimeUnit.SECONDS.toNanos(1)))
                .addSession(SessionEndpoint.initiator(config(new SessionId("FIX.4.4", "TLS", "EXEC")), tls,
                    new InetSocketAddress("127.0.0.2", tlsPort), TimeUnit.SECONDS.toNanos(1)).tls(keys.client()))
                .addTask(plain).addTask(tls);
            try (FixEngine initiator = FixEngine.launch(initiatorContext))
            {
                awaitLogon(plain, tls);
                for (int round = 0; round < rounds; round++)
                {
                    phase(plain, seconds);
                    phase(tls, seconds);
                }
                drain(plain, tls);
            }
        }
        finally
        {
            keys.delete();
        }
        out.printf("TLS cost on the nos_er round trip: %d orders/s, %d x %d s per transport, idle %s%n", rate, rounds,
            seconds, idleStrategy);
        final Histogram plainLatency = plain.histogram(0);
        final Histogram tlsLatency = tls.histogram(0);
        print(out, "tcp", plain, plainLatency);
        print(out, "tls", tls, tlsLatency);
        out.printf("%-4s  p50 %+9.1f us  p99 %+9.1f us%n", "diff",
            (tlsLatency.getValueAtPercentile(50) - plainLatency.getValueAtPercentile(50)) / 1e3,
            (tlsLatency.getValueAtPercentile(99) - plainLatency.getValueAtPercentile(99)) / 1e3);
        return plain.filled(0) == plain.sent(0) && tls.filled(0) == tls.sent(0);
    }

    static void print(final PrintStream out, final String label, final SteadyOrders orders, final Histogram latency)
    {
        out.printf("%-6s p50 %9.1f us  p90 %9.1f us  p99 %9.1f us  p99.9 %9.1f us  max %9.1f us  completion %d/%d%n",
            label, latency.getValueAtPercentile(50) / 1e3, latency.getValueAtPercentile(90) / 1e3,
            latency.getValueAtPercentile(99) / 1e3, latency.getValueAtPercentile(99.9) / 1e3,
            latency.getMaxValue() / 1e3, orders.filled(0), orders.sent(0));
    }

    static SessionConfig config(final SessionId id)
    {
        return new SessionConfig().sessionId(id).resetOnLogon(true);
    }

    private static void phase(final SteadyOrders orders, final int seconds) throws InterruptedException
    {
        orders.phase(0);
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
        orders.phase(-1);
    }

    static void awaitLogon(final SteadyOrders... sessions) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (final SteadyOrders session : sessions)
        {
            while (!session.loggedOn())
            {
                if (System.nanoTime() > deadline)
                {
                    throw new IllegalStateException("the bench sessions did not log on within 30 s");
                }
                Thread.sleep(10);
            }
        }
    }

    static void drain(final SteadyOrders... sessions) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (final SteadyOrders session : sessions)
        {
            while (session.filled(0) < session.sent(0) && System.nanoTime() < deadline)
            {
                Thread.sleep(10);
            }
        }
    }
}
