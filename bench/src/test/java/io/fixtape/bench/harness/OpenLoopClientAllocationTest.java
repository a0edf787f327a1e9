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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's schedule loop (encode, write, read, match, record) allocates nothing per message: measured with the
 * thread's allocated-bytes counter around a whole run against a real loopback echo, after a warm-up run.
 */
class OpenLoopClientAllocationTest
{
    @Test
    void theScheduleLoopDoesNotAllocatePerMessage() throws Exception
    {
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress("127.0.0.1", 0));
            final Thread echo = new Thread(() -> echo(listener), "test-echo");
            echo.setDaemon(true);
            echo.start();
            run(listener, 4000);
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
            final long before = threads.getCurrentThreadAllocatedBytes();
            final long[] measured = run(listener, 10_000);
            final long allocated = measured[1] - before - measured[2];
            assertEquals(10_000, measured[0]);
            // Allowance for one-off costs (e.g. a lazily initialised JDK structure); per message this is ~0.
            assertTrue(allocated < 64 * 1024, "client allocated " + allocated + " bytes for 20000 iterations");
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
                TimeUnit.SECONDS.toNanos(5));
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
