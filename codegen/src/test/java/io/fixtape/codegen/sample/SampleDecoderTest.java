package io.fixtape.codegen.sample;

import io.fixtape.codegen.runtime.DecoderScope;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated decoders of the sample dictionary over real FIX bytes decoded by the engine. */
class SampleDecoderTest
{
    static final String ORDER = "35=D|49=CLIENT|56=SERVER|34=42|52=20261202-14:55:00.123|" +
        "11=ORD-1|1=ACC|453=2|448=P1|447=D|452=1|802=2|523=S1|803=10|523=S2|803=11|448=P2|447=B|452=24|" +
        "78=1|79=A1|80=100|21=1|18=1 G|55=ABC|167=REPURCHASE|54=1|60=20261202-14:55:00.123456|38=100|40=2|" +
        "44=1.2345|59=6|432=20261231|95=5|96=ab|cd|58=hello|";

    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();

    @Test
    void readsEveryKindOfField()
    {
        order.wrap(Fix.decode(ORDER));

        assertEquals("ORD-1", order.clOrdID().toString());
        assertEquals("ORD-1", order.clOrdIDAsString());
        assertEquals("ACC", order.account().toString());
        assertSame(HandlInst.AUTOMATED_EXECUTION_NO_INTERVENTION, order.handlInst());
        assertEquals('1', order.handlInstRaw());
        assertEquals("1 G", order.execInst().toString(), "a multiple-value field reads as text");
        assertEquals("ABC", order.instrument().symbol().toString());
        assertSame(SecurityType.REPURCHASE_AGREEMENT, order.instrument().securityType(), "a value over 8 chars");
        assertSame(Side.BUY, order.side());
        final Instant transactTime = Instant.parse("2026-12-02T14:55:00.123456Z");
        assertEquals(transactTime.getEpochSecond() * 1_000_000_000L + transactTime.getNano(), order.transactTime());
        assertEquals(new Decimal(100, 0), order.orderQtyData().orderQty());
        assertSame(OrdType.LIMIT, order.ordType());
        assertEquals(new Decimal(12345, 4), order.price());
        final Decimal price = new Decimal();
        assertTrue(order.price(price));
        assertEquals(new Decimal(12345, 4), price);
        assertSame(TimeInForce.GOOD_TILL_DATE, order.timeInForce());
        assertEquals(LocalDate.of(2026, 12, 31).toEpochDay(), order.expireDate());
        assertEquals(5, order.rawDataLength());
        assertEquals("ab\u0001cd", order.rawData().toString(), "a data field may hold SOH");
        final UnsafeBuffer copy = new UnsafeBuffer(new byte[8]);
        assertEquals(5, order.rawData(copy, 1));
        assertEquals('\u0001', (char)copy.getByte(3));
        assertEquals("hello", order.text().toString());
    }

    @Test
    void absentFieldsReadAsSentinels()
    {
        order.wrap(Fix.decode("35=D|11=X|55=ABC|54=9|60=bad|40=1|38=1|"));

        assertFalse(order.hasAccount());
        assertEquals("", order.account().toString());
        assertNull(order.accountAsString());
        assertFalse(order.hasPrice());
        assertEquals(DecoderScope.MISSING_MANTISSA, order.price().mantissa());
        assertFalse(order.price(new Decimal(7, 0)));
        assertFalse(order.orderQtyData().hasCashOrderQty());
        assertSame(TimeInForce.NULL_VAL, order.timeInForce());
        assertSame(Side.UNKNOWN, order.side(), "a value the dictionary does not define");
        assertEquals('9', order.sideRaw());
        assertTrue(order.hasTransactTime());
        assertEquals(Long.MIN_VALUE, order.transactTime(), "malformed timestamp");
        assertEquals(Integer.MIN_VALUE, order.rawDataLength());
        assertFalse(order.parties().isPresent());
        assertFalse(order.parties().noPartyIDs().hasNext());
        assertEquals(0, order.noAllocs().count());
        assertTrue(order.instrument().isPresent());
        assertFalse(order.instrument().securityXML().isPresent());
    }

    @Test
    void iteratesGroupsAndNestedGroups()
    {
        order.wrap(Fix.decode(ORDER));

        final NoPartyIDsGroupDecoder parties = order.parties().noPartyIDs();
        assertEquals(2, parties.count());
        assertTrue(parties.hasNext());
        parties.next();
        assertEquals("P1", parties.partyID().toString());
        assertSame(PartyIDSource.PROPRIETARY_CUSTOM_CODE, parties.partyIDSource());
        assertSame(PartyRole.EXECUTING_FIRM, parties.partyRole());
        final NoPartySubIDsGroupDecoder subIds = parties.ptysSubGrp().noPartySubIDs();
        assertEquals(2, subIds.count());
        final StringBuilder seen = new StringBuilder();
        for (final NoPartySubIDsGroupDecoder subId : subIds)
        {
            seen.append(subId.partySubID()).append('/').append(subId.partySubIDType()).append(' ');
        }
        assertEquals("S1/10 S2/11 ", seen.toString());

        parties.next();
        assertEquals(1, parties.entry());
        assertEquals("P2", parties.partyID().toString());
        assertSame(PartyRole.CUSTOMER_ACCOUNT, parties.partyRole());
        assertEquals(24, parties.partyRoleRaw());
        assertFalse(parties.ptysSubGrp().isPresent());
        assertFalse(parties.ptysSubGrp().noPartySubIDs().hasNext());
        assertFalse(parties.hasNext());
        assertThrows(java.util.NoSuchElementException.class, parties::next);

        int allocs = 0;
        for (final NoAllocsGroupDecoder alloc : order.noAllocs())
        {
            assertEquals("A1", alloc.allocAccount().toString());
            assertEquals(new Decimal(100, 0), alloc.allocQty());
            allocs++;
        }
        assertEquals(1, allocs);

        int again = 0;
        for (final NoPartyIDsGroupDecoder party : parties)
        {
            assertEquals(again == 0 ? "P1" : "P2", party.partyIDAsString(), "iterator() rewinds");
            again++;
        }
        assertEquals(2, again);
    }

    @Test
    void aTagInsideAGroupDoesNotCountAtMessageLevel()
    {
        final ExecutionReportDecoder report = new ExecutionReportDecoder().wrap(Fix.decode(
            "35=8|37=O1|17=E1|150=0|39=0|55=ABC|54=2|151=0|14=10|78=2|79=A1|80=4|58=inner|79=A2|80=6|" +
            "60=20261202-14:55:00|58=outer|"));

        assertEquals("outer", report.text().toString());
        final ExecutionReportNoAllocsGroupDecoder allocs = report.noAllocs();
        allocs.next();
        assertEquals("inner", allocs.text().toString());
        allocs.next();
        assertFalse(allocs.hasText());
        assertFalse(allocs.hasNext());
    }

    @Test
    void rewrappingForgetsThePreviousMessage()
    {
        order.wrap(Fix.decode(ORDER));
        assertTrue(order.hasPrice());
        order.wrap(Fix.decode("35=D|11=Y|55=XYZ|54=2|60=20261202-14:55:00|40=1|38=5|"));
        assertFalse(order.hasPrice());
        assertFalse(order.parties().isPresent());
        assertEquals("Y", order.clOrdID().toString());
        assertSame(Side.SELL, order.side());
    }

    @Test
    void theFirstOccurrenceOfARepeatedTagCounts()
    {
        order.wrap(Fix.decode("35=D|11=FIRST|11=SECOND|55=ABC|"));
        assertEquals("FIRST", order.clOrdID().toString());
    }

    @Test
    void groupIterationStopsAtAnEntryWithoutItsDelimiter()
    {
        order.wrap(Fix.decode("35=D|11=X|453=2|448=P1|452=3|452=1|55=ABC|"));
        final NoPartyIDsGroupDecoder parties = order.parties().noPartyIDs();
        assertEquals(2, parties.count(), "the count as sent");
        parties.next();
        assertEquals(3, parties.partyRoleRaw(), "the first occurrence within an entry counts");
        assertFalse(parties.hasNext());
        assertEquals("ABC", order.instrument().symbol().toString());
    }

    @Test
    void printsFieldNamesAndValues()
    {
        order.wrap(Fix.decode(ORDER));
        assertEquals("NewOrderSingle{ClOrdID=ORD-1, Account=ACC, NoPartyIDs=2[{PartyID=P1, PartyIDSource=D " +
            "(PROPRIETARY_CUSTOM_CODE), PartyRole=1 (EXECUTING_FIRM), NoPartySubIDs=2[{PartySubID=S1, " +
            "PartySubIDType=10}, {PartySubID=S2, PartySubIDType=11}]}, {PartyID=P2, PartyIDSource=B (BIC), " +
            "PartyRole=24 (CUSTOMER_ACCOUNT)}], NoAllocs=1[{AllocAccount=A1, AllocQty=100}], HandlInst=1 " +
            "(AUTOMATED_EXECUTION_NO_INTERVENTION), ExecInst=1 G, Symbol=ABC, SecurityType=REPURCHASE " +
            "(REPURCHASE_AGREEMENT), Side=1 (BUY), TransactTime=20261202-14:55:00.123456, OrderQty=100, OrdType=2 " +
            "(LIMIT), Price=1.2345, TimeInForce=6 (GOOD_TILL_DATE), ExpireDate=20261231, RawDataLength=5, " +
            "RawData=ab\u0001cd, Text=hello}", order.toString());
    }

    @Test
    void headerDecoderReadsTheStandardHeader()
    {
        final FixDecoder message = Fix.decode(ORDER);
        final HeaderDecoder header = new HeaderDecoder().wrap(message);
        assertEquals("CLIENT", header.senderCompID().toString());
        assertEquals("SERVER", header.targetCompID().toString());
        assertEquals(42L, header.msgSeqNum());
        assertSame(MsgType.ORDER_SINGLE, header.msgType());
        assertEquals("D", header.msgTypeRaw().toString());
        assertSame(MsgType.ORDER_SINGLE, MsgType.decode(header.msgTypeRaw()));
        assertFalse(header.hasPossDupFlag());
        assertFalse(header.possDupFlag());
        assertEquals(MessageTypes.NEW_ORDER_SINGLE, message.msgType());
        assertEquals("NewOrderSingle", MessageTypes.name(message.msgType()));
        assertNull(MessageTypes.name(io.fixtape.engine.codec.MsgTypes.pack("ZZ")));
    }
}
