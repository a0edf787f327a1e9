package io.fixtape.engine.validation;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.SessionDictionary;
import org.junit.jupiter.api.Test;
import quickfix.DataDictionary;
import quickfix.Group;
import quickfix.Message;
import quickfix.field.*;

import java.time.LocalDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Messages built with QuickFIX/J's typed message classes (as a QuickFIX/J counterparty sends them), with
 * repeating groups, pass both QuickFIX/J's validation and fixtape's default validation (errata included).
 */
class QuickFixJBuiltMessagesTest
{
    private static final LocalDateTime NOW = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 678_000_000);

    private static void header(final Message message, final int seqNum)
    {
        message.getHeader().setString(SenderCompID.FIELD, "TW");
        message.getHeader().setString(TargetCompID.FIELD, "ISLD");
        message.getHeader().setInt(MsgSeqNum.FIELD, seqNum);
        message.getHeader().setUtcTimeStamp(SendingTime.FIELD, NOW, true);
    }

    private static void assertBothValid(final Message message, final String sessionFile, final String appFile,
        final SessionDictionary ours) throws Exception
    {
        final String text = message.toString();
        final DataDictionary session = QuickFixJDifferentialTest.quickFixDictionary(sessionFile);
        final DataDictionary app = appFile == null ? session : QuickFixJDifferentialTest.quickFixDictionary(appFile);
        assertEquals("VALID", QuickFixJDifferentialTest.quickFixVerdict(text, session, app), text);
        final ValidationResult result = Fix.judge(new MessageValidator(ours, new ValidationOptions()), text);
        assertEquals(ValidationResult.Verdict.VALID, result.verdict(), result + " for " + text.replace('\001', '|'));
    }

    @Test
    void fix44OrdersFillsMarketData() throws Exception
    {
        final SessionDictionary ours = Dictionaries.forSession("FIX.4.4", null);
        final quickfix.fix44.NewOrderSingle order = new quickfix.fix44.NewOrderSingle(
            new ClOrdID("O-1"), new Side(Side.BUY), new TransactTime(NOW), new OrdType(OrdType.LIMIT));
        header(order, 2);
        order.set(new Symbol("IBM"));
        order.set(new OrderQty(100));
        order.set(new Price(101.25));
        order.set(new HandlInst('1'));
        final quickfix.fix44.NewOrderSingle.NoPartyIDs party = new quickfix.fix44.NewOrderSingle.NoPartyIDs();
        party.set(new PartyID("P1"));
        party.set(new PartyIDSource('D'));
        party.set(new PartyRole(1));
        final Group subId = new quickfix.fix44.component.Parties.NoPartyIDs.NoPartySubIDs();
        subId.setString(PartySubID.FIELD, "S1");
        subId.setInt(PartySubIDType.FIELD, 1);
        party.addGroup(subId);
        order.addGroup(party);
        assertBothValid(order, "FIX44.xml", null, ours);

        final quickfix.fix44.ExecutionReport fill = new quickfix.fix44.ExecutionReport(
            new OrderID("1"), new ExecID("E1"), new ExecType(ExecType.TRADE), new OrdStatus(OrdStatus.FILLED),
            new Side(Side.BUY), new LeavesQty(0), new CumQty(100), new AvgPx(101.25));
        header(fill, 3);
        fill.set(new Symbol("IBM"));
        fill.set(new ClOrdID("O-1"));
        fill.set(new LastQty(100));
        fill.set(new LastPx(101.25));
        fill.set(new TransactTime(NOW));
        assertBothValid(fill, "FIX44.xml", null, ours);

        final quickfix.fix44.MarketDataSnapshotFullRefresh snapshot = new quickfix.fix44.MarketDataSnapshotFullRefresh();
        header(snapshot, 4);
        snapshot.set(new Symbol("IBM"));
        snapshot.set(new MDReqID("R1"));
        for (final char type : new char[] {MDEntryType.BID, MDEntryType.OFFER})
        {
            final quickfix.fix44.MarketDataSnapshotFullRefresh.NoMDEntries entry =
                new quickfix.fix44.MarketDataSnapshotFullRefresh.NoMDEntries();
            entry.set(new MDEntryType(type));
            entry.set(new MDEntryPx(type == MDEntryType.BID ? 101.2 : 101.3));
            entry.set(new MDEntrySize(500));
            snapshot.addGroup(entry);
        }
        assertBothValid(snapshot, "FIX44.xml", null, ours);
    }

    @Test
    void fix42OrderAndFill() throws Exception
    {
        final SessionDictionary ours = Dictionaries.forSession("FIX.4.2", null);
        final quickfix.fix42.NewOrderSingle order = new quickfix.fix42.NewOrderSingle(
            new ClOrdID("O-1"), new HandlInst('1'), new Symbol("IBM"), new Side(Side.SELL), new TransactTime(NOW),
            new OrdType(OrdType.MARKET));
        header(order, 2);
        order.set(new OrderQty(100));
        assertBothValid(order, "FIX42.xml", null, ours);

        final quickfix.fix42.ExecutionReport fill = new quickfix.fix42.ExecutionReport(
            new OrderID("1"), new ExecID("E1"), new ExecTransType(ExecTransType.NEW), new ExecType(ExecType.FILL),
            new OrdStatus(OrdStatus.FILLED), new Symbol("IBM"), new Side(Side.SELL), new LeavesQty(0), new CumQty(100),
            new AvgPx(99.5));
        header(fill, 3);
        assertBothValid(fill, "FIX42.xml", null, ours);
    }

    @Test
    void fixtFix50sp2OrderAndLogon() throws Exception
    {
        final SessionDictionary ours = Dictionaries.forSession("FIXT.1.1", "9");
        final quickfix.fixt11.Logon logon = new quickfix.fixt11.Logon(
            new EncryptMethod(0), new HeartBtInt(30), new DefaultApplVerID("9"));
        header(logon, 1);
        assertBothValid(logon, "FIXT11.xml", "FIX50SP2.xml", ours);

        final quickfix.fix50sp2.NewOrderSingle order = new quickfix.fix50sp2.NewOrderSingle(
            new ClOrdID("O-1"), new Side(Side.BUY), new TransactTime(NOW), new OrdType(OrdType.LIMIT));
        header(order, 2);
        order.set(new Symbol("IBM"));
        order.set(new OrderQty(100));
        order.set(new Price(101.25));
        assertBothValid(order, "FIXT11.xml", "FIX50SP2.xml", ours);
    }
}
