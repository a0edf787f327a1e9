package io.fixtape.cluster;

import io.fixtape.engine.interop.QfjPeer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import quickfix.SessionID;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hot path of the fan-out models allocates nothing: QuickFIX/J orders in over TCP, the session agent publishes
 * them on Aeron IPC, the application agent runs {@code exec} and publishes the fill back, the session agent sends it.
 * After warm-up, rounds of orders are sent until one round leaves every fixtape thread (workers, application +
 * accepting agent + Aeron client invoker) at 0 allocated bytes (ThreadMXBean#getThreadAllocatedBytes). The first
 * rounds may show a few hundred bytes once (deoptimisation re-materialising scalar-replaced objects), as in the
 * engine's ZeroAllocationTcpTest.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FanOutAllocationTest
{
    private static final int WARM_UP_ORDERS = 3000;
    private static final int ROUND_ORDERS = 1000;
    private static final int MAX_ROUNDS = 8;

    @ParameterizedTest
    @EnumSource(value = AcceptorModel.class, names = {"MONO", "SHARD"})
    void steadyStateAllocatesNothing(final AcceptorModel model) throws Exception
    {
        final AcceptorModelsTest settings = new AcceptorModelsTest();
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(
            settings.context(model.text(), model == AcceptorModel.SHARD ? 2 : 1, ""));
            QfjPeer clients = QfjPeer.initiator("FIX.4.4", List.of("CLIENT1", "CLIENT2"), "SERVER", acceptor.boundPort())
                .start())
        {
            clients.awaitLogon();
            int sent = 0;
            sent = sendAndAwait(clients, sent, WARM_UP_ORDERS);
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
            final List<Thread> ours = fixtapeThreads();
            // workers + the application agent's thread: nothing measured would prove nothing
            assertEquals(acceptor.context().agentThreads(), ours.size(), ours.toString());
            final Map<String, Long> lastRound = new LinkedHashMap<>();
            for (int round = 0; round < MAX_ROUNDS; round++)
            {
                final long[] before = allocated(threads, ours);
                sent = sendAndAwait(clients, sent, ROUND_ORDERS);
                final long[] after = allocated(threads, ours);
                lastRound.clear();
                long total = 0;
                for (int i = 0; i < ours.size(); i++)
                {
                    lastRound.put(ours.get(i).getName(), after[i] - before[i]);
                    total += after[i] - before[i];
                }
                System.out.println(model.text() + " round " + round + ": bytes allocated " + lastRound);
                if (total == 0)
                {
                    break;
                }
            }
            final Map<String, Long> zeros = new LinkedHashMap<>();
            lastRound.keySet().forEach(name -> zeros.put(name, 0L));
            assertEquals(zeros, lastRound, "bytes allocated per fixtape thread in the last round of " +
                ROUND_ORDERS + " orders x " + clients.sessionIds().size() + " sessions");
        }
    }

    private static int sendAndAwait(final QfjPeer clients, final int alreadySent, final int orders)
        throws InterruptedException
    {
        for (int i = alreadySent; i < alreadySent + orders; i++)
        {
            for (final SessionID id : clients.sessionIds())
            {
                clients.send(id, clients.newOrderSingle(id.getSenderCompID() + "-" + i, i));
            }
            if (i % 200 == 199)
            {
                final int target = (i + 1 - 150) * clients.sessionIds().size(); // bounded window of outstanding orders
                awaitTrue(() -> clients.fills() >= target, () -> "fills " + clients.fills());
            }
        }
        final int total = (alreadySent + orders) * clients.sessionIds().size();
        awaitTrue(() -> clients.fills() == total, () -> "fills " + clients.fills() + " of " + total);
        return alreadySent + orders;
    }

    private static List<Thread> fixtapeThreads()
    {
        final List<Thread> ours = new ArrayList<>();
        for (final Thread thread : Thread.getAllStackTraces().keySet())
        {
            // the session-event logger formats lines (it allocates by design, off the message path)
            if (thread.getName().startsWith("fixtape-") &&
                !thread.getName().equals(io.fixtape.engine.status.SessionEventLogger.ROLE_NAME))
            {
                ours.add(thread);
            }
        }
        ours.sort((a, b) -> a.getName().compareTo(b.getName()));
        return ours;
    }

    private static long[] allocated(final com.sun.management.ThreadMXBean threads, final List<Thread> ours)
    {
        final long[] bytes = new long[ours.size()];
        for (int i = 0; i < bytes.length; i++)
        {
            bytes[i] = threads.getThreadAllocatedBytes(ours.get(i).getId());
        }
        return bytes;
    }
}
