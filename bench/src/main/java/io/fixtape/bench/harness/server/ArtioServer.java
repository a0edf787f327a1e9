package io.fixtape.bench.harness.server;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.fixtape.bench.harness.client.FixScanner;
import io.fixtape.bench.harness.client.FixWriter;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;
import uk.co.real_logic.artio.builder.ExecutionReportEncoder;
import uk.co.real_logic.artio.decoder.NewOrderSingleDecoder;
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

import java.io.File;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code artio} arm: an Artio 0.175 FixEngine (framer) and FixLibrary in the server JVM with an embedded
 * ArchivingMediaDriver (SHARED threading), exchanging over Aeron IPC. The library's session handler fills every
 * NewOrderSingle (decoded with Artio's NewOrderSingleDecoder). The ExecutionReport is encoded by the harness's own
 * raw encoder and sent with {@link Session#trySend(DirectBuffer, int, int, int, long)}: Artio 0.175's prebuilt
 * session codecs have no ExecutionReport with ClOrdID, quantities and prices, and generating FIX 4.4 codecs was
 * out of scope — so this arm measures Artio's engine/library/IPC path, not its encoder. nos_er only.
 *
 * <p>Threading: the media driver and archive (one shared agent each), Artio's framer and archiver agents, and one
 * library poller thread (yielding) created here; all inside this JVM, which the orchestrator pins to the server
 * CPU as a whole.
 */
final class ArtioServer implements BenchServer
{
    private static final byte[] ER = {'8'};
    private static final byte[] FILLED = {'2'};
    private static final byte[] TRADE = {'F'};
    private static final byte[] ZERO = {'0'};

    private final int port;
    private final File dir;
    private final CountDownLatch connected = new CountDownLatch(1);
    private volatile Throwable failure;
    private ArchivingMediaDriver driver;
    private FixEngine engine;

    private ArtioServer(final int port) throws Exception
    {
        this.port = port;
        this.dir = Files.createTempDirectory("fixtape-artio-").toFile();
        // The orchestrator stops servers with SIGTERM: remove the media driver, archive and log files then.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> IoUtil.delete(dir, true), "artio-cleanup"));
    }

    static ArtioServer forScenario(final int port, final String scenario) throws Exception
    {
        if (!"nos_er".equals(scenario))
        {
            throw new IllegalArgumentException("the artio arm runs nos_er only (no MarketData codecs in Artio 0.175's"
                + " prebuilt session codecs), not " + scenario);
        }
        return new ArtioServer(port);
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
        return new ExecHandler();
    }

    /** Fills every NewOrderSingle; poller thread only; allocation-free per message. */
    private static final class ExecHandler implements SessionHandler
    {
        private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
        private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
        private final FixWriter writer = new FixWriter(1024, "SERVER", "CLIENT");
        private final UnsafeBuffer out = new UnsafeBuffer(writer.buffer());
        private final long executionReportType = new ExecutionReportEncoder().messageType();
        private final byte[] clOrdId = new byte[64];
        private final byte[] symbol = new byte[32];
        private final byte[] side = new byte[1];
        private final byte[] raw = new byte[4096];
        private long ids;

        @Override
        public Action onMessage(final DirectBuffer buffer, final int offset, final int length, final int libraryId,
            final Session session, final int sequenceIndex, final long messageType, final long timestampInNs,
            final long position, final OnMessageInfo messageInfo)
        {
            if (messageType != NewOrderSingleDecoder.MESSAGE_TYPE)
            {
                return Action.CONTINUE;
            }
            ascii.wrap(buffer);
            order.reset();
            order.decode(ascii, offset, length);
            final int clOrdIdLength = copy(order.clOrdID(), order.clOrdIDLength(), clOrdId);
            final int symbolLength = copy(order.symbol(), order.symbolLength(), symbol);
            side[0] = (byte)order.side();
            // Quantity and price are echoed as the exact text received (no double, no re-formatting).
            buffer.getBytes(offset, raw, 0, length);
            final int qtyAt = FixScanner.valueOffset(raw, 0, length, 38);
            final int qtyLength = valueLength(qtyAt);
            final int priceAt = FixScanner.valueOffset(raw, 0, length, 44);
            final int priceLength = valueLength(priceAt);
            final long id = ++ids;
            final int seqNum = session.lastSentMsgSeqNum() + 1;
            writer.begin(ER, seqNum, System.currentTimeMillis())
                .field(37, id).field(11, clOrdId, 0, clOrdIdLength).field(17, id).field(150, TRADE)
                .field(39, FILLED).field(55, symbol, 0, symbolLength).field(54, side, 0, 1)
                .field(38, raw, qtyAt, qtyLength).field(151, ZERO).field(14, raw, qtyAt, qtyLength)
                .field(6, raw, priceAt, priceLength).field(32, raw, qtyAt, qtyLength)
                .field(31, raw, priceAt, priceLength);
            final int start = writer.finish();
            while (session.trySend(out, start, writer.length(), seqNum, executionReportType) < 0)
            {
                Thread.yield();
            }
            return Action.CONTINUE;
        }

        private int valueLength(final int at)
        {
            int end = at;
            while (raw[end] != 1)
            {
                end++;
            }
            return end - at;
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
            + " NOS decoded by Artio, ER encoded by the harness's raw encoder and sent with Session.trySend(buffer)");
        profile.put("validation", "OFF (Artio generated-codec validation disabled by default) - performance lane");
        profile.put("store", "Artio message logging off (logInboundMessages/logOutboundMessages false)");
        profile.put("idle_strategy", "yielding (framer, library poller); media driver/archive default backoff");
        profile.put("threads_configured", "media driver + archive (shared), framer, archiver, library poller;"
            + " whole JVM on the server CPU");
        return profile;
    }

}
