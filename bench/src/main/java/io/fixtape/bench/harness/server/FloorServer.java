package io.fixtape.bench.harness.server;

import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.SocketTuning;
import io.fixtape.nic.ThreadPlacement;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code floor} arm: a raw TCP echo of exactly the bytes the client sends (the same FIX messages, no FIX
 * processing). One thread, pinned and verified, polling a non-blocking socket (yielding when idle so the JVM's
 * JIT/GC threads on the same core are not starved): the physical limit of the
 * kernel loopback path on this machine, against which {@code engine_cost = arm p50 - floor p50}.
 *
 * <p>Threading: one echo thread owns the connection; connections are served one after another.
 */
final class FloorServer implements BenchServer, ServerProbe.KeySink
{
    private final int port;
    private final int cpu;
    private final ServerProbe probe;
    private final ServerProbe.KeyStream ticks = new ServerProbe.KeyStream(262);
    private long readNs;
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile ThreadPlacement echoThread;
    private volatile Throwable failure;
    private ServerSocketChannel listener;

    /** @param probe tick_to_trade's server probe (read -> echo written), or null. */
    FloorServer(final int port, final int cpu, final ServerProbe probe)
    {
        this.port = port;
        this.cpu = cpu;
        this.probe = probe;
    }

    @Override
    public void start() throws Exception
    {
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress("127.0.0.1", port));
        final Thread thread = new Thread(this::serve, "floor-echo");
        thread.start();
        started.await();
        if (failure != null)
        {
            throw new IllegalStateException("floor echo thread failed to start", failure);
        }
    }

    private void serve()
    {
        try
        {
            echoThread = CpuAffinity.pinCurrentThread(cpu);
        }
        catch (final RuntimeException e)
        {
            failure = e;
            started.countDown();
            return;
        }
        started.countDown();
        final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        while (true)
        {
            try (SocketChannel connection = listener.accept())
            {
                SocketTuning.LOW_LATENCY.apply(connection);
                connection.configureBlocking(false);
                while (true)
                {
                    final int read = connection.read(buffer);
                    if (read < 0)
                    {
                        break;
                    }
                    if (read == 0)
                    {
                        Thread.yield();
                    }
                    else
                    {
                        readNs = System.nanoTime();
                        buffer.flip();
                        while (buffer.hasRemaining())
                        {
                            connection.write(buffer);
                        }
                        if (probe != null)
                        {
                            // stamp first, then find the tick keys this read carried (not inside the measurement)
                            final long writtenNs = System.nanoTime();
                            buffer.flip();
                            buffer.get(ticks.buffer(), ticks.position(), read);
                            ticks.scan(read, this, writtenNs);
                        }
                        buffer.clear();
                    }
                }
            }
            catch (final IOException e)
            {
                buffer.clear();
            }
        }
    }

    @Override
    public void key(final long index, final long writtenNs)
    {
        probe.record(index, writtenNs - readNs);
    }

    @Override
    public Map<String, Object> profile()
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "floor");
        profile.put("what", "raw TCP echo of the client's bytes (same FIX messages, no FIX processing)");
        profile.put("validation", "n/a (no FIX)");
        profile.put("store", "n/a");
        profile.put("idle_strategy", "yielding (non-blocking read loop, Thread.yield when idle)");
        profile.put("threads_configured", "1 echo thread pinned to CPU " + cpu);
        profile.put("hot_thread", echoThread);
        if (probe != null)
        {
            profile.put("server_probe", "tick_to_trade: nanoTime after the read that carried the tick -> nanoTime"
                + " after the write of its echo returned (same thread)");
        }
        return profile;
    }

}
