package io.fixtape.replay.transport;

import java.io.IOException;
import java.net.DatagramSocket;
import java.nio.file.Path;

import io.fixtape.cluster.EmbeddedMediaDriver;
import io.fixtape.engine.transport.Transport;
import io.fixtape.replay.transport.aeron.AeronTransport;
import io.fixtape.replay.transport.aeron.AeronTransportContext;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** Both Aeron flavours against a real embedded media driver (SHARED, backoff) in a temp directory. */
class AeronTransportTest
{
    private static final String SMALL_TERM = "term-length=64k";

    abstract static class AeronPair extends TransportPairContract
    {
        @TempDir
        Path dir;
        EmbeddedMediaDriver driver;
        AeronTransport initiator;
        AeronTransport acceptor;

        abstract AeronTransportContext context(String aeronDir, boolean initiated);

        @BeforeEach
        void start()
        {
            driver = EmbeddedMediaDriver.launch(dir.resolve("aeron").toString());
            initiator = AeronTransport.open(context(driver.aeronDirectoryName(), true));
            acceptor = AeronTransport.open(context(driver.aeronDirectoryName(), false));
        }

        @AfterEach
        void stop()
        {
            CloseHelper.quietCloseAll(initiator, acceptor, driver);
        }

        @Override
        protected Transport initiator()
        {
            return initiator;
        }

        @Override
        protected Transport acceptor()
        {
            return acceptor;
        }
    }

    static int freeUdpPort()
    {
        try (DatagramSocket socket = new DatagramSocket(0))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static String small(final String channel)
    {
        return channel.replace("term-length=16m", SMALL_TERM);
    }

    @Nested
    class Ipc extends AeronPair
    {
        @Override
        AeronTransportContext context(final String aeronDir, final boolean initiated)
        {
            final AeronTransportContext context = AeronTransportContext.ipc(aeronDir, initiated);
            return context.publicationChannel(small(context.publicationChannel()))
                .subscriptionChannel(small(context.subscriptionChannel()));
        }
    }

    @Nested
    class Udp extends AeronPair
    {
        // chosen at construction: the superclass @BeforeEach opens the transports
        final int initiatorPort = freeUdpPort();
        final int acceptorPort = freeUdpPort();

        @Override
        AeronTransportContext context(final String aeronDir, final boolean initiated)
        {
            final AeronTransportContext context = AeronTransportContext.udp(aeronDir, initiated, initiatorPort, acceptorPort);
            return context.publicationChannel(small(context.publicationChannel()))
                .subscriptionChannel(small(context.subscriptionChannel()));
        }
    }
}
