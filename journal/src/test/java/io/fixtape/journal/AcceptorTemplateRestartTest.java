package io.fixtape.journal;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An acceptor template from a settings file with the journal: a QuickFIX/J 2.3.2 initiator (validation on) with three
 * sessions logs on through {@code TargetCompID=*} and trades; the journal's session registry then knows the three
 * sessions, and after a restart they exist again before any Logon, with their sequence numbers, and go on from them.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AcceptorTemplateRestartTest
{
    private static final List<String> CLIENTS = List.of("CLIENT1", "CLIENT2", "CLIENT3");
    private static final int ORDERS = 20;

    private static Settings settings(final Path journal)
    {
        return new SettingsParser(JournalStoreProvider.knownKeys(KnownKeys.standard())).parse("template.cfg",
            String.join("\n",
                "[DEFAULT]",
                "ConnectionType=acceptor",
                "SocketAcceptAddress=127.0.0.1",
                "SocketAcceptPort=0",
                "NonStopSession=Y",
                "IdleStrategy=sleeping",
                "JournalPath=" + journal,
                "[SESSION]",
                "AcceptorTemplate=Y",
                "BeginString=FIX.4.4",
                "SenderCompID=EXEC",
                "TargetCompID=*"));
    }

    private static FixEngine launch(final Path journal, final JournalStoreProvider journals)
    {
        return FixEngine.launch(new EngineSettings().storeProvider("journal", journals).toContext(
            settings(journal), new OffsetEpochNanoClock(),
            (config, clock) -> BuiltinApplications.create("exec", config, clock)));
    }

    @Test
    void sessionsCreatedByTheTemplateAreJournaledAndComeBackAfterARestart(@TempDir final Path dir) throws Exception
    {
        final Path journal = dir.resolve("journal");
        final Map<SessionId, int[]> numbers = new HashMap<>();
        try (JournalStoreProvider journals = new JournalStoreProvider(); FixEngine engine = launch(journal, journals))
        {
            try (QfjPeer qfj = QfjPeer.initiator("FIX.4.4", CLIENTS, "EXEC", engine.boundPort()).start())
            {
                qfj.awaitLogons(CLIENTS.size(), 30);
                for (final quickfix.SessionID id : qfj.sessionIds())
                {
                    for (int i = 0; i < ORDERS; i++)
                    {
                        qfj.send(id, qfj.newOrderSingle(i));
                    }
                }
                for (final quickfix.SessionID id : qfj.sessionIds())
                {
                    await(() -> qfj.fills(id) == ORDERS, "fills on " + id);
                }
                assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());
                assertEquals(CLIENTS.size(), engine.counters().templateSessionsCreated.get());
                qfj.logout();
            }
            for (final String client : CLIENTS)
            {
                final Session session = engine.session(new SessionId("FIX.4.4", "EXEC", client));
                await(() -> !onPoller(engine, session::isConnected), client + " disconnected");
                numbers.put(session.sessionId(), onPoller(engine,
                    () -> new int[] {session.nextSenderSeqNum(), session.nextTargetSeqNum()}));
            }
        }
        final String registry = Files.readString(journal.resolve(JournalSessionTable.FILE_NAME));
        for (final String client : CLIENTS)
        {
            assertTrue(registry.contains("\tFIX.4.4\tEXEC\t" + client + "\t"), registry);
        }

        try (JournalStoreProvider journals = new JournalStoreProvider(); FixEngine engine = launch(journal, journals))
        {
            assertEquals(CLIENTS.size(), engine.sessions().size(), "re-created before any Logon");
            for (final Map.Entry<SessionId, int[]> entry : numbers.entrySet())
            {
                final Session session = engine.session(entry.getKey());
                assertFalse(onPoller(engine, session::isConnected));
                assertEquals(entry.getValue()[0], (int)onPoller(engine, session::nextSenderSeqNum), "sender " + entry.getKey());
                assertEquals(entry.getValue()[1], (int)onPoller(engine, session::nextTargetSeqNum), "target " + entry.getKey());
                assertTrue(entry.getValue()[0] > ORDERS, "fills were sent: " + entry.getValue()[0]);
            }
            final SessionId client2 = new SessionId("FIX.4.4", "EXEC", "CLIENT2");
            try (RawFixClient client = new RawFixClient(engine.boundPort()))
            {
                client.send("FIX.4.4", "35=A|34=" + numbers.get(client2)[1] + "|49=CLIENT2|52=" + now() +
                    "|56=EXEC|98=0|108=30|");
                final String reply = client.receive(10_000);
                assertNotNull(reply, "Logon answered");
                assertTrue(reply.contains("|35=A|") && reply.contains("|34=" + numbers.get(client2)[0] + "|"), reply);
            }
            assertEquals(0, engine.counters().templateSessionsCreated.get(), "nothing new was created");
        }
    }
}
