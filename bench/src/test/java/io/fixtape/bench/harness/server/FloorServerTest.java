package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.ReadBack;
import io.fixtape.bench.harness.client.FixScanner;
import io.fixtape.bench.harness.client.FixWriter;
import io.fixtape.bench.harness.client.Scenario;
import io.fixtape.nic.CpuAffinity;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The floor answers each request with a frame of the FIX arm's reply size (request + the delta for its MsgType,
 * here measured from fixtape's real replies), carrying the request's MsgType and key; it reads back its own pin.
 */
@org.junit.jupiter.api.Timeout(120) // a blocking read must fail the test, never hang the build
class FloorServerTest
{
    @Test
    void eachRequestIsAnsweredWithTheFixReplysSize() throws Exception
    {
        final Scenario scenario = Scenario.MD_NOS_ER;
        final FloorReplySizes sizes = FloorReplySizes.of(scenario);
        final int[] deltas = FloorReplySizes.parseDeltas(sizes.deltaArgument());
        final int cpu = CpuAffinity.processCpus(ProcessHandle.current().pid()).nextSetBit(0);
        final int port;
        try (ServerSocket free = new ServerSocket(0))
        {
            port = free.getLocalPort();
        }
        final FloorServer floor = new FloorServer(port, cpu, scenario, sizes.deltaArgument(), null);
        floor.start();
        try (SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port)))
        {
            final Map<String, Object> readBack = floor.readBack();
            assertEquals(Integer.toString(cpu), readBack.get(ReadBack.HOT_THREAD_CPUS));
            assertEquals(sizes.deltaArgument(), readBack.get(ReadBack.FLOOR_REPLY_DELTA));

            // three iterations of both requests in one write: the floor frames them and answers each
            final FixWriter writer = new FixWriter(1024, "CLIENT", "SERVER");
            final ByteBuffer out = ByteBuffer.allocate(4096);
            final int[] requestLengths = new int[6];
            final byte[] requestTypes = new byte[6];
            for (int i = 0; i < 6; i++)
            {
                final int offset = scenario.encode(i % 2, 100 + i / 2, 2 + i, System.currentTimeMillis(), writer);
                requestLengths[i] = writer.length();
                requestTypes[i] = scenario.requestType(i % 2);
                out.put(writer.buffer(), offset, writer.length());
            }
            out.flip();
            while (out.hasRemaining())
            {
                channel.write(out);
            }
            final byte[] in = new byte[8192];
            int limit = 0;
            int p = 0;
            for (int i = 0; i < 6; i++)
            {
                int length;
                while ((length = FixScanner.frame(in, p, limit)) == 0)
                {
                    final int read = channel.read(ByteBuffer.wrap(in, limit, in.length - limit)); // blocking
                    assertTrue(read >= 0, "the floor closed the connection before reply " + i);
                    limit += read;
                }
                assertEquals(requestLengths[i] + deltas[requestTypes[i]], length, "reply " + i);
                assertEquals(requestTypes[i], FixScanner.msgType(in, p, length));
                assertEquals(100 + i / 2, FixScanner.parseLong(in, FixScanner.valueOffset(in, p, length,
                    scenario.keyTag(i % 2))));
                p += length;
            }
        }
        finally
        {
            floor.stop();
        }
    }
}
