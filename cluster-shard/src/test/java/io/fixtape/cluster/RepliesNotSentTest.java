package io.fixtape.cluster;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.fixtape.cluster.AcceptorModelsTest.awaitText;
import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static io.fixtape.cluster.AcceptorModelsTest.now;
import static io.fixtape.cluster.AcceptorModelsTest.sendLogon;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reply the application published (its {@code send()} answered PUBLISHED) but that never reached its session is
 * counted and reported to the application ({@link ReplyNotSentListener}), never silently dropped: when the session
 * ended before its worker took the reply, and when the acceptor closes with replies held behind a counterparty that
 * does not read. Real loopback TCP (a raw-socket counterparty), the real media driver, the mono model.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RepliesNotSentTest
{
    private static final String RAW = "RAWCLIENT";

    /** Acknowledges every order with a small ExecutionReport; counts send results and reports of unsent replies. */
    static final class Acknowledger implements Application, ReplyNotSentListener
    {
        final AtomicInteger published = new AtomicInteger();
        final AtomicInteger refusedAtSend = new AtomicInteger();
        final AtomicInteger sessionEnded = new AtomicInteger();
        final AtomicInteger acceptorClosed = new AtomicInteger();
        final List<String> reports = new CopyOnWriteArrayList<>();
        private int execId;

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            final FixEncoder out = session.newMessage(MsgTypes.EXECUTION_REPORT);
            final int clOrdId = message.indexOf(Tags.CL_ORD_ID);
            out.putBytes(Tags.CL_ORD_ID, message.buffer(), message.valueOffsetAt(clOrdId), message.valueLengthAt(clOrdId));
            out.putInt(37, ++execId);
            out.putInt(17, execId);
            out.putString(150, "0");
            out.putString(39, "0");
            out.putString(55, "ACME");
            out.putString(54, "1");
            out.putInt(151, 100);
            out.putInt(14, 0);
            out.putInt(6, 0);
            if (session.send() == RemoteSession.PUBLISHED)
            {
                published.incrementAndGet();
            }
            else
            {
                refusedAtSend.incrementAndGet();
            }
        }

        @Override
        public void onReplyNotSent(
            final SessionHandle session, final long msgType, final int answeredSeqNum, final DirectBuffer body,
            final int offset, final int length, final int reason)
        {
            if (reports.size() < 10)
            {
                reports.add(session.sessionId().targetCompId() + " " + MsgTypes.toString(msgType) + " answering " +
                    answeredSeqNum + " reason " + reason + " loggedOn=" + session.isLoggedOn() + " body " +
                    body.getStringWithoutLengthAscii(offset, length).replace('\u0001', '|'));
            }
            (reason == SESSION_ENDED ? sessionEnded : acceptorClosed).incrementAndGet(); // after the report: tests wait on it
        }
    }

    @Test
    void replyToASessionThatEndedIsReported() throws Exception
    {
        final Acknowledger app = new Acknowledger();
        final AcceptorModelsTest models = new AcceptorModelsTest();
        final ClusterContext context = models.context("mono", 1, "", (config, clock) ->
            config.sessionId().targetCompId().equals(RAW) ? app : Application.NO_OP);
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(context);
            Socket raw = new Socket("127.0.0.1", acceptor.boundPort()))
        {
            raw.setTcpNoDelay(true);
            raw.setSoTimeout(10_000);
            sendLogon(raw.getOutputStream(), RAW);
            awaitText(raw.getInputStream(), "\u000135=A\u0001");
            // the order and the Logout in one write: the session agent handles both in one read, so the Logout is
            // done before the application's reply to the order comes back
            final ByteArrayOutputStream both = new ByteArrayOutputStream();
            AcceptorModelsTest.send(both, "35=D\u000149=" + RAW + "\u000156=SERVER\u000134=2\u000152=" + now() +
                "\u000111=LATE-1\u000155=ACME\u000154=1\u000160=" + now() + "\u000138=100\u000140=2\u000144=10.5\u0001");
            AcceptorModelsTest.send(both, "35=5\u000149=" + RAW + "\u000156=SERVER\u000134=3\u000152=" + now() + "\u0001");
            raw.getOutputStream().write(both.toByteArray());
            final String answers = awaitText(raw.getInputStream(), "\u000135=5\u0001");
            final ClusterCounters counters = acceptor.counters();
            awaitTrue(() -> app.sessionEnded.get() == 1, () -> "reports " + app.reports + ", " + counters.perWorkerSummary());
            assertEquals(1, app.published.get());
            assertEquals(1, counters.replyRefused.get());
            assertEquals(0, counters.replies(0).get());
            assertTrue(!answers.contains("\u000111=LATE-1\u0001"), "no fill after the Logout: " + answers);
            assertEquals(List.of(), models.errors);
            assertEquals(1, app.reports.size());
            final String report = app.reports.get(0);
            assertTrue(report.startsWith(RAW + " 8 answering 2 reason 1 loggedOn=false body 11=LATE-1|37=1|"), report);
        }
    }

    @Test
    void repliesHeldBehindAStalledCounterpartyAreReportedAtClose() throws Exception
    {
        final Acknowledger app = new Acknowledger();
        final int orders = 3000;
        final AcceptorModelsTest models = new AcceptorModelsTest();
        final ClusterContext context = models.context("mono", 1,
            "MaxMessageSize=4096\nOutboundBufferSize=4096\nSocketSendBufferSize=4096\nSlowConsumerPolicy=back-pressure\n",
            (config, clock) -> config.sessionId().targetCompId().equals(RAW) ? app : Application.NO_OP)
            .ipcTermLength(64 * 1024);
        // no grace period: the worker stops at once with most replies still unread on its reply stream (with a
        // grace period it would take them while logging out: numbered and journaled, to be resent after a Logon)
        context.engine().shutdownTimeoutNanos(0);
        final ClusterAcceptor acceptor = ClusterAcceptor.launch(context);
        final ClusterCounters counters = acceptor.counters();
        try (Socket raw = new Socket())
        {
            raw.setReceiveBufferSize(2048);
            raw.setTcpNoDelay(true);
            raw.connect(new InetSocketAddress("127.0.0.1", acceptor.boundPort()));
            raw.setSoTimeout(10_000);
            sendLogon(raw.getOutputStream(), RAW);
            awaitText(raw.getInputStream(), "\u000135=A\u0001");
            // from now on the counterparty sends orders and never reads
            final OutputStream out = raw.getOutputStream();
            for (int i = 0; i < orders; i++)
            {
                AcceptorModelsTest.send(out, "35=D\u000149=" + RAW + "\u000156=SERVER\u000134=" + (i + 2) + "\u000152=" +
                    now() + "\u000111=HELD-" + i + "\u000155=ACME\u000154=1\u000160=" + now() +
                    "\u000138=100\u000140=2\u000144=10.5\u0001");
            }
            awaitTrue(() -> app.published.get() == orders, () -> "published " + app.published.get() + ", "
                + counters.perWorkerSummary());
            awaitTrue(() -> counters.replyBackPressured.get() > 0, () -> "replies back-pressured at the session");
            acceptor.close(); // the counterparty still does not read
        }
        finally
        {
            acceptor.close();
        }
        final long written = counters.replies(0).get();
        final long reported = app.sessionEnded.get() + app.acceptorClosed.get();
        assertEquals(0, app.refusedAtSend.get());
        assertEquals(List.of(), models.errors);
        assertTrue(app.acceptorClosed.get() > 0, "replies held at close: " + counters.perWorkerSummary());
        assertEquals(counters.replyRefused.get(), app.sessionEnded.get(), "every refused reply reported");
        assertEquals(counters.replyDroppedAtClose.get(), app.acceptorClosed.get(), "every dropped reply reported");
        // nothing vanished: every published reply was either written by the session (numbered, journaled) or reported
        assertEquals(orders, written + reported, "written " + written + ", reported " + app.sessionEnded.get() +
            " (session ended) + " + app.acceptorClosed.get() + " (acceptor closed); " + app.reports);
    }
}
