package io.fixtape.replay.drive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import io.fixtape.cluster.EmbeddedMediaDriver;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.tcp.TcpTransport;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import io.fixtape.replay.transport.aeron.AeronTransport;
import io.fixtape.replay.transport.aeron.AeronTransportContext;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;

/**
 * The two ends a replay runs over: the engine end (acceptor side, handed to the engine) and the counterparty end
 * (initiator side, driven by the replayer), plus whatever they need (an embedded media driver, a listening
 * socket). Closing the pair closes both ends and the driver.
 *
 * <p>Threading: created and closed on the replay thread; each end is then polled by one thread.
 */
public final class TransportPair implements AutoCloseable
{
    private final Transport engineEnd;
    private final Transport counterpartyEnd;
    private final EmbeddedMediaDriver driver;
    private final Path aeronDir;

    private TransportPair(final Transport engineEnd, final Transport counterpartyEnd,
        final EmbeddedMediaDriver driver, final Path aeronDir)
    {
        this.engineEnd = engineEnd;
        this.counterpartyEnd = counterpartyEnd;
        this.driver = driver;
        this.aeronDir = aeronDir;
    }

    public static TransportPair open(final TransportKind kind)
    {
        return open(kind, InProcPipe.DEFAULT_CAPACITY, InProcPipe.DEFAULT_CAPACITY);
    }

    /**
     * @param toEngineCapacity       {@code inproc} only: bytes of the ring the counterparty writes (power of two).
     * @param toCounterpartyCapacity {@code inproc} only: bytes of the ring the engine writes (power of two).
     */
    public static TransportPair open(final TransportKind kind, final int toEngineCapacity, final int toCounterpartyCapacity)
    {
        switch (kind)
        {
            case INPROC:
            {
                // the engine end is the acceptor, the counterparty end the initiator
                final InProcPipe pipe = new InProcPipe(toEngineCapacity, toCounterpartyCapacity);
                return new TransportPair(pipe.acceptor(), pipe.initiator(), null, null);
            }
            case TCP:
            {
                final TcpTransport engine = new TcpTransport(new TcpTransportConfig(), new EngineCounters());
                final TcpTransport counterparty = new TcpTransport(new TcpTransportConfig(), new EngineCounters());
                try
                {
                    final InetAddress loopback = InetAddress.getLoopbackAddress();
                    final int port = engine.bind(new InetSocketAddress(loopback, 0));
                    counterparty.connect(new InetSocketAddress(loopback, port));
                }
                catch (final RuntimeException ex)
                {
                    CloseHelper.quietCloseAll(engine, counterparty);
                    throw ex;
                }
                return new TransportPair(engine, counterparty, null, null);
            }
            case AERON_IPC:
            case AERON_UDP:
                return openAeron(kind);
            default:
                throw new IllegalArgumentException(kind.toString());
        }
    }

    private static TransportPair openAeron(final TransportKind kind)
    {
        final Path dir = aeronDirectory();
        final EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(dir.toString());
        AeronTransport engine = null;
        try
        {
            final AeronTransportContext engineContext;
            final AeronTransportContext counterpartyContext;
            if (kind == TransportKind.AERON_IPC)
            {
                engineContext = AeronTransportContext.ipc(driver.aeronDirectoryName(), false);
                counterpartyContext = AeronTransportContext.ipc(driver.aeronDirectoryName(), true);
            }
            else
            {
                final int initiatorPort = freeUdpPort();
                final int acceptorPort = freeUdpPort();
                engineContext = AeronTransportContext.udp(driver.aeronDirectoryName(), false, initiatorPort, acceptorPort);
                counterpartyContext = AeronTransportContext.udp(driver.aeronDirectoryName(), true, initiatorPort, acceptorPort);
            }
            engine = AeronTransport.open(engineContext);
            final AeronTransport counterparty = AeronTransport.open(counterpartyContext);
            return new TransportPair(engine, counterparty, driver, dir);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(engine, driver);
            throw ex;
        }
    }

    /** Under /dev/shm when present (tmpfs: no disk I/O for the log buffers), else the temp directory. */
    private static Path aeronDirectory()
    {
        try
        {
            final Path shm = Path.of("/dev/shm");
            return Files.isDirectory(shm) && Files.isWritable(shm) ?
                Files.createTempDirectory(shm, "fixtape-replay-aeron-") :
                Files.createTempDirectory("fixtape-replay-aeron-");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create an Aeron directory", ex);
        }
    }

    private static int freeUdpPort()
    {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("no free UDP port", ex);
        }
    }

    public Transport engineEnd()
    {
        return engineEnd;
    }

    public Transport counterpartyEnd()
    {
        return counterpartyEnd;
    }

    @Override
    public void close()
    {
        CloseHelper.quietCloseAll(counterpartyEnd, engineEnd, driver);
        if (aeronDir != null)
        {
            IoUtil.delete(aeronDir.toFile(), true);
        }
    }
}
