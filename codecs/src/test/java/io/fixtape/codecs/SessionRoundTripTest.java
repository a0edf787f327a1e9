package io.fixtape.codecs;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two real engine sessions, both validating with the engine's dictionaries: the initiator sends a NewOrderSingle
 * built with a generated encoder, the acceptor's application dispatches it to a generated decoder and answers with
 * an ExecutionReport built with a generated encoder, which the initiator decodes. Nothing is rejected.
 */
class SessionRoundTripTest
{
    private final TestClock clock = new TestClock();

    @Test
    void fix44OrderAndFill()
    {
        final List<String> fills = new ArrayList<>();
        final io.fixtape.codecs.fix44.MessageDispatcher acceptorDispatcher = new io.fixtape.codecs.fix44.MessageDispatcher(
            new io.fixtape.codecs.fix44.MessageDispatcher.Handler()
            {
                private final io.fixtape.codecs.fix44.ExecutionReportEncoder report =
                    new io.fixtape.codecs.fix44.ExecutionReportEncoder();

                @Override
                public void onNewOrderSingle(
                    final io.fixtape.codecs.fix44.NewOrderSingleDecoder order, final SessionHandle session)
                {
                    report.wrap(session).orderID("O-1").clOrdID(order.clOrdID());
                    final io.fixtape.codecs.fix44.NoPartyIDsGroupEncoder parties = report.parties().noPartyIDs();
                    for (final io.fixtape.codecs.fix44.NoPartyIDsGroupDecoder party : order.parties().noPartyIDs())
                    {
                        parties.next().partyID(party.partyID()).partyIDSource(party.partyIDSource())
                            .partyRole(party.partyRole());
                    }
                    report.execID("E-1").execType(io.fixtape.codecs.fix44.ExecType.TRADE)
                        .ordStatus(io.fixtape.codecs.fix44.OrdStatus.FILLED);
                    report.instrument().symbol(order.instrument().symbol());
                    report.side(order.side()).orderQtyData().orderQty(order.orderQtyData().orderQty());
                    report.lastQty(order.orderQtyData().orderQty()).lastPx(order.price()).leavesQty(0, 0)
                        .cumQty(order.orderQtyData().orderQty()).avgPx(order.price())
                        .transactTime(session.sendingTimeNanos());
                    assertEquals(0, report.complete());
                    assertTrue(session.send() > 0);
                }
            });
        final io.fixtape.codecs.fix44.ExecutionReportDecoder received = new io.fixtape.codecs.fix44.ExecutionReportDecoder();
        final InProcessSessionPair pair = pair("FIX.4.4", (message, session) ->
        {
            received.wrap(message);
            fills.add(received.clOrdID() + " " + received.execType() + " " + received.cumQty() + "@" + received.avgPx() +
                " " + received.parties().noPartyIDs().count() + " parties");
        }, (message, session) -> acceptorDispatcher.dispatch(message, session)).connect();

        final Session initiator = pair.initiator();
        final io.fixtape.codecs.fix44.NewOrderSingleEncoder order = new io.fixtape.codecs.fix44.NewOrderSingleEncoder();
        order.wrap(initiator).clOrdID("ORD-1");
        order.parties().noPartyIDs().next().partyID("DESK").partyIDSource('D').partyRole(24);
        order.instrument().symbol("IBM");
        order.side(io.fixtape.codecs.fix44.Side.BUY).transactTime(initiator.sendingTimeNanos());
        order.orderQtyData().orderQty(100, 0);
        order.ordType(io.fixtape.codecs.fix44.OrdType.LIMIT).price(new Decimal(12345, 2));
        assertEquals(0, order.complete());
        assertTrue(initiator.send() > 0);
        pair.pump();

        assertEquals(List.of("ORD-1 TRADE 100@123.45 1 parties"), fills);
        assertEquals(0, pair.acceptor().counters().rejectsSentTotal());
        assertEquals(0, pair.initiator().counters().rejectsSentTotal());
    }

    @Test
    void fix50sp2OverFixt11OrderAndAck()
    {
        final List<String> acks = new ArrayList<>();
        final io.fixtape.codecs.fix50sp2.ExecutionReportEncoder report = new io.fixtape.codecs.fix50sp2.ExecutionReportEncoder();
        final io.fixtape.codecs.fix50sp2.MessageDispatcher acceptorDispatcher =
            new io.fixtape.codecs.fix50sp2.MessageDispatcher(new io.fixtape.codecs.fix50sp2.MessageDispatcher.Handler()
            {
                @Override
                public void onNewOrderSingle(
                    final io.fixtape.codecs.fix50sp2.NewOrderSingleDecoder order, final SessionHandle session)
                {
                    report.wrap(session).orderID("O-2").clOrdID(order.clOrdID()).execID("E-2")
                        .execType(io.fixtape.codecs.fix50sp2.ExecType.NEW)
                        .ordStatus(io.fixtape.codecs.fix50sp2.OrdStatus.NEW)
                        .side(order.side()).leavesQty(order.orderQtyData().orderQty()).cumQty(0, 0);
                    assertEquals(0, report.complete());
                    assertTrue(session.send() > 0);
                }
            });
        final io.fixtape.codecs.fix50sp2.MessageDispatcher initiatorDispatcher =
            new io.fixtape.codecs.fix50sp2.MessageDispatcher(new io.fixtape.codecs.fix50sp2.MessageDispatcher.Handler()
            {
                @Override
                public void onExecutionReport(
                    final io.fixtape.codecs.fix50sp2.ExecutionReportDecoder ack, final SessionHandle session)
                {
                    acks.add(ack.clOrdID() + " " + ack.ordStatus() + " " + ack.leavesQty());
                }
            });
        final InProcessSessionPair pair = pair("FIXT.1.1", initiatorDispatcher::dispatch, acceptorDispatcher::dispatch)
            .connect();

        final Session initiator = pair.initiator();
        final io.fixtape.codecs.fix50sp2.NewOrderSingleEncoder order = new io.fixtape.codecs.fix50sp2.NewOrderSingleEncoder();
        order.wrap(initiator).clOrdID("ORD-2").side(io.fixtape.codecs.fix50sp2.Side.SELL)
            .transactTime(initiator.sendingTimeNanos()).ordType(io.fixtape.codecs.fix50sp2.OrdType.MARKET);
        order.instrument().symbol("EUR/USD");
        order.orderQtyData().orderQty(1_000_000, 0);
        assertEquals(0, order.complete());
        assertTrue(initiator.send() > 0);
        pair.pump();

        assertEquals(List.of("ORD-2 NEW 1000000"), acks);
        assertEquals(0, pair.acceptor().counters().rejectsSentTotal());
        assertEquals(0, pair.initiator().counters().rejectsSentTotal());
    }

    private InProcessSessionPair pair(final String beginString, final Application initiatorApp, final Application acceptorApp)
    {
        final String applVerId = beginString.startsWith("FIXT") ? "FIX.5.0SP2" : null;
        final MessageValidator initiatorValidator =
            new MessageValidator(Dictionaries.forSession(beginString, applVerId), new ValidationOptions());
        final MessageValidator acceptorValidator =
            new MessageValidator(Dictionaries.forSession(beginString, applVerId), new ValidationOptions());
        final SessionConfig initiatorConfig = TestSessions.initiatorConfig(beginString).validator(initiatorValidator);
        final SessionConfig acceptorConfig = TestSessions.acceptorConfig(beginString).validator(acceptorValidator);
        final Session initiator = TestSessions.session(
            initiatorConfig, new InMemoryMessageStore(1 << 20, 4096), initiatorApp, clock);
        final Session acceptor = TestSessions.session(
            acceptorConfig, new InMemoryMessageStore(1 << 20, 4096), acceptorApp, clock);
        return new InProcessSessionPair(initiator, acceptor, clock);
    }

}
