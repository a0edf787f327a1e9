package io.fixtape.codegen.sample;

import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.UtcTimestamps;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The generated encoders of the sample dictionary: exact bytes, group counting, required checks, round trips. */
class SampleEncoderTest
{
    private static final long TRANSACT_TIME = nanos("2026-12-02T14:55:00.123456789Z");

    private final ExecutionReportEncoder report = new ExecutionReportEncoder();

    @Test
    void writesFieldsInCallOrderWithGroupsCountedWhereTheyWereOpened()
    {
        final FixEncoder encoder = Fix.encoder(ExecutionReportEncoder.MESSAGE_TYPE);
        report.wrap(encoder).orderID("O1").clOrdID("C1");
        final NoPartyIDsGroupEncoder parties = report.parties().noPartyIDs();
        parties.next().partyID("P1").partyIDSource(PartyIDSource.PROPRIETARY_CUSTOM_CODE).partyRole(PartyRole.CLIENT_ID);
        parties.ptysSubGrp().noPartySubIDs().next().partySubID("S1").partySubIDType(10);
        parties.next().partyID("P2").partyIDSource('B').partyRole(24);
        report.execID("E1").execType(ExecType.TRADE).ordStatus(OrdStatus.PARTIALLY_FILLED);
        report.instrument().symbol("ABC").securityType(SecurityType.COMMON_STOCK);
        report.side(Side.SELL).lastPx(new Decimal(10125, 3)).leavesQty(40, 0).cumQty(new Decimal(60, 0));
        report.transactTime(TRANSACT_TIME, UtcTimestamps.MICROS);
        final ExecutionReportNoAllocsGroupEncoder allocs = report.noAllocs();
        allocs.next().allocAccount("A1").allocQty(25, 0);
        allocs.next().allocAccount("A2").allocQty(35, 0).text("last");

        assertEquals(0, report.complete());
        encoder.finish();
        assertEquals(Fix.message("35=8|37=O1|11=C1|453=2|448=P1|447=D|452=3|802=1|523=S1|803=10|448=P2|447=B|452=24|" +
            "17=E1|150=F|39=1|55=ABC|167=CS|54=2|31=10.125|151=40|14=60|60=20261202-14:55:00.123456|" +
            "78=2|79=A1|80=25|79=A2|80=35|58=last|").replace('\001', '|'), Fix.piped(encoder));
    }

    @Test
    void encodedGroupsDecodeToTheSameValues()
    {
        final FixEncoder encoder = Fix.encoder(NewOrderSingleEncoder.MESSAGE_TYPE);
        final NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(encoder);
        order.clOrdID("ORD-7");
        final NoPartyIDsGroupEncoder parties = order.parties().noPartyIDs();
        for (int i = 0; i < 3; i++)
        {
            parties.next().partyID("P" + i).partyRole(PartyRole.EXECUTING_FIRM);
            final NoPartySubIDsGroupEncoder subIds = parties.ptysSubGrp().noPartySubIDs();
            for (int j = 0; j <= i; j++)
            {
                subIds.next().partySubID("S" + i + j).partySubIDType(j);
            }
        }
        order.instrument().symbol("XYZ").securityXML().securityXMLLen(7).securityXMLData("<a b=1>");
        order.side(Side.BUY).transactTime(TRANSACT_TIME).orderQtyData().orderQty(100, 0);
        order.ordType(OrdType.MARKET).expireDate((int)LocalDate.of(2027, 1, 15).toEpochDay());
        final byte[] raw = {'x', 1, 'y'};
        order.rawDataLength(raw.length).rawData(raw);
        assertEquals(0, order.complete());
        final int length = encoder.finish();

        final NewOrderSingleDecoder decoded = new NewOrderSingleDecoder().wrap(
            new io.fixtape.engine.codec.FixDecoder().wrap(encoder.buffer(), encoder.messageOffset(), length));
        assertEquals("ORD-7", decoded.clOrdIDAsString());
        int i = 0;
        for (final NoPartyIDsGroupDecoder party : decoded.parties().noPartyIDs())
        {
            assertEquals("P" + i, party.partyIDAsString());
            assertSame(PartyRole.EXECUTING_FIRM, party.partyRole());
            final NoPartySubIDsGroupDecoder subIds = party.ptysSubGrp().noPartySubIDs();
            assertEquals(i + 1, subIds.count());
            int j = 0;
            for (final NoPartySubIDsGroupDecoder subId : subIds)
            {
                assertEquals("S" + i + j, subId.partySubIDAsString());
                assertEquals(j, subId.partySubIDType());
                j++;
            }
            assertEquals(i + 1, j);
            i++;
        }
        assertEquals(3, i);
        assertEquals("<a b=1>", decoded.instrument().securityXML().securityXMLData().toString());
        assertEquals(TRANSACT_TIME / 1_000_000 * 1_000_000, decoded.transactTime(), "milliseconds by default");
        assertEquals(LocalDate.of(2027, 1, 15).toEpochDay(), decoded.expireDate());
        final UnsafeBuffer copy = new UnsafeBuffer(new byte[3]);
        assertEquals(3, decoded.rawData(copy, 0));
        assertEquals("x\u0001y", new String(copy.byteArray(), StandardCharsets.US_ASCII));
    }

    @Test
    void completeReportsTheFirstMissingRequiredTagInTheValidatorsOrder()
    {
        report.wrap(Fix.encoder(ExecutionReportEncoder.MESSAGE_TYPE));
        assertEquals(17, report.complete(), "nothing written: ExecID is the first the validator checks");
        report.execID("E").orderID("O").execType('0').ordStatus('0').side('1').leavesQty(0, 0).cumQty(0, 0);
        assertEquals(55, report.complete(), "Symbol: required through the required Instrument component");
        report.instrument().symbol("ABC");
        assertEquals(0, report.complete());

        report.wrap(Fix.encoder(ExecutionReportEncoder.MESSAGE_TYPE));
        report.execID("E").execType(ExecType.NULL_VAL).ordStatus(OrdStatus.UNKNOWN);
        assertEquals(37, report.complete(), "state is per message: wrap forgets the previous one");
    }

    @Test
    void completeReportsAGroupEntryWithoutARequiredMember()
    {
        final NewOrderSingleEncoder order = completeOrder();
        final NoPartySubIDsGroupEncoder subIds = order.parties().noPartyIDs().next().partyID("P")
            .ptysSubGrp().noPartySubIDs();
        subIds.next().partySubID("S1").partySubIDType(1);
        subIds.next().partySubID("S2");
        assertEquals(803, order.complete());
    }

    @Test
    void anEntryMustStartWithItsDelimiter()
    {
        final NewOrderSingleEncoder order = completeOrder();
        order.parties().noPartyIDs().next().partyRole(PartyRole.CLIENT_ID).partyID("P");
        assertEquals(448, order.complete());
    }

    @Test
    void aGroupWithoutEntriesWritesNothing()
    {
        final FixEncoder encoder = Fix.encoder(ExecutionReportEncoder.MESSAGE_TYPE);
        report.wrap(encoder).orderID("O");
        report.parties().noPartyIDs();
        report.execID("E");
        report.complete();
        encoder.finish();
        assertEquals(Fix.message("35=8|37=O|17=E|").replace('\001', '|'), Fix.piped(encoder));
    }

    @Test
    void enumSentinelsWriteNothing()
    {
        final FixEncoder encoder = Fix.encoder(ExecutionReportEncoder.MESSAGE_TYPE);
        report.wrap(encoder).side(Side.NULL_VAL).side(Side.UNKNOWN).execType(ExecType.NEW);
        report.complete();
        encoder.finish();
        assertEquals(Fix.message("35=8|150=0|").replace('\001', '|'), Fix.piped(encoder));
        assertFalse(Side.NULL_VAL.isDefined());
    }

    @Test
    void aClosedGroupCannotTakeMoreEntries()
    {
        report.wrap(Fix.encoder(ExecutionReportEncoder.MESSAGE_TYPE));
        final NoPartyIDsGroupEncoder parties = report.parties().noPartyIDs();
        parties.next().partyID("P1");
        report.execID("E");
        assertThrows(IllegalStateException.class, parties::next);
    }

    @Test
    void groupEntriesUseTheOwnersTimestampPrecisionAndGrowTheirBuffer()
    {
        final FixEncoder encoder = Fix.encoder(NewOrderSingleEncoder.MESSAGE_TYPE);
        encoder.timestampPrecision(UtcTimestamps.NANOS);
        final NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(encoder);
        final NoPartyIDsGroupEncoder parties = order.parties().noPartyIDs();
        final String id = "P".repeat(300);
        for (int i = 0; i < 5; i++)
        {
            parties.next().partyID(id);
        }
        order.transactTime(TRANSACT_TIME);
        order.complete();
        encoder.finish();
        final String message = Fix.piped(encoder);
        assertEquals(true, message.contains("453=5|448=" + id + "|448="));
        assertEquals(true, message.contains("|60=20261202-14:55:00.123456789|"));
    }

    private static NewOrderSingleEncoder completeOrder()
    {
        final NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(Fix.encoder(NewOrderSingleEncoder.MESSAGE_TYPE));
        order.clOrdID("C").side(Side.BUY).transactTime(TRANSACT_TIME).ordType(OrdType.MARKET);
        order.instrument().symbol("ABC");
        assertEquals(0, order.complete());
        return order;
    }

    private static long nanos(final String instant)
    {
        final Instant parsed = Instant.parse(instant);
        return parsed.getEpochSecond() * 1_000_000_000L + parsed.getNano();
    }
}
