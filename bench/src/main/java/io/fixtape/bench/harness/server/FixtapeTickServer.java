package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.FixtapeReadBack;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
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
    private static final long INCREMENTAL_REFRESH = 'X';

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
     * case for the order path). Poller thread only; allocation-free.
     */
    static final class TickStrategy implements Application
    {
        private static final byte[] ONE = {'1'};
        private static final byte[] TWO = {'2'};
        private static final byte[] ACCOUNT = {'B', 'E', 'N', 'C', 'H'};
        private final ProbeTransport probe;

        TickStrategy(final ProbeTransport probe)
        {
            this.probe = probe;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() != INCREMENTAL_REFRESH)
            {
                return;
            }
            final int key = message.indexOf(262);
            final int price = message.indexOf(270);
            if (key < 0 || price < 0)
            {
                return;
            }
            final long index = message.longAt(key);
            final FixEncoder order = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
            order.putLong(Tags.CL_ORD_ID, index);
            order.putBytes(1, ACCOUNT);
            order.putBytes(21, ONE);
            final int symbol = message.indexOf(Tags.SYMBOL);
            if (symbol >= 0)
            {
                order.putBytes(Tags.SYMBOL, message.buffer(), message.valueOffsetAt(symbol),
                    message.valueLengthAt(symbol));
            }
            order.putBytes(Tags.SIDE, ONE);
            order.putUtcTimestamp(Tags.TRANSACT_TIME, session.sendingTimeNanos());
            order.putLong(Tags.ORDER_QTY, 100);
            order.putBytes(Tags.ORD_TYPE, TWO);
            order.putBytes(Tags.PRICE, message.buffer(), message.valueOffsetAt(price), message.valueLengthAt(price));
            if (session.send() > 0)
            {
                probe.orderQueued(index);
            }
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
