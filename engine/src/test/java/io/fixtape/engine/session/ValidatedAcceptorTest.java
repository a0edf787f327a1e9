package io.fixtape.engine.session;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fixtape.engine.testkit.FixMessages.fields;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dictionary-dependent acceptance cases (FIX 4.4): an acceptor session with the real {@link MessageValidator}
 * over the standard FIX 4.4 dictionary, like the acceptance-test server (UseDataDictionary=Y,
 * ValidateUserDefinedFields=Y).
 */
class ValidatedAcceptorTest
{
    private final TestClock clock = new TestClock();
    private final RecordingApplication application = new RecordingApplication(true);
    private Session session;
    private RawFixPeer peer;

    @BeforeEach
    void logOn()
    {
        final MessageValidator validator = new MessageValidator(Dictionaries.forSession("FIX.4.4", null),
            new ValidationOptions());
        session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").validator(validator),
            new InMemoryMessageStore(1 << 20, 1024), application, clock);
        peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=2|");
        assertEquals("A", peer.expectOne().get("35"));
    }

    private Map<String, String> rejectOf(final String message)
    {
        peer.send(message);
        final Map<String, String> reject = peer.expectOne();
        assertEquals("3", reject.get("35"), reject.toString());
        return reject;
    }

    @Test
    void undefinedTagsAreInvalidTagNumbers14a()
    {
        Map<String, String> reject = rejectOf("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|999=HI|");
        assertEquals("0", reject.get("373"));
        assertEquals("999", reject.get("371"));
        reject = rejectOf("8=FIX.4.4|35=0|34=3|49=TW|52=<TIME>|56=ISLD|0=HI|");
        assertEquals("0", reject.get("371"));
        reject = rejectOf("8=FIX.4.4|35=0|34=4|49=TW|52=<TIME>|56=ISLD|-1=HI|");
        assertEquals("-1", reject.get("371"));
        reject = rejectOf("8=FIX.4.4|35=0|34=5|49=TW|52=<TIME>|56=ISLD|5000=HI|");
        assertEquals("5000", reject.get("371"));
        assertEquals("5", reject.get("45"));
        assertEquals(6, session.nextTargetSeqNum());
    }

    @Test
    void tagNotDefinedForMessageType14c()
    {
        final Map<String, String> reject = rejectOf("8=FIX.4.4|35=0|34=2|49=TW|52=<TIME>|56=ISLD|55=MSFT|");
        assertEquals("2", reject.get("373"));
        assertEquals("55", reject.get("371"));
    }

    @Test
    void incorrectDataFormat14f()
    {
        final Map<String, String> reject = rejectOf("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|" +
            "54=1|38=+200.00|55=INTC|60=<TIME>|");
        assertEquals("6", reject.get("373"));
        assertEquals("38", reject.get("371"));
        assertEquals("D", reject.get("372"));
        assertTrue(application.messages().isEmpty());
    }

    @Test
    void headerAfterBody14g()
    {
        final Map<String, String> reject = rejectOf("8=FIX.4.4|35=D|11=id|21=3|40=1|54=1|55=MSFT|60=<TIME>|34=2|" +
            "49=TW|52=<TIME>|56=ISLD|");
        assertEquals("14", reject.get("373"));
        assertEquals("34", reject.get("371"));
        assertEquals("2", reject.get("45"));
    }

    @Test
    void repeatingGroupCountMismatch14i()
    {
        final Map<String, String> reject = rejectOf("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|" +
            "54=1|38=200.00|55=INTC|386=3|336=PRE-OPEN|336=AFTER-HOURS|60=<TIME>|");
        assertEquals("16", reject.get("373"));
        assertEquals("386", reject.get("371"));
    }

    @Test
    void repeatingGroupMembersOutOfOrder14j()
    {
        final Map<String, String> reject = rejectOf("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|11=ID|21=1|40=1|" +
            "54=1|38=200.00|55=INTC|78=2|79=acct1|80=50|661=X|79=acct2|80=150|661=X|60=<TIME>|");
        assertEquals("15", reject.get("373"));
        assertEquals("661", reject.get("371"));
    }

    @Test
    void invalidMsgType2q()
    {
        final Map<String, String> reject = rejectOf("8=FIX.4.4|35=*|34=2|49=TW|52=<TIME>|56=ISLD|");
        assertEquals("11", reject.get("373"));
        assertEquals("35", reject.get("371"));
        assertEquals("*", reject.get("372"));
    }

    @Test
    void emptyRepeatingGroupIsProcessed21()
    {
        peer.send("8=FIX.4.4|35=d|34=2|49=TW|56=ISLD|52=<TIME>|320=JCD1091-20021011|322=1034356488676|323=6|" +
            "55=TBS|22=8|167=CS|336=ONE_MAIN|58=No Products found for this Class Symbol|454=0|");
        final Map<String, String> echo = peer.expectOne();
        assertEquals("d", echo.get("35"));
        assertEquals("TBS", echo.get("55"));
    }

    @Test
    void rejectedResentMessageStillLetsQueuedMessagesRunInOrder()
    {
        peer.send("8=FIX.4.4|35=1|34=3|49=TW|52=<TIME>|56=ISLD|112=HELLO1|");
        final Map<String, String> resend = peer.expectOne();
        assertEquals("2", resend.get("35"));
        assertEquals("2", resend.get("7"));
        peer.send("8=FIX.4.4|35=D|34=2|43=Y|49=TW|52=<TIME>|56=ISLD|122=<TIME-10>|11=ID|21=3|38=100|40=1|54=1|" +
            "55=IVP|60=<TIME>|126=20040415|");
        final List<String> out = peer.drain();
        assertEquals(2, out.size(), out.toString());
        final Map<String, String> reject = fields(out.get(0));
        assertEquals("6", reject.get("373"));
        assertEquals("126", reject.get("371"));
        assertEquals("HELLO1", fields(out.get(1)).get("112"));
        peer.send("8=FIX.4.4|35=1|34=4|49=TW|52=<TIME>|56=ISLD|112=HELLO2|");
        assertEquals("HELLO2", peer.expectOne().get("112"));
        peer.send("8=FIX.4.4|35=5|34=11|49=TW|52=<TIME>|56=ISLD|");
        assertEquals("6", peer.expectOne().get("34"));
        assertTrue(peer.isDisconnected());
    }

    @Test
    void rejectsAreReverseRoutedReverseRoute()
    {
        Map<String, String> reject = rejectOf("8=FIX.4.4|35=D|34=2|49=TW|52=<TIME>|56=ISLD|115=JCD|116=CS|" +
            "144=CHI|11=ID|21=3|38=100|40=w|54=1|55=INTC|60=<TIME>|");
        assertEquals("5", reject.get("373"));
        assertEquals("40", reject.get("371"));
        assertEquals("JCD", reject.get("128"));
        assertEquals("CS", reject.get("129"));
        assertEquals("CHI", reject.get("145"));
        reject = rejectOf("8=FIX.4.4|35=D|34=3|49=TW|52=<TIME>|56=ISLD|128=JCD|11=ID|21=3|38=100|40=w|54=1|" +
            "55=INTC|60=<TIME>|");
        assertEquals("JCD", reject.get("115"));
    }

    @Test
    void unsupportedMessageTypeFromTheValidatorGetsBusinessReject()
    {
        final MessageValidator validator = new MessageValidator(Dictionaries.forSession("FIX.4.4", null),
            new ValidationOptions().supportedMessageType("D"));
        final Session other = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").validator(validator),
            new InMemoryMessageStore(1 << 20, 1024), new RecordingApplication(false), clock);
        final RawFixPeer fresh = new RawFixPeer(other, clock);
        fresh.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        fresh.drain();
        fresh.send("8=FIX.4.4|35=V|34=2|49=TW|52=<TIME>|56=ISLD|262=1|263=0|264=0|267=1|269=0|146=1|55=INTC|");
        final Map<String, String> reject = fresh.expectOne();
        assertEquals("j", reject.get("35"));
        assertEquals("3", reject.get("380"));
        assertEquals("V", reject.get("372"));
        assertEquals(3, other.nextTargetSeqNum());
    }
}
