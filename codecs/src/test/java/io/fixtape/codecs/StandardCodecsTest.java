package io.fixtape.codecs;

import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** For each generated version: decode a NewOrderSingle from real bytes, encode an ExecutionReport byte for byte. */
class StandardCodecsTest
{
    private static final String HEADER = "49=CLIENT|56=BROKER|34=7|52=20261202-14:55:00.123|";

    @Test
    void fix42()
    {
        final io.fixtape.codecs.fix42.NewOrderSingleDecoder order = new io.fixtape.codecs.fix42.NewOrderSingleDecoder()
            .wrap(Wire.decode("FIX.4.2", "35=D|" + HEADER + "11=ORD-1|21=1|55=IBM|54=1|60=20261202-14:55:00.123|" +
                "38=100|40=2|44=12.50|59=0|"));
        assertEquals("ORD-1", order.clOrdID().toString());
        assertSame(io.fixtape.codecs.fix42.HandlInst.AUTOMATED_EXECUTION_ORDER_PRIVATE_NO_BROKER_INTERVENTION,
            order.handlInst());
        assertEquals("IBM", order.symbol().toString(), "FIX 4.2 has no components");
        assertSame(io.fixtape.codecs.fix42.Side.BUY, order.side());
        assertEquals(Wire.TRANSACT_TIME, order.transactTime());
        assertEquals(new Decimal(100, 0), order.orderQty());
        assertSame(io.fixtape.codecs.fix42.OrdType.LIMIT, order.ordType());
        assertEquals(new Decimal(1250, 2), order.price());
        assertSame(io.fixtape.codecs.fix42.TimeInForce.DAY, order.timeInForce());

        final FixEncoder encoder = Wire.encoder("FIX.4.2", io.fixtape.codecs.fix42.ExecutionReportEncoder.MESSAGE_TYPE);
        final io.fixtape.codecs.fix42.ExecutionReportEncoder report =
            new io.fixtape.codecs.fix42.ExecutionReportEncoder().wrap(encoder);
        report.orderID("O-1").clOrdID(order.clOrdID()).execID("E-1")
            .execTransType(io.fixtape.codecs.fix42.ExecTransType.NEW)
            .execType(io.fixtape.codecs.fix42.ExecType.PARTIAL_FILL)
            .ordStatus(io.fixtape.codecs.fix42.OrdStatus.PARTIALLY_FILLED)
            .symbol(order.symbol()).side(order.side()).orderQty(order.orderQty())
            .lastShares(40, 0).lastPx(order.price()).leavesQty(60, 0).cumQty(40, 0).avgPx(1250, 2)
            .transactTime(Wire.TRANSACT_TIME);
        assertEquals(0, report.complete());
        assertEquals(Wire.message("FIX.4.2", "35=8|37=O-1|11=ORD-1|17=E-1|20=0|150=1|39=1|55=IBM|54=1|38=100|32=40|" +
            "31=12.50|151=60|14=40|6=12.50|60=20261202-14:55:00.123|"), Wire.finished(encoder));
    }

    @Test
    void fix44()
    {
        final io.fixtape.codecs.fix44.NewOrderSingleDecoder order = new io.fixtape.codecs.fix44.NewOrderSingleDecoder()
            .wrap(Wire.decode("FIX.4.4", "35=D|" + HEADER + "11=ORD-1|453=2|448=DESK|447=D|452=24|448=TRADER|" +
                "447=D|452=11|55=IBM|167=CS|54=2|60=20261202-14:55:00.123|38=100|40=1|"));
        assertEquals("ORD-1", order.clOrdID().toString());
        final io.fixtape.codecs.fix44.NoPartyIDsGroupDecoder parties = order.parties().noPartyIDs();
        assertEquals(2, parties.count());
        parties.next();
        assertEquals("DESK", parties.partyID().toString());
        assertSame(io.fixtape.codecs.fix44.PartyRole.CUSTOMER_ACCOUNT, parties.partyRole());
        parties.next();
        assertSame(io.fixtape.codecs.fix44.PartyRole.ORDER_ORIGINATION_TRADER, parties.partyRole());
        assertFalse(parties.hasNext());
        assertEquals("IBM", order.instrument().symbol().toString());
        assertSame(io.fixtape.codecs.fix44.SecurityType.COMMON_STOCK, order.instrument().securityType());
        assertSame(io.fixtape.codecs.fix44.Side.SELL, order.side());
        assertEquals(new Decimal(100, 0), order.orderQtyData().orderQty());
        assertSame(io.fixtape.codecs.fix44.OrdType.MARKET, order.ordType());

        final FixEncoder encoder = Wire.encoder("FIX.4.4", io.fixtape.codecs.fix44.ExecutionReportEncoder.MESSAGE_TYPE);
        final io.fixtape.codecs.fix44.ExecutionReportEncoder report =
            new io.fixtape.codecs.fix44.ExecutionReportEncoder().wrap(encoder);
        report.orderID("O-1").clOrdID(order.clOrdID());
        final io.fixtape.codecs.fix44.NoPartyIDsGroupEncoder reportParties = report.parties().noPartyIDs();
        for (final io.fixtape.codecs.fix44.NoPartyIDsGroupDecoder party : order.parties().noPartyIDs())
        {
            reportParties.next().partyID(party.partyID()).partyIDSource(party.partyIDSource())
                .partyRole(party.partyRole());
        }
        report.execID("E-1").execType(io.fixtape.codecs.fix44.ExecType.TRADE)
            .ordStatus(io.fixtape.codecs.fix44.OrdStatus.FILLED);
        report.instrument().symbol(order.instrument().symbol());
        report.side(order.side()).orderQtyData().orderQty(order.orderQtyData().orderQty());
        report.lastQty(100, 0).lastPx(9995, 2).leavesQty(0, 0).cumQty(100, 0).avgPx(9995, 2);
        assertEquals(0, report.complete());
        assertEquals(Wire.message("FIX.4.4", "35=8|37=O-1|11=ORD-1|453=2|448=DESK|447=D|452=24|448=TRADER|447=D|" +
            "452=11|17=E-1|150=F|39=2|55=IBM|54=2|38=100|32=100|31=99.95|151=0|14=100|6=99.95|"), Wire.finished(encoder));
        assertFalse(io.fixtape.codecs.fix44.ExecType.TRADE.value() == '1', "FIX 4.4: ExecType errata");
    }

    @Test
    void fix50sp2OverFixt11()
    {
        final FixDecoder message = Wire.decode("FIXT.1.1", "35=D|" + HEADER + "1128=9|11=ORD-1|55=EUR/USD|" +
            "167=FXSPOT|54=1|60=20261202-14:55:00.123|38=1000000|40=2|44=1.08125|");
        final io.fixtape.codecs.fixt11.HeaderDecoder header = new io.fixtape.codecs.fixt11.HeaderDecoder().wrap(message);
        assertEquals("CLIENT", header.senderCompID().toString());
        assertSame(io.fixtape.codecs.fixt11.ApplVerID.FIX50SP2, header.applVerID());
        final io.fixtape.codecs.fix50sp2.NewOrderSingleDecoder order =
            new io.fixtape.codecs.fix50sp2.NewOrderSingleDecoder().wrap(message);
        assertEquals("EUR/USD", order.instrument().symbol().toString());
        assertSame(io.fixtape.codecs.fix50sp2.SecurityType.FX_SPOT, order.instrument().securityType());
        assertEquals(new Decimal(1_000_000, 0), order.orderQtyData().orderQty());
        assertEquals(new Decimal(108125, 5), order.price());
        assertTrue(order.toString().startsWith("NewOrderSingle{ClOrdID=ORD-1, Symbol=EUR/USD, SecurityType=FXSPOT"),
            order.toString());

        final FixEncoder encoder = Wire.encoder("FIXT.1.1",
            io.fixtape.codecs.fix50sp2.ExecutionReportEncoder.MESSAGE_TYPE);
        final io.fixtape.codecs.fix50sp2.ExecutionReportEncoder report =
            new io.fixtape.codecs.fix50sp2.ExecutionReportEncoder().wrap(encoder);
        report.orderID("O-1").clOrdID(order.clOrdID()).execID("E-1")
            .execType(io.fixtape.codecs.fix50sp2.ExecType.NEW).ordStatus(io.fixtape.codecs.fix50sp2.OrdStatus.NEW);
        report.instrument().symbol(order.instrument().symbol());
        report.side(io.fixtape.codecs.fix50sp2.Side.BUY).leavesQty(order.orderQtyData().orderQty()).cumQty(0, 0)
            .transactTime(Wire.TRANSACT_TIME);
        assertEquals(0, report.complete());
        assertEquals(Wire.message("FIXT.1.1", "35=8|37=O-1|11=ORD-1|17=E-1|150=0|39=0|55=EUR/USD|54=1|151=1000000|" +
            "14=0|60=20261202-14:55:00.123|"), Wire.finished(encoder));
    }

    @Test
    void fixt11SessionMessages()
    {
        final io.fixtape.codecs.fixt11.LogonDecoder logon = new io.fixtape.codecs.fixt11.LogonDecoder().wrap(
            Wire.decode("FIXT.1.1", "35=A|" + HEADER + "98=0|108=30|141=Y|1137=9|"));
        assertSame(io.fixtape.codecs.fixt11.EncryptMethod.NONE_OTHER, logon.encryptMethod());
        assertEquals(30, logon.heartBtInt());
        assertTrue(logon.resetSeqNumFlag());
        assertEquals("9", logon.defaultApplVerID().toString());
        assertEquals("Logon", io.fixtape.codecs.fixt11.MessageTypes.name(logon.decoder().msgType()));
    }
}
