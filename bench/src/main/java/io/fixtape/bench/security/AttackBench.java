package io.fixtape.bench.security;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.status.EngineCounters;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * A well-behaved nos_er session at a steady rate on one acceptor port, first quiet, then while {@link Attackers}
 * attack the same port, in one run (one JVM: the acceptor, the initiator and the attackers). Prints p50/p99 and
 * completion of each phase, the ratio of the p99s, and what the engine counted of the attacks. Passes when every
 * order of both phases was filled.
 */
public final class AttackBench
{
    private final int rate;
    private final int seconds;
    private final int idleSockets;
    private final int slowloris;
    private final String idleStrategy;

    public AttackBench(final int rate, final int seconds, final int idleSockets, final int slowloris,
        final String idleStrategy)
    {
        this.rate = rate;
        this.seconds = seconds;
        this.idleSockets = idleSockets;
        this.slowloris = slowloris;
        this.idleStrategy = idleStrategy;
    }

    /** @return whether every order of both phases was filled. */
    public boolean run(final PrintStream out) throws Exception
    {
        final EpochNanoClock clock = new OffsetEpochNanoClock();
        final SteadyOrders orders = new SteadyOrders(clock, rate, rate * seconds * 2 + rate, 2);
        final EngineContext acceptorContext = new EngineContext().name("attack-acceptor").clock(clock)
            .idleStrategy(idleStrategy).logonTimeoutNanos(TimeUnit.SECONDS.toNanos(5))
            .addSession(SessionEndpoint.acceptor(TlsCostBench.config(new SessionId("FIX.4.4", "EXEC", "GOOD")),
                new ExecApplication("FIX.4.4", clock), new InetSocketAddress("127.0.0.1", 0)));
        final EngineCounters counters;
        try (FixEngine acceptor = FixEngine.launch(acceptorContext))
        {
            counters = acceptor.counters();
            final InetSocketAddress target = new InetSocketAddress("127.0.0.1", acceptor.boundPort());
            final EngineContext initiatorContext = new EngineContext().name("attack-initiator").clock(clock)
                .idleStrategy(idleStrategy)
                .addSession(SessionEndpoint.initiator(TlsCostBench.config(new SessionId("FIX.4.4", "GOOD", "EXEC")),
                    orders, target, TimeUnit.SECONDS.toNanos(1)))
                .addTask(orders);
            try (FixEngine initiator = FixEngine.launch(initiatorContext))
            {
                TlsCostBench.awaitLogon(orders);
                orders.phase(0);
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                final Attackers attackers = new Attackers(target);
                attackers.start(idleSockets, slowloris);
                orders.phase(1);
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                orders.phase(-1);
                attackers.stop();
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while ((orders.filled(0) < orders.sent(0) || orders.filled(1) < orders.sent(1)) &&
                    System.nanoTime() < deadline)
                {
                    Thread.sleep(10);
                }
                out.printf("attack bench: nos_er at %d orders/s, %d s quiet then %d s under attack (%d idle sockets, " +
                    "%d slowloris Logons, 2 random-byte streams, 2 GB BodyLengths, SOH-less megabytes, unknown-CompID " +
                    "Logons; %d attacking connections), idle %s%n", rate, seconds, seconds, idleSockets, slowloris,
                    attackers.connections.get(), idleStrategy);
            }
        }
        final Histogram quiet = orders.histogram(0);
        final Histogram attacked = orders.histogram(1);
        print(out, "quiet", orders, 0, quiet);
        print(out, "attack", orders, 1, attacked);
        out.printf("p99 under attack / quiet: %.2f%n", (double)attacked.getValueAtPercentile(99) /
            Math.max(1, quiet.getValueAtPercentile(99)));
        out.printf("engine counted: garbled-before-logon %d, too-large %d, unknown sessions %d, logon timeouts %d, " +
            "refused unauthenticated %d, refused limit %d%n",
            counters.disconnects(io.fixtape.engine.transport.DisconnectReason.GARBLED_BEFORE_LOGON).get(),
            counters.disconnects(io.fixtape.engine.transport.DisconnectReason.MESSAGE_TOO_LARGE).get(),
            counters.unknownSessions.get(), counters.logonTimeouts.get(),
            counters.connectionsRefusedUnauthenticated.get(), counters.connectionsRefusedLimit.get());
        return orders.filled(0) == orders.sent(0) && orders.filled(1) == orders.sent(1);
    }

    private static void print(final PrintStream out, final String label, final SteadyOrders orders, final int phase,
        final Histogram latency)
    {
        out.printf("%-7s p50 %9.1f us  p90 %9.1f us  p99 %9.1f us  p99.9 %9.1f us  max %9.1f us  completion %d/%d%n",
            label, latency.getValueAtPercentile(50) / 1e3, latency.getValueAtPercentile(90) / 1e3,
            latency.getValueAtPercentile(99) / 1e3, latency.getValueAtPercentile(99.9) / 1e3,
            latency.getMaxValue() / 1e3, orders.filled(phase), orders.sent(phase));
    }
}
