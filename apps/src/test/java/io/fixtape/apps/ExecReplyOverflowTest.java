package io.fixtape.apps;

import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionState;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The held-reply bound: a counterparty that sends orders but never reads fills the connection (1 MiB), then exec's
 * small held-reply queue; past the bound the session logs out with a clear text, counted — and because from our
 * Logout on replies are journaled without being written, every order still has its fill in the store (sequence
 * numbers used), for the counterparty's ResendRequest after its next Logon. Nothing is dropped.
 */
class ExecReplyOverflowTest
{
    private static final String LOGON = "8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|";

    @Test
    void overflowLogsOutAndJournalsEveryReply()
    {
        final TestClock clock = new TestClock();
        final ExecApplication exec = new ExecApplication("FIX.4.4", clock, 1024);
        final Session session = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(64 << 20, 1 << 16), exec, clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send(LOGON);
        int orders = 0;
        while (session.state() == SessionState.ACTIVE && orders < 20_000)
        {
            orders++;
            peer.send("8=FIX.4.4|35=D|34=" + (orders + 1) + "|49=TW|52=<TIME>|56=ISLD|11=O" + orders +
                "|54=1|55=ACME|60=<TIME>|38=100|40=2|44=10.5|");
            peer.doWork(); // the duty cycle retries held replies: nothing drains while the peer does not read
        }
        assertEquals(SessionState.LOGOUT_SENT, session.state(), "logged out after " + orders + " orders");
        assertEquals(1, exec.replyQueueOverflows());
        assertEquals(1, session.counters().logoutsSent(LogoutReason.REQUESTED));
        assertTrue(exec.backPressured() > 0);
        assertEquals(0, exec.repliesDropped());
        assertEquals(0, exec.pendingReplies(), "held replies were journaled once the Logout was sent");
        assertEquals(orders, exec.fills(), "one fill per order");
        assertTrue(session.counters().applicationMessagesHeld() > 0);
        final List<String> written = peer.drain();
        final long logouts = written.stream().filter(m -> m.contains("|35=5|")).count();
        final long fillsWritten = written.stream().filter(m -> m.contains("|35=8|")).count();
        assertTrue(fillsWritten < orders, "some fills were not written: " + fillsWritten);
        assertEquals(orders, fillsWritten + session.counters().applicationMessagesHeld(),
            "every fill was either written before the Logout or journaled after it");
        // every fill has its number: Logon, one per fill, and the Logout if it fitted into the pipe
        assertEquals(2 + orders + logouts, session.nextSenderSeqNum());
        assertTrue(written.stream().filter(m -> m.contains("|35=8|")).allMatch(m -> !m.contains("|43=Y|")));
    }
}
