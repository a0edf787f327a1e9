package io.fixtape.apps;

import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.session.SessionSchedule;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A 24-hour session (StartTime equal to EndTime, a few seconds from now) crosses its daily boundary while logged on,
 * against QuickFIX/J 2.3.2 with the same schedule, both ways round, over loopback TCP on the wall clock: both sides
 * end the old period, reset to sequence number 1 and log on again, with no sequence error (no "MsgSeqNum too low"
 * Logout, no ResendRequest, no Reject) on either side. Neither side resets on Logon: only the schedule resets.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ScheduleBoundaryInteropTest
{
    private static final String FIXTAPE = "FIXTAPE";
    private static final String QFJ = "QFJ";
    private static final String BEGIN_STRING = "FIX.4.4";

    /**
     * The boundary: 25 s from now (on a whole second), so that both sides start, log on and trade in the old period
     * even on a loaded machine.
     */
    private static LocalTime boundary()
    {
        return LocalTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).plusSeconds(25);
    }

    /** The first half of the test must end before the boundary, or the test would prove nothing. */
    private static void assertBeforeBoundary(final LocalTime boundary)
    {
        assertTrue(LocalTime.now(ZoneOffset.UTC).isBefore(boundary.minusSeconds(1)),
            "logged on and traded before the boundary " + boundary);
    }

    private static SessionConfig config(final SessionId id, final LocalTime boundary)
    {
        return new SessionConfig().sessionId(id).heartBtIntSeconds(1)
            .schedule(SessionSchedule.daily(boundary, boundary, ZoneOffset.UTC));
    }

    @Test
    void quickFixJInitiatorAndFixtapeAcceptorCrossTheBoundaryWithoutASequenceError() throws Exception
    {
        final LocalTime boundary = boundary();
        final SessionId id = new SessionId(BEGIN_STRING, FIXTAPE, QFJ);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.acceptor(config(id, boundary),
                new ExecApplication(BEGIN_STRING, new OffsetEpochNanoClock()), new InetSocketAddress("127.0.0.1", 0)));
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator(BEGIN_STRING, QFJ, FIXTAPE, engine.boundPort()).heartBtInt(1)
                .resetOnLogon(false).schedule(boundary, boundary).start())
        {
            qfj.awaitLogon();
            final Session session = engine.session(id);
            for (int i = 0; i < 5; i++)
            {
                qfj.send(qfj.newOrderSingle(i));
            }
            await(() -> qfj.fills() == 5, "fills before the boundary");

            assertBeforeBoundary(boundary);
            final long resetsBefore = onPoller(engine, () -> session.counters().sessionResets());
            await(() -> qfj.logons() >= 2 && onPoller(engine, session::isLoggedOn) &&
                onPoller(engine, () -> session.counters().sessionResets()) > resetsBefore,
                "a new Logon after the boundary");
            qfj.send(qfj.newOrderSingle(5));
            await(() -> qfj.fills() == 6, "a fill in the new period");

            assertNoSequenceError(engine, session, qfj);
        }
    }

    @Test
    void fixtapeInitiatorAndQuickFixJAcceptorCrossTheBoundaryWithoutASequenceError() throws Exception
    {
        final LocalTime boundary = boundary();
        final int port = QuickFixJInteropTest.freePort();
        final SessionId id = new SessionId(BEGIN_STRING, FIXTAPE, QFJ);
        final QuickFixJInteropTest.OrderSender sender = new QuickFixJInteropTest.OrderSender(BEGIN_STRING);
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.initiator(config(id, boundary), sender, new InetSocketAddress("127.0.0.1", port),
                TimeUnit.MILLISECONDS.toNanos(500)));
        try (QfjPeer qfj = QfjPeer.acceptor(BEGIN_STRING, QFJ, FIXTAPE, port).heartBtInt(1).resetOnLogon(false)
            .schedule(boundary, boundary).start();
            FixEngine engine = FixEngine.launch(context))
        {
            qfj.awaitLogon();
            final Session session = engine.session(id);
            await(() -> onPoller(engine, session::isLoggedOn), "fixtape logged on");
            assertTrue(onPoller(engine, () -> sender.send(session, 5) == 5), "orders taken");
            await(() -> qfj.ordersReceived() == 5, "orders before the boundary");
            assertBeforeBoundary(boundary);
            final long resetsBefore = onPoller(engine, () -> session.counters().sessionResets());

            await(() -> qfj.logons() >= 2 && onPoller(engine, session::isLoggedOn) &&
                onPoller(engine, () -> session.counters().sessionResets()) > resetsBefore,
                "a new Logon after the boundary");
            assertTrue(onPoller(engine, () -> sender.send(session, 1) == 1), "an order in the new period");
            await(() -> qfj.ordersReceived() == 6, "the order at QuickFIX/J");

            assertNoSequenceError(engine, session, qfj);
        }
    }

    private static void assertNoSequenceError(final FixEngine engine, final Session session, final QfjPeer qfj)
        throws Exception
    {
        assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());
        assertEquals(0, qfj.resendRequests(), "fixtape asked QuickFIX/J for nothing");
        assertTrue(qfj.logoutTexts().stream().noneMatch(text -> text.contains("MsgSeqNum")), qfj.logoutTexts()::toString);
        assertEquals(0L, onPoller(engine, () -> session.counters().resendRequestsSent()));
        assertEquals(0L, onPoller(engine, () -> session.counters().resendRequestsReceived()));
        assertEquals(0L, onPoller(engine, () -> session.counters().logoutsSent(LogoutReason.SEQUENCE_TOO_LOW)));
        assertEquals(0L, onPoller(engine, () -> session.counters().rejectsSentTotal()));
        assertTrue(qfj.session().getExpectedTargetNum() < 20 && qfj.session().getExpectedSenderNum() < 20,
            "QuickFIX/J restarted its numbers at the boundary");
        assertTrue(onPoller(engine, session::nextTargetSeqNum) < 20, "fixtape restarted its numbers");
    }
}
