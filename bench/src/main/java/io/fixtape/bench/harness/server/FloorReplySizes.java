package io.fixtape.bench.harness.server;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.bench.harness.client.FixScanner;
import io.fixtape.bench.harness.client.FixWriter;
import io.fixtape.bench.harness.client.Scenario;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.transport.tcp.TcpTransport;
import org.agrona.concurrent.OffsetEpochNanoClock;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How big the floor's reply to each request is: the size of the FIX arm's reply for the scenario, taken from the
 * real encoded messages. Once per scenario and harness JVM, fixtape's engine runs in this thread (invoked, no thread
 * of its own, MessageStore=none) on a loopback port with the application the fixtape arm runs ({@code exec} for
 * nos_er/md/md_nos_er, the tick_to_trade strategy for tick_to_trade); the same request bytes the client sends
 * ({@link Scenario#encode}) go in, and the length of each reply that comes out, minus the request's, is the floor's
 * delta for that request MsgType. The floor adds the delta to every request it answers, so the sizes move with the
 * sequence-number and key digits as the FIX arm's do (OrderID/ExecID digits of a long run are not: a few bytes).
 * Configuration time only; thread-safe ({@link #of} is synchronized).
 */
public final class FloorReplySizes
{
    private static final Map<Scenario, FloorReplySizes> MEASURED = new EnumMap<>(Scenario.class);
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    /** Iteration index (ClOrdID/MDReqID) of the sample exchange: mid-run digits of a full recipe. */
    private static final long SAMPLE_INDEX = 12_345;

    private final Scenario scenario;
    private final byte[] requestTypes;
    private final int[] requestBytes;
    private final int[] replyBytes;

    private FloorReplySizes(final Scenario scenario, final byte[] requestTypes, final int[] requestBytes,
        final int[] replyBytes)
    {
        this.scenario = scenario;
        this.requestTypes = requestTypes;
        this.requestBytes = requestBytes;
        this.replyBytes = replyBytes;
    }

    /** The sizes for {@code scenario}, measured on first use. */
    public static synchronized FloorReplySizes of(final Scenario scenario)
    {
        FloorReplySizes sizes = MEASURED.get(scenario);
        if (sizes == null)
        {
            try
            {
                sizes = measure(scenario);
            }
            catch (final IOException e)
            {
                throw new IllegalStateException("could not measure fixtape's reply sizes for " + scenario.label(), e);
            }
            MEASURED.put(scenario, sizes);
        }
        return sizes;
    }

    /** {@code TYPE:DELTA} per request MsgType, comma-separated (the floor's {@code --reply-delta}). */
    public String deltaArgument()
    {
        final StringBuilder out = new StringBuilder();
        for (int n = 0; n < requestTypes.length; n++)
        {
            out.append(n == 0 ? "" : ",").append((char)requestTypes[n]).append(':')
                .append(replyBytes[n] - requestBytes[n]);
        }
        return out.toString();
    }

    /** Parses {@link #deltaArgument}: delta bytes indexed by request MsgType (one byte). */
    public static int[] parseDeltas(final String argument)
    {
        final int[] deltas = new int[128];
        for (final String part : argument.split(","))
        {
            final String[] typeAndDelta = part.split(":");
            if (typeAndDelta.length != 2 || typeAndDelta[0].length() != 1)
            {
                throw new IllegalArgumentException("--reply-delta: expected TYPE:DELTA[,...], got '" + argument + "'");
            }
            deltas[typeAndDelta[0].charAt(0)] = Integer.parseInt(typeAndDelta[1]);
        }
        return deltas;
    }

    /** For the profile: per request MsgType, the sample request and fixtape reply sizes. */
    public Map<String, Object> describe()
    {
        final Map<String, Object> out = new LinkedHashMap<>();
        for (int n = 0; n < requestTypes.length; n++)
        {
            final Map<String, Object> one = new LinkedHashMap<>();
            one.put("request_bytes", requestBytes[n]);
            one.put("fixtape_reply_bytes", replyBytes[n]);
            one.put("floor_delta_bytes", replyBytes[n] - requestBytes[n]);
            out.put("35=" + (char)requestTypes[n], one);
        }
        out.put("source", "fixtape's engine run in the harness on loopback with the " + (scenario.serverProbe()
            ? "tick_to_trade strategy" : "exec application") + ", sample iteration " + SAMPLE_INDEX
            + ": the floor answers each request with a frame of request size + delta");
        return out;
    }

    private static FloorReplySizes measure(final Scenario scenario) throws IOException
    {
        final String config = String.join("\n", "[DEFAULT]", "ConnectionType=acceptor",
            "SocketAcceptAddress=127.0.0.1", "SocketAcceptPort=0", "NonStopSession=Y", "ResetOnLogon=Y",
            "UseDataDictionary=N", "MessageStore=none", "", "[SESSION]", "BeginString=FIX.4.4",
            "SenderCompID=SERVER", "TargetCompID=CLIENT", "");
        final Settings settings = new SettingsParser(KnownKeys.standard()).parse("reply-size probe", config);
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final EngineContext context;
        int port = -1;
        if (scenario.serverProbe())
        {
            // the strategy's probe records into memory only (its file is never written)
            final FixtapeTickServer.ProbeTransport transport = new FixtapeTickServer.ProbeTransport(
                new ServerProbe(0, 1, Path.of("unused"), "reply-size probe"));
            context = new EngineSettings().toContext(settings, clock,
                (session, engineClock) -> new FixtapeTickServer.TickStrategy(transport));
            context.conclude();
            final TcpTransport tcp = new TcpTransport(context.transportConfig(), context.counters());
            port = tcp.bind(new InetSocketAddress("127.0.0.1", 0));
            transport.delegate(tcp);
            context.transport(transport);
        }
        else
        {
            context = new EngineSettings().toContext(settings, clock,
                (session, engineClock) -> BuiltinApplications.create("exec", session, engineClock));
        }
        final FixEngine engine = FixEngine.invoked(context);
        try
        {
            return exchange(scenario, engine, port >= 0 ? port : engine.boundPort());
        }
        finally
        {
            engine.close();
        }
    }

    private static FloorReplySizes exchange(final Scenario scenario, final FixEngine engine, final int port)
        throws IOException
    {
        final int messages = scenario.messagesPerIteration();
        final byte[] requestTypes = new byte[messages];
        final int[] requestBytes = new int[messages];
        final int[] replyBytes = new int[messages];
        final FixWriter writer = new FixWriter(1024, "CLIENT", "SERVER");
        final byte[] in = new byte[1 << 16];
        int inLimit = 0;
        try (SocketChannel channel = SocketChannel.open())
        {
            channel.configureBlocking(false);
            channel.connect(new InetSocketAddress("127.0.0.1", port));
            final long deadline = System.nanoTime() + TIMEOUT_NS;
            while (!channel.finishConnect())
            {
                step(engine, deadline);
            }
            final long millis = System.currentTimeMillis();
            writer.begin(new byte[] {'A'}, 1, millis).field(98, 0).field(108, 30).field(141, new byte[] {'Y'});
            write(channel, writer, writer.finish());
            boolean loggedOn = false;
            int replies = 0;
            while (replies < messages)
            {
                step(engine, deadline);
                final ByteBuffer buffer = ByteBuffer.wrap(in, inLimit, in.length - inLimit);
                final int read = channel.read(buffer);
                if (read < 0)
                {
                    throw new IOException("fixtape closed the reply-size probe's connection");
                }
                inLimit += read;
                int p = 0;
                int length;
                while ((length = FixScanner.frame(in, p, inLimit)) > 0)
                {
                    final byte type = FixScanner.msgType(in, p, length);
                    if (type == 'A' && !loggedOn)
                    {
                        loggedOn = true;
                        for (int n = 0; n < messages; n++)
                        {
                            // MsgSeqNum 2, 3, ... after the Logon (1): replies carry as many digits (the delta
                            // cancels the sequence numbers; the ClOrdID/MDReqID is echoed)
                            final int offset = scenario.encode(n, SAMPLE_INDEX, 2 + n, millis, writer);
                            requestTypes[n] = FixScanner.msgType(writer.buffer(), offset, writer.length());
                            requestBytes[n] = writer.length();
                            write(channel, writer, offset);
                        }
                    }
                    for (int n = 0; n < messages; n++)
                    {
                        if (loggedOn && replyBytes[n] == 0 && type == scenario.replyType(n, false))
                        {
                            replyBytes[n] = length;
                            replies++;
                            break;
                        }
                    }
                    p += length;
                }
                System.arraycopy(in, p, in, 0, inLimit - p);
                inLimit -= p;
            }
        }
        return new FloorReplySizes(scenario, requestTypes, requestBytes, replyBytes);
    }

    private static void step(final FixEngine engine, final long deadline) throws IOException
    {
        if (System.nanoTime() - deadline > 0)
        {
            throw new IOException("no reply from fixtape within " + TimeUnit.NANOSECONDS.toSeconds(TIMEOUT_NS) + " s");
        }
        if (engine.invoker().invoke() == 0)
        {
            Thread.yield();
        }
    }

    private static void write(final SocketChannel channel, final FixWriter writer, final int offset)
        throws IOException
    {
        final ByteBuffer out = ByteBuffer.wrap(writer.buffer(), offset, writer.length());
        while (out.hasRemaining())
        {
            channel.write(out);
        }
    }
}
