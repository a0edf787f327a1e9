package io.fixtape.apps;

import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionCounters;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A counterparty abusing ResendRequest and SequenceReset over loopback TCP while another session on the same port
 * trades: a resend of twenty thousand messages that the abuser does not read, a range beyond MaxResendRequestRange,
 * a flood of repeated ResendRequests, a flood of SequenceResets that would lower the expected number (rejected, then
 * beyond MaxSequenceResets logged out). Each ends in a counted Reject or Logout; the good session's round trips
 * complete throughout. Limits come from the settings file.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ResendAbuseTest
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
        "IdleStrategy=sleeping",
        "SocketSendBufferSize=32768", // with the abuser's small receive buffer: far less than a resend of ORDERS
        "[SESSION]",
        "TargetCompID=GOOD",
        "[SESSION]",
        "TargetCompID=EVIL",
        "ResendBatchSize=64",
        "MaxResendRequestRange=25000",
        "MaxResendRequestRepeats=3",
        "MaxSequenceResets=50");
    private static final int ORDERS = 20_000;

    private FixEngine engine;
    private RawFixClient good;
    private int goodSeqNum = 1;
    private RawFixClient evil;
    private int evilSeqNum = 1;

    @BeforeEach
    void start() throws IOException
    {
        final EngineContext context = new EngineSettings().toContext(
            new SettingsParser().parse("resend-abuse.cfg", SETTINGS), new OffsetEpochNanoClock(),
            (config, clock) -> BuiltinApplications.create("echo", config, clock));
        engine = FixEngine.launch(context);
        good = new RawFixClient(engine.boundPort());
        good.send("FIX.4.4", "35=A|34=" + goodSeqNum++ + "|49=GOOD|52=" + now() + "|56=ISLD|98=0|108=30|");
        assertTrue(good.receive(5000).contains("|35=A|"), "good session logged on");
        evil = new RawFixClient(engine.boundPort(), 32 * 1024);
        evil.send("FIX.4.4", "35=A|34=" + evilSeqNum++ + "|49=EVIL|52=" + now() + "|56=ISLD|98=0|108=30|");
        assertTrue(evil.receive(5000).contains("|35=A|"), "evil session logged on");
    }

    @AfterEach
    void stop() throws IOException
    {
        evil.close();
        good.close();
        engine.close();
    }

    private void goodSessionTrades() throws IOException
    {
        final String clOrdId = "G" + goodSeqNum;
        good.send("FIX.4.4", order(goodSeqNum++, "GOOD", clOrdId));
        final String echo = good.receive(5000);
        assertNotNull(echo, "the good session answered");
        assertTrue(echo.contains("|11=" + clOrdId + "|"), echo);
    }

    private static String order(final int seqNum, final String sender, final String clOrdId)
    {
        return "35=D|34=" + seqNum + "|49=" + sender + "|52=" + now() + "|56=ISLD|11=" + clOrdId +
            "|21=1|38=100|40=1|54=1|55=ACME|60=" + now() + "|";
    }

    /** The evil session sends {@code count} orders and reads their echoes (numbered 2 up). */
    private void evilTrades(final int count) throws IOException
    {
        for (int sent = 0; sent < count; sent += 500)
        {
            final StringBuilder batch = new StringBuilder();
            final int n = Math.min(500, count - sent);
            for (int i = 0; i < n; i++)
            {
                batch.append(RawFixClient.message("FIX.4.4", order(evilSeqNum++, "EVIL", "E" + evilSeqNum)));
            }
            evil.sendRaw(batch.toString());
            for (int i = 0; i < n; i++)
            {
                assertNotNull(evil.receive(5000), "echo " + (sent + i));
            }
        }
    }

    private void evilResendRequest(final int begin, final int end) throws IOException
    {
        evil.send("FIX.4.4", resendRequest(evilSeqNum++, begin, end));
    }

    private static String resendRequest(final int seqNum, final int begin, final int end)
    {
        return "35=2|34=" + seqNum + "|49=EVIL|52=" + now() + "|56=ISLD|7=" + begin + "|16=" + end + "|";
    }

    private Session evilSession()
    {
        return engine.session(new SessionId("FIX.4.4", "ISLD", "EVIL"));
    }

    private long evilCounter(final java.util.function.ToLongFunction<SessionCounters> counter) throws Exception
    {
        return onPoller(engine, () -> counter.applyAsLong(evilSession().counters()));
    }

    @Test
    void aHugeResendTheCounterpartyDoesNotReadLeavesTheOtherSessionTrading() throws Exception
    {
        evilTrades(ORDERS);
        evilResendRequest(1, 0);
        await(() -> onPoller(engine, () -> evilSession().counters().messagesResent() > 0), "the resend started");
        for (int i = 0; i < 50; i++)
        {
            goodSessionTrades();
        }
        assertTrue(onPoller(engine, () -> evilSession().needsEveryDutyCycle()),
            "the resend waits for the abuser to read, without holding up the poller");
        assertTrue(evilCounter(SessionCounters::messagesResent) < ORDERS);

        int resent = 0;
        String last = null;
        while (resent < ORDERS)
        {
            last = evil.receive(5000);
            assertNotNull(last, "resent " + resent + " of " + ORDERS);
            if (last.contains("|43=Y|") && last.contains("|35=D|"))
            {
                resent++;
            }
        }
        assertTrue(last.contains("|34=" + (ORDERS + 1) + "|"), last);
        assertEquals(ORDERS, evilCounter(SessionCounters::messagesResent));
        final String clOrdId = "AFTER";
        evil.send("FIX.4.4", order(evilSeqNum++, "EVIL", clOrdId));
        assertTrue(evil.receive(5000).contains("|11=" + clOrdId + "|"), "new traffic follows the resend");
        goodSessionTrades();
    }

    @Test
    void aRangeBeyondMaxResendRequestRangeIsRejectedAndLoggedOut() throws Exception
    {
        evilTrades(ORDERS);
        evilResendRequest(ORDERS - 9, ORDERS + 1);
        int resent = 0;
        while (resent < 11)
        {
            final String message = evil.receive(5000);
            assertNotNull(message);
            resent += message.contains("|43=Y|") ? 1 : 0;
        }
        goodSessionTrades();
        // 20,000 sent: 1..0 is within 25,000; the counterparty then asks for numbers far beyond
        evilResendRequest(1, 0);
        resent = 0;
        while (resent < ORDERS)
        {
            final String message = evil.receive(5000);
            assertNotNull(message);
            resent += message.contains("|43=Y|") && message.contains("|35=D|") ? 1 : 0;
        }
        evilTrades(6_000);
        evilResendRequest(1, 0);
        final String closing = evil.awaitClose(10_000);
        assertTrue(closing.contains("|35=3|") && closing.contains("|373=5|") && closing.contains("|371=16|"), closing);
        assertTrue(closing.contains("|58=ResendRequest for 26001 messages exceeds MaxResendRequestRange 25000|"),
            closing);
        assertEquals(1, evilCounter(SessionCounters::resendRequestsRefused));
        assertEquals(1, evilCounter(c -> c.logoutsSent(LogoutReason.RESEND_REQUEST_LIMIT)));
        goodSessionTrades();
    }

    @Test
    void aFloodOfRepeatedResendRequestsIsLoggedOut() throws Exception
    {
        evilTrades(ORDERS);
        final StringBuilder flood = new StringBuilder();
        for (int i = 0; i < 5; i++)
        {
            flood.append(RawFixClient.message("FIX.4.4", resendRequest(evilSeqNum++, 1, 0)));
        }
        evil.sendRaw(flood.toString()); // in one write: they arrive while the first resend is still going on
        final String closing = evil.awaitClose(30_000);
        assertTrue(closing.contains("|58=ResendRequest repeated 4 times in 60 s exceeds MaxResendRequestRepeats 3|"),
            closing.length() > 300 ? closing.substring(closing.length() - 300) : closing);
        assertEquals(4, evilCounter(SessionCounters::resendRequestsRepeated));
        assertEquals(3, evilCounter(SessionCounters::resendRequestsCoalesced));
        assertEquals(1, evilCounter(SessionCounters::resendRequestsRefused));
        assertEquals(1, evilCounter(c -> c.logoutsSent(LogoutReason.RESEND_REQUEST_LIMIT)));
        assertTrue(evilCounter(SessionCounters::messagesResent) < ORDERS, "repeats were not served again, and the "
            + "resend ended with the Logout");
        goodSessionTrades();
    }

    @Test
    void aFloodOfSequenceResetsIsRejectedThenLoggedOut() throws Exception
    {
        evilTrades(10);
        final int expected = evilSeqNum;
        for (int i = 0; i < 50; i++)
        {
            evil.send("FIX.4.4", sequenceReset(expected, 1 + i % 5));
            final String reject = evil.receive(5000);
            assertNotNull(reject);
            assertTrue(reject.contains("|35=3|") && reject.contains("|373=5|") && reject.contains("|371=36|"), reject);
            if (i % 10 == 0)
            {
                goodSessionTrades();
            }
        }
        assertEquals(50, evilCounter(SessionCounters::sequenceResetsRejected));
        assertEquals(expected, (int)onPoller(engine, () -> evilSession().nextTargetSeqNum()), "unchanged");
        evil.send("FIX.4.4", order(evilSeqNum++, "EVIL", "STILL"));
        assertTrue(evil.receive(5000).contains("|11=STILL|"), "within the budget the session goes on");

        // the budget is spent: the first of a flood is answered with the Logout, the rest with nothing

        final StringBuilder flood = new StringBuilder();
        for (int i = 0; i < 200; i++)
        {
            flood.append(RawFixClient.message("FIX.4.4", sequenceReset(evilSeqNum, 1)));
        }
        evil.sendRaw(flood.toString());
        final String closing = evil.awaitClose(10_000);
        assertTrue(closing.contains(
            "|58=SequenceReset rejected or in Reset mode 51 times in 60 s exceeds MaxSequenceResets 50|"), closing);
        assertEquals(50, evilCounter(SessionCounters::sequenceResetsRejected), "the budget was spent: the Logout alone");
        assertEquals(1, evilCounter(c -> c.logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT)));
        for (int i = 0; i < 5; i++)
        {
            goodSessionTrades();
        }
    }

    @Test
    void theGapFillsOfALargeResendAnsweringOurResendRequestAreNotCounted() throws Exception
    {
        final int gap = 5_000;
        final int first = evilSeqNum;
        evil.send("FIX.4.4", order(first + gap, "EVIL", "BEYOND"));
        final String resendRequest = evil.receive(5000);
        assertNotNull(resendRequest);
        assertTrue(resendRequest.contains("|35=2|") && resendRequest.contains("|7=" + first + "|"), resendRequest);
        for (int sent = 0; sent < gap; sent += 500)
        {
            final StringBuilder batch = new StringBuilder();
            for (int seqNum = first + sent; seqNum < first + sent + 500; seqNum++)
            {
                batch.append(RawFixClient.message("FIX.4.4", "35=4|34=" + seqNum + "|43=Y|49=EVIL|52=" + now() +
                    "|56=ISLD|122=" + now() + "|123=Y|36=" + (seqNum + 1) + "|"));
            }
            evil.sendRaw(batch.toString());
            goodSessionTrades();
        }
        final String echo = evil.receive(5000);
        assertNotNull(echo, "the order kept beyond the gap is handled once the GapFills close it");
        assertTrue(echo.contains("|11=BEYOND|"), echo);
        evilSeqNum = first + gap + 1;
        assertEquals(gap, evilCounter(SessionCounters::sequenceResetsReceived));
        assertEquals(0, evilCounter(SessionCounters::sequenceResetsRejected));
        assertEquals(0, evilCounter(c -> c.logoutsSent(LogoutReason.SEQUENCE_RESET_LIMIT)),
            "a hundred times MaxSequenceResets GapFills, none counted");
        assertTrue(onPoller(engine, () -> evilSession().isLoggedOn()));
        evil.send("FIX.4.4", order(evilSeqNum++, "EVIL", "AFTER"));
        assertTrue(evil.receive(5000).contains("|11=AFTER|"));
    }

    private static String sequenceReset(final int seqNum, final int newSeqNo)
    {
        return "35=4|34=" + seqNum + "|49=EVIL|52=" + now() + "|56=ISLD|36=" + newSeqNo + "|";
    }
}
