package io.fixtape.replay.drive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.fixtape.cluster.EmbeddedMediaDriver;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.engine.transport.tcp.TcpTransport;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import io.fixtape.replay.transport.aeron.AeronTransport;
import io.fixtape.replay.transport.aeron.AeronTransportContext;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;

/**
 * The transports of one replay: the engine's end — one {@link Transport} for all its sessions and connections —
 * and, per session, the counterparty's end ({@link Link}), which opens the session's recorded connections one
 * after another: it connects to the engine when the recorded engine was the acceptor, and is there to be connected
 * to when it was the initiator.
 *
 * <ul>
 *   <li>{@code tcp}: the engine's NIO transport on loopback (listening for the acceptor sessions, connecting for
 *   the initiators); per session a counterparty NIO transport that connects, or listens on a port of its own.</li>
 *   <li>{@code inproc}, {@code aeron-ipc}, {@code aeron-udp}: a fresh pair per connection (an in-process pipe; an
 *   Aeron publication/subscription per direction on streams of its own, through one embedded media driver), its
 *   engine end handed to the engine through {@link OfferedConnections}.</li>
 * </ul>
 *
 * <p>Threading: opened and closed on the replay thread; links are used by the replay thread, the engine's
 * transport by the engine's thread.
 */
final class ReplayNetwork implements AutoCloseable
{
    private static final int FIRST_STREAM = 1001;

    private final TransportKind kind;
    private final int toEngineCapacity;
    private final int toCounterpartyCapacity;
    private final Transport engineTransport;
    private final InetSocketAddress[] sessionAddresses;
    private final List<Link> links = new ArrayList<>();
    private final EmbeddedMediaDriver driver;
    private final Path aeronDir;
    private int pairs;

    private ReplayNetwork(final TransportKind kind, final ReplayPlan plan, final int toEngineCapacity,
        final int toCounterpartyCapacity)
    {
        this.kind = kind;
        this.toEngineCapacity = toEngineCapacity;
        this.toCounterpartyCapacity = toCounterpartyCapacity;
        final int sessions = plan.sessions().size();
        this.sessionAddresses = new InetSocketAddress[sessions];
        if (kind == TransportKind.TCP)
        {
            driver = null;
            aeronDir = null;
            final TcpTransport engine = new TcpTransport(new TcpTransportConfig(), new EngineCounters());
            engineTransport = engine;
            final InetAddress loopback = InetAddress.getLoopbackAddress();
            InetSocketAddress engineAddress = null;
            for (int s = 0; s < sessions; s++)
            {
                final TcpTransport counterparty = new TcpTransport(new TcpTransportConfig(), new EngineCounters());
                if (plan.sessions().get(s).engineInitiates())
                {
                    sessionAddresses[s] = new InetSocketAddress(loopback, counterparty.bind(new InetSocketAddress(loopback, 0)));
                    links.add(new TcpLink(counterparty, null));
                }
                else
                {
                    if (engineAddress == null)
                    {
                        engineAddress = new InetSocketAddress(loopback, engine.bind(new InetSocketAddress(loopback, 0)));
                    }
                    sessionAddresses[s] = engineAddress;
                    links.add(new TcpLink(counterparty, engineAddress));
                }
            }
        }
        else
        {
            final boolean aeron = kind != TransportKind.INPROC;
            aeronDir = aeron ? aeronDirectory() : null;
            driver = aeron ? EmbeddedMediaDriver.launch(aeronDir.toString()) : null;
            final OfferedConnections offered = new OfferedConnections(kind.cliName());
            engineTransport = offered;
            for (int s = 0; s < sessions; s++)
            {
                sessionAddresses[s] = offered.address(s);
                links.add(new PairLink(s, plan.sessions().get(s).engineInitiates(), offered));
            }
        }
    }

    /**
     * @param toEngineCapacity       {@code inproc} only: bytes of each ring the counterparty writes (power of two).
     * @param toCounterpartyCapacity {@code inproc} only: bytes of each ring the engine writes (power of two).
     */
    static ReplayNetwork open(final TransportKind kind, final ReplayPlan plan, final int toEngineCapacity,
        final int toCounterpartyCapacity)
    {
        return new ReplayNetwork(kind, plan, toEngineCapacity, toCounterpartyCapacity);
    }

    /** The engine's transport (every session, every connection). */
    Transport engineTransport()
    {
        return engineTransport;
    }

    /** Where each session meets the engine: an initiator session connects there; an acceptor's is informative. */
    InetSocketAddress[] sessionAddresses()
    {
        return sessionAddresses.clone();
    }

    /** The counterparty end of session {@code session}. */
    Link link(final int session)
    {
        return links.get(session);
    }

    @Override
    public void close()
    {
        for (final Link link : links)
        {
            link.close();
        }
        CloseHelper.quietCloseAll(engineTransport, driver);
        if (aeronDir != null)
        {
            IoUtil.delete(aeronDir.toFile(), true);
        }
    }

    /** A counterparty end that connects to an engine running elsewhere (an acceptor model's listening port). */
    static Link connectingTo(final InetSocketAddress engine)
    {
        return new TcpLink(new TcpTransport(new TcpTransportConfig(), new EngineCounters()), engine);
    }

    /** One session's counterparty end: its connections, one after another. Replay thread only. */
    interface Link
    {
        /** Make the session's next connection: connect to the engine, or be there for the engine to connect. */
        void openNext();

        /** Do the counterparty's I/O and report it to {@code listener}. */
        int poll(TransportListener listener);

        void close();
    }

    /** TCP: one counterparty NIO transport per session, connecting for each connection or listening. */
    private static final class TcpLink implements Link
    {
        private final TcpTransport transport;
        private final InetSocketAddress engineAddress;

        TcpLink(final TcpTransport transport, final InetSocketAddress engineAddress)
        {
            this.transport = transport;
            this.engineAddress = engineAddress;
        }

        @Override
        public void openNext()
        {
            if (engineAddress != null)
            {
                transport.connect(engineAddress);
            }
        }

        @Override
        public int poll(final TransportListener listener)
        {
            return transport.poll(listener);
        }

        @Override
        public void close()
        {
            CloseHelper.quietClose(transport);
        }
    }

    /** In-process and Aeron: a new pair per connection, its engine end offered to the engine. */
    private final class PairLink implements Link, TransportListener
    {
        private final int session;
        private final boolean engineInitiates;
        private final OfferedConnections engine;
        private final List<Transport> ends = new ArrayList<>();
        private TransportListener listener;
        private boolean endEnded;

        PairLink(final int session, final boolean engineInitiates, final OfferedConnections engine)
        {
            this.session = session;
            this.engineInitiates = engineInitiates;
            this.engine = engine;
        }

        @Override
        public void openNext()
        {
            final Transport[] pair = newPair(engineInitiates);
            ends.add(pair[1]);
            engine.offer(session, pair[0], engineInitiates);
        }

        @Override
        public int poll(final TransportListener listener)
        {
            this.listener = listener;
            int work = 0;
            for (int i = 0; i < ends.size(); i++)
            {
                endEnded = false;
                final Transport end = ends.get(i);
                work += end.poll(this);
                if (endEnded)
                {
                    ends.remove(i--);
                    CloseHelper.quietClose(end);
                }
            }
            return work;
        }

        @Override
        public void close()
        {
            ends.forEach(CloseHelper::quietClose);
            ends.clear();
        }

        @Override
        public void onConnected(final Connection connection, final boolean initiated)
        {
            listener.onConnected(connection, initiated);
        }

        @Override
        public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
        {
            listener.onData(connection, buffer, offset, length);
        }

        @Override
        public void onDisconnected(final Connection connection, final DisconnectReason reason)
        {
            endEnded = true;
            listener.onDisconnected(connection, reason);
        }
    }

    /** A new connection's two ends: {@code [engine, counterparty]}. */
    private Transport[] newPair(final boolean engineInitiates)
    {
        final int stream = FIRST_STREAM + 2 * pairs++;
        switch (kind)
        {
            case INPROC:
            {
                // the ring the engine writes is sized for the engine's messages, whichever end it is
                final InProcPipe pipe = engineInitiates ? new InProcPipe(toCounterpartyCapacity, toEngineCapacity) :
                    new InProcPipe(toEngineCapacity, toCounterpartyCapacity);
                return engineInitiates ? new Transport[] {pipe.initiator(), pipe.acceptor()} :
                    new Transport[] {pipe.acceptor(), pipe.initiator()};
            }
            case AERON_IPC:
            case AERON_UDP:
            {
                final AeronTransportContext initiator;
                final AeronTransportContext acceptor;
                if (kind == TransportKind.AERON_IPC)
                {
                    initiator = AeronTransportContext.ipc(driver.aeronDirectoryName(), true);
                    acceptor = AeronTransportContext.ipc(driver.aeronDirectoryName(), false);
                }
                else
                {
                    final int initiatorPort = freeUdpPort();
                    final int acceptorPort = freeUdpPort();
                    initiator = AeronTransportContext.udp(driver.aeronDirectoryName(), true, initiatorPort, acceptorPort);
                    acceptor = AeronTransportContext.udp(driver.aeronDirectoryName(), false, initiatorPort, acceptorPort);
                }
                // streams of its own: nothing of an earlier connection's streams reaches this one
                initiator.publicationStreamId(stream).subscriptionStreamId(stream + 1);
                acceptor.publicationStreamId(stream + 1).subscriptionStreamId(stream);
                final AeronTransport initiatorEnd = AeronTransport.open(initiator);
                final AeronTransport acceptorEnd;
                try
                {
                    acceptorEnd = AeronTransport.open(acceptor);
                }
                catch (final RuntimeException ex)
                {
                    CloseHelper.quietClose(initiatorEnd);
                    throw ex;
                }
                return engineInitiates ? new Transport[] {initiatorEnd, acceptorEnd} :
                    new Transport[] {acceptorEnd, initiatorEnd};
            }
            default:
                throw new IllegalArgumentException(kind.toString());
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
}
