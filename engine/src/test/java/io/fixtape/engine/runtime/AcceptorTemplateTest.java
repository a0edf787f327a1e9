package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.transport.DisconnectReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Acceptor templates over real loopback TCP with raw clients: a Logon whose CompIDs match the template's pattern
 * creates a session (through the authenticator), a configured session keeps its own CompIDs, a created session is
 * kept across reconnects, and a store factory that knows sessions from before has them re-created at start-up.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AcceptorTemplateTest
{
    private static final int CLIENTS = 100;
    private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);

    /** Heap stores kept by id, so that a second engine finds them as "stored before". */
    private static final class KeptStores implements MessageStoreFactory
    {
        final Map<SessionId, MessageStore> stores = new ConcurrentHashMap<>();
        final List<SessionId> created = new ArrayList<>();

        @Override
        public synchronized MessageStore create(final SessionId sessionId)
        {
            created.add(sessionId);
            return stores.computeIfAbsent(sessionId, id -> new InMemoryMessageStore());
        }

        @Override
        public synchronized List<SessionId> knownSessions()
        {
            return List.copyOf(stores.keySet());
        }
    }

    private static SessionTemplate template(final MessageStoreFactory stores)
    {
        return SessionTemplate.acceptor(new SessionId("FIX.4.4", "EXEC", SessionTemplate.ANY), ANY_PORT, stores,
            id -> SessionEndpoint.acceptor(new SessionConfig().sessionId(id), Application.NO_OP, ANY_PORT));
    }

    private static String logon(final String sender, final int seqNum, final String extra)
    {
        return "35=A|34=" + seqNum + "|49=" + sender + "|52=" + now() + "|56=EXEC|98=0|108=30|" + extra;
    }

    @Test
    void manyRawClientsEachGetTheirOwnSession() throws Exception
    {
        final KeptStores stores = new KeptStores();
        try (FixEngine engine = FixEngine.launch(new EngineContext().idleStrategy("sleeping")
            // all from 127.0.0.1, logging on at once; the twin below is only accepted if routed logons freed their slots
            .maxUnauthenticatedConnections(CLIENTS, CLIENTS)
            .addTemplate(template(stores))))
        {
            final List<RawFixClient> clients = new ArrayList<>();
            try
            {
                for (int i = 0; i < CLIENTS; i++)
                {
                    final RawFixClient client = new RawFixClient(engine.boundPort());
                    clients.add(client);
                    client.send("FIX.4.4", logon("C" + i, 1, ""));
                }
                for (int i = 0; i < CLIENTS; i++)
                {
                    final String reply = clients.get(i).receive(10_000);
                    assertNotNull(reply, "Logon answered for C" + i);
                    assertTrue(reply.contains("|35=A|") && reply.contains("|49=EXEC|") &&
                        reply.contains("|56=C" + i + "|"), reply);
                }
                assertEquals(CLIENTS, engine.sessions().size());
                assertEquals(CLIENTS, engine.counters().templateSessionsCreated.get());
                assertEquals(0, engine.counters().unknownSessions.get());
                final Session c7 = engine.session(new SessionId("FIX.4.4", "EXEC", "C7"));
                assertTrue(onPoller(engine, c7::isLoggedOn));
                assertEquals(2, (int)onPoller(engine, c7::nextTargetSeqNum));

                // a second connection for a connected, created session is refused and creates nothing
                try (RawFixClient twin = new RawFixClient(engine.boundPort()))
                {
                    twin.send("FIX.4.4", logon("C7", 2, ""));
                    twin.awaitClose(5000);
                }
                assertEquals(CLIENTS, engine.sessions().size());
                assertEquals(1, engine.counters().disconnects(DisconnectReason.DUPLICATE_SESSION).get());
            }
            finally
            {
                for (final RawFixClient client : clients)
                {
                    client.close();
                }
            }
            // the created session stays: the same client reconnects and its numbers go on
            final Session c3 = engine.session(new SessionId("FIX.4.4", "EXEC", "C3"));
            await(() -> !onPoller(engine, c3::isConnected), "C3 disconnected");
            try (RawFixClient again = new RawFixClient(engine.boundPort()))
            {
                again.send("FIX.4.4", logon("C3", 2, ""));
                final String reply = again.receive(10_000);
                assertNotNull(reply);
                assertTrue(reply.contains("|35=A|") && reply.contains("|34=2|"), reply);
            }
            assertEquals(CLIENTS, engine.sessions().size());
            assertSame(c3, engine.session(new SessionId("FIX.4.4", "EXEC", "C3")));
        }
    }

    @Test
    void theAuthenticatorDecidesBeforeAnythingIsCreated() throws Exception
    {
        final KeptStores stores = new KeptStores();
        final SessionTemplate template = template(stores).authenticator(
            (id, username, password) -> "secret".contentEquals(password));
        try (FixEngine engine = FixEngine.launch(new EngineContext().idleStrategy("sleeping").addTemplate(template)))
        {
            try (RawFixClient refused = new RawFixClient(engine.boundPort()))
            {
                refused.send("FIX.4.4", logon("BAD", 1, "553=u|554=guess|"));
                final String answer = refused.awaitClose(5000);
                assertTrue(answer.contains("|35=5|") && answer.contains("|58=Logon rejected|"), answer);
            }
            assertEquals(1, engine.counters().templateLogonsRefused.get());
            assertEquals(0, engine.sessions().size());
            assertTrue(stores.created.isEmpty(), "no store for a refused Logon");

            try (RawFixClient accepted = new RawFixClient(engine.boundPort()))
            {
                accepted.send("FIX.4.4", logon("GOOD", 1, "553=u|554=secret|"));
                final String reply = accepted.receive(10_000);
                assertNotNull(reply);
                assertTrue(reply.contains("|35=A|"), reply);
            }
            assertEquals(List.of(new SessionId("FIX.4.4", "EXEC", "GOOD")), stores.created);
        }
    }

    @Test
    void configuredSessionsAndOtherVersionsAreNotTheTemplates() throws Exception
    {
        final KeptStores stores = new KeptStores();
        final SessionId configured = new SessionId("FIX.4.4", "EXEC", "FIXED");
        final EngineContext context = new EngineContext().idleStrategy("sleeping")
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(configured), Application.NO_OP, ANY_PORT))
            .addTemplate(template(stores));
        try (FixEngine engine = FixEngine.launch(context))
        {
            try (RawFixClient fixed = new RawFixClient(engine.boundPort()))
            {
                fixed.send("FIX.4.4", logon("FIXED", 1, ""));
                assertTrue(fixed.receive(10_000).contains("|35=A|"));
            }
            try (RawFixClient otherVersion = new RawFixClient(engine.boundPort());
                RawFixClient otherTarget = new RawFixClient(engine.boundPort()))
            {
                otherVersion.send("FIX.4.2", logon("C1", 1, ""));
                otherVersion.awaitClose(5000);
                otherTarget.send("FIX.4.4", "35=A|34=1|49=C1|52=" + now() + "|56=NOT-EXEC|98=0|108=30|");
                otherTarget.awaitClose(5000);
            }
            assertEquals(2, engine.counters().unknownSessions.get());
            assertEquals(0, engine.counters().templateSessionsCreated.get());
            assertTrue(stores.created.isEmpty());
            assertEquals(List.of(configured), engine.sessions().stream().map(Session::sessionId).toList());
        }
    }

    @Test
    void sessionsTheStoreKnowsAreCreatedAgainAtStartUp() throws Exception
    {
        final KeptStores stores = new KeptStores();
        try (FixEngine engine = FixEngine.launch(new EngineContext().idleStrategy("sleeping").addTemplate(template(stores))))
        {
            try (RawFixClient client = new RawFixClient(engine.boundPort()))
            {
                client.send("FIX.4.4", logon("C1", 1, ""));
                assertTrue(client.receive(10_000).contains("|35=A|"));
                client.send("FIX.4.4", "35=0|34=2|49=C1|52=" + now() + "|56=EXEC|");
                final Session c1 = engine.session(new SessionId("FIX.4.4", "EXEC", "C1"));
                await(() -> onPoller(engine, c1::nextTargetSeqNum) == 3, "heartbeat received");
            }
        }
        // a store the template does not match is left alone
        stores.create(new SessionId("FIX.4.2", "EXEC", "OTHER"));
        try (FixEngine engine = FixEngine.launch(new EngineContext().idleStrategy("sleeping").addTemplate(template(stores))))
        {
            assertEquals(List.of(new SessionId("FIX.4.4", "EXEC", "C1")),
                engine.sessions().stream().map(Session::sessionId).toList(), "C1 exists before its Logon");
            final Session c1 = engine.session(new SessionId("FIX.4.4", "EXEC", "C1"));
            assertEquals(3, (int)onPoller(engine, c1::nextTargetSeqNum));
            assertFalse(onPoller(engine, c1::isConnected));
            try (RawFixClient client = new RawFixClient(engine.boundPort()))
            {
                client.send("FIX.4.4", logon("C1", 3, ""));
                final String reply = client.receive(10_000);
                assertNotNull(reply);
                assertTrue(reply.contains("|35=A|") && reply.contains("|34=2|"), reply);
            }
            assertEquals(0, engine.counters().templateSessionsCreated.get(), "re-created, not created");
        }
    }
}
