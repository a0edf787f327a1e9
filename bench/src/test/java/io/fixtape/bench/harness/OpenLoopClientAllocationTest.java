package io.fixtape.bench.harness;

import io.fixtape.bench.harness.client.OpenLoopClient;
import io.fixtape.bench.harness.client.RunResult;
import io.fixtape.bench.harness.client.Scenario;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's schedule loop (encode, write, read, match, record) allocates nothing per message: measured with the
 * thread's allocated-bytes counter around a whole run against a real loopback echo, after warm-up runs; the
 * minimum over up to {@value #MAX_RUNS} runs.
 */
class OpenLoopClientAllocationTest
{
    private static final int WARMUP_RUNS = 2;
    private static final int MAX_RUNS = 4;
    private static final long LIMIT = 64 * 1024;

    @Test
    void theScheduleLoopDoesNotAllocatePerMessage() throws Exception
    {
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress("127.0.0.1", 0));
            final Thread echo = new Thread(() -> echo(listener), "test-echo");
            echo.setDaemon(true);
            echo.start();
            for (int i = 0; i < WARMUP_RUNS; i++)
            {
                assertEquals(10_000, run(listener, 10_000)[0], "warm-up run " + i + ": every request echoed");
            }
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
            // The minimum over repeated runs: on a slow, loaded machine a JIT compilation may still finish (and
            // deoptimise, which allocates) during one run; an allocation per message shows in every run.
            final List<Long> allocations = new ArrayList<>();
            for (int i = 0; i < MAX_RUNS && (allocations.isEmpty() || Collections.min(allocations) >= LIMIT); i++)
            {
                final long before = threads.getCurrentThreadAllocatedBytes();
                final long[] measured = run(listener, 10_000);
                assertEquals(10_000, measured[0], "every measured request echoed");
                allocations.add(measured[1] - before - measured[2]);
            }
            // Allowance for one-off costs (e.g. a lazily initialised JDK structure); per message this is ~0.
            assertTrue(Collections.min(allocations) < LIMIT, "client allocated " + allocations
                + " bytes for 20000 iterations per run");
        }
    }

    /** @return {measured completions, allocated-bytes counter after run(), bytes allocated by setup}. */
    private static long[] run(final ServerSocketChannel listener, final int count) throws Exception
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long setupStart = threads.getCurrentThreadAllocatedBytes();
        try (SocketChannel channel = SocketChannel.open(listener.getLocalAddress()))
        {
            channel.configureBlocking(false);
            final OpenLoopClient client = new OpenLoopClient(channel, Scenario.NOS_ER, true, 50_000, count, count,
                TimeUnit.SECONDS.toNanos(60)); // generous drain: a loaded machine may delay the echo thread
            final long setup = threads.getCurrentThreadAllocatedBytes() - setupStart;
            final RunResult result = client.run();
            final long after = threads.getCurrentThreadAllocatedBytes();
            return new long[] {result.measuredCompleted(), after, setup};
        }
    }

    private static void echo(final ServerSocketChannel listener)
    {
        final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
        while (true)
        {
            try (SocketChannel connection = listener.accept())
            {
                while (connection.read(buffer) >= 0)
                {
                    buffer.flip();
                    while (buffer.hasRemaining())
                    {
                        connection.write(buffer);
                    }
                    buffer.clear();
                }
            }
            catch (final Exception e)
            {
                return;
            }
        }
    }
}
