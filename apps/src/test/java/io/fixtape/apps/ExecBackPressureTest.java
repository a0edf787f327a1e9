package io.fixtape.apps;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code exec} under back-pressure over real loopback TCP: the acceptor's outbound buffer and both socket buffers
 * are tiny and the initiator (the counterparty) is polled only once every {@value #SLOW_READER_EVERY} acceptor duty
 * cycles while it fires all its orders, so most fills meet {@code BACK_PRESSURED}. Every order must still get
 * exactly one fill, in order, with no reply dropped and no overflow — the held replies go out from the
 * application's duty-cycle hook as the reader catches up.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExecBackPressureTest
{
    private static final int ORDERS = 20_000;
    private static final int SLOW_READER_EVERY = 50;

    @Test
    void everyOrderGetsExactlyOneFillWhenTheReaderIsSlow()
    {
        final EpochNanoClock clock = new OffsetEpochNanoClock();
        final SessionId acceptorId = new SessionId("FIX.4.4", "EXEC", "CLIENT");
        final SessionId initiatorId = new SessionId("FIX.4.4", "CLIENT", "EXEC");
        final ExecApplication exec = new ExecApplication("FIX.4.4", clock);
        final EngineContext acceptorContext = new EngineContext().name("bp-acceptor").clock(clock).maxMessageSize(4096)
            .transportConfig(new TcpTransportConfig().outboundBufferCapacity(4096).socketSendBufferSize(4096))
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(acceptorId).resetOnLogon(true)
                .heartBtIntSeconds(30), exec, new InetSocketAddress("127.0.0.1", 0)));
        final Client client = new Client(clock);
        try (FixEngine acceptor = FixEngine.invoked(acceptorContext))
        {
            final EngineContext initiatorContext = new EngineContext().name("bp-initiator").clock(clock).maxMessageSize(4096)
                .transportConfig(new TcpTransportConfig().socketReceiveBufferSize(4096))
                .addSession(SessionEndpoint.initiator(new SessionConfig().sessionId(initiatorId).resetOnLogon(true),
                    client, new InetSocketAddress("127.0.0.1", acceptor.boundPort()), TimeUnit.SECONDS.toNanos(1)))
                .addTask(client);
            try (FixEngine initiator = FixEngine.invoked(initiatorContext))
            {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(50);
                long cycle = 0;
                while (client.fills < ORDERS && System.nanoTime() < deadline)
                {
                    acceptor.invoker().invoke();
                    if (++cycle % SLOW_READER_EVERY == 0)
                    {
                        initiator.invoker().invoke();
                    }
                }
                for (int i = 0; i < 1_000; i++) // anything extra (a duplicate) would arrive now
                {
                    acceptor.invoker().invoke();
                    initiator.invoker().invoke();
                }
                assertTrue(exec.backPressured() > 0, "the test never back-pressured the acceptor");
                assertEquals(ORDERS, client.sent);
                assertEquals(ORDERS, client.fills, "fills received");
                assertEquals(0, client.outOfOrder, "fills out of order or duplicated");
                assertEquals(0, exec.repliesDropped());
                assertEquals(0, exec.replyQueueOverflows());
                assertEquals(0, exec.pendingReplies());
                assertEquals(ORDERS, exec.fills());
                System.out.printf("exec back-pressure: %d orders, %d replies held at least once, 0 dropped%n",
                    ORDERS, exec.backPressured());
            }
        }
    }

    /** Sends every order as fast as the session takes them; checks fills arrive once each, in ClOrdID order. */
    static final class Client implements Application, DutyCycleTask
    {
        private final EpochNanoClock clock;
        private SessionHandle session;
        int sent;
        int fills;
        int outOfOrder;

        Client(final EpochNanoClock clock)
        {
            this.clock = clock;
        }

        @Override
        public void onLogon(final SessionHandle session)
        {
            this.session = session;
        }

        @Override
        public int doWork(final long nowNanos)
        {
            int work = 0;
            while (session != null && session.isLoggedOn() && sent < ORDERS && work < 1_000)
            {
                final FixEncoder order = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
                order.putLong(Tags.CL_ORD_ID, sent)
                    .putString(Tags.SYMBOL, "ACME")
                    .putChar(Tags.SIDE, '1')
                    .putUtcTimestamp(Tags.TRANSACT_TIME, clock.nanoTime())
                    .putLong(Tags.ORDER_QTY, 100)
                    .putChar(Tags.ORD_TYPE, '2')
                    .putDecimal(Tags.PRICE, 10_025, 2);
                if (session.send() <= 0)
                {
                    break;
                }
                sent++;
                work++;
            }
            return work;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() == MsgTypes.EXECUTION_REPORT)
            {
                if (message.getLong(Tags.CL_ORD_ID) != fills)
                {
                    outOfOrder++;
                }
                fills++;
            }
        }
    }
}
