package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.testkit.TestClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An initiator over real loopback TCP with an injected clock: failed rounds wait longer each time up to the maximum,
 * jitter shortens each wait by up to its share, failover addresses are tried in order (a Logon starts again from the
 * primary), a connect that hangs is abandoned after the connect timeout; every failed connection is one log line
 * naming host:port and the reason, and is counted.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InitiatorReconnectTest
{
    private static final SessionId INITIATOR = new SessionId("FIX.4.4", "CLIENT", "EXEC");
    private static final SessionId ACCEPTOR = new SessionId("FIX.4.4", "EXEC", "CLIENT");
    private static final Pattern NEXT_IN = Pattern.compile("next attempt in ([0-9.]+) s");

    private final TestClock clock = new TestClock();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<FixEngine> engines = new ArrayList<>();
    private final List<AutoCloseable> sockets = new ArrayList<>();

    @AfterEach
    void close() throws Exception
    {
        for (final FixEngine engine : engines)
        {
            engine.close();
        }
        for (final AutoCloseable socket : sockets)
        {
            socket.close();
        }
    }

    @Test
    void failedRoundsWaitLongerEachTimeUpToTheMaximum() throws Exception
    {
        final int refused = closedPort();
        final FixEngine initiator = initiator(List.of(loopback(refused)),
            ReconnectPolicy.of(seconds(1), seconds(4), 0, seconds(10)));

        pumpUntil(() -> log.size() == 1, "the first connect fails");
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).startsWith(INITIATOR + ": connection to 127.0.0.1:" + refused + " failed: "), log.get(0));
        assertTrue(log.get(0).contains("refused"), log.get(0));
        assertTrue(log.get(0).endsWith("(attempt 1; next attempt in 1 s)"), log.get(0));

        final long[] waits = {1, 2, 4, 4, 4};
        for (int i = 0; i < waits.length; i++)
        {
            clock.advanceMillis(waits[i] * 1000 - 1);
            pumpFor(50);
            assertEquals(i + 1, log.size(), "no attempt before the wait is over");
            clock.advanceMillis(1);
            final int expected = i + 2;
            pumpUntil(() -> log.size() == expected, "attempt " + expected);
            final String line = log.get(log.size() - 1);
            final long nextWait = i + 1 < waits.length ? waits[i + 1] : 4;
            assertTrue(line.endsWith("(attempt " + expected + "; next attempt in " + nextWait + " s)"), line);
        }
        assertEquals(waits.length + 1, failures(initiator));
        for (final String line : log)
        {
            assertFalse(line.contains("\n") || line.contains("\tat "), "one line, no stack trace: " + line);
        }
        assertEquals(0, initiator.counters().connectTimeouts.get());
    }

    @Test
    void jitterShortensEachWaitByUpToItsShare() throws Exception
    {
        final FixEngine initiator = initiator(List.of(loopback(closedPort())),
            ReconnectPolicy.of(seconds(10), seconds(10), 50, seconds(10)));
        pumpUntil(() -> log.size() == 1, "the first connect fails");
        final List<Long> waits = new ArrayList<>();
        for (int attempt = 2; attempt <= 6; attempt++)
        {
            final long waitMillis = lastWaitMillis();
            waits.add(waitMillis);
            assertTrue(waitMillis >= 5_000 && waitMillis <= 10_000, "within [base - 50 %, base]: " + waitMillis);
            clock.advanceMillis(waitMillis - 1);
            pumpFor(30);
            assertEquals(attempt - 1, log.size(), "not before the jittered wait");
            clock.advanceMillis(1);
            final int expected = attempt;
            pumpUntil(() -> log.size() == expected, "attempt " + expected);
        }
        assertTrue(waits.stream().distinct().count() > 1, "the waits vary: " + waits);
    }

    @Test
    void failoverAddressesAreTriedInOrderAndALogonStartsAgainFromThePrimary() throws Exception
    {
        final int refused = closedPort();
        final FixEngine acceptor = acceptor();
        final int live = acceptor.boundPort();
        final FixEngine initiator = initiator(List.of(loopback(refused), loopback(live)),
            ReconnectPolicy.of(seconds(2), seconds(8), 0, seconds(10)));

        pumpUntil(() -> initiator.session(INITIATOR).isLoggedOn(), "logged on through the failover address");
        assertEquals(1, failures(initiator));
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains("connection to 127.0.0.1:" + refused + " failed: ") &&
            log.get(0).endsWith("(attempt 1; trying 127.0.0.1:" + live + " now)"), log.get(0));

        // the acceptor drops the session: after the base interval the initiator starts again from the primary
        acceptor.session(ACCEPTOR).disconnect();
        pumpUntil(() -> !initiator.session(INITIATOR).isConnected(), "disconnected");
        clock.advanceMillis(1999);
        pumpFor(50);
        assertEquals(1, failures(initiator), "waits ReconnectInterval after a logged-on connection");
        clock.advanceMillis(1);
        pumpUntil(() -> initiator.session(INITIATOR).isLoggedOn(), "logged on again");
        assertEquals(2, failures(initiator), "the primary was tried first again");
        assertTrue(log.get(1).contains("connection to 127.0.0.1:" + refused + " failed: ") &&
            log.get(1).endsWith("(attempt 1; trying 127.0.0.1:" + live + " now)"), log.get(1));
        assertEquals(2, initiator.session(INITIATOR).counters().logons());
    }

    @Test
    void aConnectThatHangsIsAbandonedAfterTheConnectTimeout() throws Exception
    {
        final int hanging = hangingPort();
        final FixEngine acceptor = acceptor();
        final int live = acceptor.boundPort();
        final FixEngine initiator = initiator(List.of(loopback(hanging), loopback(live)),
            ReconnectPolicy.of(seconds(1), seconds(1), 0, seconds(3)));

        pumpFor(100);
        assertEquals(0, failures(initiator), "the connect is still pending");
        assertFalse(initiator.session(INITIATOR).isConnected());
        clock.advanceMillis(2999);
        pumpFor(50);
        assertEquals(0, failures(initiator), "not before the connect timeout");
        clock.advanceMillis(1);
        pumpUntil(() -> initiator.session(INITIATOR).isLoggedOn(), "logged on after the timeout");
        assertEquals(1, initiator.counters().connectTimeouts.get());
        assertEquals(1, failures(initiator));
        assertEquals(List.of(INITIATOR + ": connection to 127.0.0.1:" + hanging +
            " failed: connect timed out after 3 s (attempt 1; trying 127.0.0.1:" + live + " now)"), log);
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private FixEngine initiator(final List<InetSocketAddress> addresses, final ReconnectPolicy policy)
    {
        final FixEngine engine = FixEngine.invoked(new EngineContext().name("reconnect-initiator").clock(clock)
            .connectLog(log::add)
            .addSession(SessionEndpoint.initiator(new SessionConfig().sessionId(INITIATOR).heartBtIntSeconds(30),
                Application.NO_OP, addresses, policy)));
        engines.add(engine);
        return engine;
    }

    private FixEngine acceptor()
    {
        final FixEngine engine = FixEngine.invoked(new EngineContext().name("reconnect-acceptor").clock(clock)
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(ACCEPTOR), Application.NO_OP,
                loopback(0))));
        engines.add(engine);
        return engine;
    }

    private long failures(final FixEngine engine)
    {
        return engine.counters().connectFailures.get();
    }

    private long lastWaitMillis()
    {
        final Matcher matcher = NEXT_IN.matcher(log.get(log.size() - 1));
        assertTrue(matcher.find(), log.get(log.size() - 1));
        return Math.round(Double.parseDouble(matcher.group(1)) * 1000);
    }

    /** Step every engine of the test (the clock stands still) until the condition holds (real time, up to 10 s). */
    private void pumpUntil(final BooleanSupplier condition, final String what)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out waiting for " + what + "; log: " + log);
            }
            step();
        }
    }

    /** Step every engine for {@code millis} of real time (the clock stands still). */
    private void pumpFor(final long millis) throws InterruptedException
    {
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < end)
        {
            step();
        }
    }

    private void step() throws InterruptedException
    {
        int work = 0;
        for (final FixEngine engine : engines)
        {
            work += engine.invoker().invoke();
        }
        if (work == 0)
        {
            Thread.sleep(1); // loopback events arrive from the kernel: let them
        }
    }

    private static long seconds(final long seconds)
    {
        return TimeUnit.SECONDS.toNanos(seconds);
    }

    private static InetSocketAddress loopback(final int port)
    {
        return new InetSocketAddress("127.0.0.1", port);
    }

    /** A port nobody listens on: connects are refused at once. */
    private static int closedPort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
    }

    /**
     * A port whose listener never accepts and whose accept queue is full: the kernel drops further SYNs, so a
     * connect there stays pending.
     */
    private int hangingPort() throws IOException, InterruptedException
    {
        final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        sockets.add(server);
        for (int i = 0; i < 16; i++)
        {
            final SocketChannel channel = SocketChannel.open();
            sockets.add(channel);
            channel.configureBlocking(false);
            if (!channel.connect(server.getLocalSocketAddress()))
            {
                final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
                while (!channel.finishConnect() && System.nanoTime() < deadline)
                {
                    Thread.sleep(5);
                }
                if (!channel.isConnected())
                {
                    return server.getLocalPort(); // this one hangs: so will the initiator's
                }
            }
        }
        throw new IllegalStateException("could not fill the accept queue of " + server);
    }
}
