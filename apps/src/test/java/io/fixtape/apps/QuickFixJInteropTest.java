package io.fixtape.apps;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.tcp.TcpConnection;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fixtape against QuickFIX/J 2.3.2 (dictionary validation ON) over real loopback TCP, both ways round, for FIX.4.2,
 * FIX.4.4 and FIXT.1.1/FIX.5.0SP2: logon, {@value #ORDERS} orders and fills, heartbeats and a TestRequest with
 * HeartBtInt=1, sequence gaps in both directions (fixtape asks for a resend; QuickFIX/J asks fixtape, which resends
 * its ExecutionReports/orders with PossDupFlag=Y), logout.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class QuickFixJInteropTest
{
    static final int ORDERS = Integer.getInteger("fixtape.interop.orders", 10_000);
    private static final String FIXTAPE = "FIXTAPE";
    private static final String QFJ = "QFJ";

    @ParameterizedTest
    @ValueSource(strings = {"FIX.4.2", "FIX.4.4", "FIXT.1.1"})
    void quickFixJInitiatorTradesWithFixtapeAcceptor(final String beginString) throws Exception
    {
        final SessionId id = new SessionId(beginString, FIXTAPE, QFJ);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.acceptor(sessionConfig(id), new ExecApplication(beginString, new OffsetEpochNanoClock()),
                new InetSocketAddress("127.0.0.1", 0)));
        try (FixEngine engine = FixEngine.launch(context))
        {
            try (QfjPeer qfj = QfjPeer.initiator(beginString, QFJ, FIXTAPE, engine.boundPort()).heartBtInt(1).start())
            {
                qfj.awaitLogon();
                assertTrue(onPoller(engine, () -> ((TcpConnection)engine.session(id).connection()).tcpNoDelay()),
                    "TCP_NODELAY on the accepted socket");

                for (int i = 0; i < ORDERS; i++)
                {
                    qfj.send(qfj.newOrderSingle(i));
                }
                await(() -> qfj.fills() == ORDERS, "fills");
                assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());

                // heartbeats with HeartBtInt=1 and a TestRequest answered with its TestReqID
                final int heartbeats = qfj.heartbeats();
                await(() -> qfj.heartbeats() >= heartbeats + 2, "heartbeats");
                qfj.session().generateTestRequest("T1");
                await(() -> qfj.testRequestAnswers() >= 1, "TestRequest answer");

                // gap towards fixtape: fixtape sends a ResendRequest, QuickFIX/J fills the gap, trading continues
                qfj.session().setNextSenderMsgSeqNum(qfj.session().getExpectedSenderNum() + 5);
                qfj.send(qfj.newOrderSingle(ORDERS));
                await(() -> qfj.fills() == ORDERS + 1, "fill after gap");
                assertTrue(onPoller(engine, () -> engine.session(id).counters().resendRequestsSent()) >= 1,
                    "fixtape asked for a resend");

                // gap towards QuickFIX/J: it forgets the last messages (5 fills among them) and asks fixtape to
                // resend; the fills come again with PossDupFlag=Y and pass QuickFIX/J's validation
                for (int i = 1; i <= 5; i++)
                {
                    qfj.send(qfj.newOrderSingle(ORDERS + i));
                }
                await(() -> qfj.fills() == ORDERS + 6, "fills before the rewind");
                qfj.session().setNextTargetMsgSeqNum(qfj.session().getExpectedTargetNum() - 10);
                qfj.send(qfj.newOrderSingle(ORDERS + 6));
                await(() -> qfj.possDups() >= 5, "fills resent with PossDupFlag=Y");
                assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());

                qfj.logout();
                await(() -> !onPoller(engine, () -> engine.session(id).isLoggedOn()), "fixtape logged out");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"FIX.4.2", "FIX.4.4", "FIXT.1.1"})
    void fixtapeInitiatorTradesWithQuickFixJAcceptor(final String beginString) throws Exception
    {
        final int port = freePort();
        final SessionId id = new SessionId(beginString, FIXTAPE, QFJ);
        final OrderSender sender = new OrderSender(beginString);
        final SessionConfig config = sessionConfig(id).heartBtIntSeconds(1);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.initiator(config, sender, new InetSocketAddress("127.0.0.1", port),
                TimeUnit.MILLISECONDS.toNanos(200)));
        try (QfjPeer qfj = QfjPeer.acceptor(beginString, QFJ, FIXTAPE, port).start();
            FixEngine engine = FixEngine.launch(context))
        {
            qfj.awaitLogon();
            final Session session = engine.session(id);
            await(() -> onPoller(engine, session::isLoggedOn), "fixtape logged on");
            assertTrue(onPoller(engine, () -> ((TcpConnection)session.connection()).tcpNoDelay()),
                "TCP_NODELAY on the connected socket");
            assertTrue(onPoller(engine, () -> sender.send(session, ORDERS) == ORDERS), "orders taken");
            await(() -> qfj.ordersReceived() == ORDERS, "orders at QuickFIX/J");
            await(() -> sender.fills.get() == ORDERS, "fills at fixtape");
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());

            final int heartbeats = qfj.heartbeats();
            await(() -> qfj.heartbeats() >= heartbeats + 2, "heartbeats from fixtape");
            qfj.session().generateTestRequest("T2");
            await(() -> qfj.testRequestAnswers() >= 1, "TestRequest answer");

            // QuickFIX/J forgets the last messages (5 orders among them): fixtape resends them with PossDupFlag=Y
            assertTrue(onPoller(engine, () -> sender.send(session, 5) == 5), "five more orders");
            await(() -> qfj.ordersReceived() == ORDERS + 5, "orders before the rewind");
            qfj.session().setNextTargetMsgSeqNum(qfj.session().getExpectedTargetNum() - 10);
            assertTrue(onPoller(engine, () -> sender.send(session, 1) == 1), "one more order");
            await(() -> qfj.possDups() >= 5, "orders resent with PossDupFlag=Y at QuickFIX/J");
            // QuickFIX/J skips ahead: fixtape detects the gap and asks for a resend
            qfj.session().setNextSenderMsgSeqNum(qfj.session().getExpectedSenderNum() + 5);
            assertTrue(onPoller(engine, () -> sender.send(session, 1) == 1), "one more order");
            await(() -> onPoller(engine, () -> session.counters().resendRequestsSent()) >= 1 &&
                sender.fills.get() >= ORDERS + 7, "fixtape's ResendRequest answered and the fill received");
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());

            onPoller(engine, () ->
            {
                session.logout("done");
                return true;
            });
            qfj.awaitLogout();
        }
    }

    static SessionConfig sessionConfig(final SessionId id)
    {
        final SessionConfig config = new SessionConfig().sessionId(id).resetOnLogon(true);
        if (id.beginString().startsWith("FIXT"))
        {
            config.defaultApplVerId("FIX.5.0SP2");
        }
        return config;
    }

    static int freePort() throws Exception
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    /** fixtape-side initiator application: sends NewOrderSingles, counts ExecutionReports. */
    static final class OrderSender implements Application
    {
        final AtomicInteger fills = new AtomicInteger();
        private final boolean fix42;
        private int nextId;

        OrderSender(final String beginString)
        {
            this.fix42 = "FIX.4.2".equals(beginString);
        }

        /** Poller thread. @return orders sent. */
        int send(final Session session, final int count)
        {
            int sent = 0;
            for (int i = 0; i < count; i++)
            {
                final FixEncoder order = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
                final int id = nextId++;
                order.putString(Tags.CL_ORD_ID, "F" + id);
                if (fix42)
                {
                    order.putChar(Tags.HANDL_INST, '1');
                }
                order.putString(Tags.SYMBOL, "SYM" + (id % 10))
                    .putChar(Tags.SIDE, id % 2 == 0 ? '1' : '2')
                    .putUtcTimestamp(Tags.TRANSACT_TIME, System.currentTimeMillis() * 1_000_000L)
                    .putDecimal(Tags.ORDER_QTY, 100 + id % 900, 0)
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
