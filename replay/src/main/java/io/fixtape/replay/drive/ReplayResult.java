package io.fixtape.replay.drive;

import java.util.List;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.replay.recording.SessionRecording;

/**
 * What one replay produced: totals over every replayed session, and per session what it sent back
 * ({@link #sessions}). Immutable once returned.
 */
public final class ReplayResult
{
    /** One replayed session's part. */
    public static final class Session
    {
        public final SessionId sessionId;
        /** Whether the recorded (and replayed) engine was the initiator. */
        public final boolean engineInitiates;
        public final int connections;
        public final int inboundTotal;
        public final int outboundRecorded;
        public final int outboundReplayed;
        /** SHA-256 (hex) of the session's replayed outbound messages in order. */
        public final String digest;
        /** Its replayed outbound messages (null unless collected). */
        public final SessionRecording replayedOutbound;
        /** Why its last connection ended (null when still connected at the end). */
        public final DisconnectReason disconnectReason;

        Session(final SessionId sessionId, final boolean engineInitiates, final int connections, final int inboundTotal,
            final int outboundRecorded, final int outboundReplayed, final String digest,
            final SessionRecording replayedOutbound, final DisconnectReason disconnectReason)
        {
            this.sessionId = sessionId;
            this.engineInitiates = engineInitiates;
            this.connections = connections;
            this.inboundTotal = inboundTotal;
            this.outboundRecorded = outboundRecorded;
            this.outboundReplayed = outboundReplayed;
            this.digest = digest;
            this.replayedOutbound = replayedOutbound;
            this.disconnectReason = disconnectReason;
        }
    }

    /** The first replayed session (the only one of a single-session replay). */
    public final SessionId sessionId;
    /** Every replayed session, in replay order. */
    public final List<Session> sessions;
    /** Connections opened (all sessions). */
    public final int connections;
    /** Inbound messages handed to the engine (the rest were sent on, or due on, connections it had ended). */
    public final int inboundDelivered;
    public final TransportKind transport;
    public final Pacing pacing;
    public final String engine;
    public final int inboundTotal;
    public final int inboundSent;
    public final int outboundRecorded;
    public final int outboundReplayed;
    /**
     * SHA-256 (hex) of every replayed outbound message in order; with several sessions, of their digests (hex,
     * in replay order).
     */
    public final String digest;
    /** From the first inbound send to the last outbound arrival. */
    public final long elapsedNanos;
    public final LatencyRecorder latency;
    /** The first session's replayed outbound messages (null unless collected). */
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

    ReplayResult(final List<Session> sessions, final int connections, final TransportKind transport,
        final Pacing pacing, final String engine, final int inboundTotal, final int inboundSent,
        final int inboundDelivered, final int outboundRecorded, final int outboundReplayed, final String digest,
        final long elapsedNanos, final LatencyRecorder latency, final long garbledBytes, final double offeredPerSecond,
        final long replayThreadAllocatedBytes, final long replayThreadCpuNanos, final boolean engineOnReplayThread,
        final long engineThreadCpuNanos, final String replayThreadPlacement, final long jitCompileMillis)
    {
        this.sessions = List.copyOf(sessions);
        this.sessionId = sessions.get(0).sessionId;
        this.connections = connections;
        this.inboundDelivered = inboundDelivered;
        this.replayedOutbound = sessions.get(0).replayedOutbound;
        this.disconnectReason = sessions.get(sessions.size() - 1).disconnectReason;
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
        this.garbledBytes = garbledBytes;
        this.offeredPerSecond = offeredPerSecond;
        this.replayThreadAllocatedBytes = replayThreadAllocatedBytes;
        this.replayThreadCpuNanos = replayThreadCpuNanos;
        this.engineOnReplayThread = engineOnReplayThread;
        this.engineThreadCpuNanos = engineThreadCpuNanos;
        this.replayThreadPlacement = replayThreadPlacement;
        this.jitCompileMillis = jitCompileMillis;
    }

    /** Whether every recorded inbound message reached the engine (none was left on a connection it had ended). */
    public boolean isComplete()
    {
        return inboundDelivered == inboundTotal;
    }

    /** The part of session {@code sessionId}, or null when it was not replayed. */
    public Session session(final SessionId sessionId)
    {
        for (final Session session : sessions)
        {
            if (session.sessionId.equals(sessionId))
            {
                return session;
            }
        }
        return null;
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
