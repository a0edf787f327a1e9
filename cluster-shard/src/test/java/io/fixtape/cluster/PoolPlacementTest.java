package io.fixtape.cluster;

import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.session.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.SessionID;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pool placement over real connections (QuickFIX/J 2.3.2 initiators, loopback TCP, the real media driver): a new
 * session goes to the worker serving the fewest sessions now (ties to the lowest index); a session that logs on
 * again stays with the worker holding its state unless another worker serves strictly fewer sessions, and then its
 * state — the same Session object, sequence numbers and store — moves there between its connections.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PoolPlacementTest
{
    @Test
    void leastLoadedForNewSessionsStickyWhenBalanced() throws Exception
    {
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(new AcceptorModelsTest().context("pool", 2, "")))
        {
            final ClusterCounters counters = acceptor.counters();
            try (QfjClients first = new QfjClients(List.of("CLIENT1"), acceptor.boundPort()))
            {
                first.awaitLogon(); // worker 0 (tie)
                try (QfjClients second = new QfjClients(List.of("CLIENT2"), acceptor.boundPort()))
                {
                    second.awaitLogon(); // worker 1 (0 serves one)
                    try (QfjClients third = new QfjClients(List.of("CLIENT3"), acceptor.boundPort()))
                    {
                        third.awaitLogon(); // worker 0 (tie again)
                        third.logoutAll();
                    }
                    awaitTrue(() -> counters.sessions(0).get() == 1, counters::perWorkerSummary);
                    // CLIENT3 again: both workers serve one other session, so it stays with the worker holding it
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
                        assertEquals(0, counters.poolMoves.get(), "balanced: nothing moves");
                        again.logoutAll();
                    }
                    second.logoutAll();
                }
                first.logoutAll();
            }
        }
    }

    @Test
    void sessionMovesToTheLessLoadedWorkerBetweenConnections() throws Exception
    {
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(new AcceptorModelsTest().context("pool", 2, "")))
        {
            final ClusterCounters counters = acceptor.counters();
            final QfjClients c1 = new QfjClients(List.of("CLIENT1"), acceptor.boundPort());
            c1.awaitLogon(); // worker 0
            // CLIENT2 keeps its sequence numbers across its connections: the acceptor's state must follow it
            try (QfjClients c2 = new QfjClients(List.of("CLIENT2"), acceptor.boundPort(), false))
            {
                c2.awaitLogon(); // worker 1
                final QfjClients c3 = new QfjClients(List.of("CLIENT3"), acceptor.boundPort());
                c3.awaitLogon(); // worker 0
                try (QfjClients c4 = new QfjClients(List.of("CLIENT4"), acceptor.boundPort()))
                {
                    c4.awaitLogon(); // worker 1
                    assertEquals(2, counters.logons(0).get(), counters.perWorkerSummary());
                    assertEquals(2, counters.logons(1).get(), counters.perWorkerSummary());
                    final SessionID id = c2.sessionIds.get(0);
                    for (int i = 0; i < 20; i++)
                    {
                        c2.send(id, QfjClients.order("BEFORE-" + i, i));
                    }
                    awaitTrue(() -> c2.totalFills() == 20, () -> "fills " + c2.totalFills());
                    final Session held = sessionOn(acceptor.workers().get(1), "CLIENT2");

                    // worker 0 empties: CLIENT1 and CLIENT3 log out
                    c1.logoutAll();
                    c1.close();
                    c3.logoutAll();
                    c3.close();
                    awaitTrue(() -> counters.sessions(0).get() == 0, counters::perWorkerSummary);

                    // CLIENT2 logs out and on again: worker 0 serves 0 sessions, worker 1 one (CLIENT4) → it moves
                    c2.logoutAll();
                    awaitTrue(() -> counters.sessions(1).get() == 1, counters::perWorkerSummary);
                    c2.logonAgain();
                    awaitTrue(() -> c2.logons.get() == 2, () -> "CLIENT2 logons " + c2.logons.get());
                    for (int i = 0; i < 30; i++)
                    {
                        c2.send(id, QfjClients.order("AFTER-" + i, i));
                    }
                    awaitTrue(() -> c2.totalFills() == 50, () -> "fills " + c2.totalFills());

                    assertEquals(1, counters.poolMoves.get(), counters.perWorkerSummary());
                    assertEquals(0, counters.poolMovesDeclined.get());
                    assertEquals(3, counters.logons(0).get(), counters.perWorkerSummary());
                    assertEquals(2, counters.logons(1).get(), counters.perWorkerSummary());
                    assertEquals(30, counters.messages(0).get(), counters.perWorkerSummary());
                    assertEquals(20, counters.messages(1).get(), counters.perWorkerSummary());
                    assertEquals(30, counters.replies(0).get(), counters.perWorkerSummary());
                    assertEquals(1, counters.sessions(0).get(), counters.perWorkerSummary());
                    assertEquals(1, counters.sessions(1).get(), counters.perWorkerSummary());
                    // the same Session object (sequence numbers, store) now on worker 0, gone from worker 1
                    assertTrue(sessionOn(acceptor.workers().get(0), "CLIENT2") == held);
                    assertFalse(acceptor.workers().get(1).sessions().contains(held));
                    // QuickFIX/J saw one unbroken sequence: Logon 1, fills 2..21, Logout 22, Logon 23, fills 24..53
                    assertEquals(54, c2.expectedTargetNum(id));
                    final int[] acceptorNumbers = onPoller(acceptor.workers().get(0),
                        () -> new int[] {held.nextSenderSeqNum(), held.nextTargetSeqNum()});
                    assertEquals(54, acceptorNumbers[0], "acceptor's next outbound MsgSeqNum");
                    assertEquals(c2.nextSenderNum(id), acceptorNumbers[1], "acceptor's next expected MsgSeqNum");
                    assertEquals(0, c2.resendRequests.get(), "no gap after the move");
                    // the moved store still holds what worker 1 sent: a ResendRequest for the first fills is served
                    // from it (PossDup copies, which QuickFIX/J accepts and ignores as duplicates)
                    final quickfix.Message resend = new quickfix.Message();
                    resend.getHeader().setString(quickfix.field.MsgType.FIELD, quickfix.field.MsgType.RESEND_REQUEST);
                    resend.setInt(7, 2);
                    resend.setInt(16, 21);
                    c2.send(id, resend);
                    awaitTrue(() -> readOnPoller(acceptor.workers().get(0), () -> held.counters().messagesResent()) == 20,
                        () -> "resent " + readOnPoller(acceptor.workers().get(0), () -> held.counters().messagesResent()));
                    assertEquals(0L, (long)onPoller(acceptor.workers().get(0), () -> held.counters().gapFillsSent()));
                    assertEquals(50, c2.totalFills(), "duplicates are not new fills");
                    assertEquals(0, c2.rejects.get(), "no rejects");
                    c2.logoutAll();
                    c4.logoutAll();
                }
            }
            awaitTrue(() -> counters.sessions(0).get() + counters.sessions(1).get() == 0, counters::perWorkerSummary);
            assertEquals(0, counters.ipcBadHeader.get());
        }
    }

    private static Session sessionOn(final FixEngine engine, final String targetCompId)
    {
        for (final Session session : engine.sessions())
        {
            if (session.sessionId().targetCompId().equals(targetCompId))
            {
                return session;
            }
        }
        throw new AssertionError("no " + targetCompId + " on " + engine.sessions());
    }

    private static long readOnPoller(final FixEngine engine, final java.util.function.Supplier<Long> read)
    {
        try
        {
            return onPoller(engine, read);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static <T> T onPoller(final FixEngine engine, final java.util.function.Supplier<T> read) throws Exception
    {
        final CompletableFuture<T> result = new CompletableFuture<>();
        assertTrue(engine.execute(() -> result.complete(read.get())));
        return result.get(10, TimeUnit.SECONDS);
    }
}
