package io.fixtape.cli.journal;

import io.fixtape.cli.FixtapeMain;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import io.fixtape.engine.store.MessageStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.Log;
import quickfix.LogFactory;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.MsgType;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The journal issue's crash proof: a real {@code kill -9} of a child JVM running {@code fixtape acceptor --app exec}
 * (journal in audit mode) while a QuickFIX/J 2.3.2 initiator (dictionary validation ON) sends orders at a steady
 * rate. After the acceptor restarts and QuickFIX/J reconnects: no sequence gap and no duplicate sequence number in
 * what the acceptor sent, every order answered, and a ResendRequest from QuickFIX/J is answered with the pre-crash
 * ExecutionReports byte-for-byte apart from PossDupFlag/OrigSendingTime/SendingTime/BodyLength/CheckSum.
 */
class AcceptorCrashTest
{
    private static final int ORDERS = 400;
    private static final int KILL_AFTER_FILLS = 150;
    private static final Pattern SEQ = Pattern.compile("\u000134=(\\d+)\u0001");
    private static final Pattern CL_ORD_ID = Pattern.compile("\u000111=([^\u0001]+)\u0001");

    @TempDir
    Path dir;

    private final Map<Integer, String> firstSeen = new ConcurrentHashMap<>();
    private final List<String> resent = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Map<Integer, String> firstResent = new ConcurrentHashMap<>();
    private final List<Integer> reusedSeqs = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile boolean requested;
    private final Set<String> filledOrders = ConcurrentHashMap.newKeySet();
    private final AtomicInteger fills = new AtomicInteger();
    private final Semaphore logons = new Semaphore(0);

    private static int freePort() throws Exception
    {
        try (ServerSocket s = new ServerSocket(0))
        {
            return s.getLocalPort();
        }
    }

    private Process startAcceptor(final Path config) throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--") || arg.startsWith("-D") || arg.startsWith("-X"))
            {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), FixtapeMain.class.getName(),
            "acceptor", "--config", config.toString(), "--app", "exec"));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        final CountDownLatch listening = new CountDownLatch(1);
        final Thread pump = new Thread(() ->
        {
            try
            {
                String line;
                while ((line = out.readLine()) != null)
                {
                    if (line.contains("listening on port"))
                    {
                        listening.countDown();
                    }
                    if (!line.contains(" INFO "))
                    {
                        System.out.println("acceptor: " + line);
                    }
                }
            }
            catch (final java.io.IOException ignore)
            {
                // process killed
            }
        }, "acceptor-output");
        pump.setDaemon(true);
        pump.start();
        assertTrue(listening.await(60, TimeUnit.SECONDS), "acceptor did not start");
        return p;
    }

    @Test
    void killMinusNineOfTheAcceptorLosesNothing() throws Exception
    {
        final int port = freePort();
        final Path journal = dir.resolve("journal");
        final Path config = dir.resolve("acceptor.cfg");
        Files.writeString(config, String.join("\n",
            "[DEFAULT]", "ConnectionType=acceptor", "SocketAcceptPort=" + port, "SenderCompID=EXEC", "NonStopSession=Y",
            "UseDataDictionary=Y", "TimeStampPrecision=MILLIS", "IdleStrategy=backoff", "JournalPath=" + journal,
            "JournalMode=audit", "", "[SESSION]", "BeginString=FIX.4.4", "TargetCompID=BANZAI", ""));
        Process acceptor = startAcceptor(config);
        final SessionID id = new SessionID("FIX.4.4", "BANZAI", "EXEC");
        final SocketInitiator initiator = initiator(id, port);
        int sent = 0;
        try
        {
            initiator.start();
            assertTrue(logons.tryAcquire(30, TimeUnit.SECONDS), "QuickFIX/J did not log on");
            final long periodNanos = TimeUnit.MILLISECONDS.toNanos(4); // 250 orders/s, a steady schedule
            long t0 = System.nanoTime();
            boolean killed = false;
            long killedAt = 0;
            while (sent < ORDERS)
            {
                final long due = t0 + sent * periodNanos;
                while (System.nanoTime() < due)
                {
                    Thread.onSpinWait();
                }
                Session.sendToTarget(order(sent + 1), id); // stored by QuickFIX/J even while the acceptor is down
                sent++;
                if (!killed && sent == ORDERS / 2)
                {
                    // Mid-stream: wait until fills are flowing (a loaded machine lags), then kill while orders
                    // are still in flight.
                    waitUntil(() -> fills.get() >= KILL_AFTER_FILLS, 60, "fills before the kill");
                    acceptor.destroyForcibly(); // SIGKILL
                    assertTrue(acceptor.waitFor(10, TimeUnit.SECONDS));
                    killed = true;
                    killedAt = sent;
                    acceptor = startAcceptor(config); // orders keep coming while it restarts
                    t0 = System.nanoTime() - sent * periodNanos;
                }
            }
            assertTrue(logons.tryAcquire(60, TimeUnit.SECONDS), "QuickFIX/J did not log on again");
            assertTrue(killed, "the acceptor was never killed");
            waitUntil(() -> filledOrders.size() == ORDERS, 60, "every order answered");
            final int[] journaled = checkJournalSequence(journal);
            final int recoveredByResend = (int)firstResent.keySet().stream()
                .filter(seq -> !firstSeen.containsKey(seq) && isExecReport(firstResent.get(seq))).count();
            // Ask for everything again: the acceptor answers from its journal.
            requested = true;
            final Message resendRequest = new Message();
            resendRequest.getHeader().setString(MsgType.FIELD, MsgType.RESEND_REQUEST);
            resendRequest.setInt(7, 1);
            resendRequest.setInt(16, 0);
            Session.sendToTarget(resendRequest, id);
            waitUntil(() -> resentExecReports() >= journaled[2], 30, "resent ExecutionReports: " + journaled[2]);

            int comparedWithOriginal = 0;
            int comparedWithFirstResend = 0;
            synchronized (resent)
            {
                for (final String copy : resent)
                {
                    if (!isExecReport(copy))
                    {
                        continue;
                    }
                    final int seq = seqOf(copy);
                    final String original = firstSeen.get(seq);
                    final String reference = original != null ? original : firstResent.get(seq);
                    assertNotNull(reference, "resent seq " + seq + " was never seen before");
                    assertEquals(stripResendFields(reference), stripResendFields(copy), "seq " + seq);
                    assertTrue(copy.contains("\u0001122="), copy);
                    if (original != null)
                    {
                        comparedWithOriginal++;
                    }
                    else
                    {
                        comparedWithFirstResend++;
                    }
                }
            }
            System.out.printf("orders sent %d (kill -9 after %d sent, when fills reached %d), fills %d for %d distinct orders; acceptor " +
                "journaled %d outbound (%d ExecutionReports) / %d inbound; ExecutionReports journaled but lost in the crash " +
                "and recovered by resend %d; on a full ResendRequest %d ExecutionReports resent, %d compared byte-for-byte " +
                "with the pre-crash original, %d with their first resend; reused seq %d; lost %d%n",
                sent, killedAt, KILL_AFTER_FILLS, fills.get(), filledOrders.size(), journaled[0], journaled[2], journaled[1],
                recoveredByResend, resentExecReports(), comparedWithOriginal, comparedWithFirstResend, reusedSeqs.size(),
                ORDERS - filledOrders.size());
            assertTrue(reusedSeqs.isEmpty(), "the acceptor reused seqs " + reusedSeqs);
            assertEquals(ORDERS, filledOrders.size(), "lost orders");
            assertEquals(journaled[2], comparedWithOriginal + comparedWithFirstResend, "every journaled ER resent");
        }
        finally
        {
            if (System.getProperty("fixtape.crash.debug") != null)
            {
                try (JournalReader reader = new JournalReader(journal))
                {
                    final JournalRecord r = new JournalRecord();
                    final RecordFormatter f = new RecordFormatter(RecordFormatter.Format.fix, reader.registry());
                    for (int i = 0; i < 12 && reader.next(r); i++)
                    {
                        System.out.println("journal: " + f.format(r));
                    }
                }
            }
            initiator.stop(true);
            acceptor.destroy();
            acceptor.waitFor(10, TimeUnit.SECONDS);
            acceptor.destroyForcibly();
        }
    }

    /** Outbound records of the acceptor (not PossDup copies): seq 1..n, no gap, no duplicate. */
    private static int[] checkJournalSequence(final Path journal)
    {
        int expected = 1;
        int inbound = 0;
        int execReports = 0;
        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                assertTrue(r.isIntact());
                if (r.direction() == JournalRecordDescriptor.DIRECTION_IN)
                {
                    inbound++;
                }
                else if ((r.flags() & MessageStore.FLAG_POSS_DUP) == 0)
                {
                    assertEquals(expected, r.seqNum(), "outbound seq: no gap, no duplicate");
                    expected++;
                    if (r.msgType() == '8')
                    {
                        execReports++;
                    }
                }
            }
        }
        return new int[] {expected - 1, inbound, execReports};
    }

    private int resentExecReports()
    {
        synchronized (resent)
        {
            return (int)resent.stream().filter(AcceptorCrashTest::isExecReport).count();
        }
    }

    private static boolean isExecReport(final String m)
    {
        return m != null && m.contains("\u000135=8\u0001");
    }

    private static int seqOf(final String m)
    {
        final Matcher matcher = SEQ.matcher(m);
        assertTrue(matcher.find(), m);
        return Integer.parseInt(matcher.group(1));
    }

    /** Drops the fields a resend may change: 9, 10, 43, 52, 122. */
    static String stripResendFields(final String m)
    {
        final StringBuilder sb = new StringBuilder();
        for (final String field : m.split("\u0001"))
        {
            if (!(field.startsWith("9=") || field.startsWith("10=") || field.startsWith("43=") || field.startsWith("52=") ||
                field.startsWith("122=")))
            {
                sb.append(field).append('|');
            }
        }
        return sb.toString();
    }

    private static void waitUntil(final java.util.function.BooleanSupplier condition, final int seconds, final String what)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for: " + what);
            Thread.sleep(20);
        }
    }

    private static Message order(final int n)
    {
        final Message order = new Message();
        order.getHeader().setString(MsgType.FIELD, MsgType.ORDER_SINGLE);
        order.setString(11, "ORD" + n);
        order.setChar(21, '1');
        order.setString(55, "ACME");
        order.setChar(54, '1');
        order.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC));
        order.setDecimal(38, java.math.BigDecimal.valueOf(100));
        order.setChar(40, '2');
        order.setDecimal(44, java.math.BigDecimal.valueOf(10.5));
        return order;
    }

    private SocketInitiator initiator(final SessionID id, final int port) throws Exception
    {
        final SessionSettings settings = new SessionSettings();
        settings.setString(id, "ConnectionType", "initiator");
        settings.setString(id, "StartTime", "00:00:00");
        settings.setString(id, "EndTime", "00:00:00");
        settings.setString(id, "NonStopSession", "Y");
        settings.setString(id, "UseDataDictionary", "Y");
        settings.setString(id, "DataDictionary", "FIX44.xml");
        settings.setString(id, "ValidateUserDefinedFields", "Y");
        settings.setString(id, "ResetOnLogon", "N");
        settings.setString(id, "HeartBtInt", "30");
        settings.setString(id, "TimeStampPrecision", "MILLIS");
        settings.setString(id, "SocketConnectHost", "127.0.0.1");
        settings.setString(id, "SocketConnectPort", Integer.toString(port));
        settings.setString(id, "ReconnectInterval", "1");
        final Application app = new quickfix.ApplicationAdapter()
        {
            @Override
            public void onLogout(final SessionID sessionId)
            {
                System.out.println("QuickFIX/J logout");
            }

            @Override
            public void onLogon(final SessionID sessionId)
            {
                logons.release();
            }

            @Override
            public void fromApp(final Message message, final SessionID sessionId)
            {
                final String raw = message.toString();
                if (isExecReport(raw))
                {
                    fills.incrementAndGet();
                    final Matcher m = CL_ORD_ID.matcher(raw);
                    if (m.find())
                    {
                        filledOrders.add(m.group(1));
                    }
                }
            }
        };
        final LogFactory logFactory = sessionId -> new Log()
        {
            @Override
            public void clear()
            {
            }

            @Override
            public void onIncoming(final String message)
            {
                // Never throw inside QuickFIX/J: record, assert later.
                final Matcher m = SEQ.matcher(message);
                if (!m.find())
                {
                    return;
                }
                final int seq = Integer.parseInt(m.group(1));
                if (message.contains("\u000143=Y\u0001"))
                {
                    firstResent.putIfAbsent(seq, message);
                    if (requested)
                    {
                        resent.add(message);
                    }
                }
                else if (firstSeen.putIfAbsent(seq, message) != null)
                {
                    reusedSeqs.add(seq);
                }
            }

            @Override
            public void onOutgoing(final String message)
            {
            }

            @Override
            public void onEvent(final String text)
            {
                System.out.println("QuickFIX/J event: " + text.replace('\u0001', '|'));
            }

            @Override
            public void onErrorEvent(final String text)
            {
                System.out.println("QuickFIX/J error: " + text);
            }
        };
        return new SocketInitiator(app, new MemoryStoreFactory(), settings, logFactory, new DefaultMessageFactory());
    }
}
