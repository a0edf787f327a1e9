package io.fixtape.cluster;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import quickfix.SessionID;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every acceptor model end to end over real loopback TCP, a real (embedded) Aeron media driver and QuickFIX/J 2.3.2
 * initiators with dictionary validation on: several sessions across workers/shards, orders filled by the
 * {@code exec} application through the model, sequence continuity, hostile connections next to trading sessions,
 * per-worker counters that match the declared topology, logout.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AcceptorModelsTest
{
    private static final List<String> CLIENTS = List.of("CLIENT1", "CLIENT2", "CLIENT3", "CLIENT4", "CLIENT5");
    private static final int ORDERS_PER_SESSION = 200;
    private static final String RAW = "RAWCLIENT";

    final List<Throwable> errors = new CopyOnWriteArrayList<>();

    static String settingsText(final String model, final int threads, final String extraDefaults)
    {
        final StringBuilder text = new StringBuilder()
            .append("[DEFAULT]\nConnectionType=acceptor\nSocketAcceptAddress=127.0.0.1\nSocketAcceptPort=0\n")
            .append("NonStopSession=Y\nUseDataDictionary=Y\nHeartBtInt=30\nLogonTimeout=2\n")
            .append("AcceptorModel=").append(model).append("\nAcceptorThreads=").append(threads).append('\n')
            .append(extraDefaults);
        for (final String client : CLIENTS)
        {
            text.append("\n[SESSION]\nBeginString=FIX.4.4\nSenderCompID=SERVER\nTargetCompID=").append(client).append('\n');
        }
        // a session driven with raw bytes, to put bad input inside a logged-on session
        text.append("\n[SESSION]\nBeginString=FIX.4.4\nSenderCompID=SERVER\nTargetCompID=").append(RAW).append('\n');
        return text.toString();
    }

    ClusterContext context(final String model, final int threads, final String extraDefaults)
    {
        return context(model, threads, extraDefaults,
            (config, engineClock) -> BuiltinApplications.create("exec", config, engineClock));
    }

    ClusterContext context(
        final String model, final int threads, final String extraDefaults,
        final EngineSettings.ApplicationFactory applications)
    {
        final Settings settings = new SettingsParser(ClusterSettings.knownKeys(KnownKeys.standard()))
            .parse("test.cfg", settingsText(model, threads, extraDefaults));
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final EngineContext engine = new EngineSettings().toContext(settings, clock, applications);
        engine.errorHandler(errors::add);
        return ClusterSettings.toContext(settings, engine);
    }

    @ParameterizedTest
    @EnumSource(AcceptorModel.class)
    void ordersAreFilledThroughEveryModel(final AcceptorModel model) throws Exception
    {
        final int threads = model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? 2 : 1;
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(context(model.text(), threads, ""));
            QfjPeer clients = QfjPeer.initiator("FIX.4.4", CLIENTS, "SERVER", acceptor.boundPort()).start())
        {
            clients.awaitLogon();
            // hostile connections next to the trading sessions: garbage, an unknown session, silence
            try (Socket garbage = new Socket("127.0.0.1", acceptor.boundPort());
                Socket unknown = new Socket("127.0.0.1", acceptor.boundPort());
                Socket silent = new Socket("127.0.0.1", acceptor.boundPort());
                Socket raw = new Socket("127.0.0.1", acceptor.boundPort()))
            {
                garbage.getOutputStream().write("this is not FIX\u0001".getBytes(StandardCharsets.US_ASCII));
                sendLogon(unknown.getOutputStream(), "NOBODY");
                // bad input inside a logged-on session, while the others trade: an order without Symbol (55) is
                // rejected by validation, garbled bytes are ignored, the next good order is filled
                raw.setSoTimeout(10_000);
                sendLogon(raw.getOutputStream(), RAW);
                awaitText(raw.getInputStream(), "\u000135=A\u0001");
                send(raw.getOutputStream(), "35=D\u000149=" + RAW + "\u000156=SERVER\u000134=2\u000152=" + now() +
                    "\u000111=RAWBAD\u000154=1\u000160=" + now() + "\u000138=100\u000140=2\u000144=10.5\u0001");
                raw.getOutputStream().write("8=FIX.4.4\u00019=5\u000135=D\u000110=000\u0001garbage".getBytes(StandardCharsets.US_ASCII));
                send(raw.getOutputStream(), "35=D\u000149=" + RAW + "\u000156=SERVER\u000134=3\u000152=" + now() +
                    "\u000111=RAWOK\u000155=ACME\u000154=1\u000160=" + now() + "\u000138=100\u000140=2\u000144=10.5\u0001");
                final String answers = awaitText(raw.getInputStream(), "\u000111=RAWOK\u0001");
                assertTrue(answers.contains("\u000135=3\u0001") && answers.contains("\u000145=2\u0001") &&
                    answers.contains("\u0001371=55\u0001"), "session Reject of the order without Symbol: " + answers);
                for (int i = 0; i < ORDERS_PER_SESSION; i++)
                {
                    for (final SessionID id : clients.sessionIds())
                    {
                        clients.send(id, clients.newOrderSingle(id.getSenderCompID() + "-" + i, i));
                    }
                }
                awaitTrue(() -> clients.fills() == CLIENTS.size() * ORDERS_PER_SESSION,
                    () -> "fills " + clients.fills() + ", counters " + acceptor.counters().perWorkerSummary());
                assertTrue(readsUntilClosed(garbage.getInputStream()), "garbage connection closed");
                assertTrue(readsUntilClosed(unknown.getInputStream()), "unknown session closed");
                assertTrue(readsUntilClosed(silent.getInputStream()), "silent connection closed by the logon timeout");
            }
            for (final SessionID id : clients.sessionIds())
            {
                assertEquals(ORDERS_PER_SESSION, clients.fills(id), "fills on " + id);
                assertEquals(ORDERS_PER_SESSION, clients.filledClOrdIds(id).size(), "distinct ClOrdIDs echoed on " + id);
                assertTrue(clients.filledClOrdIds(id).contains(id.getSenderCompID() + "-0"));
                // Logon (1) + fills (2..201): QuickFIX/J saw every number in order
                assertEquals(ORDERS_PER_SESSION + 2, clients.session(id).getExpectedTargetNum(), "sequence on " + id);
            }
            assertEquals(0, clients.resendRequests(), "no gaps");
            assertEquals(0, clients.rejects(), "no rejects");
            assertEquals(clients.fills(), clients.applicationMessages(), "nothing but fills");

            final ClusterCounters counters = acceptor.counters();
            long messages = 0;
            long sessions = 0;
            for (int w = 0; w < threads; w++)
            {
                messages += counters.messages(w).get();
                sessions += counters.sessions(w).get();
            }
            // + the raw session's good order (the rejected one never reached the application); RAW logged on too
            assertEquals(CLIENTS.size() * ORDERS_PER_SESSION + 1, messages, counters.perWorkerSummary());
            awaitTrue(() -> sumSessions(counters, threads) == CLIENTS.size(), counters::perWorkerSummary);
            if (model.fansOut())
            {
                awaitTrue(() -> sumReplies(counters, threads) == CLIENTS.size() * ORDERS_PER_SESSION + 1,
                    counters::perWorkerSummary);
            }
            if (model == AcceptorModel.SHARD)
            {
                // the declared topology, verified: each shard serves exactly the sessions its hash names
                for (int w = 0; w < threads; w++)
                {
                    int expected = 0;
                    for (final String client : CLIENTS)
                    {
                        expected += SessionPlacement.shardOf(new SessionId("FIX.4.4", "SERVER", client), threads) == w ? 1 : 0;
                    }
                    final int raw = SessionPlacement.shardOf(new SessionId("FIX.4.4", "SERVER", RAW), threads) == w ? 1 : 0;
                    assertEquals(expected, counters.sessions(w).get(), "sessions on shard " + w);
                    assertEquals(expected + raw, counters.logons(w).get(), "logons on shard " + w);
                    assertEquals(expected * ORDERS_PER_SESSION + raw, counters.messages(w).get(), "messages on shard " + w);
                }
            }
            if (model == AcceptorModel.POOL)
            {
                // least-loaded placement: 6 sessions on 2 workers → 3 and 3
                assertEquals(3, counters.logons(0).get(), counters.perWorkerSummary());
                assertEquals(3, counters.logons(1).get(), counters.perWorkerSummary());
            }
            if (model != AcceptorModel.SINGLE && model != AcceptorModel.MONO)
            {
                assertEquals(3, counters.acceptRefused.get(), "garbage, unknown, silent");
            }
            @SuppressWarnings("unchecked")
            final List<Map<String, Object>> workers = (List<Map<String, Object>>)acceptor.profile().get("workers");
            assertEquals(threads, workers.size());

            clients.logout();
            awaitTrue(() -> sumSessions(counters, threads) == 0, counters::perWorkerSummary);
        }
        assertEquals(List.of(), errors);
    }

    @Test
    void shardsArePinnedAndReadBack() throws Exception
    {
        final int online = io.fixtape.nic.CpuAffinity.onlineCpus();
        final int cpu0 = 0;
        final int cpu1 = online > 1 ? 1 : 0;
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(
            context("shard", 2, "AcceptorCpus=" + cpu0 + "," + cpu1 + "\n")))
        {
            final Map<String, Object> profile = acceptor.profile();
            @SuppressWarnings("unchecked")
            final List<Map<String, Object>> workers = (List<Map<String, Object>>)profile.get("workers");
            assertEquals(String.valueOf(cpu0), workers.get(0).get("cpu_read_back"), profile.toString());
            assertEquals(String.valueOf(cpu1), workers.get(1).get("cpu_read_back"), profile.toString());
            @SuppressWarnings("unchecked")
            final Map<String, String> threads = (Map<String, String>)profile.get("thread_cpus_read_back");
            assertEquals(String.valueOf(cpu0), threads.get("fixtape-shard-0"), profile.toString());
        }
    }

    @Test
    void refusesWhatCannotBeApplied()
    {
        final IllegalArgumentException missingCpu = assertThrows(IllegalArgumentException.class,
            () -> ClusterAcceptor.launch(context("shard", 2, "AcceptorCpus=0,4096\n")));
        assertTrue(missingCpu.getMessage().contains("AcceptorCpus: CPU 4096 does not exist"), missingCpu.getMessage());
        final IllegalArgumentException spinning = assertThrows(IllegalArgumentException.class,
            () -> ClusterAcceptor.launch(context("pool", 64, "IdleStrategy=busy-spin\n")));
        assertTrue(spinning.getMessage().contains("starvation"), spinning.getMessage());
        assertThrows(IllegalArgumentException.class, () -> context("ring", 2, ""));
    }

    private static long sumReplies(final ClusterCounters counters, final int threads)
    {
        long sum = 0;
        for (int w = 0; w < threads; w++)
        {
            sum += counters.replies(w).get();
        }
        return sum;
    }

    private static long sumSessions(final ClusterCounters counters, final int threads)
    {
        long sum = 0;
        for (int w = 0; w < threads; w++)
        {
            sum += counters.sessions(w).get();
        }
        return sum;
    }

    static void sendLogon(final OutputStream out, final String sender) throws IOException
    {
        send(out, "35=A\u000149=" + sender + "\u000156=SERVER\u000134=1\u000152=" + now() + "\u000198=0\u0001108=30\u0001");
    }

    static String now()
    {
        return java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")
            .format(java.time.LocalDateTime.now(java.time.ZoneOffset.UTC));
    }

    /** Frame {@code body} (35 onwards) with 8, 9 and 10 and write it. */
    static void send(final OutputStream out, final String body) throws IOException
    {
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001";
        int sum = 0;
        for (final byte b : (head + body).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        out.write((head + body + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads until {@code text} was received; returns everything read (SOH kept). */
    static String awaitText(final InputStream in, final String text) throws IOException
    {
        final StringBuilder received = new StringBuilder();
        final byte[] scratch = new byte[4096];
        while (received.indexOf(text) < 0)
        {
            final int n = in.read(scratch);
            if (n < 0)
            {
                throw new AssertionError("closed before " + text.replace('\u0001', '|') + ": " + received);
            }
            received.append(new String(scratch, 0, n, StandardCharsets.US_ASCII));
        }
        return received.toString();
    }

    /** Reads (e.g. the Logout answering an unknown session) until the peer closes; true when it did in time. */
    private static boolean readsUntilClosed(final InputStream in) throws IOException
    {
        final byte[] scratch = new byte[1024];
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline)
        {
            if (in.read(scratch) < 0)
            {
                return true;
            }
        }
        return false;
    }

    static void awaitTrue(final BooleanSupplier condition, final java.util.function.Supplier<String> what)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out: " + what.get());
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
