package io.fixtape.apps;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FIX.4.0, FIX.4.1 and FIX.4.3 against QuickFIX/J 2.3.2 over real loopback TCP, both sides validating with their own
 * dictionary of the version, both ways round: logon, orders and fills written as the version defines them (no
 * TransactTime on a FIX.4.0/4.1 order, no ExecType or LeavesQty on a FIX.4.0 fill, no ExecTransType from FIX.4.3),
 * a gap towards fixtape (its ResendRequest, EndSeqNo 999999 before FIX.4.2, answered by QuickFIX/J), a gap towards
 * QuickFIX/J (fixtape resends with PossDupFlag=Y, which QuickFIX/J validates), logout.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OlderFixVersionsInteropTest
{
    private static final int ORDERS = 200;
    private static final String FIXTAPE = "FIXTAPE";
    private static final String QFJ = "QFJ";

    @ParameterizedTest
    @ValueSource(strings = {"FIX.4.0", "FIX.4.1", "FIX.4.3"})
    void quickFixJInitiatorTradesWithAFixtapeAcceptor(final String beginString) throws Exception
    {
        final SessionId id = new SessionId(beginString, FIXTAPE, QFJ);
        final Filler filler = new Filler(beginString);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.acceptor(sessionConfig(id), filler, new InetSocketAddress("127.0.0.1", 0)));
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator(beginString, QFJ, FIXTAPE, engine.boundPort()).heartBtInt(1).start())
        {
            qfj.awaitLogon();
            for (int i = 0; i < ORDERS; i++)
            {
                qfj.send(qfj.newOrderSingle(i));
            }
            await(() -> qfj.fills() == ORDERS, "fills");
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());

            // gap towards fixtape: it asks for a resend, QuickFIX/J fills the gap, trading continues
            qfj.session().setNextSenderMsgSeqNum(qfj.session().getExpectedSenderNum() + 5);
            qfj.send(qfj.newOrderSingle(ORDERS));
            await(() -> qfj.fills() == ORDERS + 1, "fill after the gap");
            assertTrue(onPoller(engine, () -> engine.session(id).counters().resendRequestsSent()) >= 1,
                "fixtape asked for a resend");

            // gap towards QuickFIX/J: fixtape resends its fills with PossDupFlag=Y
            for (int i = 1; i <= 5; i++)
            {
                qfj.send(qfj.newOrderSingle(ORDERS + i));
            }
            await(() -> qfj.fills() == ORDERS + 6, "fills before the rewind");
            qfj.session().setNextTargetMsgSeqNum(qfj.session().getExpectedTargetNum() - 10);
            qfj.send(qfj.newOrderSingle(ORDERS + 6));
            await(() -> qfj.possDups() >= 5, "fills resent with PossDupFlag=Y");
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());
            assertEquals(0, qfj.sessionRejects(), "QuickFIX/J sent no session Reject");
            assertEquals(0L, onPoller(engine, () -> engine.session(id).counters().rejectsSentTotal()),
                "fixtape sent no session Reject");
            assertEquals(0, filler.unexpected.get(), "only orders reached the application");

            qfj.logout();
            await(() -> !onPoller(engine, () -> engine.session(id).isLoggedOn()), "fixtape logged out");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"FIX.4.0", "FIX.4.1", "FIX.4.3"})
    void fixtapeInitiatorTradesWithAQuickFixJAcceptor(final String beginString) throws Exception
    {
        final int port = QuickFixJInteropTest.freePort();
        final SessionId id = new SessionId(beginString, FIXTAPE, QFJ);
        final OrderSender sender = new OrderSender(beginString);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.initiator(sessionConfig(id).heartBtIntSeconds(1), sender,
                new InetSocketAddress("127.0.0.1", port), TimeUnit.MILLISECONDS.toNanos(200)));
        try (QfjPeer qfj = QfjPeer.acceptor(beginString, QFJ, FIXTAPE, port).start();
            FixEngine engine = FixEngine.launch(context))
        {
            qfj.awaitLogon();
            final Session session = engine.session(id);
            await(() -> onPoller(engine, session::isLoggedOn), "fixtape logged on");
            assertTrue(onPoller(engine, () -> sender.send(session, ORDERS) == ORDERS), "orders taken");
            await(() -> qfj.ordersReceived() == ORDERS, "orders at QuickFIX/J");
            await(() -> sender.fills.get() == ORDERS, "fills at fixtape");
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());

            // QuickFIX/J forgets the last messages: fixtape resends its orders with PossDupFlag=Y
            assertTrue(onPoller(engine, () -> sender.send(session, 5) == 5), "five more orders");
            await(() -> qfj.ordersReceived() == ORDERS + 5, "orders before the rewind");
            qfj.session().setNextTargetMsgSeqNum(qfj.session().getExpectedTargetNum() - 10);
            assertTrue(onPoller(engine, () -> sender.send(session, 1) == 1), "one more order");
            await(() -> qfj.possDups() >= 5, "orders resent with PossDupFlag=Y at QuickFIX/J");
            // QuickFIX/J skips ahead: fixtape asks for a resend
            qfj.session().setNextSenderMsgSeqNum(qfj.session().getExpectedSenderNum() + 5);
            assertTrue(onPoller(engine, () -> sender.send(session, 1) == 1), "one more order");
            await(() -> onPoller(engine, () -> session.counters().resendRequestsSent()) >= 1 &&
                sender.fills.get() >= ORDERS + 7, "fixtape's ResendRequest answered and the fill received");
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());
            assertEquals(0, qfj.sessionRejects(), "QuickFIX/J sent no session Reject");
            assertEquals(0L, onPoller(engine, () -> session.counters().rejectsSentTotal()), "fixtape sent no session Reject");

            onPoller(engine, () ->
            {
                session.logout("done");
                return true;
            });
            qfj.awaitLogout();
        }
    }

    private static SessionConfig sessionConfig(final SessionId id)
    {
        return new SessionConfig().sessionId(id).resetOnLogon(true).validator(new MessageValidator(
            Dictionaries.forSession(id.beginString(), null), new ValidationOptions()));
    }

    private static boolean before42(final String beginString)
    {
        return "FIX.4.0".equals(beginString) || "FIX.4.1".equals(beginString);
    }

    /** fixtape acceptor application: fills every order with an ExecutionReport as the version defines it. */
    static final class Filler implements Application
    {
        final AtomicInteger unexpected = new AtomicInteger();
        private final String beginString;
        private int execId;

        Filler(final String beginString)
        {
            this.beginString = beginString;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() != MsgTypes.NEW_ORDER_SINGLE)
            {
                unexpected.incrementAndGet();
                return;
            }
            final String clOrdId = message.getString(Tags.CL_ORD_ID).toString();
            final String symbol = message.getString(Tags.SYMBOL).toString();
            final char side = message.getString(Tags.SIDE).charAt(0);
            final String quantity = message.getString(Tags.ORDER_QTY).toString();
            final String price = message.getString(Tags.PRICE).toString();
            final FixEncoder report = session.newMessage(MsgTypes.EXECUTION_REPORT);
            final int id = ++execId;
            report.putString(Tags.ORDER_ID, "F" + id);
            if ("FIX.4.0".equals(beginString))
            {
                report.putInt(Tags.EXEC_ID, id); // an int in FIX.4.0
            }
            else
            {
                report.putString(Tags.EXEC_ID, "FE" + id);
            }
            if (!"FIX.4.3".equals(beginString))
            {
                report.putChar(20, '0'); // ExecTransType, gone from FIX.4.3's ExecutionReport
            }
            if ("FIX.4.1".equals(beginString))
            {
                report.putChar(150, '2');
            }
            else if ("FIX.4.3".equals(beginString))
            {
                report.putChar(150, 'F');
            }
            report.putChar(39, '2').putString(Tags.CL_ORD_ID, clOrdId).putString(Tags.SYMBOL, symbol)
                .putChar(Tags.SIDE, side).putString(Tags.ORDER_QTY, quantity);
            if (!"FIX.4.0".equals(beginString))
            {
                report.putString(151, "0");
            }
            report.putString(32, quantity).putString(31, price).putString(14, quantity).putString(6, price);
            session.send();
        }
    }

    /** fixtape initiator application: sends orders as the version defines them, counts ExecutionReports. */
    static final class OrderSender implements Application
    {
        final AtomicInteger fills = new AtomicInteger();
        private final String beginString;
        private int nextId;

        OrderSender(final String beginString)
        {
            this.beginString = beginString;
        }

        /** Poller thread. @return orders sent. */
        int send(final Session session, final int count)
        {
            int sent = 0;
            for (int i = 0; i < count; i++)
            {
                final FixEncoder order = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
                final int id = nextId++;
                order.putString(Tags.CL_ORD_ID, "F" + id).putChar(Tags.HANDL_INST, '1')
                    .putString(Tags.SYMBOL, "SYM" + (id % 10))
                    .putChar(Tags.SIDE, id % 2 == 0 ? '1' : '2');
                if (!before42(beginString))
                {
                    order.putUtcTimestamp(Tags.TRANSACT_TIME, session.sendingTimeNanos());
                }
                order.putDecimal(Tags.ORDER_QTY, 100 + id % 900, 0)
                    .putChar(Tags.ORD_TYPE, '2')
                    .putDecimal(Tags.PRICE, 12025 + id % 10, 2);
                if (session.send() > 0)
                {
                    sent++;
                }
            }
            return sent;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() == MsgTypes.EXECUTION_REPORT)
            {
                fills.incrementAndGet();
            }
        }
    }
}
