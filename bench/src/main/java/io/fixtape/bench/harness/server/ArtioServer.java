package io.fixtape.bench.harness.server;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.fixtape.bench.artio.fix44.builder.ExecutionReportEncoder;
import io.fixtape.bench.artio.fix44.builder.MarketDataSnapshotFullRefreshEncoder;
import io.fixtape.bench.artio.fix44.builder.NewOrderSingleEncoder;
import io.fixtape.bench.artio.fix44.decoder.MarketDataIncrementalRefreshDecoder;
import io.fixtape.bench.artio.fix44.decoder.MarketDataRequestDecoder;
import io.fixtape.bench.artio.fix44.decoder.NewOrderSingleDecoder;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.agrona.concurrent.YieldingIdleStrategy;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.library.AcquiringSessionExistsHandler;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionAcquiredInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import io.fixtape.bench.harness.ReadBack;
import uk.co.real_logic.artio.builder.Validation;

import java.io.File;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code artio} arm: an Artio 0.175 FixEngine (framer) and FixLibrary in the server JVM with an embedded
 * ArchivingMediaDriver (SHARED threading), exchanging over Aeron IPC. The library's session handler decodes and
 * encodes with Artio's own FIX 4.4 codecs, generated at build time by Artio's CodecGenerationTool from
 * {@code bench/src/main/artio/FIX44-bench.xml} (package {@code io.fixtape.bench.artio.fix44}, the same codecs the
 * JMH suite uses), and sends with {@link Session#trySend(uk.co.real_logic.artio.builder.Encoder)}:
 * <ul>
 *   <li>{@code nos_er}: NewOrderSingle -> ExecutionReport full fill at the limit price (exact decimals);</li>
 *   <li>{@code md}: MarketDataRequest -> MarketDataSnapshotFullRefresh with a bid and an offer;</li>
 *   <li>{@code md_nos_er}: both;</li>
 *   <li>{@code tick_to_trade}: MarketDataIncrementalRefresh -> NewOrderSingle at the tick's price; probe from the
 *   framer's receive timestamp ({@code timestampInNs}, taken after its socket read) to {@code trySend} returning
 *   (the order is in the library-to-framer IPC publication: the framer's socket write is NOT included, Artio
 *   exposes no hook there — this understates Artio's tick-to-trade by that last hop).</li>
 * </ul>
 *
 * <p>Validation: Artio's codecs validate while decoding unless {@code fix.codecs.no_validation=true} when they
 * load; this server sets it (performance lane, like the other arms) and reads {@code CODEC_VALIDATION_ENABLED} back.
 *
 * <p>Threading: the media driver and archive (one shared agent each), Artio's framer and archiver agents, and one
 * library poller thread (yielding) created here; all inside this JVM, which the orchestrator pins to the server
 * CPU as a whole.
 */
final class ArtioServer implements BenchServer
{
    private final int port;
    private final File dir;
    private final ServerProbe probe;
    /** One clock for the framer's receive stamps and the handler's send stamps (tick_to_trade probe). */
    private final EpochNanoClock clock = new OffsetEpochNanoClock();
    private final CountDownLatch connected = new CountDownLatch(1);
    private volatile Throwable failure;
    /** The library poller's idle strategy, as instantiated (set before {@link #connected} opens). */
    private volatile String libraryIdle = "(library not started)";
    private ArchivingMediaDriver driver;
    private FixEngine engine;

    /**
     * Artio's codecs validate while decoding unless this property is true when its {@link Validation} class is
     * initialised (a static final read once): the performance lane needs it off, like the other arms.
     */
    static final String NO_VALIDATION = "fix.codecs.no_validation";

    ArtioServer(final int port, final ServerProbe probe) throws Exception
    {
        // before any Artio codec (engine, library or ours) is loaded; read back from Validation in readBack()
        System.setProperty(NO_VALIDATION, "true");
        this.port = port;
        this.probe = probe;
        this.dir = Files.createTempDirectory("fixtape-artio-").toFile();
        // The orchestrator stops servers with SIGTERM: remove the media driver, archive and log files then.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> IoUtil.delete(dir, true), "artio-cleanup"));
    }

    @Override
    public void start() throws Exception
    {
        final String aeronDir = new File(dir, "aeron").getAbsolutePath();
        // The archive's control channel needs a fixed UDP port: the one after the FIX port.
        final String control = "aeron:udp?endpoint=localhost:" + (port + 1);
        driver = ArchivingMediaDriver.launch(
            new MediaDriver.Context().aeronDirectoryName(aeronDir).threadingMode(ThreadingMode.SHARED)
                .dirDeleteOnStart(true).dirDeleteOnShutdown(true),
            new Archive.Context().aeronDirectoryName(aeronDir).threadingMode(ArchiveThreadingMode.SHARED)
                .archiveDir(new File(dir, "archive")).deleteArchiveOnStart(true).controlChannel(control)
                .replicationChannel("aeron:udp?endpoint=localhost:0"));
        final EngineConfiguration configuration = new EngineConfiguration()
            .bindTo("127.0.0.1", port)
            .libraryAeronChannel("aeron:ipc")
            .logFileDir(new File(dir, "logs").getAbsolutePath())
            .deleteLogFileDirOnStart(true)
            .logInboundMessages(false)
            .logOutboundMessages(false)
            .framerIdleStrategy(new YieldingIdleStrategy());
        configuration.epochNanoClock(clock);
        configuration.aeronContext().aeronDirectoryName(aeronDir);
        configuration.aeronArchiveContext().aeronDirectoryName(aeronDir).controlRequestChannel(control)
            .controlResponseChannel("aeron:udp?endpoint=localhost:0");
        engine = FixEngine.launch(configuration);
        final Thread poller = new Thread(this::poll, "artio-library");
        poller.setDaemon(true);
        poller.start();
        if (!connected.await(60, TimeUnit.SECONDS) || failure != null)
        {
            throw new IllegalStateException("Artio library did not connect to the engine", failure);
        }
    }

    private void poll()
    {
        final String aeronDir = new File(dir, "aeron").getAbsolutePath();
        final LibraryConfiguration configuration = new LibraryConfiguration()
            .sessionAcquireHandler(this::onSessionAcquired)
            .sessionExistsHandler(new AcquiringSessionExistsHandler())
            .libraryAeronChannels(List.of("aeron:ipc"));
        configuration.aeronContext().aeronDirectoryName(aeronDir);
        final IdleStrategy idle = new YieldingIdleStrategy();
        libraryIdle = idle.getClass().getSimpleName();
        try (FixLibrary library = FixLibrary.connect(configuration))
        {
            while (!library.isConnected())
            {
                idle.idle(library.poll(10));
            }
            connected.countDown();
            while (true)
            {
                idle.idle(library.poll(10));
            }
        }
        catch (final Throwable t)
        {
            failure = t;
            connected.countDown();
            // the harness scans the server log for warnings: one line naming the failure is what it needs
            System.err.println("WARNING artio server: library duty cycle failed: " + t);
        }
    }

    private SessionHandler onSessionAcquired(final Session session, final SessionAcquiredInfo info)
    {
        return new ExecHandler(probe, clock);
    }

    /**
     * Fills every NewOrderSingle, answers every MarketDataRequest with a snapshot and every tick with an order,
     * all with Artio's generated codecs. Poller thread only; allocation-free per message.
     */
    private static final class ExecHandler implements SessionHandler
    {
        private static final byte[] ACCOUNT = {'B', 'E', 'N', 'C', 'H'};
        private static final byte[] DEFAULT_SYMBOL = {'F', 'I', 'X', 'T'};
        private final ServerProbe probe;
        private final EpochNanoClock clock;
        private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
        private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
        private final MarketDataRequestDecoder request = new MarketDataRequestDecoder();
        private final MarketDataIncrementalRefreshDecoder tick = new MarketDataIncrementalRefreshDecoder();
        private final ExecutionReportEncoder report = new ExecutionReportEncoder();
        private final MarketDataSnapshotFullRefreshEncoder snapshot = new MarketDataSnapshotFullRefreshEncoder();
        private final NewOrderSingleEncoder newOrder = new NewOrderSingleEncoder();
        private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
        private final byte[] key = new byte[64];
        private final byte[] symbol = new byte[32];
        private final byte[] id = new byte[20];
        private long ids;

        ExecHandler(final ServerProbe probe, final EpochNanoClock clock)
        {
            this.probe = probe;
            this.clock = clock;
        }

        @Override
        public Action onMessage(final DirectBuffer buffer, final int offset, final int length, final int libraryId,
            final Session session, final int sequenceIndex, final long messageType, final long timestampInNs,
            final long position, final OnMessageInfo messageInfo)
        {
            ascii.wrap(buffer);
            if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE)
            {
                fill(offset, length, session);
            }
            else if (messageType == MarketDataRequestDecoder.MESSAGE_TYPE)
            {
                snapshot(offset, length, session);
            }
            else if (messageType == MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE)
            {
                trade(offset, length, session, timestampInNs);
            }
            return Action.CONTINUE;
        }

        private void fill(final int offset, final int length, final Session session)
        {
            order.reset();
            order.decode(ascii, offset, length);
            final int idLength = format(++ids, id);
            final DecimalFloat qty = order.orderQty();
            final DecimalFloat price = order.price();
            report.orderID(id, idLength).clOrdID(order.clOrdID(), order.clOrdIDLength()).execID(id, idLength).execType('F')
                .ordStatus('2');
            report.instrument().symbol(order.symbol(), order.symbolLength());
            report.side(order.side());
            report.orderQtyData().orderQty(qty.value(), qty.scale());
            report.leavesQty(0, 0).cumQty(qty.value(), qty.scale()).avgPx(price.value(), price.scale())
                .lastQty(qty.value(), qty.scale()).lastPx(price.value(), price.scale())
                .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
            send(session, report);
        }

        private void snapshot(final int offset, final int length, final Session session)
        {
            request.reset();
            request.decode(ascii, offset, length);
            snapshot.mDReqID(request.mDReqID(), request.mDReqIDLength());
            snapshot.instrument().symbol(DEFAULT_SYMBOL);
            final MarketDataSnapshotFullRefreshEncoder.MDEntriesGroupEncoder entries =
                snapshot.noMDEntriesGroupCounter(2).mDEntriesGroup(2);
            entries.mDEntryType('0').mDEntryPx(10124, 2).mDEntrySize(500, 0);
            entries.next().mDEntryType('1').mDEntryPx(10126, 2).mDEntrySize(500, 0);
            send(session, snapshot);
        }

        private void trade(final int offset, final int length, final Session session, final long readNs)
        {
            tick.reset();
            tick.decode(ascii, offset, length);
            final int keyLength = copy(tick.mDReqID(), tick.mDReqIDLength(), key);
            final MarketDataIncrementalRefreshDecoder.MDEntriesGroupDecoder entry = tick.mDEntriesGroup();
            final int symbolLength = entry.symbolLength() > 0
                ? copy(entry.symbol(), entry.symbolLength(), symbol) : 0;
            final DecimalFloat price = entry.mDEntryPx();
            newOrder.clOrdID(key, keyLength).account(ACCOUNT).handlInst('1').side('1').ordType('2')
                .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
            newOrder.instrument().symbol(symbol, symbolLength);
            newOrder.orderQtyData().orderQty(100, 0);
            newOrder.price(price.value(), price.scale());
            send(session, newOrder);
            if (probe != null)
            {
                probe.record(parseLong(key, keyLength), clock.nanoTime() - readNs);
            }
        }

        private static void send(final Session session, final uk.co.real_logic.artio.builder.Encoder encoder)
        {
            while (session.trySend(encoder) < 0)
            {
                Thread.yield();
            }
        }

        private static int format(final long value, final byte[] to)
        {
            int length = 0;
            long v = value;
            do
            {
                length++;
                v /= 10;
            }
            while (v > 0);
            v = value;
            for (int i = length - 1; i >= 0; i--)
            {
                to[i] = (byte)('0' + v % 10);
                v /= 10;
            }
            return length;
        }

        private static long parseLong(final byte[] digits, final int length)
        {
            long value = 0;
            for (int i = 0; i < length; i++)
            {
                value = value * 10 + (digits[i] - '0');
            }
            return value;
        }

        private static int copy(final char[] from, final int length, final byte[] to)
        {
            for (int i = 0; i < length; i++)
            {
                to[i] = (byte)from[i];
            }
            return length;
        }

        @Override
        public void onTimeout(final int libraryId, final Session session)
        {
        }

        @Override
        public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
        {
        }

        @Override
        public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
        {
            if (reason != DisconnectReason.LOGOUT)
            {
                System.err.println("WARNING artio server: session disconnected: " + reason);
            }
            return Action.CONTINUE;
        }

        @Override
        public void onSessionStart(final Session session)
        {
        }
    }

    @Override
    public Map<String, Object> profile()
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "artio");
        profile.put("what", "Artio 0.175 FixEngine + FixLibrary over Aeron IPC, embedded ArchivingMediaDriver (SHARED);"
            + " decode and encode with Artio's generated FIX 4.4 codecs (io.fixtape.bench.artio.fix44),"
            + " Session.trySend(encoder)");
        if (probe != null)
        {
            profile.put("server_probe", "tick_to_trade: framer receive timestamp (after its socket read) ->"
                + " Session.trySend returned (order in the library->framer IPC publication; the framer's socket"
                + " write is not included: understates Artio by that hop); one EpochNanoClock for both");
        }
        profile.put("validation", "OFF (-D" + NO_VALIDATION + "=true set before Artio's codecs load; read back from"
            + " Validation.CODEC_VALIDATION_ENABLED) - performance lane");
        profile.put("store", "Artio message logging off (logInboundMessages/logOutboundMessages false)");
        profile.put("idle_strategy", "yielding (framer, library poller); media driver/archive default backoff");
        profile.put("slow_consumer", "Artio defaults: a session whose unsent outbound bytes exceed"
            + " senderMaxBytesInBuffer (" + engine.configuration().senderMaxBytesInBuffer() + ") is disconnected"
            + " (DisconnectReason SLOW_CONSUMER, logged as a WARNING line)");
        profile.put("threads_configured", "media driver + archive (shared), framer, archiver, library poller;"
            + " whole JVM on the server CPU (taskset); no thread pinned by the server itself");
        return profile;
    }

    /** Set here: yielding framer and library poller; codec validation off ({@link #NO_VALIDATION}). */
    @Override
    public Map<String, Object> configured()
    {
        final Map<String, Object> configured = new LinkedHashMap<>();
        configured.put(ReadBack.VALIDATION, "off");
        configured.put(ReadBack.IDLE_STRATEGY, YieldingIdleStrategy.class.getSimpleName());
        configured.put(ReadBack.STORE_CLASS, "none (logInboundMessages=false, logOutboundMessages=false)");
        return configured;
    }

    /** From the running engine's configuration objects, Artio's validation switch, and /proc. */
    @Override
    public Map<String, Object> readBack()
    {
        final EngineConfiguration configuration = engine.configuration();
        final Map<String, Object> readBack = new LinkedHashMap<>();
        readBack.put(ReadBack.VALIDATION, ReadBack.onOff(Validation.CODEC_VALIDATION_ENABLED));
        final String framerIdle = configuration.framerIdleStrategy().getClass().getSimpleName();
        readBack.put(ReadBack.IDLE_STRATEGY, framerIdle.equals(libraryIdle) ? framerIdle
            : "framer " + framerIdle + ", library " + libraryIdle);
        readBack.put(ReadBack.STORE_CLASS, configuration.logInboundMessages() || configuration.logOutboundMessages()
            ? "message logging on (inbound " + configuration.logInboundMessages() + ", outbound "
                + configuration.logOutboundMessages() + ")"
            : "none (logInboundMessages=false, logOutboundMessages=false)");
        // the framer (socket I/O, Artio's engine agent) and the library poller (session + our handler)
        final List<Map<String, Object>> hot =
            ReadBack.threads(name -> name.contains("ramer") || name.startsWith("artio-library"));
        readBack.put("hot_threads", hot);
        readBack.put(ReadBack.HOT_THREAD_CPUS, ReadBack.cpusOf(hot));
        readBack.put("threads_pinned_by_server", "none (whole JVM pinned by taskset)");
        return readBack;
    }

}
