package io.fixtape.apps;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.EngineProbe;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Engine lifecycle over real TCP: an initiator started before its acceptor retries every reconnect interval (each
 * failure counted) and logs on once the acceptor listens; closing the acceptor engine sends Logout (graceful
 * shutdown) and the initiator goes back to reconnecting; a bad context fails naming the field.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class EngineLifecycleTest
{
    private static final SessionId ACCEPTOR = new SessionId("FIX.4.4", "EXEC", "CLIENT");
    private static final SessionId INITIATOR = new SessionId("FIX.4.4", "CLIENT", "EXEC");

    @Test
    void initiatorReconnectsUntilTheAcceptorListensAndShutdownLogsOut() throws Exception
    {
        final int port;
        try (ServerSocket socket = new ServerSocket(0))
        {
            port = socket.getLocalPort();
        }
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final AtomicInteger logons = new AtomicInteger();
        final AtomicInteger logouts = new AtomicInteger();
        final Application initiatorApp = new Application()
        {
            @Override
            public void onLogon(final SessionHandle session)
            {
                logons.incrementAndGet();
            }

            @Override
            public void onLogout(final SessionHandle session)
            {
                logouts.incrementAndGet();
            }

            @Override
            public void onMessage(final FixDecoder message, final SessionHandle session)
            {
            }
        };
        final EngineContext initiatorContext = new EngineContext().name("lifecycle-initiator").clock(clock)
            .idleStrategy("sleeping")
            .addSession(SessionEndpoint.initiator(new SessionConfig().sessionId(INITIATOR).heartBtIntSeconds(5),
                initiatorApp, new InetSocketAddress("127.0.0.1", port), TimeUnit.MILLISECONDS.toNanos(100)));
        try (FixEngine initiator = FixEngine.launch(initiatorContext))
        {
            EngineProbe.await(() -> initiator.counters().connectFailures.get() >= 2, "connect attempts fail and are retried");

            final EngineContext acceptorContext = new EngineContext().name("lifecycle-acceptor").clock(clock)
                .idleStrategy("sleeping")
                .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(ACCEPTOR),
                    new ExecApplication("FIX.4.4", clock), new InetSocketAddress("127.0.0.1", port)));
            final FixEngine acceptor = FixEngine.launch(acceptorContext);
            try
            {
                EngineProbe.await(() -> logons.get() == 1, "initiator logged on after the acceptor started");
                assertTrue(EngineProbe.onPoller(acceptor, () -> acceptor.session(ACCEPTOR).isLoggedOn()));
            }
            finally
            {
                acceptor.close();
            }
            // graceful shutdown: the acceptor sent Logout, the initiator answered and saw its session end
            EngineProbe.await(() -> logouts.get() == 1, "initiator saw the Logout");
            assertEquals(1, acceptor.counters().disconnects(DisconnectReason.LOGOUT).get() +
                acceptor.counters().disconnects(DisconnectReason.REMOTE_CLOSED).get());
            final long failures = initiator.counters().connectFailures.get();
            EngineProbe.await(() -> initiator.counters().connectFailures.get() > failures, "initiator reconnecting again");
        }
    }

    @Test
    void concludeNamesTheBadField()
    {
        assertEquals("sessions: at least one session or acceptor template is required",
            assertThrows(IllegalArgumentException.class, () -> new EngineContext().conclude()).getMessage());
        final EngineContext context = new EngineContext().maxMessageSize(10).addSession(SessionEndpoint.acceptor(
            new SessionConfig().sessionId(ACCEPTOR), Application.NO_OP, new InetSocketAddress(0)));
        assertEquals("maxMessageSize must be >= 256: 10",
            assertThrows(IllegalArgumentException.class, context::conclude).getMessage());
        final EngineContext badIdle = new EngineContext().idleStrategy("spinning").addSession(SessionEndpoint.acceptor(
            new SessionConfig().sessionId(ACCEPTOR), Application.NO_OP, new InetSocketAddress(0)));
        assertTrue(assertThrows(IllegalArgumentException.class, badIdle::conclude).getMessage().startsWith("idleStrategy"));
    }
}
