package io.fixtape.launcher;

import io.fixtape.codecs.fix44.NewOrderSingleDecoder;
import io.fixtape.codecs.fix44.NewOrderSingleEncoder;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalSessionTable;
import org.agrona.concurrent.EpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two sessions with the same BeginString and CompIDs and different SessionQualifiers coexist: in one settings file
 * (each on its own SocketAcceptPort, since a Logon carries no qualifier), on the wire (each Logon reaches the session
 * of the port it arrived on) and in one journal (two sessions in its table, each with its own messages).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionQualifierTest
{
    /** A clock the test moves: the engines are stepped on the test thread. */
    private static final class ManualClock implements EpochNanoClock
    {
        private long nanos = 1_796_212_800_000_000_000L;

        @Override
        public long nanoTime()
        {
            return nanos;
        }
    }

    @Test
    void twoSessionsWithTheSameCompIdsAndDifferentQualifiersCoexistInSettingsAndInTheJournal(@TempDir final Path dir)
        throws Exception
    {
        final int portA = freePort();
        final int portB = freePort();
        final Path journal = dir.resolve("journal");
        final Path settings = Files.writeString(dir.resolve("acceptor.cfg"), String.join("\n",
            "[DEFAULT]",
            "ConnectionType=acceptor",
            "BeginString=FIX.4.4",
            "SenderCompID=EXEC",
            "TargetCompID=BANZAI",
            "NonStopSession=Y",
            "SocketAcceptAddress=127.0.0.1",
            "JournalPath=" + journal,
            "[SESSION]",
            "SessionQualifier=A",
            "SocketAcceptPort=" + portA,
            "[SESSION]",
            "SessionQualifier=B",
            "SocketAcceptPort=" + portB,
            ""));
        final ManualClock clock = new ManualClock();
        final Map<String, List<String>> received = new ConcurrentHashMap<>();
        final Map<String, Integer> logons = new ConcurrentHashMap<>();
        try (Fixtape acceptor = FixtapeBuilder.fromFile(settings).clock(clock)
                .application((id, engineClock) -> new Receiver(id, received)).launchStepped();
            Fixtape initiator = new FixtapeBuilder().clock(clock)
                .session(s -> s.initiator("127.0.0.1", portA).sessionId("FIX.4.4", "BANZAI", "EXEC")
                    .sessionQualifier("A").nonStopSession(true))
                .session(s -> s.initiator("127.0.0.1", portB).sessionId("FIX.4.4", "BANZAI", "EXEC")
                    .sessionQualifier("B").nonStopSession(true))
                .application((id, engineClock) -> new Orders(id, "A".equals(id.qualifier()) ? 2 : 1, logons))
                .launchStepped())
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (received.getOrDefault("A", List.of()).size() < 2 || received.getOrDefault("B", List.of()).size() < 1)
            {
                assertTrue(System.nanoTime() < deadline, "orders arrive: " + received + ", logons " + logons);
                if (acceptor.step() + initiator.step() == 0)
                {
                    Thread.sleep(1);
                }
            }
            assertEquals(Map.of("A", 1, "B", 1), logons);
        }
        assertEquals(List.of("A-1", "A-2"), received.get("A"), "each order reached the session of its qualifier");
        assertEquals(List.of("B-1"), received.get("B"));

        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalSessionTable table = reader.registry();
            final Map<String, Integer> idsByQualifier = new TreeMap<>();
            for (final int id : table.ids())
            {
                final SessionId sessionId = table.sessionOf(id);
                assertEquals(new SessionId("FIX.4.4", "EXEC", "BANZAI", sessionId.qualifier()), sessionId);
                idsByQualifier.put(sessionId.qualifier(), id);
            }
            assertEquals(List.of("A", "B"), List.copyOf(idsByQualifier.keySet()));
            final Map<Integer, List<String>> ordersBySession = new TreeMap<>();
            final JournalRecord record = new JournalRecord();
            while (reader.next(record))
            {
                final String fix = record.fixAsString();
                if (fix.contains("\u000135=D\u0001"))
                {
                    final int start = fix.indexOf("\u000111=") + 4;
                    ordersBySession.computeIfAbsent(record.sessionId(), k -> new CopyOnWriteArrayList<>())
                        .add(fix.substring(start, fix.indexOf('\u0001', start)));
                }
            }
            assertEquals(List.of("A-1", "A-2"), ordersBySession.get(idsByQualifier.get("A")));
            assertEquals(List.of("B-1"), ordersBySession.get(idsByQualifier.get("B")));
        }
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    /** Sends {@code count} orders when logged on, ClOrdID {@code <qualifier>-<n>}. */
    private static final class Orders implements Application
    {
        private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
        private final SessionId id;
        private final int count;
        private final Map<String, Integer> logons;

        Orders(final SessionId id, final int count, final Map<String, Integer> logons)
        {
            this.id = id;
            this.count = count;
            this.logons = logons;
        }

        @Override
        public void onLogon(final SessionHandle session)
        {
            logons.merge(id.qualifier(), 1, Integer::sum);
            for (int n = 1; n <= count; n++)
            {
                order.wrap(session).clOrdID(id.qualifier() + "-" + n).side(Side.BUY)
                    .transactTime(session.sendingTimeNanos()).ordType(OrdType.MARKET);
                order.instrument().symbol("ACME");
                order.orderQtyData().orderQty(100, 0);
                order.complete();
                assertTrue(session.send() > 0, "sent");
            }
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
        }
    }

    /** Records the ClOrdIDs each acceptor session receives, by its qualifier. */
    private static final class Receiver implements Application
    {
        private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
        private final SessionId id;
        private final Map<String, List<String>> received;

        Receiver(final SessionId id, final Map<String, List<String>> received)
        {
            this.id = id;
            this.received = received;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() == NewOrderSingleDecoder.MESSAGE_TYPE)
            {
                order.wrap(message);
                received.computeIfAbsent(id.qualifier(), k -> new CopyOnWriteArrayList<>())
                    .add(order.clOrdID().toString());
            }
        }
    }
}
