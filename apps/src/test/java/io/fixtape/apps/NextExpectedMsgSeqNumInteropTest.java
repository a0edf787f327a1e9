package io.fixtape.apps;

import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * EnableNextExpectedMsgSeqNum on both sides against QuickFIX/J 2.3.2 (validation on): QuickFIX/J logs on with 789,
 * accepts ours, trades, logs out and logs on again with sequence numbers kept, each side's 789 matching the other's
 * next number; nobody is logged out for it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NextExpectedMsgSeqNumInteropTest
{
    private static final String BEGIN_STRING = "FIX.4.4";

    @Test
    void quickFixJInitiatorLogsOnTwiceWithNextExpectedMsgSeqNumOnBothSides() throws Exception
    {
        final SessionId id = new SessionId(BEGIN_STRING, "FIXTAPE", "QFJ");
        final SessionConfig config = new SessionConfig().sessionId(id).enableNextExpectedMsgSeqNum(true);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.acceptor(config, new ExecApplication(BEGIN_STRING, new OffsetEpochNanoClock()),
                new InetSocketAddress("127.0.0.1", 0)));
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator(BEGIN_STRING, "QFJ", "FIXTAPE", engine.boundPort())
                .resetOnLogon(false).enableNextExpectedMsgSeqNum(true).start())
        {
            qfj.awaitLogon();
            final Session session = engine.session(id);
            qfj.send(qfj.newOrderSingle(1));
            await(() -> qfj.fills() == 1, "a fill");
            qfj.logout();
            await(() -> !onPoller(engine, session::isConnected), "fixtape disconnected");

            qfj.logonAgain();
            await(() -> qfj.logons() == 2 && onPoller(engine, session::isLoggedOn), "the second Logon");
            qfj.send(qfj.newOrderSingle(2));
            await(() -> qfj.fills() == 2, "a fill after the second Logon");

            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());
            assertEquals(0L, onPoller(engine,
                () -> session.counters().logoutsSent(LogoutReason.NEXT_EXPECTED_MSG_SEQ_NUM_TOO_HIGH)));
            assertEquals(0L, onPoller(engine, () -> session.counters().rejectsSentTotal()));
            assertEquals(qfj.session().getExpectedSenderNum(), (int)onPoller(engine, session::nextTargetSeqNum));
            assertEquals(qfj.session().getExpectedTargetNum(), (int)onPoller(engine, session::nextSenderSeqNum));
        }
    }
}
