package io.fixtape.cluster;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import io.fixtape.journal.JournalSessionTable;
import io.fixtape.journal.JournalStoreProvider;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import quickfix.SessionID;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pool and shard workers share the engine's journal (one directory, one Chronicle appender): five QuickFIX/J
 * sessions (validation on) trade at once on two workers with {@code JournalMode=audit}; afterwards the journal
 * holds, per session, every inbound order and every fill as intact records (FIX CheckSum verified), outbound
 * sequence numbers 1..n without a gap or a duplicate, n matching what QuickFIX/J expects next — and a new acceptor
 * on the same journal continues each session where it stopped (QuickFIX/J keeps its numbers: no reset on Logon).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedJournalTest
{
    private static final List<String> CLIENTS = List.of("CLIENT1", "CLIENT2", "CLIENT3", "CLIENT4", "CLIENT5");
    private static final int ORDERS = 400;
    private static final int MORE_ORDERS = 20;
    private static final long ORDER = MsgTypes.pack("D");
    private static final long FILL = MsgTypes.pack("8");

    @TempDir
    Path journalDir;

    @ParameterizedTest
    @EnumSource(value = AcceptorModel.class, names = {"POOL", "SHARD"})
    void workersWritingOneJournalKeepEverySessionIntact(final AcceptorModel model) throws Exception
    {
        final int port = freePort();
        final Map<String, Integer> expectedNextSent = new HashMap<>();
        // no reset on Logon: QuickFIX/J's numbers continue across the acceptor's restart, so the acceptor's must too
        try (QfjPeer clients = QfjPeer.initiator("FIX.4.4", CLIENTS, "SERVER", port).resetOnLogon(false).start())
        {
            try (JournalStoreProvider journals = new JournalStoreProvider();
                ClusterAcceptor acceptor = ClusterAcceptor.launch(context(model, journals, port)))
            {
                clients.awaitLogon();
                sendOrders(clients, 0, ORDERS);
                awaitTrue(() -> clients.fills() == ORDERS * CLIENTS.size(),
                    () -> "fills " + clients.fills() + ", " + acceptor.counters().perWorkerSummary());
                clients.logout();
                for (final SessionID id : clients.sessionIds())
                {
                    expectedNextSent.put(id.getSenderCompID(), clients.session(id).getExpectedTargetNum());
                }
            }
            assertJournalIntact(expectedNextSent, ORDERS);

            // a new acceptor process state on the same journal: every session continues where it stopped
            try (JournalStoreProvider journals = new JournalStoreProvider();
                ClusterAcceptor acceptor = ClusterAcceptor.launch(context(model, journals, port)))
            {
                clients.logonAgain();
                awaitTrue(() -> clients.sessionIds().stream().allMatch(id -> clients.session(id).isLoggedOn()),
                    () -> "not all logged on again, " + acceptor.counters().perWorkerSummary());
                sendOrders(clients, ORDERS, MORE_ORDERS);
                awaitTrue(() -> clients.fills() == (ORDERS + MORE_ORDERS) * CLIENTS.size(),
                    () -> "fills " + clients.fills() + ", " + acceptor.counters().perWorkerSummary());
                for (final SessionID id : clients.sessionIds())
                {
                    // at least Logon + fills numbered after the journal's last number (a reset would restart at 1)
                    final int expected = clients.session(id).getExpectedTargetNum();
                    assertTrue(expected >= expectedNextSent.get(id.getSenderCompID()) + 1 + MORE_ORDERS,
                        id + ": fixtape's numbers continue from the journal, QuickFIX/J expects " + expected);
                }
                clients.logout();
                for (final SessionID id : clients.sessionIds())
                {
                    expectedNextSent.put(id.getSenderCompID(), clients.session(id).getExpectedTargetNum());
                }
            }
            // both runs in one journal: per session outbound 1..n still contiguous (no reset, no reuse, no gap across
            // the restart) and n is what QuickFIX/J expects next - 1
            assertJournalIntact(expectedNextSent, ORDERS + MORE_ORDERS);
        }
    }

    private static void sendOrders(final QfjPeer clients, final int from, final int count)
    {
        for (int i = from; i < from + count; i++)
        {
            for (final SessionID id : clients.sessionIds())
            {
                clients.send(id, clients.newOrderSingle(id.getSenderCompID() + "-" + i, i)); // sessions interleaved
            }
        }
    }

    /** Per session: every order in, every fill out, outbound numbers 1..n contiguous, every record's CheckSum good. */
    private void assertJournalIntact(final Map<String, Integer> expectedNextSent, final int orders)
    {
        try (JournalReader reader = new JournalReader(journalDir))
        {
            final JournalSessionTable registry = reader.registry();
            final JournalRecord record = new JournalRecord();
            final Map<Integer, int[]> perSession = new HashMap<>(); // id -> {orders in, fills out, last out seq}
            long records = 0;
            while (reader.next(record))
            {
                records++;
                assertTrue(record.isIntact(), () -> "damaged record at index " + record.queueIndex());
                final int[] counts = perSession.computeIfAbsent(record.sessionId(), k -> new int[3]);
                if (record.direction() == JournalRecordDescriptor.DIRECTION_IN)
                {
                    counts[0] += record.msgType() == ORDER && (record.flags() & MessageStore.FLAG_POSS_DUP) == 0 ? 1 : 0;
                }
                else if ((record.flags() & MessageStore.FLAG_POSS_DUP) == 0)
                {
                    final int last = counts[2];
                    assertEquals(last + 1, record.seqNum(),
                        () -> registry.sessionOf(record.sessionId()) + ": outbound MsgSeqNum after " + last);
                    counts[2] = record.seqNum();
                    counts[1] += record.msgType() == FILL ? 1 : 0;
                }
            }
            assertTrue(records >= 2L * orders * CLIENTS.size(), "records " + records);
            for (final String client : CLIENTS)
            {
                final int id = registry.idOf(new SessionId("FIX.4.4", "SERVER", client));
                final int[] counts = perSession.get(id);
                assertEquals(orders, counts[0], client + ": orders journaled");
                assertEquals(orders, counts[1], client + ": fills journaled");
                assertEquals(expectedNextSent.get(client) - 1, counts[2], client + ": last outbound MsgSeqNum");
            }
        }
    }

    private static int freePort() throws java.io.IOException
    {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    private ClusterContext context(final AcceptorModel model, final JournalStoreProvider journals, final int port)
    {
        final String journal = "JournalPath=" + journalDir + "\nJournalMode=audit\nJournalPretouch=N\n";
        final Settings settings = new SettingsParser(ClusterSettings.knownKeys(
            JournalStoreProvider.knownKeys(KnownKeys.standard())))
            .parse("test.cfg", AcceptorModelsTest.settingsText(model.text(), 2, journal)
                .replace("SocketAcceptPort=0", "SocketAcceptPort=" + port));
        final EngineContext engine = new EngineSettings().storeProvider("journal", journals)
            .toContext(settings, new OffsetEpochNanoClock(),
                (config, clock) -> BuiltinApplications.create("exec", config, clock));
        return ClusterSettings.toContext(settings, engine);
    }
}
