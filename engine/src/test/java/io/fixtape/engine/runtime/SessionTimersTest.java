package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.InMemoryMessageStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Session timers on the timer wheel, over real loopback TCP: idle logged-on sessions are left out of the duty cycle
 * until a timer is due (their Heartbeats still go out on time), an application that keeps its duty-cycle hook busy
 * is called every duty cycle, and a session flooding the engine does not starve a quiet one.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SessionTimersTest
{
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);
    private static final int SESSIONS = 50;

    /** Counts its duty-cycle calls; idle between messages or not, as asked. */
    private static final class CountingApplication implements Application
    {
        final AtomicLong calls;
        final boolean idle;

        CountingApplication(final AtomicLong calls, final boolean idle)
        {
            this.calls = calls;
            this.idle = idle;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
        }

        @Override
        public int doWork(final SessionHandle session, final long nowNanos)
        {
            calls.incrementAndGet();
            return 0;
        }

        @Override
        public boolean isDutyCycleIdle()
        {
            return idle;
        }
    }

    /** Echoes every application message back (35 and the body as received): a round trip per message. */
    private static final class Echo implements Application
    {
        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            session.newMessage(message.msgType()).putString(11, message.getString(11));
            session.send();
        }
    }

    private static FixEngine engine(final java.util.function.Supplier<Application> applications)
    {
        final SessionTemplate template = SessionTemplate.acceptor(new SessionId("FIX.4.4", "EXEC", SessionTemplate.ANY),
            ANY_PORT, id -> new InMemoryMessageStore(),
            id -> SessionEndpoint.acceptor(new SessionConfig().sessionId(id), applications.get(), ANY_PORT));
        return FixEngine.launch(new EngineContext().idleStrategy("backoff").addTemplate(template));
    }

    private static List<RawFixClient> logOn(final FixEngine engine, final int heartBtInt) throws IOException
    {
        final List<RawFixClient> clients = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++)
        {
            final RawFixClient client = new RawFixClient(engine.boundPort());
            clients.add(client);
            client.send("FIX.4.4", "35=A|34=1|49=C" + i + "|52=" + now() + "|56=EXEC|98=0|108=" + heartBtInt + "|");
        }
        for (final RawFixClient client : clients)
        {
            final String reply = client.receive(10_000);
            assertNotNull(reply);
            assertTrue(reply.contains("|35=A|"), reply);
        }
        return clients;
    }

    private static void closeAll(final List<RawFixClient> clients) throws IOException
    {
        for (final RawFixClient client : clients)
        {
            client.close();
        }
    }

    private static long callsOverOneSecond(final AtomicLong calls) throws InterruptedException
    {
        final long before = calls.get();
        Thread.sleep(1000);
        return calls.get() - before;
    }

    @Test
    void idleSessionsLeaveTheDutyCycleAndStillHeartbeatOnTime() throws Exception
    {
        final AtomicLong calls = new AtomicLong();
        try (FixEngine engine = engine(() -> new CountingApplication(calls, true)))
        {
            final List<RawFixClient> clients = logOn(engine, 1);
            try
            {
                Thread.sleep(200);
                final long idleCalls = callsOverOneSecond(calls);
                // each session wakes about once a second for its Heartbeat (HeartBtInt=1), not once per duty cycle
                assertTrue(idleCalls <= SESSIONS * 4L, "duty-cycle calls of idle sessions in 1 s: " + idleCalls);
                // the clients never answer: each gets a Heartbeat (1 s), a TestRequest (1.5 s of silence), then the
                // heartbeat timeout (2.4 s) disconnects it; every one of those timers came off the wheel
                for (final RawFixClient client : clients)
                {
                    final String seen = client.awaitClose(10_000);
                    assertTrue(seen.contains("|35=0|"), "a Heartbeat: " + seen);
                    assertTrue(seen.contains("|35=1|"), "a TestRequest: " + seen);
                }
                assertEquals(SESSIONS, engine.counters().disconnects(
                    io.fixtape.engine.transport.DisconnectReason.HEARTBEAT_TIMEOUT).get());
            }
            finally
            {
                closeAll(clients);
            }
        }
    }

    @Test
    void aBusyDutyCycleHookIsCalledEveryDutyCycle() throws Exception
    {
        final AtomicLong calls = new AtomicLong();
        try (FixEngine engine = engine(() -> new CountingApplication(calls, false)))
        {
            final List<RawFixClient> clients = logOn(engine, 30);
            try
            {
                final long busyCalls = callsOverOneSecond(calls);
                assertTrue(busyCalls >= SESSIONS * 50L, "duty-cycle calls of busy hooks in 1 s: " + busyCalls);
            }
            finally
            {
                closeAll(clients);
            }
        }
    }

    @Test
    void aFloodingSessionDoesNotStarveAQuietOne() throws Exception
    {
        try (FixEngine engine = engine(Echo::new))
        {
            final RawFixClient flood = new RawFixClient(engine.boundPort());
            final RawFixClient quiet = new RawFixClient(engine.boundPort());
            try
            {
                for (final RawFixClient client : new RawFixClient[] {flood, quiet})
                {
                    client.send("FIX.4.4", "35=A|34=1|49=" + (client == flood ? "FLOOD" : "QUIET") + "|52=" + now() +
                        "|56=EXEC|98=0|108=30|");
                    assertTrue(client.receive(10_000).contains("|35=A|"));
                }
                final AtomicLong flooded = new AtomicLong();
                final Thread flooder = new Thread(() ->
                {
                    // batches of orders written as fast as the socket takes them; the replies are never read, so the
                    // engine also meets back-pressure on this connection
                    final StringBuilder batch = new StringBuilder();
                    int seq = 2;
                    try
                    {
                        while (!Thread.currentThread().isInterrupted())
                        {
                            batch.setLength(0);
                            for (int i = 0; i < 100; i++, seq++)
                            {
                                batch.append(RawFixClient.message("FIX.4.4",
                                    "35=D|34=" + seq + "|49=FLOOD|52=" + now() + "|56=EXEC|11=F" + seq + "|21=1|38=1|40=1|54=1|55=X|60=" + now() + "|"));
                            }
                            flood.sendRaw(batch.toString());
                            flooded.addAndGet(100);
                        }
                    }
                    catch (final IOException ignore)
                    {
                        // closed at the end of the test
                    }
                }, "flooder");
                flooder.setDaemon(true);
                flooder.start();
                while (flooded.get() < 2000)
                {
                    Thread.sleep(5);
                }
                final long[] roundTrips = new long[50];
                final long floodedBefore = flooded.get();
                for (int i = 0; i < roundTrips.length; i++)
                {
                    final long start = System.nanoTime();
                    quiet.send("FIX.4.4", "35=D|34=" + (i + 2) + "|49=QUIET|52=" + now() + "|56=EXEC|11=Q" + i +
                        "|21=1|38=1|40=1|54=1|55=X|60=" + now() + "|");
                    final String reply = quiet.receive(5000);
                    roundTrips[i] = System.nanoTime() - start;
                    assertNotNull(reply, "quiet round trip " + i + " while flooded");
                    assertTrue(reply.contains("|11=Q" + i + "|"), reply);
                }
                final long floodedDuring = flooded.get() - floodedBefore;
                flooder.interrupt();
                java.util.Arrays.sort(roundTrips);
                final String seen = "quiet round trips (µs) median " + roundTrips[roundTrips.length / 2] / 1000 +
                    ", worst " + roundTrips[roundTrips.length - 1] / 1000 + "; flood orders meanwhile " + floodedDuring;
                // starvation would hold the quiet replies until the flood ends: they came while it went on (how
                // many orders the flooder gets in meanwhile depends on how fast the quiet round trips are)
                assertTrue(floodedDuring > 0, seen);
                // generous bounds for a loaded 2-core machine (the flooder and this test share it with the engine)
                assertTrue(roundTrips[roundTrips.length / 2] < TimeUnit.MILLISECONDS.toNanos(250), seen);
                assertTrue(roundTrips[roundTrips.length - 1] < TimeUnit.MILLISECONDS.toNanos(2500), seen);
            }
            finally
            {
                flood.close();
                quiet.close();
            }
        }
    }
}
