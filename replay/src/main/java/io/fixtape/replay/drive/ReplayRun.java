package io.fixtape.replay.drive;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.transport.Connection;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;

/**
 * The replay thread's side of one run ({@link Replayer}): it opens the recorded connections in order, writes the
 * recorded inbound messages in recorded order on the pacing schedule, reads what the engine sends back, and
 * decides — by work count, not by elapsed time — when the run is complete.
 *
 * <p><b>Connections.</b> Connection n+1 is opened only once the engine has seen connection n, so the engine meets
 * them in recorded order. A session's next connection waits until the engine is done with its previous one: ended
 * by the engine (after a Logout exchange, say), or — when the recording shows a new Logon without the old
 * connection ending, as after a crash — closed from this side once the engine has handled everything sent so far
 * and gone quiet. A connection the engine ends early leaves its remaining messages unsent.
 *
 * <p><b>Waiting for the engine.</b> As a FIX initiator waits for the Logon acknowledgement before it sends anything
 * else, the first inbound message of a connection and the first after an inbound Logon wait until the engine's
 * recorded output before them on that connection has arrived (the acceptor's Logon answer; an initiator engine's
 * own Logon); the rest of the schedule keeps its spacing from that arrival on ({@link Schedule#slideTo}).
 *
 * <p><b>Completion</b>: every recorded inbound message sent (or left unsent because its connection ended) and
 * handled by the engine (or skipped), every connection opened, everything the engine wrote received, then
 * {@link ReplayOptions#quiescentCycles} engine duty cycles in a row with zero work ({@link EngineActivity}). The
 * replay clock moves only with the recording, so a quiescent engine cannot produce anything later; a slow one is
 * waited for. The one wall-clock limit is a safety net that fails the run ({@link ReplayStalledException}).
 *
 * <p>Threading: the replay thread only. Allocation-free per message.
 */
final class ReplayRun implements Counterparty.OutboundListener
{
    /** Polls in a row that saw nothing move before a replay may count as stalled (besides the stall timeout). */
    static final int STALL_MIN_POLLS = 10_000;
    /** Inbound messages written per loop iteration at most before replies are read again. */
    static final int SEND_BURST = 64;

    private static final byte NOT_OPENED = 0;
    private static final byte OPENING = 1;
    private static final byte OPEN = 2;

    private final ReplayPlan plan;
    private final Schedule schedule;
    private final ReplayOptions options;
    private final EngineActivity engine;
    private final TimelineTransport engineTransport;
    private final LatencyRecorder latency = new LatencyRecorder();
    private final long[] sentAt;
    private final long[] answeredAt;
    private final boolean[] answered;
    private final boolean[] waitsForEngine;
    private final byte[] connectionStates;
    private final int[] connectionOrdinal;
    private final int[] previousOfSession;
    /** Per connection: how many inbound messages precede its first message (it must be open to send that one). */
    private final int[] openBefore;
    Counterparty[] counterparties;
    int nextInbound;
    int unsent;
    private int nextToOpen;
    private int connectionEvents;
    long startNanos;
    long lastActivityNanos;
    long allocatedBytes = -1;
    long cpuNanos = -1;
    /** JIT compile time (all compiler threads) inside the measured window, ms; -1 unknown. */
    long jitCompileMillis = -1;
    /** What {@link ReplayOptions#replayThreadPlacement} did (null: nothing asked). */
    String placement;
    /** CPU time of the engine's own thread over the same window; -1 when the replay thread steps the engine. */
    long engineCpuNanos = -1;
    /** Engine duty cycles completed when the transport was last seen drained; -1: not drained. */
    private long drainedAtCycle = -1;
    private long drainedWrittenBytes = -1;
    /** Safety timeout bookkeeping: the last time anything moved, and what had moved by then. */
    private long progressNanos;
    private long progressMark = -1;
    private long pollsWithoutProgress;

    ReplayRun(final ReplayPlan plan, final Schedule schedule, final ReplayOptions options, final EngineActivity engine,
        final TimelineTransport engineTransport)
    {
        this.plan = plan;
        this.schedule = schedule;
        this.options = options;
        this.engine = engine;
        this.engineTransport = engineTransport;
        final int inbound = plan.inboundCount();
        this.sentAt = new long[inbound];
        this.answeredAt = new long[inbound];
        this.answered = new boolean[inbound];
        this.waitsForEngine = new boolean[inbound];
        for (final long type : schedule.inboundTypes)
        {
            latency.prepare(type);
        }
        final int connections = plan.connectionCount();
        connectionStates = new byte[connections];
        connectionOrdinal = new int[connections];
        previousOfSession = new int[connections];
        openBefore = new int[connections];
        final int[] lastOfSession = new int[plan.sessions().size()];
        java.util.Arrays.fill(lastOfSession, -1);
        for (int c = 0; c < connections; c++)
        {
            final int session = plan.connectionSession[c];
            previousOfSession[c] = lastOfSession[session];
            connectionOrdinal[c] = previousOfSession[c] < 0 ? 0 : connectionOrdinal[previousOfSession[c]] + 1;
            lastOfSession[session] = c;
            openBefore[c] = inbound;
        }
        // a connection opens just before the first inbound message recorded after its first message
        final int[] firstOutbound = new int[connections];
        java.util.Arrays.fill(firstOutbound, Integer.MAX_VALUE);
        for (int out = plan.outboundCount() - 1; out >= 0; out--)
        {
            firstOutbound[plan.outboundConnection[out]] = out;
        }
        for (int c = 0; c < connections; c++)
        {
            final int[] own = plan.connectionInbound[c];
            int before = own.length > 0 ? own[0] : inbound;
            if (firstOutbound[c] != Integer.MAX_VALUE)
            {
                before = Math.min(before, plan.outboundCause[firstOutbound[c]] + 1);
            }
            openBefore[c] = before;
            for (int k = 0; k < own.length && k < 2; k++)
            {
                waitsForEngine[own[k]] = plan.waitsForEngine(own[k]);
            }
            for (int k = 2; k < own.length; k++)
            {
                waitsForEngine[own[k]] = plan.inboundTypes[own[k - 1]] == MsgTypes.LOGON && plan.waitsForEngine(own[k]);
            }
        }
        // connections open in recorded order: never before an earlier one
        for (int c = 1; c < connections; c++)
        {
            openBefore[c] = Math.max(openBefore[c], openBefore[c - 1]);
        }
    }

    /**
     * Open the connections the recording starts with (before any inbound message), then run the measured window.
     *
     * @param sameThreadEngine the engine to step on this thread ({@code inproc}), or null when it has its own.
     * @param engineThreadId   the engine agent's thread, for its CPU time (-1: none).
     */
    void drive(final Agent sameThreadEngine, final java.util.function.LongSupplier engineThreadId)
    {
        final long connectDeadline = System.nanoTime() + options.stallTimeoutNanos();
        while ((nextToOpen < openBefore.length && openBefore[nextToOpen] == 0) ||
            (sameThreadEngine == null && engineThreadId.getAsLong() < 0))
        {
            final int work = step(sameThreadEngine);
            openConnections(work);
            if (System.nanoTime() > connectDeadline)
            {
                throw new ReplayStalledException("the replay transport did not connect (" +
                    options.transport().cliName() + ", connection " + (nextToOpen + 1) + " of " + openBefore.length + ")");
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
        final long allocatedBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final long cpuBefore = ThreadAllocation.currentThreadCpuNanos();
        final long engineThread = sameThreadEngine == null ? engineThreadId.getAsLong() : -1;
        final long engineCpuBefore = ThreadAllocation.threadCpuNanos(engineThread);
        final long compileBefore = JitActivity.compileMillis();
        while (true)
        {
            final int work = step(sameThreadEngine);
            final long now = System.nanoTime();
            sendDue(now, work);
            progress.update(nextInbound, outboundReceived(), now);
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
        engineCpuNanos = engineCpuBefore < 0 ? -1 : ThreadAllocation.threadCpuNanos(engineThread) - engineCpuBefore;
        jitCompileMillis = JitActivity.compileMillisSince(compileBefore);
        progress.finish(nextInbound, outboundReceived(), System.nanoTime());
        recordLatencies();
        if (options.latencyLog() != null)
        {
            writeLatencyLog(options.latencyLog());
        }
    }

    private int step(final Agent sameThreadEngine)
    {
        int work = 0;
        if (sameThreadEngine != null)
        {
            try
            {
                work = sameThreadEngine.doWork();
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException("the replayed engine failed", ex);
            }
        }
        for (final Counterparty counterparty : counterparties)
        {
            work += counterparty.poll();
        }
        return work;
    }

    /** Write what is due, in recorded order: a bounded burst, then read replies again. */
    private void sendDue(final long now, final int work)
    {
        int burst = 0;
        // a bounded burst, then read replies again: an engine whose outbound window fills drops or delays replies
        // (exec drops back-pressured fills), which would measure the replayer, not the engine
        while (nextInbound < schedule.inboundCount && burst < SEND_BURST)
        {
            if (!openConnections(work))
            {
                return;
            }
            final int inbound = nextInbound;
            final int connection = plan.inboundConnection[inbound];
            final int session = plan.inboundSession[inbound];
            final Counterparty counterparty = counterparties[session];
            if (!isCurrent(counterparty, connection))
            {
                unsent++; // the engine ended this connection before the message: it cannot be sent
                nextInbound++;
                continue;
            }
            if (waitsForEngine[inbound])
            {
                if (counterparty.outboundOnConnection() < plan.inboundOutboundBefore[inbound])
                {
                    return; // the engine's answer (or its own Logon) is not here yet
                }
                schedule.slideTo(inbound, counterparty.lastOutboundNanos() - startNanos);
            }
            if (!schedule.isDue(inbound, now - startNanos))
            {
                return;
            }
            final io.fixtape.replay.recording.SessionRecording recording = plan.recordings().get(session);
            final int index = plan.inboundIndex[inbound];
            final long result = counterparty.send(recording.buffer(), recording.offset(index), recording.length(index));
            if (result == Connection.BACK_PRESSURED)
            {
                return;
            }
            if (result < 0)
            {
                unsent++; // not connected: the engine ended the connection; what was not sent counts as unsent
                nextInbound++;
                continue;
            }
            sentAt[nextInbound++] = now;
            lastActivityNanos = now;
            burst++;
        }
        openConnections(work); // connections recorded after the last inbound message
    }

    private boolean isCurrent(final Counterparty counterparty, final int connection)
    {
        return counterparty.isConnected() && counterparty.connections() == connectionOrdinal[connection] + 1;
    }

    /**
     * Open, in order, every connection that must be open before inbound message {@link #nextInbound} can go.
     *
     * @return true when they are all open.
     */
    private boolean openConnections(final int work)
    {
        while (nextToOpen < openBefore.length && openBefore[nextToOpen] <= nextInbound)
        {
            final int connection = nextToOpen;
            final Counterparty counterparty = counterparties[plan.connectionSession[connection]];
            if (connectionStates[connection] == NOT_OPENED)
            {
                if (!previousIsOver(connection, counterparty, work))
                {
                    return false;
                }
                counterparty.openNext();
                engineTransport.counterpartyReady(connection);
                connectionStates[connection] = OPENING;
                connectionEvents++;
                return false;
            }
            final int seen = engineTransport.connectionState(connection);
            final boolean connected = counterparty.connections() > connectionOrdinal[connection];
            if (seen == TimelineTransport.ENDED || (seen == TimelineTransport.CONNECTED && connected))
            {
                connectionStates[connection] = OPEN;
                connectionEvents++;
                nextToOpen++;
                continue;
            }
            return false;
        }
        return true;
    }

    /**
     * Whether the session's previous connection is over for the engine and for this side. One the engine still
     * holds is closed from here once the engine has handled everything sent and gone quiet.
     */
    private boolean previousIsOver(final int connection, final Counterparty counterparty, final int work)
    {
        final int previous = previousOfSession[connection];
        if (previous < 0)
        {
            return true;
        }
        if (engineTransport.connectionState(previous) == TimelineTransport.ENDED)
        {
            return !counterparty.isConnected();
        }
        if (isDrainedAndQuiet(work, nextInbound))
        {
            counterparty.closeConnection();
            connectionEvents++;
        }
        return false;
    }

    private int outboundReceived()
    {
        int received = 0;
        for (final Counterparty counterparty : counterparties)
        {
            received += counterparty.outboundCount();
        }
        return received;
    }

    private long receivedBytes()
    {
        long received = 0;
        for (final Counterparty counterparty : counterparties)
        {
            received += counterparty.receivedBytes();
        }
        return received;
    }

    /** Every recorded inbound message went (or could not), every connection opened, and the engine is done. */
    private boolean isFinished(final int work)
    {
        return nextInbound >= schedule.inboundCount && nextToOpen >= openBefore.length &&
            isDrainedAndQuiet(work, schedule.inboundCount);
    }

    /**
     * By work count and not by elapsed time: the engine has handled (or skipped) the first {@code handled} inbound
     * messages; everything it wrote has reached the counterparties (bytes received = bytes written) and this
     * thread's last step found nothing; and since that drain was seen the engine ran
     * {@link ReplayOptions#quiescentCycles} duty cycles that all reported zero work and wrote nothing. The replay
     * clock moves only with the recording, so a quiescent engine has nothing left to say: no timer can fire later,
     * and output that is merely slow (work still reported) is waited for.
     *
     * @param work what this thread's last step did (engine included with {@code inproc}).
     */
    private boolean isDrainedAndQuiet(final int work, final int handled)
    {
        if (engine.delivered() < handled)
        {
            drainedAtCycle = -1;
            return false;
        }
        final long cycles = engine.cycles(); // before lastWorkCycle and writtenBytes (EngineActivity)
        final long lastWorkCycle = engine.lastWorkCycle();
        final long written = engine.writtenBytes();
        if (work != 0 || receivedBytes() < written)
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
     * The safety net: nothing moved (no inbound message sent or handed to the engine, no connection opened or
     * closed, no byte back from it) for {@link ReplayOptions#stallTimeoutNanos} while nothing was waiting for its
     * scheduled time. An engine that keeps reporting work without consuming or producing anything stalls too. A
     * stalled replay fails; it never reports what it saw so far as a result.
     */
    private void checkStalled(final long now)
    {
        final long mark = nextInbound + unsent + engine.delivered() + receivedBytes() + connectionEvents;
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
            throw new ReplayStalledException(String.format("replay over %s stalled: nothing moved for %.1f s " +
                "(inbound sent %d/%d, handed to the engine %d; connections opened %d of %d; outbound bytes written %d, " +
                "received %d, messages %d of %d recorded; engine duty cycles %d, last with work %d)%s; no " +
                "result is reported", options.transport().cliName(), (now - progressNanos) / 1e9, nextInbound,
                schedule.inboundCount, engine.delivered(), nextToOpen, openBefore.length, engine.writtenBytes(),
                receivedBytes(), outboundReceived(), plan.outboundCount(), engine.cycles(), engine.lastWorkCycle(),
                describeConnections()));
        }
    }

    /** Each session's side of the stall: what the counterparty saw and what the engine saw of each connection. */
    private String describeConnections()
    {
        final StringBuilder text = new StringBuilder();
        for (int s = 0; s < counterparties.length; s++)
        {
            final Counterparty counterparty = counterparties[s];
            text.append("; session ").append(s).append(": counterparty saw ").append(counterparty.connections())
                .append(" connection(s), ").append(counterparty.isConnected() ? "connected" : "not connected")
                .append(", last ended ").append(counterparty.disconnectReason())
                .append(", messages on it ").append(counterparty.outboundOnConnection())
                .append(", bytes discarded ").append(counterparty.garbledBytes());
        }
        text.append("; engine saw connections [");
        for (int c = 0; c < openBefore.length; c++)
        {
            final int state = engineTransport.connectionState(c);
            text.append(c == 0 ? "" : ", ").append(state == TimelineTransport.ENDED ? "ended" :
                state == TimelineTransport.CONNECTED ? "connected" : "not seen");
        }
        return text.append(']').toString();
    }

    @Override
    public void onOutbound(final int session, final int index, final long now, final DirectBuffer buffer,
        final int offset, final int length)
    {
        lastActivityNanos = now;
        final int[] outbound = plan.sessionOutbound[session];
        if (index < outbound.length)
        {
            final int cause = plan.outboundCause[outbound[index]];
            if (cause >= 0 && cause < nextInbound && !answered[cause])
            {
                answered[cause] = true;
                answeredAt[cause] = now; // into the histograms after the run (recordLatencies)
            }
        }
    }

    /** After the measured window: one response and one service sample per answered inbound message. */
    private void recordLatencies()
    {
        for (int i = 0; i < nextInbound; i++)
        {
            if (answered[i] && sentAt[i] != 0)
            {
                final long arrived = answeredAt[i];
                latency.record(schedule.inboundTypes[i], arrived - (startNanos + schedule.offset(i)),
                    arrived - sentAt[i]);
            }
        }
    }

    LatencyRecorder latency()
    {
        return latency;
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
                final boolean sent = i < nextInbound && sentAt[i] != 0;
                line.append(i).append(',').append(MsgTypes.toString(schedule.inboundTypes[i]))
                    .append(',').append(schedule.offset(i)).append(',');
                if (sent)
                {
                    line.append(sentAt[i] - startNanos);
                }
                line.append(',');
                if (sent && answered[i])
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
}
