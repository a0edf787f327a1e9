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
 * A well-behaved nos_er session at a steady rate on one acceptor port, in three phases of one run (one JVM: the
 * acceptor, the initiator and the attackers): quiet; a control, with {@link Attackers} aimed at an
 * {@link AttackSink} on a thread of its own (the machine carries the attack, the engine's poller does not); and
 * attacked, with the same attackers aimed at the session's port. Prints p50/p99 and completion of each phase, the
 * ratios of the p99s (attacked against quiet, and against the control, which separates what the engine pays for the
 * attack from what the machine pays), and what the engine counted of the attacks. Passes when every order of every
 * phase was filled.
 */
public final class AttackBench
{
    private static final int QUIET = 0;
    private static final int CONTROL = 1;
    private static final int ATTACKED = 2;
    private static final int PHASES = 3;
    private static final long LOGON_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

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

    /** @return whether every order of every phase was filled. */
    public boolean run(final PrintStream out) throws Exception
    {
        final EpochNanoClock clock = new OffsetEpochNanoClock();
        final SteadyOrders orders = new SteadyOrders(clock, rate, rate * seconds * PHASES + rate, PHASES);
        final EngineContext acceptorContext = new EngineContext().name("attack-acceptor").clock(clock)
            .idleStrategy(idleStrategy).logonTimeoutNanos(LOGON_TIMEOUT_NANOS)
            .addSession(SessionEndpoint.acceptor(TlsCostBench.config(new SessionId("FIX.4.4", "EXEC", "GOOD")),
                new ExecApplication("FIX.4.4", clock), new InetSocketAddress("127.0.0.1", 0)));
        final EngineCounters counters;
        final long controlConnections;
        try (AttackSink sink = new AttackSink(LOGON_TIMEOUT_NANOS);
            FixEngine acceptor = FixEngine.launch(acceptorContext))
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
                orders.phase(QUIET);
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                final Attackers control = new Attackers(sink.address());
                control.start(idleSockets, slowloris);
                orders.phase(CONTROL);
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                control.stop();
                controlConnections = control.connections.get();
                final Attackers attackers = new Attackers(target);
                attackers.start(idleSockets, slowloris);
                orders.phase(ATTACKED);
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                orders.phase(-1);
                attackers.stop();
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!allFilled(orders) && System.nanoTime() < deadline)
                {
                    Thread.sleep(10);
                }
                out.printf("attack bench: nos_er at %d orders/s, %d s each quiet, control (the attack aimed at a " +
                    "sink on its own thread: %d connections) and under attack (%d idle sockets, %d slowloris Logons, " +
                    "2 random-byte streams, 2 GB BodyLengths, SOH-less megabytes, unknown-CompID Logons; %d attacking " +
                    "connections), idle %s%n", rate, seconds, controlConnections, idleSockets, slowloris,
                    attackers.connections.get(), idleStrategy);
            }
        }
        final Histogram quiet = orders.histogram(QUIET);
        final Histogram controlled = orders.histogram(CONTROL);
        final Histogram attacked = orders.histogram(ATTACKED);
        print(out, "quiet", orders, QUIET, quiet);
        print(out, "control", orders, CONTROL, controlled);
        print(out, "attack", orders, ATTACKED, attacked);
        out.printf("p99 under attack / quiet: %.2f, control / quiet: %.2f, under attack / control: %.2f%n",
            ratio(attacked, quiet), ratio(controlled, quiet), ratio(attacked, controlled));
        out.printf("engine counted: garbled-before-logon %d, too-large %d, unknown sessions %d, logon timeouts %d, " +
            "refused unauthenticated %d, refused limit %d%n",
            counters.disconnects(io.fixtape.engine.transport.DisconnectReason.GARBLED_BEFORE_LOGON).get(),
            counters.disconnects(io.fixtape.engine.transport.DisconnectReason.MESSAGE_TOO_LARGE).get(),
            counters.unknownSessions.get(), counters.logonTimeouts.get(),
            counters.connectionsRefusedUnauthenticated.get(), counters.connectionsRefusedLimit.get());
        return allFilled(orders);
    }

    private static boolean allFilled(final SteadyOrders orders)
    {
        for (int phase = 0; phase < PHASES; phase++)
        {
            if (orders.filled(phase) < orders.sent(phase))
            {
                return false;
            }
        }
        return true;
    }

    private static double ratio(final Histogram numerator, final Histogram denominator)
    {
        return (double)numerator.getValueAtPercentile(99) / Math.max(1, denominator.getValueAtPercentile(99));
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
