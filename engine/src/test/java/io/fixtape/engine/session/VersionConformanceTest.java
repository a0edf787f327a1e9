package io.fixtape.engine.session;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.SessionRejectReason;
import io.fixtape.engine.validation.ValidationOptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * QuickFIX acceptance cases where FIX.4.2, FIX.4.0/4.1 and FIXT.1.1 differ from the FIX 4.4 scripts, played against
 * one acceptor session (dictionary validation on where the case needs it) with a test clock, as QuickFIX/J 2.3.2
 * answers them. Each test names the script it mirrors.
 */
class VersionConformanceTest
{
    private final TestClock clock = new TestClock();
    private final RecordingApplication application = new RecordingApplication(true);

    private Session session;
    private RawFixPeer peer;

    /** Acceptor ISLD/TW for {@code beginString} (FIXT: DefaultApplVerID FIX.5.0), logged on with HeartBtInt 30. */
    private void logOn(final String beginString, final boolean validate)
    {
        final SessionConfig config = TestSessions.acceptorConfig(beginString).resetOnDisconnect(true);
        if (beginString.startsWith("FIXT"))
        {
            config.defaultApplVerId("7");
        }
        if (validate)
        {
            config.validator(new MessageValidator(
                Dictionaries.forSession(beginString, beginString.startsWith("FIXT") ? "7" : null),
                new ValidationOptions()));
        }
        session = TestSessions.session(config, new InMemoryMessageStore(1 << 20, 1024), application, clock);
        peer = new RawFixPeer(session, clock);
        peer.send("8=" + beginString + "|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|" +
            (beginString.startsWith("FIXT") ? "1137=7|" : ""));
        final Map<String, String> logon = peer.expectOne();
        assertEquals("A", logon.get("35"));
    }

    private Map<String, String> rejectOf(final String message)
    {
        peer.send(message);
        final Map<String, String> reject = peer.expectOne();
        assertEquals("3", reject.get("35"), reject.toString());
        return reject;
    }

    // ------------------------------------------------------------------------------------------ F1: Reject fields

    @Test
    void fix42TagAppearsMoreThanOnceHasNoSessionRejectReason14h()
    {
        logOn("FIX.4.2", true);
        final Map<String, String> reject = rejectOf("8=FIX.4.2|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|" +
            "54=1|40=2|38=200.00|55=INTC|60=<TIME>|");
        assertEquals("2", reject.get("45"));
        assertEquals("Tag appears more than once", reject.get("58"));
        assertEquals("40", reject.get("371"));
        assertEquals("D", reject.get("372"));
        assertNull(reject.get("373"), "13 is not a FIX.4.2 SessionRejectReason");
        assertEquals(1, session.counters().rejectsSent(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE));
        peer.send("8=FIX.4.2|35=5|34=3|49=TW|52=<TIME>|56=ISLD|");
        assertEquals("3", peer.expectOne().get("34"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void fix42OutOfOrderRepeatingGroupMembersHasNoSessionRejectReason14j()
    {
        logOn("FIX.4.2", true);
        final Map<String, String> reject = rejectOf("8=FIX.4.2|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|" +
            "54=1|38=200.00|55=INTC|78=2|80=50|79=acct1|80=150|79=acct2|60=<TIME>|");
        assertEquals("Out of order repeating group members", reject.get("58"));
        assertEquals("80", reject.get("371"));
        assertEquals("D", reject.get("372"));
        assertNull(reject.get("373"));
    }

    @Test
    void fix42ReasonsItDefinesAreSent()
    {
        logOn("FIX.4.2", true);
        Map<String, String> reject = rejectOf("8=FIX.4.2|35=*|34=2|49=TW|52=<TIME>|56=ISLD|");
        assertEquals("11", reject.get("373"), "Invalid MsgType, the last FIX.4.2 value");
        assertEquals("35", reject.get("371"));
        assertEquals("*", reject.get("372"));
        reject = rejectOf("8=FIX.4.2|35=D|34=3|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|54=1|38=+200.00|" +
            "55=INTC|60=<TIME>|");
        assertEquals("6", reject.get("373"));
        assertEquals("38", reject.get("371"));
    }

    @Test
    void fix44AndFixtSendEverySessionRejectReason()
    {
        logOn("FIX.4.4", true);
        assertEquals("13", rejectOf("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|54=1|40=2|" +
            "38=200.00|55=INTC|60=<TIME>|").get("373"));
        logOn("FIXT.1.1", true);
        final Map<String, String> reject = rejectOf("8=FIXT.1.1|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|" +
            "40=1|54=1|40=2|38=200.00|55=INTC|60=<TIME>|");
        assertEquals("13", reject.get("373"));
        assertEquals("40", reject.get("371"));
    }

    @Test
    void fix40And41RejectsCarryOnlyRefSeqNumAndText()
    {
        for (final String beginString : new String[]{"FIX.4.0", "FIX.4.1"})
        {
            logOn(beginString, false);
            final Map<String, String> reject = rejectOf("8=" + beginString +
                "|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=|");
            assertEquals("2", reject.get("45"), beginString);
            assertEquals(SessionRejectReason.text(SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE), reject.get("58"));
            assertNull(reject.get("371"), beginString);
            assertNull(reject.get("372"), beginString);
            assertNull(reject.get("373"), beginString);
        }
    }

    @Test
    void rejectFieldsPerVersion()
    {
        final RejectFields fix41 = RejectFields.forVersion(Session.version("FIX.4.1"));
        assertFalse(fix41.hasDetail());
        assertFalse(fix41.sendsReason(SessionRejectReason.INVALID_TAG_NUMBER));
        final RejectFields fix42 = RejectFields.forVersion(Session.version("FIX.4.2"));
        assertTrue(fix42.hasDetail());
        for (int reason = 0; reason <= SessionRejectReason.INVALID_MSGTYPE; reason++)
        {
            assertTrue(fix42.sendsReason(reason), "FIX.4.2 reason " + reason);
        }
        assertFalse(fix42.sendsReason(SessionRejectReason.XML_VALIDATION_ERROR));
        assertFalse(fix42.sendsReason(SessionRejectReason.NON_DATA_VALUE_INCLUDES_FIELD_DELIMITER));
        assertFalse(fix42.sendsReason(SessionRejectReason.OTHER));
        assertFalse(fix42.sendsReason(-1));
        for (final String beginString : new String[]{"FIX.4.3", "FIX.4.4", "FIXT.1.1"})
        {
            final RejectFields fields = RejectFields.forVersion(Session.version(beginString));
            assertTrue(fields.hasDetail());
            assertTrue(fields.sendsReason(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE), beginString);
            assertTrue(fields.sendsReason(SessionRejectReason.OTHER), beginString);
        }
    }

    // ------------------------------------------------------------------------------------------ F2 and F3

    @Test
    void tooHighResendRequestIsAnsweredWithoutAnotherResendRequest20()
    {
        logOn("FIX.4.2", false);
        peer.send("8=FIX.4.2|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        peer.send("8=FIX.4.2|35=D|34=3|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        assertEquals(2, peer.drain().size());
        peer.send("8=FIX.4.2|35=0|34=7|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> resendRequest = peer.expectOne();
        assertEquals("2", resendRequest.get("35"));
        assertEquals("4", resendRequest.get("34"));
        assertEquals("4", resendRequest.get("7"));
        assertEquals("0", resendRequest.get("16"), "FIX.4.2 asks up to infinity with 0");

        peer.send("8=FIX.4.2|35=2|34=8|49=TW|52=<TIME>|56=ISLD|7=2|16=3|");
        final List<String> resent = peer.drain();
        assertEquals(2, resent.size(), "the two orders and nothing else: " + resent);
        for (int i = 0; i < 2; i++)
        {
            final Map<String, String> order = fields(resent.get(i));
            assertEquals("D", order.get("35"));
            assertEquals(String.valueOf(2 + i), order.get("34"));
            assertEquals("Y", order.get("43"));
            assertTrue(order.containsKey("122"));
        }
        assertEquals(1, session.counters().resendRequestsSent());

        for (int seq = 4; seq <= 6; seq++)
        {
            peer.send("8=FIX.4.2|35=0|34=" + seq + "|43=Y|49=TW|52=<TIME>|122=<TIME-10>|56=ISLD|");
        }
        assertTrue(peer.drain().isEmpty());
        assertEquals(9, session.nextTargetSeqNum(), "queued 7 processed, queued ResendRequest 8 consumed");
        assertEquals(1, session.counters().resendRequestsReceived(), "the ResendRequest was acted on once");

        // F3: a Logout below the expected number is still answered (no sequence checks for Logout)
        peer.send("8=FIX.4.2|35=5|34=7|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("5", logout.get("34"));
        assertNull(logout.get("58"));
        assertTrue(peer.isDisconnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.LOGOUT));
    }

    @Test
    void tooHighResendRequestWithoutOutstandingGapIsAnsweredAndQueued()
    {
        logOn("FIX.4.4", false);
        peer.send("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        assertEquals(1, peer.drain().size());
        peer.send("8=FIX.4.4|35=2|34=5|49=TW|52=<TIME>|56=ISLD|7=2|16=0|");
        final Map<String, String> resent = peer.expectOne();
        assertEquals("D", resent.get("35"));
        assertEquals("Y", resent.get("43"));
        assertEquals(0, session.counters().resendRequestsSent(), "QuickFIX/J: no ResendRequest of our own");
        peer.send("8=FIX.4.4|35=0|34=6|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> resendRequest = peer.expectOne();
        assertEquals("2", resendRequest.get("35"));
        assertEquals("3", resendRequest.get("7"));
        peer.send("8=FIX.4.4|35=4|34=3|43=Y|49=TW|52=<TIME>|122=<TIME-10>|56=ISLD|36=5|123=Y|");
        assertTrue(peer.drain().isEmpty());
        assertEquals(7, session.nextTargetSeqNum(), "gap filled: queued 5 (ResendRequest) and 6 consumed");
    }

    @Test
    void logoutAboveTheExpectedNumberIsAnsweredWithoutResendRequest()
    {
        logOn("FIXT.1.1", false);
        peer.send("8=FIXT.1.1|35=5|34=10|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("2", logout.get("34"));
        assertNull(logout.get("58"));
        assertTrue(peer.isDisconnected());
        assertEquals(0, session.counters().resendRequestsSent());
    }

    // ------------------------------------------------------------------------------------------ F4: framing

    /** {@code readable} on the wire with BodyLength forced to {@code bodyLength} and the CheckSum recomputed. */
    private String withBodyLength(final String readable, final int bodyLength)
    {
        final String wire = new String(FixMessages.wire(readable, clock.nanoTime()), StandardCharsets.ISO_8859_1);
        final String forced = wire.substring(0, wire.length() - 7).replaceFirst("\u00019=[0-9]+\u0001",
            "\u00019=" + bodyLength + "\u0001");
        int sum = 0;
        for (final byte b : forced.getBytes(StandardCharsets.ISO_8859_1))
        {
            sum += b;
        }
        return forced + String.format("10=%03d\u0001", sum & 0xFF);
    }

    private static String fixtOrder(final int seqNum, final String extraHeader)
    {
        return "8=FIXT.1.1|35=D|34=" + seqNum + "|" + extraHeader + "49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|" +
            "55=INTC|60=<TIME>|";
    }

    @Test
    void wrongBodyLengthIsIgnoredAndTooLongSwallowsTheNextMessage2m()
    {
        logOn("FIXT.1.1", true);
        peer.sendRaw(withBodyLength(fixtOrder(2, ""), 30));
        peer.send(fixtOrder(3, ""));
        final Map<String, String> resendRequest = peer.expectOne();
        assertEquals("2", resendRequest.get("35"));
        assertEquals("2", resendRequest.get("7"));
        assertEquals("0", resendRequest.get("16"));
        peer.send(fixtOrder(2, "43=Y|122=<TIME-10>|"));
        final List<String> echoes = peer.drain();
        assertEquals(2, echoes.size(), echoes.toString());
        assertEquals("3", fields(echoes.get(0)).get("34"));
        assertEquals("4", fields(echoes.get(1)).get("34"));

        // 9=111 for a 103-byte body: BodyLength ends 8 bytes into the next order, both are discarded
        final String bad = withBodyLength(fixtOrder(4, ""), 111);
        final String real = new String(FixMessages.wire(fixtOrder(4, ""), clock.nanoTime()),
            StandardCharsets.ISO_8859_1);
        assertEquals(103, real.indexOf("\u000110=") + 1 - real.indexOf("35="), "the script's body length");
        peer.sendRaw(bad);
        assertTrue(peer.drain().isEmpty());
        peer.send(fixtOrder(5, ""));
        assertTrue(peer.drain().isEmpty(), "the order after the too-long one is swallowed with it");
        assertEquals(4, session.nextTargetSeqNum());
        assertEquals(2, session.counters().garbledMessages());

        peer.send(fixtOrder(4, ""));
        peer.send(fixtOrder(5, ""));
        final List<String> more = peer.drain();
        assertEquals(2, more.size(), more.toString());
        assertEquals("5", fields(more.get(0)).get("34"));
        assertEquals("6", fields(more.get(1)).get("34"));
        peer.send("8=FIXT.1.1|35=5|34=6|49=TW|52=<TIME>|56=ISLD|");
        assertEquals("7", peer.expectOne().get("34"));
        assertTrue(peer.isDisconnected());
    }
}
