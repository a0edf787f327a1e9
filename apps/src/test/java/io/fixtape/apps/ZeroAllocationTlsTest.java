package io.fixtape.apps;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.testkit.TestKeyStores;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Steady state over TLS (mutual TLS 1.3, stores made with keytool) allocates nothing beyond what the JDK's
 * {@link javax.net.ssl.SSLEngine} allocates by itself: about 3.5 KB per record on JDK 25 (its result objects and the
 * per-record cipher set-up), which no caller of SSLEngine can avoid. The test measures that floor first with a bare
 * pair of SSLEngines exchanging records of an order's size ({@link SslEngineFloor}), then asserts that the engines'
 * round trips (one order in flight: exactly two records each) allocate no more than two of those exchanges (5%
 * slack): fixtape's own TLS path adds nothing. Otherwise as {@link ZeroAllocationTcpTest}: a fixtape initiator sends
 * NewOrderSingles to a fixtape acceptor running the {@code exec} application, which answers each with an
 * ExecutionReport, over real loopback TCP, both engines stepped by {@code AgentInvoker}s on this thread.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZeroAllocationTlsTest
{
    private static final TestKeyStores KEYS = TestKeyStores.get();
    private static final int WARM_UP = Integer.getInteger("fixtape.zeroalloc.warmup", 50_000);
    private static final int MEASURED_DEFAULT = 50_000;
    private static final int MEASURED = Integer.getInteger("fixtape.zeroalloc.orders", MEASURED_DEFAULT);
    /** One order in flight: every round trip is exactly two TLS records, one each way. */
    private static final int WINDOW = 1;
    /** About a NewOrderSingle's size on the wire. */
    private static final int RECORD_SIZE = 180;

    @Test
    void newOrderSingleToExecutionReportRoundTripsAllocateNothing() throws Exception
    {
        final EpochNanoClock clock = new OffsetEpochNanoClock();
        final SessionId acceptorId = new SessionId("FIX.4.4", "EXEC", "CLIENT");
        final SessionId initiatorId = new SessionId("FIX.4.4", "CLIENT", "EXEC");
        final int total = WARM_UP + MEASURED * 2;
        final EngineContext acceptorContext = new EngineContext().name("zt-acceptor").clock(clock)
            .idleStrategy("busy-spin")
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(acceptorId).resetOnLogon(true),
                new ExecApplication("FIX.4.4", clock), new InetSocketAddress("127.0.0.1", 0))
                .tls(KEYS.server().needClientAuth(true).build()));
        final WindowedOrderSender sender = new WindowedOrderSender(clock, total, WINDOW);
        try (FixEngine acceptor = FixEngine.invoked(acceptorContext))
        {
            final EngineContext initiatorContext = new EngineContext().name("zt-initiator").clock(clock)
                .idleStrategy("busy-spin")
                    .addSession(SessionEndpoint.initiator(new SessionConfig().sessionId(initiatorId).resetOnLogon(true),
                    sender, new InetSocketAddress("127.0.0.1", acceptor.boundPort()), TimeUnit.SECONDS.toNanos(1))
                    .tls(KEYS.client().build()))
                .addTask(sender);
            try (FixEngine initiator = FixEngine.invoked(initiatorContext))
            {
                WindowedOrderSender.runUntil(acceptor, initiator, sender, WARM_UP);

                final com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
                final long threadId = Thread.currentThread().getId();
                threads.getThreadAllocatedBytes(threadId);
                final StringBuilder rounds = new StringBuilder();
                long allocated = -1;
                int target = WARM_UP;
                for (int round = 1; round <= 2; round++)
                {
                    target += MEASURED;
                    final long before = threads.getThreadAllocatedBytes(threadId);
                    final long start = System.nanoTime();
                    WindowedOrderSender.runUntil(acceptor, initiator, sender, target);
                    final long elapsed = System.nanoTime() - start;
                    allocated = threads.getThreadAllocatedBytes(threadId) - before;
                    rounds.append(String.format("round %d: %d round trips in %.2f s, %d bytes allocated%n",
                        round, MEASURED, elapsed / 1e9, allocated));
                }
                final double floor = SslEngineFloor.bytesPerExchange(RECORD_SIZE);
                final double perRoundTrip = (double)allocated / MEASURED;
                System.out.printf("zero-allocation TLS (both pollers on this thread):%n%sJDK SSLEngine floor: %.1f " +
                    "bytes per record exchange; engines: %.1f bytes per round trip%n", rounds, floor, perRoundTrip);
                assertEquals(target, sender.fills);
                assertTrue(perRoundTrip <= 2 * floor * 1.05 + 16, "the engines allocate " + perRoundTrip + " bytes per round " +
                    "trip; the JDK's SSLEngine alone " + floor + " per record exchange (two per round trip):\n" + rounds);
            }
        }
    }
}
