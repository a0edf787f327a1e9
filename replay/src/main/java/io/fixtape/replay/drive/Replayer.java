package io.fixtape.replay.drive;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.transport.Connection;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;

/**
 * Re-drives one recorded session into a fresh engine: what the counterparty sent (the inbound direction) is written
 * through the chosen transport on the pacing schedule, the engine's clock follows the recorded timestamps
 * ({@link TimelineTransport}), and what the engine sends back is digested, optionally collected for
 * {@link FixDiff}, and timed against the inbound message that caused it.
 *
 * <p>Causality for latency comes from the recording: a recorded outbound message answers the last inbound message
 * journaled before it (one poller thread journals an inbound message, then the replies it caused). A reply's
 * latency is measured once, for the first reply to each inbound message: {@code response} from the scheduled send,
 * {@code service} from the actual send. While messages flow only the reply's arrival time is stored (one array
 * store per inbound message); the histograms are filled after the measured window, so the harness's own
 * bookkeeping stays out of the figure (at pace max every {@code response} is a new maximum, and HdrHistogram's
 * max update is a CAS per value).
 *
 * <p>Completion is decided by work count, never by elapsed time: every recorded inbound message sent and handed to
 * the engine, everything the engine wrote received by the counterparty, then {@link ReplayOptions#quiescentCycles}
 * engine duty cycles in a row with zero work ({@link EngineActivity}). The replay clock moves only with the
 * recording, so a quiescent engine cannot produce anything later; a slow one is waited for, however long it takes
 * on a loaded machine. The one wall-clock limit is a safety net that fails the run
 * ({@link ReplayStalledException}, {@link ReplayOptions#stallTimeoutNanos}).
 *
 * <p>Threading: {@link #run} runs on the calling thread. With {@code inproc} the engine is stepped on that same
 * thread (no cross-core hand-off at all) unless {@link ReplayOptions#engineThread} asks for its own; with the other
 * transports (and that option) the engine runs as an Agrona agent on its own
 * thread with a {@link BackoffIdleStrategy} (so that on 2 cores the replay thread, the engine and an Aeron driver
 * never spin more threads than there are cores).
 */
public final class Replayer
{
    /** Polls in a row that saw nothing move before a replay may count as stalled (besides the stall timeout). */
    static final int STALL_MIN_POLLS = 10_000;
    /** Inbound messages written per loop iteration at most before replies are read again. */
    static final int SEND_BURST = 64;
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

    public ReplayResult run(final SessionRecording recording, final ReplayOptions options)
    {
        final Timeline timeline = new Timeline(recording);
        final Schedule schedule = new Schedule(recording, options.pacing(), timeline);
        if (schedule.inboundCount == 0)
        {
            throw new IllegalArgumentException("session " + recording.sessionId() + " has no inbound messages to replay");
        }
        final Path journalDir = journalDirectory(options);
        final ReplayClock clock = new ReplayClock(timeline.inboundTimestamps[0]);
        final SessionRecording collected = options.collectOutbound() ? new SessionRecording(recording.sessionId()) : null;
        try (TransportPair pair = TransportPair.open(options.transport(), InProcPipe.capacityFor(timeline.largestInbound(),
            MIN_RING_CAPACITY), InProcPipe.capacityFor(ENGINE_MAX_MESSAGE_BYTES, MIN_RING_CAPACITY)))
        {
            final TimelineTransport engineTransport =
                new TimelineTransport(pair.engineEnd(), clock, timeline);
            final ReplayEngine engine = engineFactory.start(new ReplayEngineSpec(recording.sessionId(), engineTransport,
                clock, options.application(), journalDir, options.journalMode(), options.journalSettings()));
            final String engineDescription = engine.describe();
            final boolean sameThread = options.engineOnReplayThread();
            final EngineAgent engineAgent = new EngineAgent(engine, engineTransport);
            AgentRunner runner = null;
            final Run run = new Run(recording, schedule, options, collected, engineAgent);
            try
            {
                if (!sameThread)
                {
                    runner = new AgentRunner(new BackoffIdleStrategy(100, 10, 1_000, 100_000), Throwable::printStackTrace,
                        null, engineAgent);
                    AgentRunner.startOnThread(runner);
                }
                run.counterparty = new Counterparty(pair.counterpartyEnd(), options.maxMessageSize(), collected, run);
                run.drive(sameThread ? engineAgent : null);
            }
            finally
            {
                if (run.counterparty != null)
                {
                    run.counterparty.close();
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
            return new ReplayResult(recording.sessionId(), options.transport(), options.pacing(), engineDescription,
                schedule.inboundCount, run.nextInbound, recording.outboundCount(), run.counterparty.outboundCount(),
                run.counterparty.digestHex(), run.lastActivityNanos - run.startNanos, run.latency, collected,
                run.counterparty.disconnectReason(), run.counterparty.garbledBytes() + engineTransport.unexpectedBytes(),
                schedule.offeredPerSecond(), run.allocatedBytes, run.cpuNanos, sameThread, run.engineCpuNanos,
                run.placement, run.jitCompileMillis);
        }
        finally
        {
            if (journalDir != null && options.journalDirectory() == null)
            {
                IoUtil.delete(journalDir.toFile(), true);
            }
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

    /** Where each inbound message is in the recording, its MsgType and when it is due; replies' causes. */
    static final class Schedule
    {
        final int inboundCount;
        final int[] inboundIndex;
        final long[] inboundTypes;
        final long[] scheduledOffsets;
        final int[] causeOfOutbound;
        /** Inbound messages from this one on are due {@link #slideNanos} later than recorded ({@link #slideFrom}). */
        private int slideFromInbound = Integer.MAX_VALUE;
        private long slideNanos;

        Schedule(final SessionRecording recording, final Pacing pacing, final Timeline timeline)
        {
            inboundCount = timeline.inboundCount();
            inboundIndex = new int[inboundCount];
            inboundTypes = new long[inboundCount];
            scheduledOffsets = new long[inboundCount];
            causeOfOutbound = timeline.outboundCause;
            final FixDecoder decoder = new FixDecoder();
            int in = 0;
            for (int i = 0; i < recording.count(); i++)
            {
                if (recording.isInbound(i))
                {
                    inboundIndex[in] = i;
                    inboundTypes[in] = decoder.wrap(recording.buffer(), recording.offset(i), recording.length(i)).msgType();
                    scheduledOffsets[in] = pacing.scheduledOffset(in,
                        timeline.inboundTimestamps[in] - timeline.inboundTimestamps[0]);
                    in++;
                }
            }
        }

        /** Whether inbound message {@code inbound} is due {@code elapsedNanos} after the start (clock injected). */
        boolean isDue(final int inbound, final long elapsedNanos)
        {
            return elapsedNanos >= offset(inbound);
        }

        /** When inbound message {@code inbound} is due, ns after the start (recorded or paced, plus any slide). */
        long offset(final int inbound)
        {
            return scheduledOffsets[inbound] + (inbound >= slideFromInbound ? slideNanos : 0);
        }

        /**
         * Inbound messages from {@code inbound} on become due {@code byNanos} later (once per run, O(1): the
         * measured window is not paused to rewrite a million offsets).
         */
        void slideFrom(final int inbound, final long byNanos)
        {
            slideFromInbound = inbound;
            slideNanos = byNanos;
        }

        /**
         * Whether the recording opens with the counterparty's Logon and the engine's first message answered it (the
         * engine was the acceptor): the replay then sends nothing more until the replayed engine's answer arrives,
         * as a FIX initiator waits for the Logon acknowledgement before it sends anything else. Not when the
         * engine spoke first (it was the initiator) or the recording holds no answer (a counterparty stream).
         */
        boolean opensWithAnsweredLogon()
        {
            return inboundCount >= 2 && inboundTypes[0] == MsgTypes.LOGON && causeOfOutbound.length > 0 &&
                causeOfOutbound[0] == 0;
        }

        /** Inbound messages per second the schedule asks for; 0 when everything is due at once. */
        double offeredPerSecond()
        {
            final long span = scheduledOffsets[inboundCount - 1];
            return span <= 0 ? 0 : (inboundCount - 1) * 1e9 / span;
        }
    }

    /** The replay thread's state for one run. */
    private static final class Run implements Counterparty.OutboundListener
    {
        private final SessionRecording recording;
        private final Schedule schedule;
        private final ReplayOptions options;
        private final EngineActivity engine;
        private final EngineAgent engineAgent;
        private final LatencyRecorder latency = new LatencyRecorder();
        private final long[] sentAt;
        private final long[] answeredAt;
        private final boolean[] answered;
        private Counterparty counterparty;
        private int nextInbound;
        private long startNanos;
        private long lastActivityNanos;
        private long allocatedBytes = -1;
        private long cpuNanos = -1;
        /** JIT compile time (all compiler threads) inside the measured window, ms; -1 unknown. */
        private long jitCompileMillis = -1;
        /** What {@link ReplayOptions#replayThreadPlacement} did (null: nothing asked). */
        private String placement;
        /** CPU time of the engine's own thread over the same window; -1 when the replay thread steps the engine. */
        private long engineCpuNanos = -1;
        /** Engine duty cycles completed when the transport was last seen drained; -1: not drained. */
        private long drainedAtCycle = -1;
        private long drainedWrittenBytes = -1;
        /** Safety timeout bookkeeping: the last time anything moved, and what had moved by then. */
        private long progressNanos;
        private long progressMark = -1;
        private long pollsWithoutProgress;
        /** Holding every inbound message after the first (a Logon) until the engine's answer to it arrives. */
        private boolean awaitingLogonAnswer;

        Run(final SessionRecording recording, final Schedule schedule, final ReplayOptions options,
            final SessionRecording collected, final EngineAgent engineAgent)
        {
            this.recording = recording;
            this.schedule = schedule;
            this.options = options;
            this.engineAgent = engineAgent;
            this.engine = engineAgent.activity;
            this.sentAt = new long[schedule.inboundCount];
            this.answeredAt = new long[schedule.inboundCount];
            this.answered = new boolean[schedule.inboundCount];
            for (final long type : schedule.inboundTypes)
            {
                latency.prepare(type);
            }
            this.awaitingLogonAnswer = schedule.opensWithAnsweredLogon();
        }

        void drive(final EngineAgent sameThreadEngine)
        {
            final long connectDeadline = System.nanoTime() + options.stallTimeoutNanos();
            // connected, and an engine agent thread running (its id published for the CPU figure: inproc connects
            // before the engine's thread has done anything)
            while (!counterparty.isConnected() || (sameThreadEngine == null && engineAgent.threadId < 0))
            {
                step(sameThreadEngine);
                if (System.nanoTime() > connectDeadline || counterparty.disconnectReason() != null)
                {
                    throw new IllegalStateException("the replay transport did not connect (" + options.transport().cliName() +
                        ", " + counterparty.disconnectReason() + ")");
                }
            }
            if (options.replayThreadPlacement() != null)
            {
                placement = options.replayThreadPlacement().get(); // after the engine's own threads exist
            }
            startNanos = System.nanoTime();
            lastActivityNanos = startNanos;
            progressNanos = startNanos;
            final ProgressBar progress = new ProgressBar(options.progress(), schedule.inboundCount, startNanos);
            final DirectBuffer data = recording.buffer();
            final long allocatedBefore = ThreadAllocation.currentThreadAllocatedBytes();
            final long cpuBefore = ThreadAllocation.currentThreadCpuNanos();
            final long engineThreadId = sameThreadEngine == null ? engineAgent.threadId : -1;
            final long engineCpuBefore = ThreadAllocation.threadCpuNanos(engineThreadId);
            final long compileBefore = JitActivity.compileMillis();
            while (true)
            {
                final int work = step(sameThreadEngine);
                final long now = System.nanoTime();
                if (awaitingLogonAnswer && answered[0])
                {
                    awaitingLogonAnswer = false;
                    // the rest of the recording keeps its spacing from the answer on: a slow Logon (a journal's first
                    // files, an fsync) is charged to the Logon's own latency, not queued into every order after it
                    schedule.slideFrom(1, Math.max(0, answeredAt[0] - startNanos - schedule.scheduledOffsets[1]));
                }
                // as an initiator does: nothing after the Logon until the Logon is answered
                final int sendable = awaitingLogonAnswer ? 1 : schedule.inboundCount;
                int burst = 0;
                // a bounded burst, then read replies again: an engine whose outbound window fills drops or delays
                // replies (exec drops back-pressured fills), which would measure the replayer, not the engine
                while (nextInbound < sendable && burst++ < SEND_BURST && schedule.isDue(nextInbound, now - startNanos))
                {
                    final int index = schedule.inboundIndex[nextInbound];
                    final long result = counterparty.send(data, recording.offset(index), recording.length(index));
                    if (result == Connection.BACK_PRESSURED)
                    {
                        break;
                    }
                    if (result < 0)
                    {
                        break; // not connected: the engine ended the session; what was not sent counts as unsent
                    }
                    sentAt[nextInbound++] = now;
                    lastActivityNanos = now;
                }
                progress.update(nextInbound, counterparty.outboundCount(), now);
                if (isFinished(work))
                {
                    break;
                }
                checkStalled(now);
                if (work == 0)
                {
                    Thread.onSpinWait();
                }
            }
            allocatedBytes = ThreadAllocation.currentThreadAllocatedBytes() - allocatedBefore;
            cpuNanos = cpuBefore < 0 ? -1 : ThreadAllocation.currentThreadCpuNanos() - cpuBefore;
            engineCpuNanos = engineCpuBefore < 0 ? -1 : ThreadAllocation.threadCpuNanos(engineThreadId) - engineCpuBefore;
            jitCompileMillis = JitActivity.compileMillisSince(compileBefore);
            progress.finish(nextInbound, counterparty.outboundCount(), System.nanoTime());
            recordLatencies();
            if (options.latencyLog() != null)
            {
                writeLatencyLog(options.latencyLog());
            }
        }

        /** After the measured window: {@link ReplayOptions#latencyLog}, one CSV line per inbound message. */
        private void writeLatencyLog(final Path file)
        {
            try (BufferedWriter out = Files.newBufferedWriter(file))
            {
                out.write("inbound,msg_type,scheduled_ns,sent_ns,answered_ns,service_ns,response_ns\n");
                final StringBuilder line = new StringBuilder(96);
                for (int i = 0; i < schedule.inboundCount; i++)
                {
                    line.setLength(0);
                    line.append(i).append(',').append(MsgTypes.toString(schedule.inboundTypes[i]))
                        .append(',').append(schedule.offset(i)).append(',');
                    if (i < nextInbound)
                    {
                        line.append(sentAt[i] - startNanos);
                    }
                    line.append(',');
                    if (i < nextInbound && answered[i])
                    {
                        line.append(answeredAt[i] - startNanos).append(',').append(answeredAt[i] - sentAt[i]).append(',')
                            .append(answeredAt[i] - (startNanos + schedule.offset(i)));
                    }
                    else
                    {
                        line.append(",,");
                    }
                    out.write(line.append('\n').toString());
                }
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot write the latency log " + file, ex);
            }
        }

        /** After the measured window: one response and one service sample per answered inbound message. */
        private void recordLatencies()
        {
            for (int i = 0; i < nextInbound; i++)
            {
                if (answered[i])
                {
                    final long arrived = answeredAt[i];
                    latency.record(schedule.inboundTypes[i], arrived - (startNanos + schedule.offset(i)),
                        arrived - sentAt[i]);
                }
            }
        }

        private int step(final EngineAgent sameThreadEngine)
        {
            int work = sameThreadEngine != null ? sameThreadEngine.doWork() : 0;
            work += counterparty.poll();
            return work;
        }

        /**
         * Complete when the engine ended the session (the transport delivers its data before the close), or, by
         * work count and not by elapsed time, when: every recorded inbound message was sent and handed to the
         * engine; everything the engine wrote has reached the counterparty (bytes received = bytes written) and
         * this thread's last poll found nothing; and since that drain was seen the engine ran
         * {@link ReplayOptions#quiescentCycles} duty cycles that all reported zero work and wrote nothing. The
         * replay clock moves only with the recording, so a quiescent engine has nothing left to say: no timer can
         * fire later, and output that is merely slow (work still reported) is waited for.
         *
         * @param work what this thread's last step did (engine included with {@code inproc}).
         */
        private boolean isFinished(final int work)
        {
            if (!counterparty.isConnected())
            {
                return true;
            }
            if (nextInbound < schedule.inboundCount || engine.delivered() < schedule.inboundCount)
            {
                return false;
            }
            final long cycles = engine.cycles(); // before lastWorkCycle and writtenBytes (EngineActivity)
            final long lastWorkCycle = engine.lastWorkCycle();
            final long written = engine.writtenBytes();
            if (work != 0 || counterparty.receivedBytes() < written)
            {
                drainedAtCycle = -1; // not drained: replies are in flight or this thread just did something
                return false;
            }
            if (drainedAtCycle < 0 || written != drainedWrittenBytes || lastWorkCycle > drainedAtCycle)
            {
                drainedAtCycle = cycles; // (re)start counting quiet engine cycles from this drain
                drainedWrittenBytes = written;
                return false;
            }
            return cycles - drainedAtCycle >= options.quiescentCycles();
        }

        /**
         * The safety net: nothing moved (no inbound message sent or handed to the engine, no byte back from it) for
         * {@link ReplayOptions#stallTimeoutNanos} while nothing was waiting for its scheduled time. An engine that
         * keeps reporting work without consuming or producing anything stalls too. A stalled replay fails; it never
         * reports what it saw so far as a result.
         */
        private void checkStalled(final long now)
        {
            final long mark = nextInbound + engine.delivered() + counterparty.receivedBytes();
            if (mark != progressMark)
            {
                progressMark = mark;
                progressNanos = now;
                pollsWithoutProgress = 0;
                return;
            }
            if (++pollsWithoutProgress < STALL_MIN_POLLS)
            {
                return; // this thread itself may have been descheduled: a stall is seen by polling, not by a gap
            }
            if (nextInbound < schedule.inboundCount)
            {
                final long due = startNanos + schedule.offset(nextInbound);
                if (due > progressNanos)
                {
                    progressNanos = Math.min(now, due); // waiting for the schedule is not a stall
                }
            }
            if (now - progressNanos > options.stallTimeoutNanos())
            {
                throw new ReplayStalledException(String.format("replay of %s over %s stalled: nothing moved for %.1f s " +
                    "(inbound sent %d/%d, handed to the engine %d; outbound bytes written %d, received %d, messages %d " +
                    "of %d recorded; engine duty cycles %d, last with work %d); no result is reported",
                    recording.sessionId(), options.transport().cliName(), (now - progressNanos) / 1e9, nextInbound,
                    schedule.inboundCount, engine.delivered(), engine.writtenBytes(), counterparty.receivedBytes(),
                    counterparty.outboundCount(), recording.outboundCount(), engine.cycles(), engine.lastWorkCycle()));
            }
        }

        @Override
        public void onOutbound(final int index, final DirectBuffer buffer, final int offset, final int length)
        {
            final long now = System.nanoTime();
            lastActivityNanos = now;
            if (index < schedule.causeOfOutbound.length)
            {
                final int cause = schedule.causeOfOutbound[index];
                if (cause >= 0 && cause < nextInbound && !answered[cause])
                {
                    answered[cause] = true;
                    answeredAt[cause] = now; // into the histograms after the run (recordLatencies)
                }
            }
        }
    }

    /**
     * One duty cycle of the engine, then what it did published for the replay thread ({@link EngineActivity}).
     * Runs on the engine's agent thread, or is stepped by the replay thread for {@code inproc}.
     */
    private static final class EngineAgent implements Agent
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
            activity.onDutyCycle(work, transport.delivered(), transport.writtenBytes());
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
