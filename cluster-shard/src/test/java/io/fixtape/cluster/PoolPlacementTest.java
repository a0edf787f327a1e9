package io.fixtape.cluster;

import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.session.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.SessionID;

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
            try (QfjPeer first = QfjPeer.initiator("FIX.4.4", "CLIENT1", "SERVER", acceptor.boundPort()).start())
            {
                first.awaitLogon(); // worker 0 (tie)
                try (QfjPeer second = QfjPeer.initiator("FIX.4.4", "CLIENT2", "SERVER", acceptor.boundPort()).start())
                {
                    second.awaitLogon(); // worker 1 (0 serves one)
                    try (QfjPeer third = QfjPeer.initiator("FIX.4.4", "CLIENT3", "SERVER", acceptor.boundPort()).start())
                    {
                        third.awaitLogon(); // worker 0 (tie again)
                        third.logout();
                    }
                    awaitTrue(() -> counters.sessions(0).get() == 1, counters::perWorkerSummary);
                    // CLIENT3 again: both workers serve one other session, so it stays with the worker holding it
                    try (QfjPeer again = QfjPeer.initiator("FIX.4.4", "CLIENT3", "SERVER", acceptor.boundPort()).start())
                    {
                        again.awaitLogon();
                        final SessionID id = again.sessionId();
                        for (int i = 0; i < 50; i++)
                        {
                            again.send(id, again.newOrderSingle("AGAIN-" + i, i));
                        }
                        awaitTrue(() -> again.fills() == 50, () -> "fills " + again.fills());
                        assertEquals(52, again.session(id).getExpectedTargetNum());
                        assertEquals(3, counters.logons(0).get(), counters.perWorkerSummary());
                        assertEquals(1, counters.logons(1).get(), counters.perWorkerSummary());
                        assertEquals(50, counters.messages(0).get(), counters.perWorkerSummary());
                        assertEquals(0, counters.poolMoves.get(), "balanced: nothing moves");
                        again.logout();
                    }
                    second.logout();
                }
                first.logout();
            }
        }
    }

    @Test
    void sessionMovesToTheLessLoadedWorkerBetweenConnections() throws Exception
    {
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(new AcceptorModelsTest().context("pool", 2, "")))
        {
            final ClusterCounters counters = acceptor.counters();
            final QfjPeer c1 = QfjPeer.initiator("FIX.4.4", "CLIENT1", "SERVER", acceptor.boundPort()).start();
            c1.awaitLogon(); // worker 0
            // CLIENT2 keeps its sequence numbers across its connections: the acceptor's state must follow it
            try (QfjPeer c2 = QfjPeer.initiator("FIX.4.4", "CLIENT2", "SERVER", acceptor.boundPort())
                .resetOnLogon(false).start())
            {
                c2.awaitLogon(); // worker 1
                final QfjPeer c3 = QfjPeer.initiator("FIX.4.4", "CLIENT3", "SERVER", acceptor.boundPort()).start();
                c3.awaitLogon(); // worker 0
                try (QfjPeer c4 = QfjPeer.initiator("FIX.4.4", "CLIENT4", "SERVER", acceptor.boundPort()).start())
                {
                    c4.awaitLogon(); // worker 1
                    assertEquals(2, counters.logons(0).get(), counters.perWorkerSummary());
                    assertEquals(2, counters.logons(1).get(), counters.perWorkerSummary());
                    final SessionID id = c2.sessionId();
                    for (int i = 0; i < 20; i++)
                    {
                        c2.send(id, c2.newOrderSingle("BEFORE-" + i, i));
                    }
                    awaitTrue(() -> c2.fills() == 20, () -> "fills " + c2.fills());
                    final Session held = sessionOn(acceptor.workers().get(1), "CLIENT2");

                    // worker 0 empties: CLIENT1 and CLIENT3 log out
                    c1.logout();
                    c1.close();
                    c3.logout();
                    c3.close();
                    awaitTrue(() -> counters.sessions(0).get() == 0, counters::perWorkerSummary);

                    // CLIENT2 logs out and on again: worker 0 serves 0 sessions, worker 1 one (CLIENT4) → it moves
                    c2.logout();
                    awaitTrue(() -> counters.sessions(1).get() == 1, counters::perWorkerSummary);
                    c2.logonAgain();
                    awaitTrue(() -> c2.logons() == 2, () -> "CLIENT2 logons " + c2.logons());
                    for (int i = 0; i < 30; i++)
                    {
                        c2.send(id, c2.newOrderSingle("AFTER-" + i, i));
                    }
                    awaitTrue(() -> c2.fills() == 50, () -> "fills " + c2.fills());

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
                    assertEquals(54, c2.session(id).getExpectedTargetNum());
                    final int[] acceptorNumbers = onPoller(acceptor.workers().get(0),
                        () -> new int[] {held.nextSenderSeqNum(), held.nextTargetSeqNum()});
                    assertEquals(54, acceptorNumbers[0], "acceptor's next outbound MsgSeqNum");
                    assertEquals(c2.session(id).getExpectedSenderNum(), acceptorNumbers[1],
                        "acceptor's next expected MsgSeqNum");
                    assertEquals(0, c2.resendRequests(), "no gap after the move");
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
                    assertEquals(50, c2.fills(), "duplicates are not new fills");
                    assertEquals(0, c2.rejects(), "no rejects");
                    assertEquals(c2.fills(), c2.applicationMessages(), "nothing but fills");
                    c2.logout();
                    c4.logout();
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
