package io.fixtape.cli.ops;

import io.fixtape.cli.CliRun;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fixtape session}: a session's sequence numbers set on a stopped engine's journal are the ones the engine
 * uses at the next start — a QuickFIX/J counterparty set to the matching numbers logs on with no resend either way;
 * the change is in the journal ({@code journal cat}); set-seq is refused while the engine holds the journal;
 * {@code session list} reads the numbers live from the EngineDirectory and from the stopped journal; reset sets 1/1.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SessionCommandTest
{
    private static final String ID = "FIX.4.4:FIXTAPE->QFJ";

    @TempDir
    Path dir;

    @Test
    void setSeqOnAStoppedJournalIsWhatTheNextLogonUses() throws Exception
    {
        final Path journal = dir.resolve("journal");
        final Path engineDir = dir.resolve("engine");
        try (Running engine = new Running(journal, engineDir);
            QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", engine.port()).resetOnLogon(false)
                .heartBtInt(30).start())
        {
            qfj.awaitLogon();
            qfj.send(qfj.newOrderSingle(1));
            await(() -> engine.session().nextTargetSeqNum() == 3, "next target 3");

            final CliRun refused = CliRun.fixtape("session", "set-seq", "--journal", journal.toString(), "--session", ID,
                "--sender", "50", "--target", "30");
            assertNotEquals(0, refused.exit, "refused while the engine holds the journal: " + refused.out);
            assertTrue(refused.err.contains("is held by"), refused.err);
            assertEquals(1, refused.err.strip().lines().count(), refused.err);

            final CliRun live = CliRun.fixtape("session", "list", "--dir", engineDir.toString());
            assertEquals(0, live.exit, live.err);
            assertTrue(live.out.lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(ID) +
                " +ACTIVE +yes +2 +3 +2 +1")), live.out);
            qfj.logout();
        }

        final CliRun set = CliRun.fixtape("session", "set-seq", "--journal", journal.toString(), "--session", ID,
            "--sender", "50", "--target", "30");
        assertEquals(0, set.exit, set.err);
        assertEquals(ID + ": next sender MsgSeqNum 3 -> 50, next target MsgSeqNum 4 -> 30 (journaled)",
            set.out.strip());
        final CliRun list = CliRun.fixtape("session", "list", "--journal", journal.toString());
        assertEquals(0, list.exit, list.err);
        assertTrue(list.out.lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(ID) + " +50 +30 .*")),
            list.out);
        final CliRun cat = CliRun.fixtape("journal", "cat", journal.toString());
        assertTrue(cat.out.contains("admin") && cat.out.contains("fixtape session set-seq"), cat.out);

        try (Running engine = new Running(journal, engineDir);
            QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", engine.port()).resetOnLogon(false)
                .heartBtInt(30).start())
        {
            // a migrated counterparty: its own numbers match the ones just set (it sends 30, expects 50)
            qfj.session().setNextSenderMsgSeqNum(30);
            qfj.session().setNextTargetMsgSeqNum(50);
            qfj.logonAgain();
            qfj.awaitLogon();
            await(() -> engine.session().isLoggedOn(), "logged on");
            assertEquals(51, engine.session().nextSenderSeqNum(), "our Logon went out as 50");
            assertEquals(31, engine.session().nextTargetSeqNum(), "theirs came as 30");
            assertEquals(0, engine.session().counters().resendRequestsSent());
            assertEquals(0, qfj.resendRequests());
            qfj.logout();
        }

        final CliRun reset = CliRun.fixtape("session", "reset", "--journal", journal.toString(), "--session", ID);
        assertEquals(0, reset.exit, reset.err);
        final CliRun after = CliRun.fixtape("session", "show", "--journal", journal.toString(), "--session", ID);
        assertTrue(after.out.contains("next sender MsgSeqNum 1") && after.out.contains("next target MsgSeqNum 1"),
            after.out);
        final CliRun unknown = CliRun.fixtape("session", "reset", "--journal", journal.toString(), "--session", "X");
        assertEquals(2, unknown.exit);
        assertTrue(unknown.err.contains("no session X") && unknown.err.contains(ID), unknown.err);
    }

    /** An acceptor on the journal with an EngineDirectory; QuickFIX/J sessions only log on (QfjPeer starts them). */
    private static final class Running implements AutoCloseable
    {
        private final ChronicleMessageStoreFactory stores;
        private final FixEngine engine;

        Running(final Path journal, final Path engineDir)
        {
            stores = new ChronicleMessageStoreFactory(new JournalContext().directory(journal).lowSpaceBytes(0));
            final SessionConfig config = new SessionConfig().sessionId(new SessionId("FIX.4.4", "FIXTAPE", "QFJ"));
            engine = FixEngine.launch(new EngineContext().storeFactory(stores).engineDirectory(engineDir)
                .addSession(SessionEndpoint.acceptor(config, Application.NO_OP, new InetSocketAddress("127.0.0.1", 0))));
        }

        int port()
        {
            return engine.boundPort();
        }

        Session session()
        {
            return engine.sessions().get(0);
        }

        @Override
        public void close()
        {
            engine.close();
            stores.close();
        }
    }

}
