package io.fixtape.replay.drive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.fixtape.cluster.AcceptorModel;
import io.fixtape.cluster.ClusterAcceptor;
import io.fixtape.cluster.ClusterContext;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalMode;
import io.fixtape.replay.recording.SessionRecording;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * Replays a recording's acceptor sessions into cluster-shard's {@link ClusterAcceptor} under one acceptor model —
 * {@code single}, {@code mono}, {@code pool}, {@code shard} — over loopback TCP, with every connection the
 * recording holds, into the real accepting agent, workers and application agent.
 *
 * <p>The acceptor runs threads of its own (workers, the application agent behind Aeron IPC), so the replay clock
 * cannot follow each message on the engine's thread as {@link TimelineTransport} does. The replay goes message by
 * message instead: before inbound message n every outbound message recorded before it must have arrived; then the
 * clock moves to n's recorded time and to the engine time of the first reply n caused, and n is sent; as each
 * reply arrives the clock moves to the next reply to n. Output that is not a reply is owed the same way: the clock
 * steps to a timer's Heartbeat or TestRequest, and a Logout the recorded engine started (a shutdown's) is asked of
 * the worker holding the session ({@value #ASK_LOGOUT_AFTER_MILLIS} ms after the clock reached it, unless the
 * engine sent it by itself). One clock reading per message, as in a single-threaded recording: what the
 * application agent stamps (TransactTime) and what the worker stamps (SendingTime) read the same value.
 *
 * <p>A recorded message the engine does not send — nothing arrives for {@value #REPLY_WAIT_MILLIS} ms — is given up
 * on, and from then on the replay no longer waits: the run differs, and the diff says where. Connections open as in
 * {@link ReplayRun}: a session's next connection once the engine ended the previous one (or, when the recording
 * shows a new Logon without that, once the replay closed it after waiting as above).
 *
 * <p>Threading: {@link #run} on the calling thread; the acceptor's threads read the clock. Not a benchmark: the
 * latency figures it reports include the lockstep's waiting.
 */
public final class ModelReplay
{
    /** Without anything arriving for this long, a recorded message that did not come is given up on. */
    static final long REPLY_WAIT_MILLIS = 2_000;
    /** A Logout the recorded engine started is asked for once the clock has been at it this long. */
    static final long ASK_LOGOUT_AFTER_MILLIS = 50;

    private final FixtapeReplayEngines.Factory applications;

    /** @param applications the fixtape engine's applications (built-in or the user's). */
    public ModelReplay(final FixtapeReplayEngines.Factory applications)
    {
        this.applications = applications;
    }

    /**
     * @throws IllegalArgumentException for a recording with an initiator session (the models accept; replay it
     *                                  without a model) or an unknown model.
     */
    public ReplayResult run(final ReplayPlan plan, final ReplayOptions options)
    {
        final AcceptorModel model = AcceptorModel.parse(options.acceptorModel().toLowerCase(Locale.ROOT));
        for (final RecordedSession session : plan.sessions())
        {
            if (session.engineInitiates())
            {
                throw new IllegalArgumentException("acceptor model " + model.text() + ": " + session.sessionId() +
                    " was recorded by its initiator; the models run acceptor sessions (replay it without --model)");
            }
        }
        if (plan.inboundCount() == 0)
        {
            throw new IllegalArgumentException("nothing to replay: " + plan.sessions() + " recorded no inbound messages");
        }
        final Path journalDir = journalDirectory(options);
        final SharedReplayClock clock = new SharedReplayClock(plan.startNanos());
        final InetSocketAddress[] addresses = new InetSocketAddress[plan.sessions().size()];
        Arrays.fill(addresses, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        final ReplayEngineSpec spec = new ReplayEngineSpec(plan.sessions(), addresses, null, clock,
            options.application(), journalDir, options.journalMode(), options.journalSettings());
        final JournalMode mode = JournalMode.valueOf(options.journalMode().toUpperCase(Locale.ROOT));
        final MessageStoreFactory stores = FixtapeReplayEngines.stores(spec, mode);
        ClusterAcceptor acceptor = null;
        final Run run = new Run(plan, options, clock);
        try
        {
            final EngineContext engine = new EngineContext().name("replay").sessionEvents(false).clock(clock)
                .storeFactory(stores)
                .idleStrategy("backoff").transportConfig(new TcpTransportConfig());
            final boolean validation = FixtapeReplayEngines.addSessions(engine, spec, applications);
            if (stores instanceof ChronicleMessageStoreFactory)
            {
                engine.addTask(((ChronicleMessageStoreFactory)stores)::doWork);
            }
            acceptor = ClusterAcceptor.launch(new ClusterContext().engine(engine).model(model)
                .threads(model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? options.acceptorThreads() : 1));
            run.acceptor = acceptor;
            final InetSocketAddress port = new InetSocketAddress(InetAddress.getLoopbackAddress(), acceptor.boundPort());
            for (int s = 0; s < plan.sessions().size(); s++)
            {
                run.counterparties[s] = new Counterparty(s, ReplayNetwork.connectingTo(port), options.maxMessageSize(),
                    options.collectOutbound() ? new SessionRecording(plan.sessions().get(s).sessionId()) : null, run);
            }
            run.description = options.application() + ", journal " + mode.name().toLowerCase(Locale.ROOT) +
                ", validation " + (validation ? "on" : "off") + ", model " + model.text() +
                (model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? " (" + options.acceptorThreads() +
                " workers)" : "");
            run.drive();
        }
        finally
        {
            for (final Counterparty counterparty : run.counterparties)
            {
                if (counterparty != null)
                {
                    counterparty.close();
                }
            }
            CloseHelper.quietClose(acceptor);
            if (stores instanceof AutoCloseable)
            {
                CloseHelper.quietClose((AutoCloseable)stores);
            }
            if (journalDir != null && options.journalDirectory() == null)
            {
                IoUtil.delete(journalDir.toFile(), true);
            }
        }
        return run.result();
    }

    private static Path journalDirectory(final ReplayOptions options)
    {
        if (options.journalDirectory() != null || "none".equals(options.journalMode()))
        {
            return options.journalDirectory();
        }
        try
        {
            return Files.createTempDirectory("fixtape-replay-journal-");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create a journal directory for the replayed engine", ex);
        }
    }

    /** The replay thread's state: message by message. */
    private static final class Run implements Counterparty.OutboundListener
    {
        private final ReplayPlan plan;
        private final ReplayOptions options;
        private final SharedReplayClock clock;
        private final Counterparty[] counterparties;
        private final IdleStrategy idle = new BackoffIdleStrategy(100, 10, 1_000, 100_000);
        private final LatencyRecorder latency = new LatencyRecorder();
        private final int[] due;
        private final long[] sentAt;
        private final boolean[] answered;
        private final long[] answeredAt;
        private final int[] connectionOrdinal;
        private final int[] previousOfSession;
        private final boolean[] opened;
        private ClusterAcceptor acceptor;
        private String description;
        private int dueOut;
        private int sent;
        private int unsent;
        private boolean lockstep = true;
        private long lastProgressNanos;
        private int owed = -1;
        private long owedSinceNanos;
        private boolean logoutAsked;
        private long startNanos;
        private long endNanos;

        Run(final ReplayPlan plan, final ReplayOptions options, final SharedReplayClock clock)
        {
            this.plan = plan;
            this.options = options;
            this.clock = clock;
            this.counterparties = new Counterparty[plan.sessions().size()];
            this.due = new int[plan.sessions().size()];
            this.sentAt = new long[plan.inboundCount()];
            this.answered = new boolean[plan.inboundCount()];
            this.answeredAt = new long[plan.inboundCount()];
            for (final long type : plan.inboundTypes)
            {
                latency.prepare(type);
            }
            final int connections = plan.connectionCount();
            connectionOrdinal = new int[connections];
            previousOfSession = new int[connections];
            opened = new boolean[connections];
            final int[] last = new int[plan.sessions().size()];
            Arrays.fill(last, -1);
            for (int c = 0; c < connections; c++)
            {
                final int session = plan.connectionSession[c];
                previousOfSession[c] = last[session];
                connectionOrdinal[c] = last[session] < 0 ? 0 : connectionOrdinal[last[session]] + 1;
                last[session] = c;
            }
        }

        void drive()
        {
            startNanos = System.nanoTime();
            lastProgressNanos = startNanos;
            for (int in = 0; in <= plan.inboundCount(); in++)
            {
                while (dueOut < plan.outboundCount() && plan.outboundCause[dueOut] < in)
                {
                    due[plan.outboundSession[dueOut++]]++;
                }
                awaitRecordedOutput();
                if (in == plan.inboundCount())
                {
                    break;
                }
                final int connection = plan.inboundConnection[in];
                final Counterparty counterparty = counterparties[plan.inboundSession[in]];
                if (!opened[connection])
                {
                    open(connection, counterparty);
                }
                if (!counterparty.isConnected() || counterparty.connections() != connectionOrdinal[connection] + 1)
                {
                    unsent++; // the engine ended the connection before this message
                    continue;
                }
                clock.advanceTo(plan.inboundTimestamps[in]);
                if (dueOut < plan.outboundCount() && plan.outboundCause[dueOut] == in &&
                    plan.outboundKind[dueOut] == ReplayPlan.REPLY)
                {
                    clock.advanceTo(plan.outboundClock[dueOut]);
                }
                send(in, counterparty);
            }
            endNanos = System.nanoTime();
        }

        private void send(final int inbound, final Counterparty counterparty)
        {
            final SessionRecording recording = plan.recordings().get(plan.inboundSession[inbound]);
            final int index = plan.inboundIndex[inbound];
            while (true)
            {
                final long result = counterparty.send(recording.buffer(), recording.offset(index), recording.length(index));
                if (result >= 0)
                {
                    sentAt[inbound] = System.nanoTime();
                    sent++;
                    return;
                }
                if (result != Connection.BACK_PRESSURED)
                {
                    unsent++;
                    return;
                }
                idle.idle(poll());
            }
        }

        /** Connection {@code connection} of its session, after the engine (or this side) ended the previous one. */
        private void open(final int connection, final Counterparty counterparty)
        {
            final int previous = previousOfSession[connection];
            if (previous >= 0 && counterparty.isConnected())
            {
                awaitDisconnect(counterparty); // the engine ends it after a Logout exchange, or it waited enough
                if (counterparty.isConnected())
                {
                    counterparty.closeConnection();
                    awaitDisconnect(counterparty);
                }
            }
            opened[connection] = true;
            counterparty.openNext();
            final long deadline = System.nanoTime() + options.stallTimeoutNanos();
            while (counterparty.connections() <= connectionOrdinal[connection])
            {
                idle.idle(poll());
                if (System.nanoTime() > deadline)
                {
                    throw new ReplayStalledException("acceptor model " + options.acceptorModel() + ": connection " +
                        (connection + 1) + " of " + plan.connectionCount() + " did not connect");
                }
            }
            lastProgressNanos = System.nanoTime();
        }

        private void awaitDisconnect(final Counterparty counterparty)
        {
            final long deadline = System.nanoTime() + REPLY_WAIT_MILLIS * 1_000_000L;
            while (counterparty.isConnected() && System.nanoTime() < deadline)
            {
                idle.idle(poll());
            }
        }

        /** Until every outbound message recorded so far arrived, stepping the clock to output that is owed. */
        private void awaitRecordedOutput()
        {
            idle.reset();
            final long since = System.nanoTime();
            while (true)
            {
                final int work = poll();
                boolean complete = true;
                for (int s = 0; s < due.length; s++)
                {
                    final int received = counterparties[s].outboundCount();
                    if (received < due[s])
                    {
                        complete = false;
                        serveOwed(plan.sessionOutbound[s][received]);
                    }
                }
                final long now = System.nanoTime();
                if (complete || !lockstep)
                {
                    return;
                }
                if (now - Math.max(lastProgressNanos, since) > REPLY_WAIT_MILLIS * 1_000_000L)
                {
                    lockstep = false; // a recorded message did not come: the run differs; stop waiting
                    return;
                }
                idle.idle(work);
            }
        }

        /** A recorded message not here yet: if it is not a reply, step the clock to it; ask for a shutdown Logout. */
        private void serveOwed(final int outbound)
        {
            final byte kind = plan.outboundKind[outbound];
            if (kind == ReplayPlan.REPLY)
            {
                return;
            }
            if (owed != outbound)
            {
                owed = outbound;
                owedSinceNanos = System.nanoTime();
                logoutAsked = false;
                clock.advanceTo(plan.outboundClock[outbound]);
                return;
            }
            if (kind == ReplayPlan.ENGINE_LOGOUT && !logoutAsked &&
                System.nanoTime() - owedSinceNanos > ASK_LOGOUT_AFTER_MILLIS * 1_000_000L)
            {
                logoutAsked = true;
                askLogout(plan.sessions().get(plan.outboundSession[outbound]).sessionId(),
                    plan.outboundLogoutText[outbound]);
            }
        }

        /** On the worker that serves the session (every worker is asked; only the one holding it has it). */
        private void askLogout(final SessionId id, final String text)
        {
            for (final FixEngine worker : acceptor.workers())
            {
                worker.execute(() ->
                {
                    for (final Session session : worker.sessions())
                    {
                        if (session.sessionId().equals(id))
                        {
                            session.logout(text);
                        }
                    }
                });
            }
        }

        private int poll()
        {
            int work = 0;
            for (final Counterparty counterparty : counterparties)
            {
                work += counterparty.poll();
            }
            return work;
        }

        @Override
        public void onOutbound(final int session, final int index, final long now, final DirectBuffer buffer,
            final int offset, final int length)
        {
            lastProgressNanos = now;
            final int[] outbound = plan.sessionOutbound[session];
            if (index >= outbound.length)
            {
                return;
            }
            final int message = outbound[index];
            final int cause = plan.outboundCause[message];
            if (cause >= 0 && !answered[cause] && sentAt[cause] != 0)
            {
                answered[cause] = true;
                answeredAt[cause] = now;
            }
            if (index + 1 < outbound.length)
            {
                final int next = outbound[index + 1];
                if (plan.outboundCause[next] == cause && plan.outboundKind[next] == ReplayPlan.REPLY && lockstep)
                {
                    clock.advanceTo(plan.outboundClock[next]); // the next reply to the same message
                }
            }
        }

        ReplayResult result()
        {
            for (int i = 0; i < plan.inboundCount(); i++)
            {
                if (answered[i])
                {
                    final long service = answeredAt[i] - sentAt[i];
                    latency.record(plan.inboundTypes[i], service, service);
                }
            }
            final List<ReplayResult.Session> sessions = new ArrayList<>();
            final int[] inboundPerSession = new int[plan.sessions().size()];
            for (int in = 0; in < plan.inboundCount(); in++)
            {
                inboundPerSession[plan.inboundSession[in]]++;
            }
            int outbound = 0;
            int connections = 0;
            long garbled = 0;
            final StringBuilder digests = new StringBuilder();
            for (int s = 0; s < counterparties.length; s++)
            {
                final Counterparty counterparty = counterparties[s];
                final RecordedSession recorded = plan.sessions().get(s);
                final String digest = counterparty.digestHex();
                digests.append(digest);
                sessions.add(new ReplayResult.Session(recorded.sessionId(), false, counterparty.connections(),
                    inboundPerSession[s], plan.sessionOutbound[s].length, counterparty.outboundCount(), digest,
                    counterparty.replayedOutbound(), counterparty.disconnectReason()));
                outbound += counterparty.outboundCount();
                connections += counterparty.connections();
                garbled += counterparty.garbledBytes();
            }
            final String digest = sessions.size() == 1 ? sessions.get(0).digest : Replayer.sha256(digests.toString());
            return new ReplayResult(sessions, connections, TransportKind.TCP, Pacing.max(), description,
                plan.inboundCount(), sent, sent, plan.outboundCount(), outbound, digest, endNanos - startNanos,
                latency, garbled, 0, -1, -1, false, -1, null, -1);
        }
    }
}
