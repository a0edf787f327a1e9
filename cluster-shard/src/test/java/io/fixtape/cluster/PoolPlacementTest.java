package io.fixtape.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.SessionID;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Pool placement over real connections: a new session goes to the worker serving the fewest sessions (ties to the
 * lowest index), and a session that reconnects returns to the worker that holds its state even when another worker
 * is now less loaded.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PoolPlacementTest
{
    @Test
    void leastLoadedForNewSessionsStickyForReconnects() throws Exception
    {
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(new AcceptorModelsTest().context("pool", 2, "")))
        {
            final ClusterCounters counters = acceptor.counters();
            try (QfjClients first = new QfjClients(List.of("CLIENT1"), acceptor.boundPort()))
            {
                first.awaitLogon(); // worker 0 (tie)
                try (QfjClients second = new QfjClients(List.of("CLIENT2"), acceptor.boundPort()))
                {
                    second.awaitLogon(); // worker 1 (0 has one)
                    try (QfjClients third = new QfjClients(List.of("CLIENT3"), acceptor.boundPort()))
                    {
                        third.awaitLogon(); // worker 0 (tie again)
                        third.logoutAll();
                    }
                    awaitTrue(() -> counters.sessions(0).get() == 1, counters::perWorkerSummary);
                    // CLIENT3 again: worker 1 serves fewer sessions now, but CLIENT3's state is on worker 0
                    try (QfjClients again = new QfjClients(List.of("CLIENT3"), acceptor.boundPort()))
                    {
                        again.awaitLogon();
                        final SessionID id = again.sessionIds.get(0);
                        for (int i = 0; i < 50; i++)
                        {
                            again.send(id, QfjClients.order("AGAIN-" + i, i));
                        }
                        awaitTrue(() -> again.totalFills() == 50, () -> "fills " + again.totalFills());
                        assertEquals(52, again.expectedTargetNum(id));
                        assertEquals(3, counters.logons(0).get(), counters.perWorkerSummary());
                        assertEquals(1, counters.logons(1).get(), counters.perWorkerSummary());
                        assertEquals(50, counters.messages(0).get(), counters.perWorkerSummary());
                        again.logoutAll();
                    }
                    second.logoutAll();
                }
                first.logoutAll();
            }
        }
    }
}
