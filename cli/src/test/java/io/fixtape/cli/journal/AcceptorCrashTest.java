package io.fixtape.cli.journal;

import io.fixtape.cli.FixtapeMain;
import io.fixtape.cli.HaltingAcceptor;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Log;
import quickfix.LogFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.field.MsgType;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The journal's crash proof, against a QuickFIX/J 2.3.2 initiator ({@link QfjPeer}, dictionary validation ON) and a
 * child JVM running the acceptor (exec application, journal in audit mode):
 * <ul>
 * <li>{@link #killMinusNineWhileOrdersAreInFlightLosesNothing}: a real {@code kill -9} while a sender thread keeps
 * sending orders at a steady rate — before, during and after the restart (QuickFIX/J stores what it sends while
 * the acceptor is down and resends it on the acceptor's ResendRequest). After the restart: every order answered, no
 * gap and no reused number in what the acceptor sent, and a ResendRequest answered byte-for-byte from the journal
 * (apart from PossDupFlag/OrigSendingTime/SendingTime/BodyLength/CheckSum). Counts printed: sent, journaled,
 * resent, lost (0).</li>
 * <li>{@link #orderJournaledButUnansweredWhenTheProcessDiesIsRequestedAgainAndAnswered}: deterministic at-least-once
 * — the acceptor's application halts the JVM inside its callback for one order (journaled, not answered); after the
 * restart the acceptor asks for that order again (ResendRequest), QuickFIX/J redelivers it with PossDupFlag=Y, and it
 * is answered.</li>
 * </ul>
 * Generous timeouts: CI is a loaded 2-core machine. The child picks its own port (0) the first time and prints it;
 * a restart binds that port again, retrying while another process holds it.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AcceptorCrashTest
{
    private static final int ORDERS = 400;
    private static final long ORDER_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5); // 200 orders/s, steady
    private static final int KILL_AFTER_FILLS = ORDERS / 4;
    /** Orders sent back-to-back just before the kill. */
    private static final int BURST = 40;
    private static final int STARTUP_SECONDS = 120;
    private static final Pattern SEQ = Pattern.compile("\u000134=(\\d+)\u0001");
    private static final Pattern CL_ORD_ID = Pattern.compile("\u000111=([^\u0001]+)\u0001");
    private static final Pattern PORT = Pattern.compile("listening on port (\\d+)");

    @TempDir
    Path dir;

    private final Map<Integer, String> firstSeen = new ConcurrentHashMap<>();
    private final List<String> resent = Collections.synchronizedList(new ArrayList<>());
    private final Map<Integer, String> firstResent = new ConcurrentHashMap<>();
    private final List<Integer> reusedSeqs = Collections.synchronizedList(new ArrayList<>());
    private final List<String> incomingAdmin = Collections.synchronizedList(new ArrayList<>());
    private final List<String> outgoingPossDupOrders = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Integer> orderSeqs = new ConcurrentHashMap<>();
    private volatile boolean requested;
    private final AtomicInteger sent = new AtomicInteger();
    private final List<Process> children = new ArrayList<>();
    private QfjPeer qfj;

    @AfterEach
    void stop() throws InterruptedException
    {
        if (qfj != null)
        {
            qfj.close();
        }
        for (final Process child : children)
        {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private Path config(final Path journal) throws Exception
    {
        final Path config = dir.resolve("acceptor.cfg");
        Files.writeString(config, String.join("\n",
            "[DEFAULT]", "ConnectionType=acceptor", "SocketAcceptPort=0", "SenderCompID=EXEC", "NonStopSession=Y",
            "UseDataDictionary=Y", "TimeStampPrecision=MILLIS", "IdleStrategy=backoff", "JournalPath=" + journal,
            "JournalMode=audit", "", "[SESSION]", "BeginString=FIX.4.4", "TargetCompID=BANZAI", ""));
        return config;
    }

    /** A child JVM and the port it listens on. */
    private record Child(Process process, int port)
    {
    }

    /** {@code fixtape acceptor} in a child JVM with this JVM's flags; returns once it listens. */
    private Child startAcceptor(final Path config, final int port) throws Exception
    {
        return startChild(port, FixtapeMain.class.getName(), "acceptor", "--config", config.toString(), "--app", "exec",
            "--port", Integer.toString(port));
    }

    /**
     * Starts a child and waits for its "listening on port N" line. {@code port} 0 lets it pick one; a given port is
     * retried while the bind fails (another process took it between the kill and the restart).
     */
    private Child startChild(final int port, final String... mainAndArgs) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
        while (true)
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
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.addAll(List.of(mainAndArgs));
            final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            children.add(p);
            final CompletableFuture<Integer> listening = new CompletableFuture<>();
            final Thread pump = new Thread(() -> pumpOutput(p, listening), "acceptor-output");
            pump.setDaemon(true);
            pump.start();
            final int bound = listening.get(STARTUP_SECONDS, TimeUnit.SECONDS);
            if (bound > 0)
            {
                assertTrue(port == 0 || bound == port, "listening on " + bound + ", asked for " + port);
                return new Child(p, bound);
            }
            assertTrue(port != 0 && System.nanoTime() < deadline, "acceptor did not start");
            System.out.println("acceptor: could not bind port " + port + " yet; retrying");
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(500));
        }
    }

    private static void pumpOutput(final Process p, final CompletableFuture<Integer> listening)
    {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = out.readLine()) != null)
            {
                final Matcher port = PORT.matcher(line);
                if (port.find())
                {
                    listening.complete(Integer.parseInt(port.group(1)));
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
        listening.complete(-1); // exited without listening (no effect once completed)
    }

    @Test
    void killMinusNineWhileOrdersAreInFlightLosesNothing() throws Exception
    {
        final Path journal = dir.resolve("journal");
        final Path config = config(journal);
        final Child first = startAcceptor(config, 0);
        final Process acceptor = first.process();
        final int port = first.port();
        final SessionID id = startLoggedOnInitiator(port);

        // The sender keeps its steady schedule whatever happens to the acceptor: QuickFIX/J stores the orders it
        // sends while the acceptor is down and resends them when the restarted acceptor asks (ResendRequest). Once
        // fills flow (or half way, on a machine that lags), it sends a burst without pacing and the kill follows at
        // once: orders are in flight in the acceptor (read, journaled, being answered) when it dies.
        final java.util.concurrent.CountDownLatch burstSent = new java.util.concurrent.CountDownLatch(1);
        final Thread sender = new Thread(() ->
        {
            final long t0 = System.nanoTime();
            int burstLeft = -1;
            for (int n = 1; n <= ORDERS; n++)
            {
                if (burstLeft < 0 && (qfj.fills() >= KILL_AFTER_FILLS || n > ORDERS / 2))
                {
                    burstLeft = BURST;
                }
                if (burstLeft > 0)
                {
                    burstLeft--;
                }
                else
                {
                    final long due = t0 + (n - 1) * ORDER_PERIOD_NANOS;
                    long wait;
                    while ((wait = due - System.nanoTime()) > 0)
                    {
                        LockSupport.parkNanos(wait);
                    }
                }
                try
                {
                    Session.sendToTarget(order(n), id);
                }
                catch (final quickfix.SessionNotFound ex)
                {
                    throw new IllegalStateException(ex);
                }
                sent.incrementAndGet();
                if (burstLeft == 0)
                {
                    burstSent.countDown();
                }
            }
        }, "order-sender");
        sender.start();

        assertTrue(burstSent.await(STARTUP_SECONDS, TimeUnit.SECONDS), "fills before the kill");
        final int sentAtKill = sent.get();
        final int answeredAtKill = filledOrders().size();
        acceptor.destroyForcibly(); // SIGKILL
        assertTrue(acceptor.waitFor(60, TimeUnit.SECONDS));
        assertEquals(137, acceptor.exitValue(), "killed by SIGKILL");
        startAcceptor(config, port); // the sender goes on meanwhile
        qfj.awaitLogons(2, STARTUP_SECONDS); // logged on again
        final int sentWhileDown = sent.get() - sentAtKill; // between the kill and QuickFIX/J's next Logon
        sender.join(TimeUnit.SECONDS.toMillis(STARTUP_SECONDS));
        assertFalse(sender.isAlive(), "the sender did not finish");
        assertTrue(sentAtKill < ORDERS && sentWhileDown > 0, "orders kept coming while the acceptor restarted: " +
            sentAtKill + " sent at the kill, " + sentWhileDown + " while it restarted");

        waitUntil(() -> filledOrders().size() == ORDERS, 180,
            "every order answered (" + filledOrders().size() + "/" + ORDERS + ")");
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
        waitUntil(() -> resentExecReports() >= journaled[2], 120, "resent ExecutionReports: " + journaled[2]);

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
        System.out.printf("orders sent %d (kill -9 after %d sent and %d answered, %d in flight; %d more sent while it " +
            "restarted), fills %d for %d distinct orders; orders resent by QuickFIX/J on the acceptor's ResendRequest " +
            "(PossDupFlag=Y) %d; acceptor journaled %d outbound (%d ExecutionReports) / %d inbound; ExecutionReports " +
            "journaled but lost in the crash and recovered by resend %d; on a full ResendRequest %d ExecutionReports " +
            "resent, %d compared byte-for-byte with the pre-crash original, %d with their first resend; reused seq %d; " +
            "lost %d%n",
            sent.get(), sentAtKill, answeredAtKill, sentAtKill - answeredAtKill, sentWhileDown, qfj.fills(),
            filledOrders().size(), outgoingPossDupOrders.size(), journaled[0], journaled[2], journaled[1],
            recoveredByResend, resentExecReports(), comparedWithOriginal, comparedWithFirstResend, reusedSeqs.size(),
            ORDERS - filledOrders().size());
        assertTrue(reusedSeqs.isEmpty(), "the acceptor reused seqs " + reusedSeqs);
        assertEquals(ORDERS, filledOrders().size(), "lost orders");
        assertEquals(journaled[2], comparedWithOriginal + comparedWithFirstResend, "every journaled ER resent");
        if (System.getProperty("fixtape.crash.debug") != null)
        {
            printJournalHead(journal);
        }
    }

    @Test
    void killMinusNineThenATailCutShortIsRefusedAndStartsCutOnlyWithTheFlag() throws Exception
    {
        final Path journal = dir.resolve("journal");
        final Path config = config(journal);
        final Child first = startAcceptor(config, 0);
        final int port = first.port();
        final SessionID id = startLoggedOnInitiator(port);
        for (int n = 1; n <= 20; n++)
        {
            Session.sendToTarget(order(n), id);
        }
        waitUntil(() -> filledOrders().size() == 20, STARTUP_SECONDS, "20 orders answered");
        first.process().destroyForcibly(); // SIGKILL
        assertTrue(first.process().waitFor(60, TimeUnit.SECONDS));

        // the disk loses the journal's tail: the cycle file ends in the middle of the last ExecutionReport
        final Path cycleFile;
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(journal.resolve("queue")))
        {
            cycleFile = files.filter(p -> p.toString().endsWith(".cq4")).sorted().reduce((a, b) -> b).orElseThrow();
        }
        final byte[] content = java.nio.file.Files.readAllBytes(cycleFile);
        final int cut = new String(content, StandardCharsets.ISO_8859_1).lastIndexOf("\u000111=ORD20\u0001");
        assertTrue(cut > 0);
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(cycleFile.toFile(), "rw"))
        {
            raf.setLength(cut);
        }

        // without the opt-in: one clear line, no stack trace, the journal untouched
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--") || arg.startsWith("-D") || arg.startsWith("-X"))
            {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), FixtapeMain.class.getName(), "acceptor",
            "--config", config.toString(), "--app", "exec", "--port", Integer.toString(port)));
        final Process refused = new ProcessBuilder(command).redirectErrorStream(true).start();
        children.add(refused);
        final String output = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(refused.waitFor(STARTUP_SECONDS, TimeUnit.SECONDS));
        assertEquals(2, refused.exitValue(), output);
        assertTrue(output.contains("is damaged") && output.contains("cut short") &&
            output.contains("--recover-truncate"), output);
        assertFalse(output.contains("\tat ") || output.contains("InternalError"), output);
        assertEquals(cut, java.nio.file.Files.size(cycleFile), "the refused start did not touch the file");

        // with the opt-in: cut at the last good record, sequence numbers continue, nothing is reused
        startChild(port, FixtapeMain.class.getName(), "acceptor", "--config", config.toString(), "--app", "exec",
            "--port", Integer.toString(port), "--recover-truncate");
        qfj.awaitLogons(2, STARTUP_SECONDS);
        for (int n = 21; n <= 30; n++)
        {
            Session.sendToTarget(order(n), id);
        }
        waitUntil(() -> filledOrders().size() == 30, STARTUP_SECONDS, "orders after the cut answered");
        assertTrue(reusedSeqs.isEmpty(), "the acceptor reused seqs " + reusedSeqs);
        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalRecord r = new JournalRecord();
            int last = 0;
            while (reader.next(r))
            {
                assertTrue(r.isIntact());
                if (r.direction() == JournalRecordDescriptor.DIRECTION_OUT && (r.flags() & MessageStore.FLAG_POSS_DUP) == 0)
                {
                    assertTrue(r.seqNum() > last, "outbound seq " + r.seqNum() + " after " + last + ": never twice");
                    last = r.seqNum();
                }
            }
        }
    }

    @Test
    void orderJournaledButUnansweredWhenTheProcessDiesIsRequestedAgainAndAnswered() throws Exception
    {
        final Path journal = dir.resolve("journal");
        final Path config = config(journal);
        final Child child = startChild(0, HaltingAcceptor.class.getName(), config.toString(), "0", "ORD5");
        final Process halting = child.process();
        final int port = child.port();
        final SessionID id = startLoggedOnInitiator(port);
        for (int n = 1; n <= 4; n++)
        {
            Session.sendToTarget(order(n), id);
            final String clOrdId = "ORD" + n;
            waitUntil(() -> filledOrders().contains(clOrdId), STARTUP_SECONDS, clOrdId + " answered");
        }
        Session.sendToTarget(order(5), id);
        assertTrue(halting.waitFor(STARTUP_SECONDS, TimeUnit.SECONDS), "the acceptor did not halt on ORD5");
        assertEquals(137, halting.exitValue());
        assertFalse(filledOrders().contains("ORD5"));
        final int ord5Seq = orderSeqs.get("ORD5");

        // On disk: ORD5 journaled inbound (write-ahead), no answer.
        assertEquals(List.of(false), inboundOrderRecords(journal, "ORD5"), "ORD5 journaled once, not PossDup");
        assertFalse(hasExecReportFor(journal, "ORD5"));

        startAcceptor(config, port);
        waitUntil(() -> filledOrders().contains("ORD5"), 180, "ORD5 requested again, redelivered and answered");
        final boolean askedAgain = incomingAdmin.stream()
            .anyMatch(m -> m.contains("\u000135=2\u0001") && m.contains("\u00017=" + ord5Seq + "\u0001"));
        assertTrue(askedAgain, "the restarted acceptor sent ResendRequest 7=" + ord5Seq + ": " + incomingAdmin);
        final boolean redelivered = outgoingPossDupOrders.stream()
            .anyMatch(m -> m.contains("\u000111=ORD5\u0001") && m.contains("\u000134=" + ord5Seq + "\u0001"));
        assertTrue(redelivered, "QuickFIX/J resent ORD5 with PossDupFlag=Y: " + outgoingPossDupOrders);
        assertEquals(List.of(false, true), inboundOrderRecords(journal, "ORD5"),
            "journaled again on redelivery, flagged PossDup");
        assertTrue(hasExecReportFor(journal, "ORD5"));
        System.out.println("at-least-once: ORD5 (MsgSeqNum " + ord5Seq + ") journaled, acceptor halted inside the " +
            "callback; after the restart: ResendRequest 7=" + ord5Seq + ", redelivered with PossDupFlag=Y, answered");
    }

    /** PossDup flag of each inbound NewOrderSingle record with this ClOrdID, in journal order. */
    private static List<Boolean> inboundOrderRecords(final Path journal, final String clOrdId)
    {
        final List<Boolean> flags = new ArrayList<>();
        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.direction() == JournalRecordDescriptor.DIRECTION_IN && r.msgType() == 'D' &&
                    r.fixAsString().contains("\u000111=" + clOrdId + "\u0001"))
                {
                    flags.add((r.flags() & MessageStore.FLAG_POSS_DUP) != 0);
                }
            }
        }
        return flags;
    }

    private static boolean hasExecReportFor(final Path journal, final String clOrdId)
    {
        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                if (r.direction() == JournalRecordDescriptor.DIRECTION_OUT && r.msgType() == '8' &&
                    r.fixAsString().contains("\u000111=" + clOrdId + "\u0001"))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private static void printJournalHead(final Path journal)
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

    /** Polls a condition (test thread only; the generous bound is for a loaded CI machine, not a synchronisation). */
    private static void waitUntil(final BooleanSupplier condition, final int seconds, final String what)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "timed out after " + seconds + " s waiting for: " + what);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
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

    /** ClOrdIDs of the orders QuickFIX/J received an ExecutionReport for. */
    private Set<String> filledOrders()
    {
        return qfj.filledClOrdIds(qfj.sessionId());
    }

    /**
     * Starts the QuickFIX/J initiator BANZAI→EXEC against {@code port} (its sequence numbers continue across the
     * acceptor's restart) and waits for its Logon; returns its id.
     */
    private SessionID startLoggedOnInitiator(final int port)
    {
        qfj = QfjPeer.initiator("FIX.4.4", "BANZAI", "EXEC", port).resetOnLogon(false).logonTimeoutSeconds(60)
            .log(recordingLog()).start();
        qfj.awaitLogons(1, STARTUP_SECONDS);
        return qfj.sessionId();
    }

    /** Records what QuickFIX/J receives and which orders it sends (resent ones apart), for the assertions above. */
    private LogFactory recordingLog()
    {
        return sessionId -> new Log()
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
                if (!message.contains("\u000135=8\u0001"))
                {
                    incomingAdmin.add(message);
                }
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
                if (!message.contains("\u000135=D\u0001"))
                {
                    return;
                }
                final Matcher clOrdId = CL_ORD_ID.matcher(message);
                final Matcher seq = SEQ.matcher(message);
                if (message.contains("\u000143=Y\u0001"))
                {
                    outgoingPossDupOrders.add(message);
                }
                else if (clOrdId.find() && seq.find())
                {
                    orderSeqs.put(clOrdId.group(1), Integer.parseInt(seq.group(1)));
                }
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
    }
}
