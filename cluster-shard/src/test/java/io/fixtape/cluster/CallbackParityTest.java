package io.fixtape.cluster;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.testkit.ForwardingApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import quickfix.Message;
import quickfix.SessionID;
import quickfix.field.MsgType;

import java.net.Socket;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same {@link Application} sees the same callbacks, in the same order, under every acceptor model: a
 * recording application (wrapping {@code exec}, so orders are filled through the model) logs each callback with the
 * session, MsgType, MsgSeqNum and what {@code session.isLoggedOn()} answered. QuickFIX/J 2.3.2 initiators (validation
 * on) over real loopback TCP and the real media driver drive two sessions through two connections each: Logon,
 * orders, a TestRequest, a Heartbeat and a session Reject from the counterparty between orders, Logout; then a new
 * Logon (ResetSeqNumFlag), one order, Logout. The recorded sequence is compared with the explicit expectation and
 * with what the single model recorded.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CallbackParityTest
{
    private static final List<String> CLIENTS = List.of("CLIENT1", "CLIENT2");
    private static final Map<AcceptorModel, Map<String, List<String>>> RECORDED = new EnumMap<>(AcceptorModel.class);

    /** Logs every callback, then lets {@code exec} answer. */
    static final class RecordingApplication extends ForwardingApplication
    {
        private final Map<String, List<String>> log;

        RecordingApplication(final Application exec, final Map<String, List<String>> log)
        {
            super(exec);
            this.log = log;
        }

        private void record(final SessionHandle session, final String event)
        {
            log.computeIfAbsent(session.sessionId().targetCompId(), k -> new CopyOnWriteArrayList<>())
                .add(event + " loggedOn=" + session.isLoggedOn());
        }

        private static String describe(final FixDecoder message)
        {
            final String type = MsgTypes.toString(message.msgType());
            final StringBuilder text = new StringBuilder(type).append(" 34=").append(message.getInt(Tags.MSG_SEQ_NUM));
            final int clOrdId = message.indexOf(Tags.CL_ORD_ID);
            if (clOrdId >= 0)
            {
                text.append(" 11=").append(message.stringAt(clOrdId));
            }
            final int testReqId = message.indexOf(Tags.TEST_REQ_ID);
            if (testReqId >= 0)
            {
                text.append(" 112=").append(message.stringAt(testReqId));
            }
            final int refSeqNum = message.indexOf(Tags.REF_SEQ_NUM);
            if (refSeqNum >= 0)
            {
                text.append(" 45=").append(message.stringAt(refSeqNum));
            }
            return text.toString();
        }

        @Override
        public void onLogon(final SessionHandle session)
        {
            record(session, "onLogon");
            super.onLogon(session);
        }

        @Override
        public void onLogout(final SessionHandle session)
        {
            record(session, "onLogout");
            super.onLogout(session);
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            record(session, "onMessage " + describe(message));
            super.onMessage(message, session);
            final int clOrdId = message.indexOf(Tags.CL_ORD_ID);
            if (clOrdId >= 0 && "BYE".contentEquals(message.stringAt(clOrdId)))
            {
                session.logout("bye"); // after exec's fill: the counterparty gets the fill, then our Logout
                record(session, "logout()");
            }
        }

        @Override
        public void onAdminMessage(final FixDecoder message, final SessionHandle session)
        {
            record(session, "onAdminMessage " + describe(message));
            super.onAdminMessage(message, session);
        }
    }

    static List<String> expected()
    {
        final List<String> expected = new ArrayList<>();
        expected.add("onLogon loggedOn=true");
        expected.add("onMessage D 34=2 11=A-0 loggedOn=true");
        expected.add("onMessage D 34=3 11=A-1 loggedOn=true");
        expected.add("onAdminMessage 1 34=4 112=PING-1 loggedOn=true");
        expected.add("onAdminMessage 0 34=5 loggedOn=true");
        expected.add("onAdminMessage 3 34=6 45=2 loggedOn=true");
        expected.add("onMessage D 34=7 11=A-2 loggedOn=true");
        expected.add("onAdminMessage 5 34=8 loggedOn=false");
        expected.add("onLogout loggedOn=false");
        // second connection, ResetSeqNumFlag=Y
        expected.add("onLogon loggedOn=true");
        expected.add("onMessage D 34=2 11=B-0 loggedOn=true");
        expected.add("onAdminMessage 5 34=3 loggedOn=false");
        expected.add("onLogout loggedOn=false");
        return expected;
    }

    @ParameterizedTest
    @EnumSource(AcceptorModel.class)
    void everyModelDeliversTheSameCallbacks(final AcceptorModel model) throws Exception
    {
        final Map<String, List<String>> log = new ConcurrentHashMap<>();
        final int threads = model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? 2 : 1;
        final AcceptorModelsTest settings = new AcceptorModelsTest();
        final int expectedPerSession = expected().size();
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(settings.context(model.text(), threads, "",
            (config, clock) -> new RecordingApplication(BuiltinApplications.create("exec", config, clock), log))))
        {
            try (QfjPeer clients = QfjPeer.initiator("FIX.4.4", CLIENTS, "SERVER", acceptor.boundPort()).start())
            {
                clients.awaitLogon();
                for (final SessionID id : clients.sessionIds())
                {
                    clients.send(id, clients.newOrderSingle("A-0", 0));
                    clients.send(id, clients.newOrderSingle("A-1", 1));
                    clients.send(id, admin(MsgType.TEST_REQUEST, 112, "PING-1"));
                    clients.send(id, admin(MsgType.HEARTBEAT, 0, null));
                    clients.send(id, admin(MsgType.REJECT, 45, "2"));
                    clients.send(id, clients.newOrderSingle("A-2", 2));
                }
                awaitTrue(() -> clients.fills() == 3 * CLIENTS.size(), () -> "fills " + clients.fills());
                clients.logout();
            }
            awaitTrue(() -> recordedAtLeast(log, 9), () -> "first connection: " + log);
            try (QfjPeer again = QfjPeer.initiator("FIX.4.4", CLIENTS, "SERVER", acceptor.boundPort()).start())
            {
                again.awaitLogon();
                for (final SessionID id : again.sessionIds())
                {
                    again.send(id, again.newOrderSingle("B-0", 0));
                }
                awaitTrue(() -> again.fills() == CLIENTS.size(), () -> "fills " + again.fills());
                again.logout();
            }
            awaitTrue(() -> recordedAtLeast(log, expectedPerSession), () -> "recorded " + log);
            final ClusterCounters counters = acceptor.counters();
            long admin = 0;
            for (int w = 0; w < threads; w++)
            {
                admin += counters.adminMessages(w).get();
            }
            // TestRequest, Heartbeat, Reject, Logout; then Logout: per session
            assertEquals(5L * CLIENTS.size(), admin, counters.perWorkerSummary());
            assertEquals(0, counters.ipcBadHeader.get());
        }
        for (final String client : CLIENTS)
        {
            assertEquals(expected(), log.get(client), model + " callbacks of " + client);
        }
        synchronized (RECORDED)
        {
            RECORDED.put(model, log);
        }
    }

    /**
     * The application's own {@code session.logout(text)} inside {@code onMessage}: under every model the counterparty
     * receives the fill sent before it, then a Logout with the Text; {@code isLoggedOn()} is false at once; the
     * counterparty's answering Logout and the disconnect reach the application as under single.
     */
    @ParameterizedTest
    @EnumSource(AcceptorModel.class)
    void applicationLogoutBehavesTheSameUnderEveryModel(final AcceptorModel model) throws Exception
    {
        final Map<String, List<String>> log = new ConcurrentHashMap<>();
        final int threads = model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? 2 : 1;
        final AcceptorModelsTest settings = new AcceptorModelsTest();
        final String raw = "RAWCLIENT";
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(settings.context(model.text(), threads, "",
            (config, clock) -> new RecordingApplication(BuiltinApplications.create("exec", config, clock), log)));
            Socket socket = new Socket("127.0.0.1", acceptor.boundPort()))
        {
            socket.setSoTimeout(10_000);
            AcceptorModelsTest.sendLogon(socket.getOutputStream(), raw);
            AcceptorModelsTest.awaitText(socket.getInputStream(), "\u000135=A\u0001");
            AcceptorModelsTest.send(socket.getOutputStream(), "35=D\u000149=" + raw + "\u000156=SERVER\u000134=2\u000152=" +
                AcceptorModelsTest.now() + "\u000111=BYE\u000155=ACME\u000154=1\u000160=" + AcceptorModelsTest.now() +
                "\u000138=100\u000140=2\u000144=10.5\u0001");
            final String answers = AcceptorModelsTest.awaitText(socket.getInputStream(), "\u000158=bye\u0001");
            final int fill = answers.indexOf("\u000111=BYE\u0001");
            final int logout = answers.indexOf("\u000135=5\u0001");
            assertTrue(fill >= 0 && fill < logout, "fill, then Logout (58=bye): " + answers.replace('\u0001', '|'));
            AcceptorModelsTest.send(socket.getOutputStream(), "35=5\u000149=" + raw + "\u000156=SERVER\u000134=3\u000152=" +
                AcceptorModelsTest.now() + "\u0001");
            awaitTrue(() -> log.containsKey(raw) && log.get(raw).size() >= 5, () -> "recorded " + log);
        }
        assertEquals(List.of(
            "onLogon loggedOn=true",
            "onMessage D 34=2 11=BYE loggedOn=true",
            "logout() loggedOn=false",
            "onAdminMessage 5 34=3 loggedOn=false",
            "onLogout loggedOn=false"), log.get(raw), model + ": callbacks around the application's logout");
        assertEquals(List.of(), settings.errors);
    }

    @AfterAll
    static void allModelsRecordedTheSame()
    {
        final Map<String, List<String>> single = RECORDED.get(AcceptorModel.SINGLE);
        if (single == null)
        {
            return; // the single model's run failed on its own and is reported there
        }
        RECORDED.forEach((model, log) -> assertEquals(single, log, model + " against single"));
    }

    private static boolean recordedAtLeast(final Map<String, List<String>> log, final int events)
    {
        for (final String client : CLIENTS)
        {
            final List<String> one = log.get(client);
            if (one == null || one.size() < events)
            {
                return false;
            }
        }
        return true;
    }

    private static Message admin(final String type, final int tag, final String value)
    {
        final Message message = new Message();
        message.getHeader().setString(MsgType.FIELD, type);
        if (value != null)
        {
            message.setString(tag, value);
        }
        return message;
    }
}
