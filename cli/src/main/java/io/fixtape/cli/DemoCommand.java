package io.fixtape.cli;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.transport.tcp.TcpConnection;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalMode;
import org.agrona.IoUtil;
import org.agrona.concurrent.OffsetEpochNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code fixtape demo}: a real acceptor (the {@code exec} matching stub, journaling in {@code audit} mode to
 * Chronicle Queue) and a real initiator (in-memory store) in one process, each an engine with its own poller thread,
 * exchanging NewOrderSingles and fills over loopback TCP. Half-way through, the acceptor engine is closed (graceful
 * stop: Logout, sockets and journal closed), its sequence numbers are recovered from the journal on disk, and a new
 * acceptor engine is started on the same journal and port; the initiator reconnects and the order flow finishes.
 * Prints the sequence numbers before the stop and after the restart, a {@code journal cat} excerpt around the
 * restart and a summary; exits non-zero if sequence numbers did not continue or an order went unanswered.
 *
 * <p>Threading: runs on the caller's thread, which only launches/closes engines and reads volatile progress.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run an acceptor (audit journal) and an initiator in one process, trade orders over loopback TCP, " +
        "restart the acceptor mid-run and show that sequence numbers continue.")
public final class DemoCommand implements Callable<Integer>
{
    private static final long RECONNECT_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long PHASE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    @Spec
    CommandSpec spec;

    @Option(names = "--orders", defaultValue = "10000", description = "Orders to send (default ${DEFAULT-VALUE}).")
    int orders;

    @Option(names = "--rate", defaultValue = "5000", description = "Orders per second (default ${DEFAULT-VALUE}); 0 = as fast as the connection takes them.")
    double rate;

    @Option(names = "--begin-string", defaultValue = "FIX.4.4", description = "FIX.4.2, FIX.4.4 or FIXT.1.1.")
    String beginString;

    @Option(names = "--dir", description = "Acceptor journal directory: new or empty, kept afterwards " +
        "(default: a temporary directory, deleted at the end).")
    Path dir;

    @Option(names = "--excerpt", defaultValue = "8", description = "journal cat lines shown around the restart (default ${DEFAULT-VALUE}).")
    int excerpt;

    private PrintWriter out;

    @Override
    public Integer call() throws Exception
    {
        out = spec.commandLine().getOut();
        checkOptions();
        final boolean temporary = dir == null;
        final Path journalDir = temporary ? Files.createTempDirectory("fixtape-demo-") : dir;
        try
        {
            return run(journalDir);
        }
        finally
        {
            if (temporary)
            {
                IoUtil.delete(journalDir.toFile(), true);
            }
            out.flush();
        }
    }

    private void checkOptions() throws IOException
    {
        if (orders < 2)
        {
            throw new ParameterException(spec.commandLine(), "--orders must be at least 2 (the acceptor restarts " +
                "half-way), got " + orders);
        }
        if (rate < 0 || Double.isNaN(rate))
        {
            throw new ParameterException(spec.commandLine(), "--rate must be >= 0 (0: full speed), got " + rate);
        }
        if (excerpt < 0)
        {
            throw new ParameterException(spec.commandLine(), "--excerpt must be >= 0, got " + excerpt);
        }
        if (!List.of("FIX.4.2", "FIX.4.4", "FIXT.1.1").contains(beginString))
        {
            throw new ParameterException(spec.commandLine(), "--begin-string must be FIX.4.2, FIX.4.4 or FIXT.1.1, got " +
                beginString);
        }
        if (dir != null)
        {
            CliPaths.directoryToWrite("--dir", dir);
            if (Files.isDirectory(dir))
            {
                try (var entries = Files.list(dir))
                {
                    if (entries.findAny().isPresent())
                    {
                        throw new UserError("--dir " + dir + " is not empty (the initiator's store is in memory, so " +
                            "it must start from a fresh journal)");
                    }
                }
            }
        }
    }

    private int run(final Path journalDir) throws Exception
    {
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final SessionId acceptorId = new SessionId(beginString, "EXEC", "CLIENT");
        final SessionId initiatorId = new SessionId(beginString, "CLIENT", "EXEC");
        final OrderFlow flow = new OrderFlow(orders, rate, beginString, clock);
        final int stopAfter = orders / 2;
        // The acceptor stops at a quiet point (every order sent so far answered). Not for orders read but unanswered:
        // an order's MsgSeqNum counts as received only once the application's callback has returned (at-least-once),
        // so one the process dies on is asked for again after the restart (PossDupFlag=Y; AcceptorCrashTest). What
        // the quiet point avoids is a fill the exec application held back for back-pressure (PendingReplies, in
        // memory only): its order already counts as received, so that fill would go with the process. It also keeps
        // the before/after sequence numbers printed below simple to compare.
        flow.limit(stopAfter);
        out.println("fixtape demo: " + beginString + " acceptor (exec app, JournalMode=audit, journal " + journalDir +
            ") and initiator (in-memory store) over loopback TCP, " + orders + " orders at " +
            (rate > 0 ? String.format("%.0f/s", rate) : "full speed") + "; the initiator pauses after " + stopAfter + " orders and, once all are answered, the acceptor restarts" +
            " (in-process engine close: Logout, sockets and journal closed; not a kill -9 - see AcceptorCrashTest)");
        final long start = System.nanoTime();

        ExecApplication exec = new ExecApplication(beginString, clock);
        FixEngine acceptor = launchAcceptor(journalDir, acceptorId, exec, clock, 0);
        final int port = acceptor.boundPort();
        final EngineContext initiatorContext = new EngineContext().name("demo-initiator").clock(clock)
            .addSession(SessionEndpoint.initiator(config(initiatorId).heartBtIntSeconds(30), flow,
                new InetSocketAddress("127.0.0.1", port), RECONNECT_INTERVAL_NANOS))
            .addTask(flow);
        final boolean done;
        final Seq beforeStop;
        final Seq recovered;
        final Seq afterRestart;
        try (FixEngine initiator = FixEngine.launch(initiatorContext))
        {
            if (!await(() -> flow.answered() >= stopAfter))
            {
                out.println("fixtape demo: TIMED OUT before the restart: " + flow.report().trim());
                acceptor.close();
                return 1;
            }
            final String nodelay = "TCP_NODELAY initiator socket " + noDelay(initiator, initiatorId) +
                ", accepted socket " + noDelay(acceptor, acceptorId);
            acceptor.close(); // joins the poller thread: the session's fields are safe to read below
            beforeStop = new Seq(acceptor.session(acceptorId));
            final long fillsBefore = exec.fills();
            out.println("acceptor stopped after " + flow.answered() + " answers (" + flow.sent() + " orders sent, " +
                exec.repliesDropped() + " fills dropped by back-pressure): next sender seq " + beforeStop.sender +
                ", next target seq " + beforeStop.target);

            recovered = recover(journalDir, acceptorId);
            out.println("recovered from the journal on disk: next sender seq " + recovered.sender +
                ", next target seq " + recovered.target);
            exec = new ExecApplication(beginString, clock).firstOrderId(fillsBefore + 1).firstExecId(fillsBefore + 1);
            acceptor = launchAcceptor(journalDir, acceptorId, exec, clock, port);
            final FixEngine restarted = acceptor;
            if (!await(() -> isLoggedOn(restarted, acceptorId)))
            {
                out.println("fixtape demo: TIMED OUT waiting for the initiator to reconnect");
                acceptor.close();
                return 1;
            }
            afterRestart = seq(restarted, acceptorId);
            out.println("acceptor restarted on port " + port + ", initiator reconnected: logon answered with " +
                "MsgSeqNum " + (afterRestart.sender - 1) + ", next target seq " + afterRestart.target);
            flow.limit(orders);
            done = await(flow::done);
            out.println(flow.report().trim());
            out.println(nodelay);
        }
        out.println("initiator: logged out, engine closed");
        out.println("restarted acceptor counters: " + acceptor.counters().summary() + ", fills dropped by back-pressure " +
            exec.repliesDropped() + " (held and sent later: " + exec.backPressured() + ")");
        acceptor.close();

        printExcerpt(journalDir, acceptorId, beforeStop);

        final boolean continuous = recovered.sender == beforeStop.sender && recovered.target == beforeStop.target &&
            afterRestart.sender > beforeStop.sender;
        final int lost = flow.sent() - flow.answered();
        final double seconds = (System.nanoTime() - start) / 1e9;
        out.println("summary:");
        out.printf("  orders sent %d, fills received %d (distinct orders answered %d), lost %d%n",
            flow.sent(), flow.fills(), flow.answered(), lost);
        out.printf("  acceptor seq before stop %d/%d (sender/target), after restart %d/%d: %s%n",
            beforeStop.sender, beforeStop.target, recovered.sender, recovered.target,
            continuous ? "continuous" : "NOT CONTINUOUS");
        out.printf("  store: acceptor JournalMode=audit (Chronicle Queue), initiator in-memory; journal %s%s%n",
            journalDir, dir == null ? " (temporary, deleted now)" : "");
        out.printf("  %s in %.2f s (%.0f orders/s overall, restart included)%n",
            done && continuous && lost == 0 ? "done" : "FAILED", seconds, flow.answered() / seconds);
        return done && continuous && lost == 0 ? 0 : 1;
    }

    private static FixEngine launchAcceptor(
        final Path journalDir, final SessionId id, final ExecApplication app, final OffsetEpochNanoClock clock, final int port)
    {
        // Closed with the engine's last store: the journal lock is released when the engine has stopped.
        final ChronicleMessageStoreFactory store = new ChronicleMessageStoreFactory(
            new JournalContext().directory(journalDir).mode(JournalMode.AUDIT)).closeWithLastStore(true);
        final EngineContext context = new EngineContext().name("demo-acceptor").clock(clock).storeFactory(store)
            .addSession(SessionEndpoint.acceptor(config(id), app, new InetSocketAddress("127.0.0.1", port)));
        return FixEngine.launch(context);
    }

    /** The acceptor's sequence numbers as a fresh journal reader of the directory sees them (engine stopped). */
    private static Seq recover(final Path journalDir, final SessionId id)
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(journalDir).mode(JournalMode.AUDIT)))
        {
            final MessageStore store = factory.create(id);
            final Seq seq = new Seq(store.nextSenderSeqNum(), store.nextTargetSeqNum());
            store.close();
            return seq;
        }
    }

    /** Reuses {@code fixtape journal cat}: the acceptor's records from a few before the stop to a few after. */
    private void printExcerpt(final Path journalDir, final SessionId id, final Seq beforeStop)
    {
        final java.io.StringWriter text = new java.io.StringWriter();
        final int exit = FixtapeMain.commandLine().setOut(new PrintWriter(text)).execute("journal", "cat",
            journalDir.toString(), "--comp-ids", id.senderCompId() + ":" + id.targetCompId(), "--direction", "out",
            "--from-seq", String.valueOf(Math.max(1, beforeStop.sender - excerpt / 2)),
            "--to-seq", String.valueOf(beforeStop.sender + excerpt / 2 - 1), "--no-progress");
        out.println("fixtape journal cat " + journalDir + " --comp-ids " + id.senderCompId() + ":" +
            id.targetCompId() + " --direction out --from-seq " + Math.max(1, beforeStop.sender - excerpt / 2) +
            " --to-seq " + (beforeStop.sender + excerpt / 2 - 1) + (exit == 0 ? "" : "  (exit " + exit + ")"));
        for (final String line : text.toString().split("\n"))
        {
            out.println("  " + line);
        }
    }

    private static boolean await(final java.util.function.BooleanSupplier condition) throws InterruptedException
    {
        final long deadline = System.nanoTime() + PHASE_TIMEOUT_NANOS;
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    private static SessionConfig config(final SessionId id)
    {
        // No reset on logon: sequence numbers must survive the acceptor's restart.
        final SessionConfig config = new SessionConfig().sessionId(id).resetOnLogon(false);
        if (id.beginString().startsWith("FIXT"))
        {
            config.defaultApplVerId("FIX.5.0SP2");
        }
        return config;
    }

    private static boolean isLoggedOn(final FixEngine engine, final SessionId id)
    {
        try
        {
            return onPoller(engine, () -> engine.session(id).isLoggedOn());
        }
        catch (final Exception ex)
        {
            return false;
        }
    }

    private static Seq seq(final FixEngine engine, final SessionId id) throws Exception
    {
        return onPoller(engine, () -> new Seq(engine.session(id)));
    }

    private static String noDelay(final FixEngine engine, final SessionId id) throws Exception
    {
        return onPoller(engine, () ->
        {
            final Session session = engine.session(id);
            return session.connection() instanceof TcpConnection ?
                String.valueOf(((TcpConnection)session.connection()).tcpNoDelay()) : "n/a (not connected)";
        });
    }

    private static <T> T onPoller(final FixEngine engine, final java.util.function.Supplier<T> query) throws Exception
    {
        final CompletableFuture<T> answer = new CompletableFuture<>();
        if (!engine.execute(() -> answer.complete(query.get())))
        {
            throw new IllegalStateException("engine command queue full");
        }
        return answer.get(5, TimeUnit.SECONDS);
    }

    /** An acceptor's next sender/target sequence numbers. */
    private static final class Seq
    {
        final int sender;
        final int target;

        Seq(final int sender, final int target)
        {
            this.sender = sender;
            this.target = target;
        }

        Seq(final Session session)
        {
            this(session.nextSenderSeqNum(), session.nextTargetSeqNum());
        }
    }
}
