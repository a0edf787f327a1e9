package io.fixtape.cli.ops;

import io.fixtape.cli.CliRun;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fixtape stat} reads a running acceptor's counters from its EngineDirectory while a QuickFIX/J initiator is
 * logged on, and the last values after it stopped; a directory without counters is one line and exit 2.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StatCommandTest
{
    private static final String SESSION = "session=\"FIX.4.4:FIXTAPE->QFJ\"";

    @TempDir
    Path dir;

    @Test
    void showsLiveCountersOfARunningEngineAndTheLastOfAStoppedOne() throws Exception
    {
        final SessionConfig config = new SessionConfig().sessionId(new SessionId("FIX.4.4", "FIXTAPE", "QFJ"));
        final EngineContext context = new EngineContext()
            .addSession(SessionEndpoint.acceptor(config, Application.NO_OP, new InetSocketAddress("127.0.0.1", 0)))
            .engineDirectory(dir.resolve("engine"));
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", engine.boundPort()).heartBtInt(30).start())
        {
            qfj.awaitLogon();
            qfj.send(qfj.newOrderSingle(1));
            qfj.send(qfj.newOrderSingle(2));
            final String orders = "fixtape_session_messages_total{" + SESSION + ",direction=\"in\",msg_type=\"D\"}";
            CliRun run = null;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (System.nanoTime() < deadline)
            {
                run = CliRun.fixtape("stat", "--dir", dir.resolve("engine").toString(), "--count", "1");
                if (valueOf(run.out, orders) == 2)
                {
                    break;
                }
                Thread.sleep(50);
            }
            assertEquals(0, run.exit, run.err);
            assertTrue(run.out.startsWith("fixtape stat: engine 'fixtape' running, pid " + ProcessHandle.current().pid()),
                run.out);
            assertEquals(2, valueOf(run.out, orders), run.out);
            assertEquals(1, valueOf(run.out, "fixtape_session_logged_on{" + SESSION + "}"), run.out);
            assertEquals(1, valueOf(run.out, "connections.accepted"), run.out);
            assertEquals(4, valueOf(run.out, "fixtape_session_next_target_seq_num{" + SESSION + "}"), run.out);

            final CliRun filtered = CliRun.fixtape("stat", "--dir", dir.resolve("engine").toString(), "--count", "1",
                "--filter", "seq_num");
            assertTrue(filtered.out.lines().skip(1).filter(l -> !l.isBlank()).allMatch(l -> l.contains("seq_num")),
                filtered.out);
            qfj.logout();
        }
        final CliRun stopped = CliRun.fixtape("stat", "--dir", dir.resolve("engine").toString(), "--count", "1");
        assertEquals(0, stopped.exit, stopped.err);
        assertTrue(stopped.out.startsWith("fixtape stat: engine 'fixtape' stopped"), stopped.out);
        assertEquals(0, valueOf(stopped.out, "fixtape_session_logged_on{" + SESSION + "}"), "zero: not shown");
    }

    @Test
    void aDirectoryWithoutCountersIsOneLineAndExitTwo()
    {
        final CliRun run = CliRun.fixtape("stat", "--dir", dir.toString(), "--count", "1");
        assertEquals(2, run.exit, run.out + run.err);
        assertEquals(1, run.err.strip().lines().count(), run.err);
        assertTrue(run.err.contains("no engine counters in " + dir), run.err);
    }

    /** The value printed for {@code label}, 0 when it is not shown (zero values are not). */
    static long valueOf(final String out, final String label)
    {
        final Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(label) + " +([0-9,]+)$").matcher(out);
        return matcher.find() ? Long.parseLong(matcher.group(1).replace(",", "")) : 0;
    }
}
