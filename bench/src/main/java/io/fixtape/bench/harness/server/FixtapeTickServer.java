package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.FixtapeReadBack;
import io.fixtape.codecs.fix44.MarketDataIncrementalRefreshDecoder;
import io.fixtape.codecs.fix44.MarketDataIncrementalRefreshNoMDEntriesGroupDecoder;
import io.fixtape.codecs.fix44.NewOrderSingleEncoder;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.engine.transport.tcp.TcpTransport;
import io.fixtape.journal.JournalStoreProvider;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.OffsetEpochNanoClock;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code fixtape} arm of {@code tick_to_trade}: fixtape's engine with the settings file the harness writes for
 * every fixtape run (same store/idle/validation keys as {@code fixtape acceptor}), a {@link TickStrategy}
 * application that answers every MarketDataIncrementalRefresh with a NewOrderSingle, and the engine's own NIO TCP
 * transport wrapped by {@link ProbeTransport} so that the probe sees the socket read (the transport delivers
 * bytes right after its {@code read}) and the socket write (the transport flushes queued writes at the end of
 * the same {@code poll}).
 *
 * <p>Threading: everything runs on fixtape's poller agent thread; the probe file is written by a shutdown hook.
 */
final class FixtapeTickServer implements BenchServer
{
    private final int port;
    private final Path config;
    private final ServerProbe probe;
    private FixEngine engine;
    private EngineContext context;
    private String store = "unknown";
    private FixtapeReadBack readBack;

    FixtapeTickServer(final int port, final Path config, final ServerProbe probe)
    {
        this.port = port;
        this.config = config;
        this.probe = probe;
    }

    @Override
    public void start()
    {
        final JournalStoreProvider journal = new JournalStoreProvider();
        final Settings settings = new SettingsParser(JournalStoreProvider.knownKeys(KnownKeys.standard()))
            .parse(config);
        final Settings.Section defaults = settings.defaults();
        store = "none".equals(defaults.string("MessageStore", "")) ? "none (MessageStore=none)"
            : defaults.string("JournalMode", "?") + " (MessageStore=journal, JournalMode="
                + defaults.string("JournalMode", "?") + ")";
        final ProbeTransport transport = new ProbeTransport(probe);
        context = new EngineSettings().storeProvider("journal", journal)
            .toContext(settings, new OffsetEpochNanoClock(), (session, clock) -> new TickStrategy(transport));
        context.conclude(); // defaults (counters, transport config) as FixEngine would set them
        final TcpTransport tcp = new TcpTransport(context.transportConfig(), context.counters());
        tcp.bind(new InetSocketAddress("127.0.0.1", port));
        transport.delegate(tcp);
        context.transport(transport);
        readBack = new FixtapeReadBack(context, journal, null).printPrefix(null); // records the stores created
        engine = FixEngine.launch(context);
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close, "fixtape-tick-shutdown"));
    }

    @Override
    public Map<String, Object> profile()
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "fixtape");
        profile.put("what", "fixtape engine + TickStrategy (every MarketDataIncrementalRefresh -> NewOrderSingle"
            + " at the tick's price, ClOrdID = MDReqID), hosted by the harness with the acceptor's settings file");
        profile.put("acceptor_model", "single");
        profile.put("sessions", "1");
        profile.put("validation", "OFF (UseDataDictionary=N) - performance lane");
        profile.put("store", store);
        profile.put("idle_strategy", context.idleStrategyName());
        profile.put("server_probe", "tick_to_trade: nanoTime when the TCP transport delivers the bytes read"
            + " (onData, right after read) -> nanoTime when the poll that flushed the order to the socket returns");
        return profile;
    }

    /** Read back from the running engine: the same keys as {@code fixtape acceptor --profile-out}. */
    @Override
    public Map<String, Object> readBack()
    {
        return readBack.started("single", 1, null);
    }

    /**
     * Answers every tick with a NewOrderSingle at the tick's price (a strategy that always trades: the worst
     * case for the order path), written on the generated FIX 4.4 codecs: the tick is read with
     * {@link MarketDataIncrementalRefreshDecoder}, the order written with {@link NewOrderSingleEncoder}
     * (ClOrdID = the tick's MDReqID). Poller thread only; allocation-free.
     */
    static final class TickStrategy implements Application
    {
        private static final String ACCOUNT = "BENCH";
        private final ProbeTransport probe;
        private final MarketDataIncrementalRefreshDecoder tick = new MarketDataIncrementalRefreshDecoder();
        private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();

        TickStrategy(final ProbeTransport probe)
        {
            this.probe = probe;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() != MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE)
            {
                return;
            }
            tick.wrap(message);
            final MarketDataIncrementalRefreshNoMDEntriesGroupDecoder entries = tick.noMDEntries();
            if (!tick.hasMdReqID() || !entries.hasNext())
            {
                return;
            }
            final MarketDataIncrementalRefreshNoMDEntriesGroupDecoder entry = entries.next();
            if (!entry.hasMdEntryPx())
            {
                return;
            }
            final CharSequence key = tick.mdReqID();
            order.wrap(session).clOrdID(key).account(ACCOUNT).handlInst('1');
            if (entry.instrument().hasSymbol())
            {
                order.instrument().symbol(entry.instrument().symbol());
            }
            order.side(Side.BUY).transactTime(session.sendingTimeNanos());
            order.orderQtyData().orderQty(100, 0);
            order.ordType(OrdType.LIMIT).price(entry.mdEntryPx());
            order.complete();
            if (session.send() > 0)
            {
                probe.orderQueued(digits(key));
            }
        }

        /** The tick index the harness sent as MDReqID (decimal digits). */
        private static long digits(final CharSequence text)
        {
            long value = 0;
            for (int i = 0; i < text.length(); i++)
            {
                value = value * 10 + (text.charAt(i) - '0');
            }
            return value;
        }
    }

    /**
     * The engine's TCP transport with two stamps: {@code onData} (bytes just read) and the end of the
     * {@code poll} in which queued writes were flushed. Poller thread only; allocation-free.
     */
    static final class ProbeTransport implements Transport, TransportListener
    {
        private final ServerProbe probe;
        private Transport delegate;
        private TransportListener listener;
        private long lastReadNs;
        private final long[] pendingIndex = new long[1 << 16];
        private final long[] pendingReadNs = new long[1 << 16];
        private int pending;
        private Connection connection;

        ProbeTransport(final ServerProbe probe)
        {
            this.probe = probe;
        }

        /** The engine's TCP transport, bound; set once before the engine starts. */
        void delegate(final Transport delegate)
        {
            this.delegate = delegate;
        }

        void orderQueued(final long index)
        {
            if (pending < pendingIndex.length)
            {
                pendingIndex[pending] = index;
                pendingReadNs[pending] = lastReadNs;
                pending++;
            }
        }

        @Override
        public int poll(final TransportListener listener)
        {
            this.listener = listener;
            final int work = delegate.poll(this);
            if (pending > 0 && connection != null && connection.pendingBytes() == 0)
            {
                final long writtenNs = System.nanoTime();
                for (int i = 0; i < pending; i++)
                {
                    probe.record(pendingIndex[i], writtenNs - pendingReadNs[i]);
                }
                pending = 0;
            }
            return work;
        }

        @Override
        public void onConnected(final Connection connection, final boolean initiated)
        {
            this.connection = connection;
            listener.onConnected(connection, initiated);
        }

        @Override
        public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
        {
            lastReadNs = System.nanoTime();
            this.connection = connection;
            listener.onData(connection, buffer, offset, length);
        }

        @Override
        public void onDisconnected(final Connection connection, final DisconnectReason reason)
        {
            listener.onDisconnected(connection, reason);
        }

        @Override
        public void onConnectFailed(final long connectionId)
        {
            listener.onConnectFailed(connectionId);
        }

        @Override
        public String name()
        {
            return delegate.name();
        }

        @Override
        public void close()
        {
            delegate.close();
        }
    }
}
