package io.fixtape.apps;

import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counterparties that attack the acceptor's port in bulk while a well-behaved session trades on the same port:
 * random bytes at full speed, a megabyte without SOH, a Logon sent one byte at a time, floods of Logons with
 * unknown CompIDs, thousands of idle connections (capped before their Logon), connections beyond
 * {@code MaxConnections}. Each ends in a counted disconnect; the good session
 * answers throughout.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class HostileCounterpartiesTest
{
    private static final String SETTINGS = String.join("\n",
        "[DEFAULT]",
        "ConnectionType=acceptor",
        "SocketAcceptAddress=127.0.0.1",
        "SocketAcceptPort=0",
        "SenderCompID=ISLD",
        "BeginString=FIX.4.4",
        "NonStopSession=Y",
        "ResetOnLogon=Y",
        "ResetOnDisconnect=Y",
        "MaxMessageSize=4096",
        "MaxConnections=64",
        "MaxUnauthenticatedConnections=200",
        "MaxUnauthenticatedConnectionsPerAddress=20",
        "LogonTimeout=1",
        "IdleStrategy=sleeping",
        "[SESSION]",
        "TargetCompID=GOOD");

    private FixEngine engine;
    private EngineCounters counters;
    private RawFixClient good;
    private int goodSeqNum = 1;

    @BeforeEach
    void start() throws IOException
    {
        final EngineContext context = new EngineSettings().toContext(
            new SettingsParser().parse("hostile.cfg", SETTINGS), new OffsetEpochNanoClock(),
            (config, clock) -> BuiltinApplications.create("echo", config, clock));
        engine = FixEngine.launch(context);
        counters = engine.counters();
        good = new RawFixClient(engine.boundPort());
        good.send("FIX.4.4", "35=A|34=" + goodSeqNum++ + "|49=GOOD|52=" + now() + "|56=ISLD|98=0|108=30|");
        assertTrue(good.receive(5000).contains("|35=A|"), "good session logged on");
    }

    @AfterEach
    void stop() throws IOException
    {
        good.close();
        engine.close();
    }

    private void goodSessionTrades() throws IOException
    {
        final String clOrdId = "G" + goodSeqNum;
        good.send("FIX.4.4", "35=D|34=" + goodSeqNum++ + "|49=GOOD|52=" + now() + "|56=ISLD|11=" + clOrdId +
            "|21=1|38=100|40=1|54=1|55=ACME|60=" + now() + "|");
        final String echo = good.receive(5000);
        assertNotNull(echo, "the good session answered");
        assertTrue(echo.contains("|11=" + clOrdId + "|"), echo);
    }

    @Test
    void randomBytesAtFullSpeedAreDroppedAsGarbage() throws Exception
    {
        final Random random = new Random(42);
        final byte[] chunk = new byte[64 * 1024];
        for (int connection = 0; connection < 4; connection++)
        {
            try (Socket socket = new Socket("127.0.0.1", engine.boundPort()))
            {
                final OutputStream out = socket.getOutputStream();
                for (int i = 0; i < 64; i++) // up to 4 MB a connection, until the engine closes it
                {
                    random.nextBytes(chunk);
                    out.write(chunk);
                }
            }
            catch (final SocketException closedByTheEngine)
            {
                // the expected end: the engine closed the connection while we were still sending
            }
            goodSessionTrades();
        }
        await(() -> counters.disconnects(DisconnectReason.GARBLED_BEFORE_LOGON).get() +
            counters.disconnects(DisconnectReason.MESSAGE_TOO_LARGE).get() == 4, "four garbage connections closed");
    }

    @Test
    void aMegabyteWithoutSohIsClosedBeforeItIsBuffered() throws Exception
    {
        final byte[] noSoh = new byte[1 << 20];
        Arrays.fill(noSoh, (byte)'7');
        for (final String start : new String[] {"8=FIX.4.4\u00019=", "8=FIX.4.4", ""})
        {
            try (Socket socket = new Socket("127.0.0.1", engine.boundPort()))
            {
                final OutputStream out = socket.getOutputStream();
                out.write(start.getBytes(StandardCharsets.US_ASCII));
                out.write(noSoh);
            }
            catch (final SocketException closedByTheEngine)
            {
                // closed while sending
            }
            goodSessionTrades();
        }
        await(() -> counters.disconnects(DisconnectReason.GARBLED_BEFORE_LOGON).get() +
            counters.disconnects(DisconnectReason.MESSAGE_TOO_LARGE).get() == 3, "three SOH-less megabytes closed");
    }

    @Test
    void aLogonSentOneByteAtATimeRunsIntoTheLogonTimeout() throws Exception
    {
        final byte[] logon = RawFixClient.message("FIX.4.4", "35=A|34=1|49=SLOW|52=" + now() + "|56=ISLD|98=0|108=30|")
            .getBytes(StandardCharsets.ISO_8859_1);
        try (Socket socket = new Socket("127.0.0.1", engine.boundPort()))
        {
            final OutputStream out = socket.getOutputStream();
            try
            {
                for (final byte b : logon)
                {
                    out.write(b);
                    out.flush();
                    goodSessionTrades();
                    Thread.sleep(100);
                }
            }
            catch (final SocketException closedByTheEngine)
            {
                // the Logon timeout struck mid-Logon
            }
        }
        await(() -> counters.logonTimeouts.get() == 1, "the slow Logon timed out");
        goodSessionTrades();
    }

    @Test
    void aFloodOfLogonsWithUnknownCompIdsIsRefusedOneByOne() throws IOException
    {
        for (int i = 0; i < 200; i++)
        {
            try (RawFixClient evil = new RawFixClient(engine.boundPort()))
            {
                evil.send("FIX.4.4", "35=A|34=1|49=STRANGER" + i + "|52=" + now() + "|56=ISLD|98=0|108=30|");
                evil.awaitClose(5000);
            }
            if (i % 50 == 0)
            {
                goodSessionTrades();
            }
        }
        assertEquals(200, counters.unknownSessions.get());
        goodSessionTrades();
    }

    @Test
    void thousandsOfIdleConnectionsAreCappedBeforeTheirLogonAndTheAdmittedOnesTimeOut() throws Exception
    {
        final List<Socket> idle = new ArrayList<>();
        try
        {
            for (int i = 0; i < 1000; i++)
            {
                idle.add(new Socket("127.0.0.1", engine.boundPort()));
            }
            // MaxUnauthenticatedConnectionsPerAddress=20 admits 20 at a time from this address; the rest are closed
            final LongSupplier refused = counters.connectionsRefusedUnauthenticated::get;
            await(() -> refused.getAsLong() + counters.logonTimeouts.get() >= 1000, "every idle connection ended");
            assertTrue(refused.getAsLong() >= 1000 - 20 * 10, "most refused when accepted: " + refused.getAsLong());
            assertEquals(0, counters.connectionsRefusedLimit.get(), "MaxConnections never reached");
            goodSessionTrades();
        }
        finally
        {
            for (final Socket socket : idle)
            {
                socket.close();
            }
        }
    }

    @Test
    void connectionsBeyondMaxConnectionsAreClosedAtOnce() throws Exception
    {
        final List<Socket> idle = new ArrayList<>();
        try
        {
            // from many loopback addresses, so that the per-address cap does not stop them first
            for (int i = 0; i < 100; i++)
            {
                final Socket socket = new Socket();
                socket.bind(new java.net.InetSocketAddress("127.0.0." + (2 + i % 50), 0));
                socket.connect(new java.net.InetSocketAddress("127.0.0.1", engine.boundPort()));
                idle.add(socket);
            }
            await(() -> counters.connectionsRefusedLimit.get() >= 100 - 63, "connections beyond MaxConnections refused");
            goodSessionTrades();
        }
        finally
        {
            for (final Socket socket : idle)
            {
                socket.close();
            }
        }
    }
}
