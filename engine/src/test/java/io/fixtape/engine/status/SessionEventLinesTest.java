package io.fixtape.engine.status;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A running engine logs one line per session event, from its {@code fixtape-events} thread: a QuickFIX/J initiator
 * connects, logs on, opens a gap (the engine asks for a resend and QuickFIX/J gap-fills) and logs out with a Text.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionEventLinesTest
{
    private static final String SESSION = "FIX.4.4:FIXTAPE->QFJ";

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final List<Boolean> warnings = new CopyOnWriteArrayList<>();

    @Test
    void eachSessionEventIsOneLine() throws Exception
    {
        final SessionConfig config = new SessionConfig().sessionId(new SessionId("FIX.4.4", "FIXTAPE", "QFJ"));
        final EngineContext context = new EngineContext()
            .addSession(SessionEndpoint.acceptor(config, Application.NO_OP, new InetSocketAddress("127.0.0.1", 0)))
            .sessionEventSink((type, warning, line) ->
            {
                lines.add(line);
                warnings.add(warning);
                threads.add(Thread.currentThread().getName());
            });
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", engine.boundPort()).heartBtInt(7).start())
        {
            qfj.awaitLogon();
            await(() -> lines.size() >= 3, "three event lines");
            qfj.session().setNextSenderMsgSeqNum(qfj.session().getStore().getNextSenderMsgSeqNum() + 3);
            qfj.send(qfj.newOrderSingle(1));
            await(() -> lines.stream().anyMatch(l -> l.contains("gap fill received")), "the gap fill line");
            qfj.logout("end of day");
            await(() -> lines.stream().anyMatch(l -> l.contains("disconnected")), "the disconnected line");
        }
        final String all = lines.stream().collect(Collectors.joining("\n"));
        assertTrue(lines.get(0).matches(java.util.regex.Pattern.quote(SESSION) + " connected from /?127\\.0\\.0\\.1:\\d+"),
            all);
        // QuickFIX/J's Logon carries ResetSeqNumFlag=Y here (ResetOnLogon): the reset is its own line, then the Logon
        assertEquals(SESSION + " sequence numbers reset to 1", lines.get(1), all);
        assertEquals(SESSION + " logon HeartBtInt=7 reset=Y", lines.get(2), all);
        assertTrue(lines.contains(SESSION + " resend request sent BeginSeqNo=2 EndSeqNo=0 (infinity)"), all);
        assertTrue(lines.contains(SESSION + " gap fill received NewSeqNo=5"), all);
        assertTrue(lines.contains(SESSION + " logout received MsgSeqNum=6 text=\"end of day\""), all);
        assertTrue(lines.contains(SESSION + " logout sent reason=REPLY"), all);
        assertEquals(SESSION + " disconnected reason=LOGOUT", lines.get(lines.size() - 1), all);
        assertTrue(threads.stream().allMatch(SessionEventLogger.ROLE_NAME::equals), threads.toString());
        assertTrue(warnings.stream().noneMatch(w -> w), all);
    }

}
