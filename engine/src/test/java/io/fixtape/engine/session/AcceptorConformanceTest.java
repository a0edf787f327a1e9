package io.fixtape.engine.session;

import io.fixtape.engine.validation.SessionRejectReason;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session-level QuickFIX acceptance cases (FIX 4.4, server side), played against one acceptor session on the
 * test thread with a test clock. Each test names the script it mirrors.
 */
class AcceptorConformanceTest
{
    private static final String LOGON = "8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|";

    private final TestClock clock = new TestClock();
    private final RecordingApplication application = new RecordingApplication(true);
    private Session session;
    private RawFixPeer peer;

    @BeforeEach
    void logOn()
    {
        session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").resetOnDisconnect(true),
            new InMemoryMessageStore(1 << 20, 1024), application, clock);
        peer = new RawFixPeer(session, clock);
        peer.send(LOGON);
        assertEquals("A", peer.expectOne().get("35"));
    }

    private void assertLogoutReply(final String seqNum)
    {
        peer.send("8=FIX.4.4|35=5|34=" + session.nextTargetSeqNum() + "|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals(seqNum, logout.get("34"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void msgSeqNumCorrect2a()
    {
        for (int seq = 2; seq <= 5; seq++)
        {
            peer.send("8=FIX.4.4|35=0|34=" + seq + "|49=TW|52=<TIME>|56=ISLD|");
        }
        assertTrue(peer.drain().isEmpty());
        assertLogoutReply("2");
    }

    @Test
    void msgSeqNumTooLowLogsOutAndDisconnects2c()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.send("8=FIX.4.4|35=0|34=3|49=TW|52=<TIME>|56=ISLD|");
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("MsgSeqNum too low, expecting 4 but received 2", logout.get("58"));
        assertTrue(peer.isDisconnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.SEQUENCE_TOO_LOW));
    }

    @Test
    void garbledMessagesAreIgnoredAndTheGapIsRequested2d()
    {
        peer.sendRaw("8=FIX.4.4|9=52|35=0|34=2|4garbled9=TW|52=<TIME>|56=ISLD|10=0|");
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.sendRaw("8=FIX.4.4|9=81|35=D|34=3|49garbled=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|10=0|");
        peer.send("8=FIX.4.4|35=0|34=4|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> resend = peer.expectOne();
        assertEquals("2", resend.get("35"));
        assertEquals("3", resend.get("7"));
        assertEquals("0", resend.get("16"));
        peer.send("8=FIX.4.4|35=D|34=3|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        final Map<String, String> echo = peer.expectOne();
        assertEquals("D", echo.get("35"));
        assertEquals("3", echo.get("34"));
        assertEquals(5, session.nextTargetSeqNum(), "queued 4 processed after 3");
        assertTrue(session.counters().garbledMessages() >= 2);
        assertLogoutReply("4");
    }

    @Test
    void invalidChecksumIsIgnored3b()
    {
        peer.sendRaw("8=FIX.4.4|9=49|35=0|34=2|49=TW|52=<TIME>|56=ISLD|10=256|");
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(peer.drain().isEmpty());
        assertEquals(3, session.nextTargetSeqNum());
        assertEquals(1, session.counters().garbledMessages());
    }

    @Test
    void possDupAlreadyReceivedIsIgnoredAndNewOneProcessed2e()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|122=<TIME-10>|56=ISLD|43=Y|");
        peer.send("8=FIX.4.4|35=0|34=3|49=TW|52=<TIME>|122=<TIME-10>|56=ISLD|43=Y|");
        assertTrue(peer.drain().isEmpty());
        assertEquals(1, session.counters().duplicatesIgnored());
        assertLogoutReply("2");
    }

    @Test
    void possDupWithOrigSendingTimeAfterSendingTimeIsRejected2f()
    {
        peer.send("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        peer.send("8=FIX.4.4|35=D|34=3|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        assertEquals(2, peer.drain().size());
        peer.send("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|43=Y|122=<TIME+10>|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        final List<String> out = peer.drain();
        assertEquals(2, out.size());
        final Map<String, String> reject = fields(out.get(0));
        assertEquals("3", reject.get("35"));
        assertEquals("4", reject.get("34"));
        assertEquals("2", reject.get("45"));
        assertEquals("122", reject.get("371"));
        assertEquals("D", reject.get("372"));
        assertEquals("10", reject.get("373"));
        assertEquals("5", fields(out.get(1)).get("35"));
        assertEquals("5", fields(out.get(1)).get("34"));
        peer.send("8=FIX.4.4|35=5|34=4|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(peer.isDisconnected());
    }

    @Test
    void possDupWithoutOrigSendingTimeIsRejected()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|43=Y|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("3", reject.get("35"));
        assertEquals("1", reject.get("373"));
        assertEquals("122", reject.get("371"));
        assertEquals(3, session.nextTargetSeqNum());
    }

    @Test
    void incorrectBeginStringLogsOutThenDisconnectsOnReply2i()
    {
        peer.send("8=FIX.4.1|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=id|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("Incorrect BeginString", logout.get("58"));
        assertFalse(peer.isDisconnected());
        peer.send("8=FIX.4.4|35=5|34=3|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(peer.isDisconnected());
        assertTrue(peer.drain().isEmpty(), "no second logout");
    }

    @Test
    void incorrectBeginStringWithoutReplyDisconnectsAfterLogoutTimeout2i()
    {
        peer.send("8=FIX.4.1|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=id|");
        assertEquals("5", peer.expectOne().get("35"));
        clock.advanceMillis(1999);
        peer.doWork();
        assertFalse(peer.isDisconnected());
        clock.advanceMillis(1);
        peer.doWork();
        assertTrue(peer.isDisconnected());
    }

    @Test
    void compIdProblemIsRejectedAndLoggedOut2k()
    {
        peer.send("8=FIX.4.4|35=D|34=2|49=WT|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        final List<String> out = peer.drain();
        assertEquals(2, out.size());
        final Map<String, String> reject = fields(out.get(0));
        assertEquals("9", reject.get("373"));
        assertEquals("D", reject.get("372"));
        assertNull(reject.get("371"));
        assertEquals("CompID problem", fields(out.get(1)).get("58"));
        peer.send("8=FIX.4.4|35=5|34=3|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(peer.isDisconnected());
        assertTrue(application.messages().isEmpty());
    }

    @Test
    void sendingTimeOutOfRangeIsRejectedAndLoggedOut2o()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME-121>|56=ISLD|");
        final List<String> out = peer.drain();
        assertEquals(2, out.size());
        final Map<String, String> reject = fields(out.get(0));
        assertEquals("10", reject.get("373"));
        assertEquals("52", reject.get("371"));
        assertEquals("0", reject.get("372"));
        assertEquals("5", fields(out.get(1)).get("35"));
        assertEquals(1, session.counters().logoutsSent(LogoutReason.SENDING_TIME_ACCURACY));
    }

    @Test
    void firstThreeFieldsOutOfOrderAreIgnored2t()
    {
        peer.send("8=FIX.4.4|34=2|35=0|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(peer.drain().isEmpty());
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        final Map<String, String> heartbeat = peer.expectOne();
        assertEquals("0", heartbeat.get("35"));
        assertEquals("HELLO", heartbeat.get("112"));
    }

    @Test
    void missingMsgSeqNumLogsOutAndDisconnectsQfj650()
    {
        peer.send("8=FIX.4.4|35=1|49=TW|52=<TIME>|56=ISLD|112=TEST|");
        final Map<String, String> logout = peer.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("2", logout.get("34"));
        assertEquals("Received message without MsgSeqNum", logout.get("58"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void testRequestIsAnsweredWithItsId4b()
    {
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        final Map<String, String> heartbeat = peer.expectOne();
        assertEquals("0", heartbeat.get("35"));
        assertEquals("2", heartbeat.get("34"));
        assertEquals("HELLO", heartbeat.get("112"));
        assertLogoutReply("3");
    }

    @Test
    void receivedRejectIncrementsSequence7()
    {
        peer.send("8=FIX.4.4|35=3|34=2|49=TW|52=<TIME>|56=ISLD|45=1|");
        assertTrue(peer.drain().isEmpty());
        assertEquals(1, session.counters().rejectsReceived());
        assertLogoutReply("2");
    }

    @Test
    void gapFillWithExpectedSeqNumMovesTheExpectedNumber10()
    {
        peer.send("8=FIX.4.4|35=4|34=2|49=TW|52=<TIME>|56=ISLD|36=20|123=Y|");
        peer.send("8=FIX.4.4|35=1|34=20|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        assertEquals("HELLO", peer.expectOne().get("112"));
        assertLogoutReply("3");
    }

    @Test
    void gapFillAboveExpectedSeqNumIsAGap10()
    {
        peer.send("8=FIX.4.4|35=4|34=10|49=TW|52=<TIME>|56=ISLD|36=20|123=Y|");
        peer.send("8=FIX.4.4|35=1|34=20|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        final Map<String, String> resend = peer.expectOne();
        assertEquals("2", resend.get("35"));
        assertEquals("2", resend.get("7"));
        assertEquals("0", resend.get("16"));
        assertEquals(1, session.counters().resendRequestsSuppressed());
        peer.send("8=FIX.4.4|35=5|34=2|49=TW|52=<TIME>|56=ISLD|");
        assertEquals("3", peer.expectOne().get("34"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void sequenceResetModeIgnoresMsgSeqNum11a()
    {
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=25|");
        peer.send("8=FIX.4.4|35=1|34=25|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        assertEquals("2", peer.expectOne().get("34"));
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=50|123=N|");
        peer.send("8=FIX.4.4|35=1|34=50|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        assertEquals("3", peer.expectOne().get("34"));
        assertLogoutReply("4");
    }

    @Test
    void sequenceResetToExpectedNumberChangesNothing11b()
    {
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=2|");
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        assertEquals("2", peer.expectOne().get("34"));
        assertEquals(3, session.nextTargetSeqNum());
    }

    @Test
    void sequenceResetBackwardsIsRejected()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.send("8=FIX.4.4|35=4|34=0|49=TW|52=<TIME>|56=ISLD|36=2|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("3", reject.get("35"));
        assertEquals("5", reject.get("373"));
        assertEquals("36", reject.get("371"));
        assertEquals(3, session.nextTargetSeqNum());
    }

    @Test
    void unsolicitedLogoutIsAnswered13b()
    {
        assertLogoutReply("2");
        assertEquals(1, application.logouts());
    }

    @Test
    void invalidTagNumbersAreRejectedWithTheTagAsWritten14a()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|0=HI|");
        Map<String, String> reject = peer.expectOne();
        assertEquals("0", reject.get("373"));
        assertEquals("0", reject.get("371"));
        assertEquals("2", reject.get("45"));
        peer.send("8=FIX.4.4|35=0|34=3|49=TW|52=<TIME>|56=ISLD|-1=HI|");
        reject = peer.expectOne();
        assertEquals("0", reject.get("373"));
        assertEquals("-1", reject.get("371"));
        assertEquals("3", reject.get("45"));
        assertEquals(4, session.nextTargetSeqNum());
        assertEquals(2, session.counters().rejectsSent(SessionRejectReason.INVALID_TAG_NUMBER));
    }

    @Test
    void tagWithoutValueIsRejected14d()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("4", reject.get("373"));
        assertEquals("56", reject.get("371"));
        assertEquals("Tag specified without a value", reject.get("58"));
        assertLogoutReply("3");
    }

    @Test
    void rejectsAreReverseRouted()
    {
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|115=JCD|116=CS|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("1", reject.get("373"));
        assertEquals("112", reject.get("371"));
        assertEquals("JCD", reject.get("128"));
        assertEquals("CS", reject.get("129"));
    }

    @Test
    void possResendOrdersReachTheApplication19()
    {
        peer.send("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|97=Y|11=id|21=3|40=1|54=1|55=MSFT|60=<TIME>|");
        final Map<String, String> echo = peer.expectOne();
        assertEquals("Y", echo.get("97"));
        assertEquals("id", echo.get("11"));
    }

    @Test
    void unsupportedApplicationMessageGetsBusinessReject()
    {
        peer.send("8=FIX.4.4|35=AE|34=2|49=TW|52=<TIME>|56=ISLD|571=X|");
        final Map<String, String> reject = peer.expectOne();
        assertEquals("j", reject.get("35"));
        assertEquals("3", reject.get("380"));
        assertEquals("AE", reject.get("372"));
        assertEquals("2", reject.get("45"));
        assertEquals(1, session.counters().businessRejectsSent());
    }

    @Test
    void resendCollapsesAdminRunsIntoGapFillsAndResendsApplicationMessages8()
    {
        // out: 2,3,4 heartbeats; 5,6 orders; 7,8 heartbeats; 9 order
        for (int seq = 2; seq <= 4; seq++)
        {
            peer.send("8=FIX.4.4|35=1|34=" + seq + "|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        }
        peer.send("8=FIX.4.4|35=D|34=5|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        peer.send("8=FIX.4.4|35=D|34=6|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=CDG|60=<TIME>|");
        peer.send("8=FIX.4.4|35=1|34=7|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        peer.send("8=FIX.4.4|35=1|34=8|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        peer.send("8=FIX.4.4|35=D|34=9|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=IVP|60=<TIME>|");
        assertEquals(8, peer.drain().size());
        clock.advanceSeconds(1);

        peer.send("8=FIX.4.4|35=2|34=10|49=TW|52=<TIME>|56=ISLD|7=2|16=4|");
        List<String> out = peer.drain();
        assertEquals(1, out.size());
        Map<String, String> gapFill = fields(out.get(0));
        assertEquals("4", gapFill.get("35"));
        assertEquals("2", gapFill.get("34"));
        assertEquals("5", gapFill.get("36"));
        assertEquals("Y", gapFill.get("123"));
        assertEquals("Y", gapFill.get("43"));

        peer.send("8=FIX.4.4|35=2|34=11|49=TW|52=<TIME>|56=ISLD|7=2|16=0|");
        out = peer.drain();
        assertEquals(5, out.size());
        assertEquals("2", fields(out.get(0)).get("34"));
        assertEquals("5", fields(out.get(0)).get("36"));
        final Map<String, String> resent = fields(out.get(1));
        assertEquals("D", resent.get("35"));
        assertEquals("5", resent.get("34"));
        assertEquals("Y", resent.get("43"));
        assertEquals("INTC", resent.get("55"));
        assertTrue(resent.get("122").compareTo(resent.get("52")) < 0, "OrigSendingTime is the original time");
        assertEquals("6", fields(out.get(2)).get("34"));
        assertEquals("7", fields(out.get(3)).get("34"));
        assertEquals("9", fields(out.get(3)).get("36"));
        assertEquals("9", fields(out.get(4)).get("34"));
        assertEquals("IVP", fields(out.get(4)).get("55"));

        peer.send("8=FIX.4.4|35=1|34=12|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        assertEquals("10", peer.expectOne().get("34"), "resends do not use new sequence numbers");
        assertEquals(3, session.counters().messagesResent());
        assertEquals(3, session.counters().gapFillsSent());
    }

    @Test
    void resendOfTrailingAdminMessagesEndsWithGapFillToNextSeqNum8()
    {
        peer.send("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        peer.send("8=FIX.4.4|35=1|34=3|49=TW|52=<TIME>|56=ISLD|112=HELLO|");
        assertEquals(2, peer.drain().size());
        peer.send("8=FIX.4.4|35=2|34=4|49=TW|52=<TIME>|56=ISLD|7=2|16=0|");
        final List<String> out = peer.drain();
        assertEquals(2, out.size());
        assertEquals("D", fields(out.get(0)).get("35"));
        final Map<String, String> gapFill = fields(out.get(1));
        assertEquals("3", gapFill.get("34"));
        assertEquals("4", gapFill.get("36"));
    }

    @Test
    void logonWithResetSeqNumFlagWhileLoggedOnResetsBothSides()
    {
        for (int seq = 2; seq <= 9; seq++)
        {
            peer.send("8=FIX.4.4|35=0|34=" + seq + "|49=TW|52=<TIME>|56=ISLD|");
        }
        peer.send("8=FIX.4.4|35=1|34=10|49=TW|52=<TIME>|56=ISLD|112=1|");
        assertEquals("2", peer.expectOne().get("34"));
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|141=Y|");
        final Map<String, String> logon = peer.expectOne();
        assertEquals("A", logon.get("35"));
        assertEquals("1", logon.get("34"));
        assertEquals("Y", logon.get("141"));
        peer.send("8=FIX.4.4|35=1|34=2|49=TW|52=<TIME>|56=ISLD|112=1|");
        assertEquals("2", peer.expectOne().get("34"));
        assertLogoutReply("3");
    }

    @Test
    void resendRequestAndSequenceResetWithQueuedMessageQfj634()
    {
        peer.send("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        peer.send("8=FIX.4.4|35=D|34=3|49=TW|52=<TIME>|56=ISLD|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        assertEquals(2, peer.drain().size());
        peer.send("8=FIX.4.4|35=0|34=8|49=TW|52=<TIME>|56=ISLD|");
        final Map<String, String> resend = peer.expectOne();
        assertEquals("4", resend.get("7"));
        assertEquals("0", resend.get("16"));
        peer.send("8=FIX.4.4|35=D|34=4|49=TW|52=<TIME>|56=ISLD|43=Y|122=<TIME-10>|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        assertEquals("5", peer.expectOne().get("34"));
        peer.send("8=FIX.4.4|35=4|34=5|49=TW|52=<TIME>|56=ISLD|123=Y|36=6|");
        peer.send("8=FIX.4.4|35=D|34=6|49=TW|52=<TIME>|56=ISLD|43=Y|122=<TIME-10>|11=ID|21=3|40=1|54=1|55=INTC|60=<TIME>|");
        assertEquals("6", peer.expectOne().get("34"));
        peer.send("8=FIX.4.4|35=4|34=7|49=TW|52=<TIME>|56=ISLD|123=Y|36=8|");
        assertEquals(9, session.nextTargetSeqNum(), "queued heartbeat 8 processed");
        assertLogoutReply("7");
    }

    @Test
    void heartbeatTestRequestAndTimeout4a()
    {
        session.logout(null);
        peer.send("8=FIX.4.4|35=5|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.drain();
        final RawFixPeer fresh = new RawFixPeer(session, clock);
        fresh.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=6|");
        assertEquals("6", fresh.expectOne().get("108"));

        clock.advanceMillis(5999);
        fresh.doWork();
        assertTrue(fresh.drain().isEmpty());
        clock.advanceMillis(1);
        fresh.doWork();
        assertEquals("0", fresh.expectOne().get("35"), "heartbeat after HeartBtInt of not sending");

        clock.advanceMillis(3000); // 9 s of silence from the peer = 1.5 x HeartBtInt
        fresh.doWork();
        final Map<String, String> testRequest = fresh.expectOne();
        assertEquals("1", testRequest.get("35"));
        assertEquals("TEST", testRequest.get("112"));

        clock.advanceMillis(5399); // 14.399 s
        fresh.doWork();
        assertFalse(fresh.isDisconnected());
        clock.advanceMillis(1); // 14.4 s = 2.4 x HeartBtInt
        fresh.doWork();
        assertTrue(fresh.isDisconnected());
        assertEquals(1, session.counters().disconnects(DisconnectReason.HEARTBEAT_TIMEOUT));
    }

    @Test
    void logonWithBadSendingTimeIsRefused1d()
    {
        final Session other = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
        final RawFixPeer fresh = new RawFixPeer(other, clock);
        fresh.send("8=FIX.4.4|35=A|34=1|49=TW|52=20010101-00:00:00|56=ISLD|98=0|108=30|");
        final Map<String, String> logout = fresh.expectOne();
        assertEquals("5", logout.get("35"));
        assertEquals("1", logout.get("34"));
        assertTrue(logout.get("58").startsWith("Invalid Logon message: SendingTime accuracy problem"));
        assertTrue(fresh.isDisconnected());
    }

    @Test
    void messageBeforeLogonDisconnects()
    {
        final Session other = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
        final RawFixPeer fresh = new RawFixPeer(other, clock);
        fresh.send("8=FIX.4.4|35=0|34=1|49=TW|52=<TIME>|56=ISLD|");
        assertTrue(fresh.isDisconnected());
        assertTrue(fresh.drain().isEmpty());
        assertEquals(1, other.counters().messagesBeforeLogon());
    }

    @Test
    void logonTimeoutDisconnects()
    {
        final Session other = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
        final RawFixPeer fresh = new RawFixPeer(other, clock);
        clock.advanceSeconds(10);
        fresh.doWork();
        assertTrue(fresh.isDisconnected());
        assertEquals(1, other.counters().disconnects(DisconnectReason.LOGON_TIMEOUT));
    }

    @Test
    void resetOnDisconnectStartsTheNextConnectionAtOne()
    {
        peer.send("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|");
        peer.close();
        assertEquals(SessionState.DISCONNECTED, session.state());
        assertEquals(1, session.nextSenderSeqNum());
        assertEquals(1, session.nextTargetSeqNum());
        assertEquals(1, session.counters().disconnects(DisconnectReason.REMOTE_CLOSED));
    }
}
