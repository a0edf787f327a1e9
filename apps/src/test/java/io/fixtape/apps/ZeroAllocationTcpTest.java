package io.fixtape.apps;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Steady state allocates nothing: a fixtape initiator sends NewOrderSingles to a fixtape acceptor running the
 * {@code exec} application, which answers each with an ExecutionReport, over real loopback TCP. Both engines are
 * stepped by {@code AgentInvoker}s on this thread, so {@code ThreadMXBean#getThreadAllocatedBytes} of this thread
 * covers both poller duty cycles end to end: selector, reads, framing, decoding, session, application, encoding,
 * in-memory store, writes. After a warm-up, a whole round of {@value #MEASURED_DEFAULT} round trips must allocate
 * 0 bytes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZeroAllocationTcpTest
{
    private static final int WARM_UP = Integer.getInteger("fixtape.zeroalloc.warmup", 100_000);
    private static final int MEASURED_DEFAULT = 100_000;
    private static final int MEASURED = Integer.getInteger("fixtape.zeroalloc.orders", MEASURED_DEFAULT);
    private static final int WINDOW = 32;
    /**
     * A round may still see a one-off JIT deoptimisation (a rare branch such as a partial socket write taken for
     * the first time makes the VM re-materialise scalar-replaced objects): steady state is a whole round at 0.
     */
    private static final int MAX_ROUNDS = 5;

    @Test
    void newOrderSingleToExecutionReportRoundTripsAllocateNothing()
    {
        final EpochNanoClock clock = new OffsetEpochNanoClock();
        final SessionId acceptorId = new SessionId("FIX.4.4", "EXEC", "CLIENT");
        final SessionId initiatorId = new SessionId("FIX.4.4", "CLIENT", "EXEC");
        final int total = WARM_UP + MEASURED * MAX_ROUNDS;
        final EngineContext acceptorContext = new EngineContext().name("za-acceptor").clock(clock)
            .idleStrategy("busy-spin")
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(acceptorId).resetOnLogon(true),
                new ExecApplication("FIX.4.4", clock), new InetSocketAddress("127.0.0.1", 0)));
        final WindowedOrderSender sender = new WindowedOrderSender(clock, total, WINDOW);
        try (FixEngine acceptor = FixEngine.invoked(acceptorContext))
        {
            final EngineContext initiatorContext = new EngineContext().name("za-initiator").clock(clock)
                .idleStrategy("busy-spin")
                    .addSession(SessionEndpoint.initiator(new SessionConfig().sessionId(initiatorId).resetOnLogon(true),
                    sender, new InetSocketAddress("127.0.0.1", acceptor.boundPort()), TimeUnit.SECONDS.toNanos(1)))
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
                for (int round = 1; round <= MAX_ROUNDS && allocated != 0; round++)
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
                System.out.print("zero-allocation TCP (both pollers on this thread):\n" + rounds);
                assertEquals(target, sender.fills);
                assertEquals(0, allocated, "no round of " + MEASURED + " round trips was allocation-free:\n" + rounds);
            }
        }
    }
}
