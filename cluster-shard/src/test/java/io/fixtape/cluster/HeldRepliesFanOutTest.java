package io.fixtape.cluster;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.testkit.ForwardingApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.fixtape.cluster.AcceptorModelsTest.awaitText;
import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static io.fixtape.cluster.AcceptorModelsTest.now;
import static io.fixtape.cluster.AcceptorModelsTest.sendLogon;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Held replies behave under a fan-out model as under single: {@code exec} whose reply met back-pressure (here the
 * application agent's bounded IPC queue, full behind a counterparty that does not read) holds the request, its
 * {@code isHoldingReplies()} reaches the session agent, and its {@code doWork} — run by the application agent here —
 * answers the held requests once the counterparty reads again. Every order is filled, in order, with one unbroken
 * sequence. Real loopback TCP (raw-socket counterparty), the real media driver, the mono model.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HeldRepliesFanOutTest
{
    private static final String RAW = "RAWCLIENT";
    private static final int ORDERS = 3000;

    /** exec, observed: did it hold replies, did its duty-cycle hook answer any. */
    static final class Observed extends ForwardingApplication
    {
        final AtomicBoolean sawHolding = new AtomicBoolean();
        final AtomicInteger retried = new AtomicInteger();

        Observed(final Application exec)
        {
            super(exec);
        }

        @Override
        public int doWork(final SessionHandle session, final long nowNanos)
        {
            final int work = super.doWork(session, nowNanos);
            retried.addAndGet(work);
            return work;
        }

        @Override
        public boolean isHoldingReplies()
        {
            final boolean holding = super.isHoldingReplies();
            if (holding)
            {
                sawHolding.set(true);
            }
            return holding;
        }
    }

    @Test
    void heldRepliesAreAnsweredByTheApplicationAgentsDutyCycle() throws Exception
    {
        final AtomicReference<Observed> observed = new AtomicReference<>();
        final AcceptorModelsTest models = new AcceptorModelsTest();
        final ClusterContext context = models.context("mono", 1,
            "MaxMessageSize=4096\nOutboundBufferSize=4096\nSocketSendBufferSize=4096\n", (config, clock) ->
            {
                final Application exec = BuiltinApplications.create("exec", config, clock);
                if (!config.sessionId().targetCompId().equals(RAW))
                {
                    return exec;
                }
                observed.set(new Observed(exec));
                return observed.get();
            })
            .ipcTermLength(64 * 1024)
            .maxPendingBytes(256 * 1024);
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(context);
            Socket raw = new Socket())
        {
            raw.setReceiveBufferSize(2048);
            raw.setTcpNoDelay(true);
            raw.connect(new InetSocketAddress("127.0.0.1", acceptor.boundPort()));
            raw.setSoTimeout(20_000);
            sendLogon(raw.getOutputStream(), RAW);
            awaitText(raw.getInputStream(), "\u000135=A\u0001");
            // orders from another thread: its writes block once the session agent pauses reading
            final OutputStream out = raw.getOutputStream();
            final AtomicReference<Throwable> writeError = new AtomicReference<>();
            final Thread writer = new Thread(() ->
            {
                try
                {
                    for (int i = 0; i < ORDERS; i++)
                    {
                        AcceptorModelsTest.send(out, "35=D\u000149=" + RAW + "\u000156=SERVER\u000134=" + (i + 2) +
                            "\u000152=" + now() + "\u000111=HOLD-" + i + "\u000155=ACME\u000154=1\u000160=" + now() +
                            "\u000138=100\u000140=2\u000144=10.5\u0001");
                    }
                }
                catch (final IOException ex)
                {
                    writeError.set(ex);
                }
            }, "test-order-writer");
            writer.start();
            final ClusterCounters counters = acceptor.counters();
            awaitTrue(() -> observed.get().sawHolding.get(), () -> "exec never held a reply: " +
                counters.perWorkerSummary() + ", pending full " + counters.ipcPendingFull.get());
            // the counterparty reads again: every order is filled, in order
            final String fills = readFills(raw.getInputStream(), () -> counters.perWorkerSummary() + ", pending full "
                + counters.ipcPendingFull.get() + ", reply back-pressured " + counters.replyBackPressured.get()
                + ", ipc back-pressured " + counters.ipcBackPressured.get() + ", retried " + observed.get().retried.get()
                + ", holding now " + observed.get().isHoldingReplies() + ", sessions " + acceptor.workers().get(0).sessions()
                + ", errors " + models.errors);
            writer.join(20_000);
            assertEquals(null, writeError.get());
            int from = 0;
            for (int i = 0; i < ORDERS; i++)
            {
                final int at = fills.indexOf("\u000111=HOLD-" + i + "\u0001", from);
                assertTrue(at >= 0, "fill of order " + i + " in order");
                final int seq = fills.lastIndexOf("\u000134=", at);
                assertTrue(fills.startsWith("\u000134=" + (i + 2) + "\u0001", seq), "fill of order " + i + " is MsgSeqNum " + (i + 2));
                from = at + 1;
            }
            assertTrue(counters.ipcPendingFull.get() > 0, "the application agent's reply queue was full");
            assertTrue(observed.get().retried.get() > 0, "held requests answered from doWork on the application agent");
            assertEquals(ORDERS, counters.replies(0).get());
            assertEquals(0, counters.replyRefused.get());
            assertEquals(List.of(), models.errors);
        }
    }

    /** Reads until {@link #ORDERS} ExecutionReports arrived; returns the bytes read as text (SOH kept). */
    private static String readFills(final InputStream in, final java.util.function.Supplier<String> state)
        throws IOException
    {
        final StringBuilder text = new StringBuilder();
        final byte[] scratch = new byte[64 * 1024];
        int fills = 0;
        int scanned = 0;
        while (fills < ORDERS)
        {
            final int n;
            try
            {
                n = in.read(scratch);
            }
            catch (final java.net.SocketTimeoutException ex)
            {
                throw new AssertionError("no bytes for 20 s after " + fills + " fills: " + state.get(), ex);
            }
            if (n < 0)
            {
                throw new AssertionError("closed after " + fills + " fills");
            }
            text.append(new String(scratch, 0, n, StandardCharsets.US_ASCII));
            int at;
            while ((at = text.indexOf("\u000135=8\u0001", scanned)) >= 0)
            {
                fills++;
                scanned = at + 1;
            }
        }
        return text.toString();
    }
}
