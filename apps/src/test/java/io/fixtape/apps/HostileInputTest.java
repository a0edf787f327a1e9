package io.fixtape.apps;

import io.fixtape.apps.BuiltinApplications;
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
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile input against a real acceptor (settings file → engine, dictionary validation on, echo application) with
 * two sessions on one port: each attack on one connection ends in a reject, logout or disconnect with a counted
 * reason, while the other, well-behaved session keeps trading.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileInputTest
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
        "IdleStrategy=sleeping",
        "[SESSION]",
        "TargetCompID=TW",
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
        context.logonTimeoutNanos(TimeUnit.MILLISECONDS.toNanos(300));
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

    /** The other session still answers: a NewOrderSingle comes back echoed. */
    private void goodSessionStillTrades() throws IOException
    {
        final String clOrdId = "G" + goodSeqNum;
        good.send("FIX.4.4", "35=D|34=" + goodSeqNum++ + "|49=GOOD|52=" + now() + "|56=ISLD|11=" + clOrdId +
            "|21=1|38=100|40=1|54=1|55=ACME|60=" + now() + "|");
        final String echo = good.receive(5000);
        assertNotNull(echo, "the other session answered");
        assertTrue(echo.contains("|35=D|") && echo.contains("|11=" + clOrdId + "|"), echo);
    }

    private static String logon(final String sender)
    {
        return "35=A|34=1|49=" + sender + "|52=" + now() + "|56=ISLD|98=0|108=30|";
    }

    @Test
    void garbledBytesBeforeLogonDisconnect() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.sendRaw("GET / HTTP/1.1\r\nHost: fix\r\n\r\n");
            evil.awaitClose(5000);
        }
        assertTrue(counters.garbledMessages.get() >= 1);
        assertEquals(1, counters.disconnects(DisconnectReason.GARBLED_BEFORE_LOGON).get());
        goodSessionStillTrades();
    }

    @Test
    void hugeBodyLengthDisconnectsBeforeTheBodyIsBuffered() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.send("FIX.4.4", logon("TW"));
            assertTrue(evil.receive(5000).contains("|35=A|"));
            evil.sendRaw("8=FIX.4.4|9=2000000000|35=D|");
            evil.awaitClose(5000);
        }
        assertEquals(1, counters.messagesTooLarge.get());
        assertEquals(1, counters.disconnects(DisconnectReason.MESSAGE_TOO_LARGE).get());
        goodSessionStillTrades();
    }

    @Test
    void badChecksumIsIgnoredAndCounted() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.send("FIX.4.4", logon("TW"));
            assertTrue(evil.receive(5000).contains("|35=A|"));
            final String testRequest = RawFixClient.message("FIX.4.4", "35=1|34=2|49=TW|52=" + now() + "|56=ISLD|112=X|");
            evil.sendRaw(testRequest.substring(0, testRequest.length() - 4) + "999|");
            assertNull(evil.receive(300), "a message with a bad checksum is ignored");
            evil.sendRaw(testRequest);
            final String heartbeat = evil.receive(5000);
            assertTrue(heartbeat.contains("|35=0|") && heartbeat.contains("|112=X|"), heartbeat);
        }
        assertEquals(1, counters.garbledMessages.get());
        goodSessionStillTrades();
    }

    @Test
    void unknownCompIdsGetALogoutAndAreDisconnected() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.send("FIX.4.4", logon("EVIL"));
            final String received = evil.awaitClose(5000);
            assertTrue(received.contains("|35=5|") && received.contains("|56=EVIL|"), received);
        }
        assertEquals(1, counters.unknownSessions.get());
        assertEquals(1, counters.disconnects(DisconnectReason.UNKNOWN_SESSION).get());
        goodSessionStillTrades();
    }

    @Test
    void wrongCompIdAfterLogonIsRejectedAndLoggedOut() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.send("FIX.4.4", logon("TW"));
            assertTrue(evil.receive(5000).contains("|35=A|"));
            evil.send("FIX.4.4", "35=0|34=2|49=GOOD|52=" + now() + "|56=ISLD|");
            final String received = evil.awaitClose(5000);
            assertTrue(received.contains("|35=3|") && received.contains("|373=9|"), "Reject CompID problem: " + received);
            assertTrue(received.contains("|35=5|"), "Logout: " + received);
        }
        goodSessionStillTrades();
    }

    @Test
    void aMessageBeforeLogonDisconnects() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.send("FIX.4.4", "35=D|34=1|49=TW|52=" + now() + "|56=ISLD|11=X|21=1|38=1|40=1|54=1|55=A|60=" + now() + "|");
            evil.awaitClose(5000);
        }
        assertEquals(1, counters.messagesBeforeLogon.get());
        assertEquals(1, counters.disconnects(DisconnectReason.INVALID_LOGON).get());
        goodSessionStillTrades();
    }

    @Test
    void silenceAfterConnectHitsTheLogonTimeout() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.awaitClose(5000);
        }
        assertEquals(1, counters.logonTimeouts.get());
        assertEquals(1, counters.disconnects(DisconnectReason.LOGON_TIMEOUT).get());
        goodSessionStillTrades();
    }

    @Test
    void aSecondLogonForAConnectedSessionIsRefused() throws IOException
    {
        try (RawFixClient evil = new RawFixClient(engine.boundPort()))
        {
            evil.send("FIX.4.4", logon("GOOD"));
            evil.awaitClose(5000);
        }
        assertEquals(1, counters.disconnects(DisconnectReason.DUPLICATE_SESSION).get());
        goodSessionStillTrades();
    }
}
