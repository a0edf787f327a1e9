package io.fixtape.cluster;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.testkit.ForwardingApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.SessionID;

import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Aeron back-pressure on the inbound IPC stream is queued and retried, never dropped: the smallest IPC term
 * (64 KiB, a 32 KiB publication window) and an application that takes 1 ms per order for the first orders make
 * the session agent's offers fail with BACK_PRESSURED while QuickFIX/J keeps sending; every order is still filled, in
 * sequence, and the counters show the queue was used and emptied.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BackPressureTest
{
    private static final int ORDERS = 1000;
    private static final int SLOW_ORDERS = 400;
    private static final long SLOW_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** exec, but slow for the first orders (test only: a real application must not block its agent). */
    private static final class SlowFirst extends ForwardingApplication
    {
        private int seen;

        SlowFirst(final Application exec)
        {
            super(exec);
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (seen++ < SLOW_ORDERS)
            {
                final long until = System.nanoTime() + SLOW_NANOS;
                while (System.nanoTime() < until)
                {
                    Thread.onSpinWait();
                }
            }
            super.onMessage(message, session);
        }
    }

    @Test
    void backPressuredMessagesAreQueuedAndDelivered() throws Exception
    {
        final ClusterContext context = new AcceptorModelsTest().context("mono", 1, "",
            (config, clock) -> new SlowFirst(BuiltinApplications.create("exec", config, clock)))
            .ipcTermLength(64 * 1024);
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(context);
            QfjPeer clients = QfjPeer.initiator("FIX.4.4", "CLIENT1", "SERVER", acceptor.boundPort()).start())
        {
            clients.awaitLogon();
            final SessionID id = clients.sessionId();
            for (int i = 0; i < ORDERS; i++)
            {
                clients.send(id, clients.newOrderSingle("BP-" + i, i));
            }
            awaitTrue(() -> clients.fills() == ORDERS, () -> "fills " + clients.fills() + ", "
                + acceptor.counters().perWorkerSummary());
            assertEquals(ORDERS, clients.filledClOrdIds(id).size());
            assertEquals(ORDERS + 2, clients.session(id).getExpectedTargetNum(), "fills in sequence");
            final ClusterCounters counters = acceptor.counters();
            assertTrue(counters.ipcBackPressured.get() > 0, "the 32 KiB window was exceeded: " + counters.ipcBackPressured.get());
            assertTrue(counters.ipcRetriedPublished.get() > 0, "queued messages were published later");
            assertEquals(0, counters.ipcPendingFull.get(), "nothing refused");
            assertEquals(ORDERS, counters.messages(0).get());
            assertEquals(ORDERS, counters.replies(0).get());
            clients.logout();
        }
    }
}
