package io.fixtape.replay.drive;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.replay.recording.SessionRecording;

/** What one replay produced. Immutable once returned. */
public final class ReplayResult
{
    public final SessionId sessionId;
    public final TransportKind transport;
    public final Pacing pacing;
    public final String engine;
    public final int inboundTotal;
    public final int inboundSent;
    public final int outboundRecorded;
    public final int outboundReplayed;
    /** SHA-256 (hex) of every replayed outbound message in order. */
    public final String digest;
    /** From the first inbound send to the last outbound arrival. */
    public final long elapsedNanos;
    public final LatencyRecorder latency;
    /** The replayed outbound messages (null unless collected). */
    public final SessionRecording replayedOutbound;
    public final DisconnectReason disconnectReason;
    public final long garbledBytes;
    /** Inbound messages per second the schedule offered (0 with pace max: as fast as possible). */
    public final double offeredPerSecond;
    /**
     * Bytes allocated by the replay thread while messages flowed (-1 if the JVM cannot tell). With {@code inproc}
     * that thread also runs the engine, so this covers transport, parse, session, application, encode and store.
     */
    public final long replayThreadAllocatedBytes;
    /**
     * CPU time (user + system) the replay thread used while messages flowed, ns (-1 if the JVM cannot tell). With
     * {@code inproc} it runs the engine too: a load-independent cost figure where elapsed time is not (shared machine).
     */
    public final long replayThreadCpuNanos;
    /** Whether the replay thread stepped the engine itself (so its allocation and CPU figures include the engine). */
    public final boolean engineOnReplayThread;
    /** CPU time (user + system) of the engine's own thread over the same window, ns; -1 when it had none. */
    public final long engineThreadCpuNanos;
    /** What was done to place the replay thread before the measured window (null: nothing was asked). */
    public final String replayThreadPlacement;
    /**
     * JIT compile time (all compiler threads) inside the measured window, ms; -1 unknown. Well above zero means the
     * figure partly measured the compiler (and, on a small machine, a compiler thread taking a core).
     */
    public final long jitCompileMillis;

    ReplayResult(final SessionId sessionId, final TransportKind transport, final Pacing pacing, final String engine,
        final int inboundTotal, final int inboundSent, final int outboundRecorded, final int outboundReplayed,
        final String digest, final long elapsedNanos, final LatencyRecorder latency, final SessionRecording replayedOutbound,
        final DisconnectReason disconnectReason, final long garbledBytes, final double offeredPerSecond,
        final long replayThreadAllocatedBytes, final long replayThreadCpuNanos, final boolean engineOnReplayThread,
        final long engineThreadCpuNanos, final String replayThreadPlacement, final long jitCompileMillis)
    {
        this.sessionId = sessionId;
        this.transport = transport;
        this.pacing = pacing;
        this.engine = engine;
        this.inboundTotal = inboundTotal;
        this.inboundSent = inboundSent;
        this.outboundRecorded = outboundRecorded;
        this.outboundReplayed = outboundReplayed;
        this.digest = digest;
        this.elapsedNanos = elapsedNanos;
        this.latency = latency;
        this.replayedOutbound = replayedOutbound;
        this.disconnectReason = disconnectReason;
        this.garbledBytes = garbledBytes;
        this.offeredPerSecond = offeredPerSecond;
        this.replayThreadAllocatedBytes = replayThreadAllocatedBytes;
        this.replayThreadCpuNanos = replayThreadCpuNanos;
        this.engineOnReplayThread = engineOnReplayThread;
        this.engineThreadCpuNanos = engineThreadCpuNanos;
        this.replayThreadPlacement = replayThreadPlacement;
        this.jitCompileMillis = jitCompileMillis;
    }

    /** The achieved-rate gate of a latency row: achieved inbound rate at least 95% of offered. */
    public String rateGate()
    {
        if (offeredPerSecond <= 0)
        {
            return "n/a (pace max)";
        }
        return inboundPerSecond() >= 0.95 * offeredPerSecond ? "PASS" : "FAIL";
    }

    /** Messages (inbound + outbound) per second over {@link #elapsedNanos}. */
    public double messagesPerSecond()
    {
        return elapsedNanos <= 0 ? 0 : (inboundSent + outboundReplayed) * 1e9 / elapsedNanos;
    }

    /** Replay-thread CPU ns per message (inbound + outbound), -1 if not measured. */
    public double cpuNanosPerMessage()
    {
        final long messages = inboundSent + (long)outboundReplayed;
        return replayThreadCpuNanos < 0 || messages == 0 ? -1 : (double)replayThreadCpuNanos / messages;
    }

    /** Engine-thread CPU ns per message (inbound + outbound), -1 if the engine had no thread of its own. */
    public double engineCpuNanosPerMessage()
    {
        final long messages = inboundSent + (long)outboundReplayed;
        return engineThreadCpuNanos < 0 || messages == 0 ? -1 : (double)engineThreadCpuNanos / messages;
    }

    /** Inbound messages per second over {@link #elapsedNanos}. */
    public double inboundPerSecond()
    {
        return elapsedNanos <= 0 ? 0 : inboundSent * 1e9 / elapsedNanos;
    }
}
