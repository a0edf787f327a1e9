package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.ReadBack;
import io.fixtape.bench.harness.client.FixScanner;
import io.fixtape.bench.harness.client.Scenario;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.SocketTuning;
import io.fixtape.nic.ThreadPlacement;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code floor} arm: raw TCP over the same loopback, no FIX processing: each request the client sends is
 * answered with one frame of the size of the FIX arm's reply to it ({@link FloorReplySizes}: request size + the
 * delta measured for its MsgType), carrying the request's MsgType and key field so the client matches it as an echo
 * ({@link FloorReply}). One thread, pinned with sched_setaffinity and verified, polling a non-blocking socket
 * (yielding when idle so the JVM's JIT/GC threads on the same core are not starved): the physical limit of the
 * kernel loopback path on this machine for these sizes, against which {@code engine_cost = arm p50 - floor p50}.
 *
 * <p>Threading: one echo thread owns the connection; connections are served one after another. The loop allocates
 * nothing.
 */
final class FloorServer implements BenchServer
{
    private static final int BUFFER = 1 << 20;

    private final int port;
    private final int cpu;
    private final ServerProbe probe;
    private final String deltaArgument;
    /** Reply bytes minus request bytes, by request MsgType. */
    private final int[] deltaByType;
    /** Key tag by request MsgType (0: none). */
    private final int[] keyTagByType = new int[128];
    private final CountDownLatch started = new CountDownLatch(1);
    private final byte[] in = new byte[BUFFER];
    private final byte[] out = new byte[BUFFER];
    private final long[] keys = new long[1 << 16];
    private volatile ThreadPlacement echoThread;
    private volatile Throwable failure;
    private ServerSocketChannel listener;
    private long inexactReplies;

    /**
     * @param deltaArgument {@link FloorReplySizes#deltaArgument()}: the reply size per request MsgType.
     * @param probe tick_to_trade's server probe (read -> reply written), or null.
     */
    FloorServer(final int port, final int cpu, final Scenario scenario, final String deltaArgument,
        final ServerProbe probe)
    {
        this.port = port;
        this.cpu = cpu;
        this.probe = probe;
        this.deltaArgument = deltaArgument;
        this.deltaByType = FloorReplySizes.parseDeltas(deltaArgument);
        for (int n = 0; n < scenario.messagesPerIteration(); n++)
        {
            keyTagByType[scenario.requestType(n)] = scenario.keyTag(n);
        }
    }

    @Override
    public void start() throws Exception
    {
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress("127.0.0.1", port));
        final Thread thread = new Thread(this::serve, "floor-echo");
        thread.setDaemon(true); // ServerMain's main thread keeps the JVM; a test JVM is not held by it
        thread.start();
        started.await();
        if (failure != null)
        {
            throw new IllegalStateException("floor echo thread failed to start", failure);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            if (inexactReplies > 0)
            {
                System.out.println("WARNING floor: " + inexactReplies + " replies longer than asked (the request's key"
                    + " field did not fit the reply size)");
            }
        }, "floor-report"));
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
        final ByteBuffer readBuffer = ByteBuffer.allocateDirect(BUFFER);
        final ByteBuffer writeBuffer = ByteBuffer.allocateDirect(BUFFER);
        while (true)
        {
            int inLimit = 0;
            try (SocketChannel connection = listener.accept())
            {
                SocketTuning.LOW_LATENCY.apply(connection);
                connection.configureBlocking(false);
                while (true)
                {
                    readBuffer.clear().limit(Math.min(BUFFER, in.length - inLimit));
                    final int read = connection.read(readBuffer);
                    if (read < 0)
                    {
                        break;
                    }
                    if (read == 0)
                    {
                        Thread.yield();
                        continue;
                    }
                    final long readNs = System.nanoTime();
                    readBuffer.flip();
                    readBuffer.get(in, inLimit, read);
                    inLimit += read;
                    int p = 0;
                    int outLength = 0;
                    int replies = 0;
                    int length;
                    while ((length = FixScanner.frame(in, p, inLimit)) > 0)
                    {
                        if (outLength + 2 * length + 4096 > BUFFER)
                        {
                            flush(connection, writeBuffer, outLength);
                            outLength = 0;
                        }
                        final byte type = FixScanner.msgType(in, p, length);
                        final int keyTag = type > 0 ? keyTagByType[type] : 0;
                        int keyField = -1;
                        int keyFieldLength = 0;
                        if (keyTag > 0)
                        {
                            final int value = FixScanner.valueOffset(in, p, length, keyTag);
                            if (value >= 0)
                            {
                                keyField = tagStart(value);
                                int end = value;
                                while (in[end] != 1)
                                {
                                    end++;
                                }
                                keyFieldLength = end + 1 - keyField;
                                if (probe != null && replies < keys.length)
                                {
                                    keys[replies] = FixScanner.parseLong(in, value);
                                }
                            }
                        }
                        final int wanted = length + (type > 0 ? deltaByType[type] : 0);
                        final int written = FloorReply.write(type, in, keyField, keyFieldLength, wanted, out, outLength);
                        if (written != wanted)
                        {
                            inexactReplies++;
                        }
                        outLength += written;
                        replies++;
                        p += length;
                    }
                    System.arraycopy(in, p, in, 0, inLimit - p);
                    inLimit -= p;
                    flush(connection, writeBuffer, outLength);
                    if (probe != null)
                    {
                        final long writtenNs = System.nanoTime();
                        for (int i = 0; i < Math.min(replies, keys.length); i++)
                        {
                            probe.record(keys[i], writtenNs - readNs);
                        }
                    }
                }
            }
            catch (final IOException e)
            {
                if (!listener.isOpen())
                {
                    return; // stopped
                }
                // the client went away (reset): the next connection is served
            }
            catch (final RuntimeException e)
            {
                System.out.println("WARNING floor: connection dropped: " + e); // e.g. bytes that are not FIX framing
            }
        }
    }

    private void flush(final SocketChannel connection, final ByteBuffer writeBuffer, final int outLength)
        throws IOException
    {
        writeBuffer.clear();
        writeBuffer.put(out, 0, outLength).flip();
        while (writeBuffer.hasRemaining())
        {
            connection.write(writeBuffer);
        }
    }

    @Override
    public void stop()
    {
        try
        {
            listener.close();
        }
        catch (final IOException ignored)
        {
            // closing: nothing to report
        }
    }

    /** The first byte of the tag whose value starts at {@code value}. */
    private int tagStart(final int value)
    {
        int p = value - 2; // the '=' is at value - 1
        while (p > 0 && in[p - 1] != 1)
        {
            p--;
        }
        return p;
    }

    @Override
    public Map<String, Object> profile()
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "floor");
        profile.put("what", "raw TCP over loopback, no FIX processing: each request answered with one frame of the"
            + " FIX arm's reply size for it (request size + delta per MsgType " + deltaArgument + ")");
        profile.put("validation", "n/a (no FIX)");
        profile.put("store", "n/a");
        profile.put("idle_strategy", "yielding (non-blocking read loop, Thread.yield when idle)");
        profile.put("threads_configured", "1 echo thread pinned to CPU " + cpu + " (sched_setaffinity)");
        profile.put("hot_thread", echoThread);
        if (probe != null)
        {
            profile.put("server_probe", "tick_to_trade: nanoTime after the read that carried the tick -> nanoTime"
                + " after the write of its reply returned (same thread)");
        }
        return profile;
    }

    @Override
    public Map<String, Object> readBack()
    {
        final Map<String, Object> readBack = new LinkedHashMap<>();
        readBack.put(ReadBack.VALIDATION, "n/a");
        readBack.put(ReadBack.IDLE_STRATEGY, "yielding");
        readBack.put(ReadBack.FLOOR_REPLY_DELTA, deltaArgument);
        final List<Map<String, Object>> hot = ReadBack.threads("floor-echo"::equals);
        readBack.put("hot_threads", hot);
        readBack.put(ReadBack.HOT_THREAD_CPUS, ReadBack.cpusOf(hot));
        readBack.put("threads_pinned_by_server", "floor-echo (sched_setaffinity, verified: " + echoThread + ")");
        return readBack;
    }
}
