package io.fixtape.replay.drive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;

/**
 * Re-drives a recording — one session or several, over every connection they recorded — into a fresh engine: what
 * the counterparties sent (the inbound direction) is written through the chosen transport on the pacing schedule,
 * the engine's clock follows the recorded timestamps ({@link TimelineTransport}), and what the engine sends back is
 * digested, optionally collected for {@link FixDiff}, and timed against the inbound message that caused it
 * ({@link ReplayRun}). Where the recorded engine was the acceptor the replay connects to the replayed engine; where
 * it was the initiator the replayed engine connects, as recorded, to the replay's stand-in for its counterparty.
 *
 * <p>Causality for latency comes from the recording: a recorded outbound message answers the last inbound message
 * journaled before it (one poller thread journals an inbound message, then the replies it caused). A reply's
 * latency is measured once, for the first reply to each inbound message: {@code response} from the scheduled send,
 * {@code service} from the actual send. While messages flow only the reply's arrival time is stored (one array
 * store per inbound message); the histograms are filled after the measured window, so the harness's own
 * bookkeeping stays out of the figure (at pace max every {@code response} is a new maximum, and HdrHistogram's
 * max update is a CAS per value).
 *
 * <p>Threading: {@link #run} runs on the calling thread. With {@code inproc} the engine is stepped on that same
 * thread (no cross-core hand-off at all) unless {@link ReplayOptions#engineThread} asks for its own; with the other
 * transports (and that option) the engine runs as an Agrona agent on its own thread with a
 * {@link BackoffIdleStrategy} (so that on 2 cores the replay thread, the engine and an Aeron driver never spin more
 * threads than there are cores).
 */
public final class Replayer
{
    /**
     * Smallest {@code inproc} ring: room for several bursts of typical messages. The rings are sized to what
     * can cross them rather than a fixed 4 MiB each: the replay cycles through the whole ring, and two 4 MiB rings
     * do not stay in a core's cache (inproc replay-thread CPU per message ~5 % lower with 256 KiB + 1 MiB).
     */
    static final int MIN_RING_CAPACITY = 256 * 1024;
    /**
     * Largest message the replayed engine may send (its session's {@code maxMessageSize} + the encoder's headroom):
     * the engine-to-counterparty ring holds it.
     */
    static final int ENGINE_MAX_MESSAGE_BYTES = FixFramer.DEFAULT_MAX_MESSAGE_SIZE + 256;

    private final ReplayEngineFactory engineFactory;

    public Replayer(final ReplayEngineFactory engineFactory)
    {
        this.engineFactory = engineFactory;
    }

    /** Replay one recorded session. */
    public ReplayResult run(final SessionRecording recording, final ReplayOptions options)
    {
        return run(ReplayPlan.of(recording), options);
    }

    /**
     * Replay the sessions of {@code plan} together, in their recorded interleaving, into one engine — or, with
     * {@link ReplayOptions#acceptorModel}, into cluster-shard's acceptor under that model ({@link ModelReplay}; the
     * fixtape engine's factory only).
     */
    public ReplayResult run(final ReplayPlan plan, final ReplayOptions options)
    {
        if (options.acceptorModel() != null)
        {
            if (!(engineFactory instanceof FixtapeReplayEngines.Factory))
            {
                throw new IllegalArgumentException("the acceptor models run the fixtape engine " +
                    "(FixtapeReplayEngines.factory), not " + engineFactory);
            }
            return new ModelReplay((FixtapeReplayEngines.Factory)engineFactory).run(plan, options);
        }
        if (plan.inboundCount() == 0)
        {
            throw new IllegalArgumentException("nothing to replay: " + plan.sessions() + " recorded no inbound messages");
        }
        final Timeline timeline = new Timeline(plan);
        final Schedule schedule = new Schedule(plan, options.pacing());
        final Path journalDir = journalDirectory(options);
        final ReplayClock clock = new ReplayClock(plan.startNanos());
        final int sessionCount = plan.sessions().size();
        final SessionRecording[] collected = new SessionRecording[sessionCount];
        for (int s = 0; s < sessionCount && options.collectOutbound(); s++)
        {
            collected[s] = new SessionRecording(plan.sessions().get(s).sessionId());
        }
        try (ReplayNetwork network = ReplayNetwork.open(options.transport(), plan,
            InProcPipe.capacityFor(timeline.largestInbound(), MIN_RING_CAPACITY),
            InProcPipe.capacityFor(ENGINE_MAX_MESSAGE_BYTES, MIN_RING_CAPACITY)))
        {
            final TimelineTransport engineTransport = new TimelineTransport(network.engineTransport(), clock, timeline)
                .sessionAddresses(network.sessionAddresses()).connectsWaitForCounterparty();
            final ReplayEngine engine = engineFactory.start(new ReplayEngineSpec(plan.sessions(),
                network.sessionAddresses(), engineTransport, clock, options.application(), journalDir,
                options.journalMode(), options.journalSettings()));
            engineTransport.control(engine);
            final String engineDescription = engine.describe();
            final boolean sameThread = options.engineOnReplayThread();
            final EngineAgent engineAgent = new EngineAgent(engine, engineTransport);
            final ReplayRun run = new ReplayRun(plan, schedule, options, engineAgent.activity, engineTransport);
            run.counterparties = new Counterparty[sessionCount];
            AgentRunner runner = null;
            try
            {
                for (int s = 0; s < sessionCount; s++)
                {
                    run.counterparties[s] = new Counterparty(s, network.link(s), options.maxMessageSize(), collected[s],
                        run);
                }
                if (!sameThread)
                {
                    runner = new AgentRunner(new BackoffIdleStrategy(100, 10, 1_000, 100_000), Throwable::printStackTrace,
                        null, engineAgent);
                    AgentRunner.startOnThread(runner);
                }
                run.drive(sameThread ? engineAgent : null, () -> engineAgent.threadId);
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
                if (runner != null)
                {
                    CloseHelper.quietClose(runner); // closes the engine on its own thread
                }
                else
                {
                    CloseHelper.quietClose(engine);
                }
            }
            return result(plan, options, run, schedule, collected, engineTransport, engineDescription, sameThread);
        }
        finally
        {
            if (journalDir != null && options.journalDirectory() == null)
            {
                IoUtil.delete(journalDir.toFile(), true);
            }
        }
    }

    private static ReplayResult result(final ReplayPlan plan, final ReplayOptions options, final ReplayRun run,
        final Schedule schedule, final SessionRecording[] collected, final TimelineTransport engineTransport,
        final String engineDescription, final boolean sameThread)
    {
        final List<ReplayResult.Session> sessions = new ArrayList<>();
        int outboundReplayed = 0;
        int connections = 0;
        long garbled = engineTransport.unexpectedBytes();
        final int[] inboundPerSession = new int[plan.sessions().size()];
        for (int in = 0; in < plan.inboundCount(); in++)
        {
            inboundPerSession[plan.inboundSession[in]]++;
        }
        final StringBuilder digests = new StringBuilder();
        for (int s = 0; s < plan.sessions().size(); s++)
        {
            final Counterparty counterparty = run.counterparties[s];
            final RecordedSession recorded = plan.sessions().get(s);
            final String digest = counterparty.digestHex();
            digests.append(digest);
            sessions.add(new ReplayResult.Session(recorded.sessionId(), recorded.engineInitiates(),
                counterparty.connections(), inboundPerSession[s], plan.sessionOutbound[s].length,
                counterparty.outboundCount(), digest, collected[s], counterparty.disconnectReason()));
            outboundReplayed += counterparty.outboundCount();
            connections += counterparty.connections();
            garbled += counterparty.garbledBytes();
        }
        final String digest = sessions.size() == 1 ? sessions.get(0).digest : sha256(digests.toString());
        return new ReplayResult(sessions, connections, options.transport(), options.pacing(), engineDescription,
            schedule.inboundCount, run.nextInbound - run.unsent, engineTransport.delivered(), plan.outboundCount(),
            outboundReplayed, digest, run.lastActivityNanos - run.startNanos, run.latency(), garbled,
            schedule.offeredPerSecond(), run.allocatedBytes, run.cpuNanos, sameThread, run.engineCpuNanos,
            run.placement, run.jitCompileMillis);
    }

    static String sha256(final String text)
    {
        try
        {
            return Counterparty.hex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("SHA-256 is part of every JDK", ex);
        }
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

    /**
     * One duty cycle of the engine, then what it did published for the replay thread ({@link EngineActivity}).
     * Runs on the engine's agent thread, or is stepped by the replay thread for {@code inproc}.
     */
    static final class EngineAgent implements Agent
    {
        private final ReplayEngine engine;
        private final TimelineTransport transport;
        private final EngineActivity activity = new EngineActivity();
        /** The agent thread's id once it runs ({@link #onStart}); -1 when stepped by the replay thread. */
        private volatile long threadId = -1;

        EngineAgent(final ReplayEngine engine, final TimelineTransport transport)
        {
            this.engine = engine;
            this.transport = transport;
        }

        @Override
        public int doWork()
        {
            final int work = engine.doWork();
            activity.onDutyCycle(work, transport.resolved(), transport.writtenBytes());
            return work;
        }

        @Override
        public void onStart()
        {
            threadId = Thread.currentThread().getId();
        }

        @Override
        public void onClose()
        {
            engine.close();
        }

        @Override
        public String roleName()
        {
            return "fixtape-replay-engine";
        }
    }
}
