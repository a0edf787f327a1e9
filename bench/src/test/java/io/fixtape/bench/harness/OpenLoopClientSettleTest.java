package io.fixtape.bench.harness;

import io.fixtape.bench.harness.client.OpenLoopClient;
import io.fixtape.bench.harness.client.RunResult;
import io.fixtape.bench.harness.client.Scenario;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The measured schedule starts on a settled server: against a loopback echo that holds every reply back until the
 * whole warm-up has arrived (a server that fell behind during the warm-up), the client answers the backlog first,
 * then sends its first measured request, and says how many warm-up iterations were answered and how long that took.
 */
class OpenLoopClientSettleTest
{
    private static final int WARMUP = 2_000;
    private static final int MEASURED = 2_000;

    @Test
    void theFirstMeasuredRequestLeavesAfterTheLastWarmUpReply() throws Exception
    {
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress("127.0.0.1", 0));
            final Thread echo = new Thread(() -> echoAfter(listener, WARMUP), "test-withholding-echo");
            echo.setDaemon(true);
            echo.start();
            try (SocketChannel channel = SocketChannel.open(listener.getLocalAddress()))
            {
                channel.configureBlocking(false);
                final OpenLoopClient client = new OpenLoopClient(channel, Scenario.NOS_ER, true, 20_000, WARMUP,
                    MEASURED, TimeUnit.SECONDS.toNanos(60));
                final RunResult result = client.run();

                assertEquals(WARMUP, client.warmupReplied(), "every warm-up iteration answered before measuring");
                assertEquals(MEASURED, result.measuredCompleted(), "every measured iteration answered");
                assertTrue(client.lastWarmupReplyNs() > 0, "warm-up replies recorded");
                assertTrue(result.firstMeasuredSendNs() >= client.lastWarmupReplyNs(),
                    "the first measured request was written after the last warm-up reply");
                // the warm-up schedule alone lasts WARMUP / rate = 100 ms; the echo answered none of it before then
                assertTrue(client.warmupNs() >= TimeUnit.MILLISECONDS.toNanos(90),
                    "the warm-up settled only once the withheld replies came: " + client.warmupNs() + " ns");
            }
        }
    }

    /** Echoes nothing until {@code messages} FIX messages (CheckSum fields) have arrived, then everything. */
    private static void echoAfter(final ServerSocketChannel listener, final int messages)
    {
        final ByteBuffer held = ByteBuffer.allocateDirect(16 << 20);
        final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
        try (SocketChannel connection = listener.accept())
        {
            int seen = 0;
            int state = 0; // matching "\u000110=": the start of a CheckSum field ends each message
            boolean holding = true;
            while (connection.read(buffer) >= 0)
            {
                buffer.flip();
                if (holding)
                {
                    for (int i = buffer.position(); i < buffer.limit(); i++)
                    {
                        final byte b = buffer.get(i);
                        state = b == 1 ? 1 : state == 1 && b == '1' ? 2 : state == 2 && b == '0' ? 3 :
                            state == 3 && b == '=' ? 4 : 0;
                        if (state == 4)
                        {
                            seen++;
                            state = 0;
                        }
                    }
                    held.put(buffer);
                    if (seen >= messages)
                    {
                        holding = false;
                        held.flip();
                        while (held.hasRemaining())
                        {
                            connection.write(held);
                        }
                    }
                }
                else
                {
                    while (buffer.hasRemaining())
                    {
                        connection.write(buffer);
                    }
                }
                buffer.clear();
            }
        }
        catch (final Exception e)
        {
            // the client closed the connection: the test is over
        }
    }
}
