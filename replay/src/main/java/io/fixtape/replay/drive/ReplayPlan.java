package io.fixtape.replay.drive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.codec.UtcTimestamps;
import io.fixtape.replay.capture.FixFields;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import org.agrona.collections.IntArrayList;

/**
 * What a replay re-drives, worked out from the recording before anything runs: the sessions, which side the
 * recorded engine was on in each ({@link RecordedSession}), each session's connections, and every message in the
 * order it was recorded.
 *
 * <p><b>Connections.</b> A journal records messages, not connections. A Logon sent by the side that opens the
 * connection (the counterparty when the engine was the acceptor, the engine when it was the initiator) starts a
 * new connection, unless nothing was recorded on the current one yet; messages recorded before a session's first
 * Logon (a capture that started mid-session) form its first connection. So a session that logged out and on again,
 * or whose engine was restarted (the counterparty reconnected and logged on with the numbers that followed), has one
 * connection per Logon, replayed one after the other over fresh transport connections.
 *
 * <p><b>Order.</b> Inbound and outbound messages are numbered in recorded order across all sessions (a journal's
 * order: one engine journals an inbound message, then the replies it caused). An outbound message's cause is the
 * last inbound message recorded before it. How it came about ({@link #outboundKind}) decides what the replay does
 * for the replayed engine to send it: a reply follows from its cause; a Heartbeat that answers no TestRequest and a
 * TestRequest ({@link #TIMER}) and an initiator's Logon ({@link #ENGINE_LOGON}) follow from time passing; a Logout
 * recorded after an outbound message of its own session ({@link #ENGINE_LOGOUT}, e.g. an engine shutting down) is
 * asked of the replayed engine when the engine does not send it by itself.
 *
 * <p>Immutable once built; allocates while building (not a hot path).
 */
public final class ReplayPlan
{
    /** An outbound message that answers its cause. */
    public static final byte REPLY = 0;
    /** A Heartbeat answering no TestRequest, or a TestRequest: sent because time passed. */
    public static final byte TIMER = 1;
    /** The Logon of an initiator engine: it opens a connection when its clock gets there. */
    public static final byte ENGINE_LOGON = 2;
    /** A Logout the engine started (not an answer): an operator's or a shutdown's. */
    public static final byte ENGINE_LOGOUT = 3;

    private final List<SessionRecording> recordings;
    private final List<RecordedSession> sessions;

    final int[] connectionSession;
    final boolean[] connectionEngineInitiates;
    /** Per connection, the global numbers of its inbound messages in order. */
    final int[][] connectionInbound;

    final int[] inboundSession;
    final int[] inboundIndex;
    final int[] inboundConnection;
    final int[] inboundLength;
    final long[] inboundTimestamps;
    final long[] inboundTypes;
    /** Outbound messages of the inbound message's connection recorded before it. */
    final int[] inboundOutboundBefore;

    final int[] outboundSession;
    final int[] outboundIndex;
    final int[] outboundConnection;
    final int[] outboundCause;
    final long[] outboundClock;
    final byte[] outboundKind;
    /** Text (58) of each {@link #ENGINE_LOGOUT}, null elsewhere or when it had none. */
    final String[] outboundLogoutText;

    /** Per session, the global numbers of its outbound messages in order. */
    final int[][] sessionOutbound;

    /** One recorded session on its own. */
    public static ReplayPlan of(final SessionRecording recording)
    {
        final int[] order = new int[recording.count()];
        return new ReplayPlan(List.of(recording), order);
    }

    /** Several sessions of one recording, in the order it recorded their messages. */
    public static ReplayPlan of(final Recordings recordings, final List<SessionRecording> selected)
    {
        return new ReplayPlan(selected, recordings.interleaving(selected));
    }

    /**
     * @param recordings the sessions.
     * @param order      for each message in recorded order, its session's position in {@code recordings}; each
     *                   session's messages appear in its own order.
     */
    public ReplayPlan(final List<SessionRecording> recordings, final int[] order)
    {
        this.recordings = List.copyOf(recordings);
        final int sessionCount = recordings.size();
        int inboundTotal = 0;
        int outboundTotal = 0;
        for (final SessionRecording recording : recordings)
        {
            inboundTotal += recording.inboundCount();
            outboundTotal += recording.outboundCount();
        }
        if (order.length != inboundTotal + outboundTotal)
        {
            throw new IllegalArgumentException("order names " + order.length + " messages, the sessions hold " +
                (inboundTotal + outboundTotal));
        }
        inboundSession = new int[inboundTotal];
        inboundIndex = new int[inboundTotal];
        inboundConnection = new int[inboundTotal];
        inboundLength = new int[inboundTotal];
        inboundTimestamps = new long[inboundTotal];
        inboundTypes = new long[inboundTotal];
        inboundOutboundBefore = new int[inboundTotal];
        outboundSession = new int[outboundTotal];
        outboundIndex = new int[outboundTotal];
        outboundConnection = new int[outboundTotal];
        outboundCause = new int[outboundTotal];
        outboundClock = new long[outboundTotal];
        outboundKind = new byte[outboundTotal];
        outboundLogoutText = new String[outboundTotal];

        final SessionScan[] scans = new SessionScan[sessionCount];
        for (int s = 0; s < sessionCount; s++)
        {
            scans[s] = new SessionScan(recordings.get(s));
        }
        final IntArrayList connSession = new IntArrayList();
        final List<IntArrayList> connInbound = new ArrayList<>();
        final IntArrayList connOutbound = new IntArrayList();
        final int[] position = new int[sessionCount];
        final int[] currentConnection = new int[sessionCount];
        final int[] messagesOnConnection = new int[sessionCount];
        final boolean[] lastWasOutbound = new boolean[sessionCount];
        final List<IntArrayList> perSessionOutbound = new ArrayList<>();
        for (int s = 0; s < sessionCount; s++)
        {
            currentConnection[s] = -1;
            perSessionOutbound.add(new IntArrayList());
        }
        final FixDecoder decoder = new FixDecoder();
        int in = 0;
        int out = 0;
        for (final int s : order)
        {
            final SessionRecording recording = recordings.get(s);
            final int i = position[s]++;
            final boolean inbound = recording.isInbound(i);
            decoder.wrap(recording.buffer(), recording.offset(i), recording.length(i));
            final long msgType = decoder.msgType();
            final boolean opensConnection = msgType == MsgTypes.LOGON && inbound != scans[s].engineInitiates;
            if (currentConnection[s] < 0 || (opensConnection && messagesOnConnection[s] > 0))
            {
                currentConnection[s] = connSession.size();
                connSession.addInt(s);
                connInbound.add(new IntArrayList());
                connOutbound.addInt(0);
                messagesOnConnection[s] = 0;
            }
            final int connection = currentConnection[s];
            messagesOnConnection[s]++;
            final long recorded = recording.timestampNanos(i);
            if (inbound)
            {
                inboundSession[in] = s;
                inboundIndex[in] = i;
                inboundConnection[in] = connection;
                inboundLength[in] = recording.length(i);
                inboundTimestamps[in] = recorded;
                inboundTypes[in] = msgType;
                inboundOutboundBefore[in] = connOutbound.getInt(connection);
                connInbound.get(connection).addInt(in);
                in++;
            }
            else
            {
                final int sendingTime = decoder.indexOf(Tags.SENDING_TIME);
                final long stamped = sendingTime < 0 ? UtcTimestamps.INVALID_TIMESTAMP : UtcTimestamps.parseTimestamp(
                    decoder.buffer(), decoder.valueOffsetAt(sendingTime), decoder.valueLengthAt(sendingTime));
                outboundSession[out] = s;
                outboundIndex[out] = i;
                outboundConnection[out] = connection;
                outboundCause[out] = in - 1;
                outboundClock[out] = stamped != UtcTimestamps.INVALID_TIMESTAMP && stamped <= recorded ? stamped : recorded;
                outboundKind[out] = kindOf(decoder, msgType, scans[s].engineInitiates, lastWasOutbound[s]);
                if (outboundKind[out] == ENGINE_LOGOUT)
                {
                    outboundLogoutText[out] = FixFields.string(decoder, Tags.TEXT);
                }
                connOutbound.setInt(connection, connOutbound.getInt(connection) + 1);
                perSessionOutbound.get(s).addInt(out);
                out++;
            }
            lastWasOutbound[s] = !inbound;
        }

        final int connections = connSession.size();
        connectionSession = connSession.toIntArray();
        connectionEngineInitiates = new boolean[connections];
        connectionInbound = new int[connections][];
        final int[] connectionsPerSession = new int[sessionCount];
        for (int c = 0; c < connections; c++)
        {
            connectionEngineInitiates[c] = scans[connectionSession[c]].engineInitiates;
            connectionInbound[c] = connInbound.get(c).toIntArray();
            connectionsPerSession[connectionSession[c]]++;
        }
        sessionOutbound = new int[sessionCount][];
        final List<RecordedSession> described = new ArrayList<>();
        for (int s = 0; s < sessionCount; s++)
        {
            sessionOutbound[s] = perSessionOutbound.get(s).toIntArray();
            described.add(scans[s].describe(connectionsPerSession[s]));
        }
        sessions = Collections.unmodifiableList(described);
    }

    private static byte kindOf(final FixDecoder decoder, final long msgType, final boolean engineInitiates,
        final boolean afterOwnOutbound)
    {
        if (msgType == MsgTypes.TEST_REQUEST || (msgType == MsgTypes.HEARTBEAT && decoder.indexOf(Tags.TEST_REQ_ID) < 0))
        {
            return TIMER;
        }
        if (msgType == MsgTypes.LOGON && engineInitiates)
        {
            return ENGINE_LOGON;
        }
        if (msgType == MsgTypes.LOGOUT && afterOwnOutbound)
        {
            return ENGINE_LOGOUT;
        }
        return REPLY;
    }

    /**
     * The first {@code inboundMessages} inbound messages (in recorded order, all sessions) with every outbound
     * message recorded before the next one: a warm-up run's workload. Copies.
     */
    public ReplayPlan prefix(final int inboundMessages)
    {
        final int inbound = Math.min(inboundMessages, inboundCount());
        final List<SessionRecording> copies = new ArrayList<>();
        for (final SessionRecording recording : recordings)
        {
            copies.add(new SessionRecording(recording.sessionId()));
        }
        final IntArrayList order = new IntArrayList();
        final int[] inboundSeen = new int[1];
        final int lastCause = inbound - 1;
        final int[] outboundSeen = new int[1];
        forEachMessage((session, index, isInbound, connection) ->
        {
            final boolean take = isInbound ? inboundSeen[0]++ < inbound : outboundCause[outboundSeen[0]++] <= lastCause;
            if (take)
            {
                final SessionRecording from = recordings.get(session);
                copies.get(session).add(isInbound, from.timestampNanos(index), from.buffer(), from.offset(index),
                    from.length(index));
                order.addInt(session);
            }
        });
        return new ReplayPlan(copies, order.toIntArray());
    }

    /** Told about each message of a plan in recorded order ({@link #forEachMessage}). */
    @FunctionalInterface
    public interface MessageVisitor
    {
        /**
         * @param session    its session's position in {@link #sessions()}.
         * @param index      its position in the session's recording.
         * @param inbound    sent by the counterparty.
         * @param connection the recorded connection it went over (numbered across sessions in order of appearance).
         */
        void onMessage(int session, int index, boolean inbound, int connection);
    }

    /** Every message, in recorded order. */
    public void forEachMessage(final MessageVisitor visitor)
    {
        int out = 0;
        for (int in = 0; in <= inboundCount(); in++)
        {
            while (out < outboundCount() && outboundCause[out] < in)
            {
                visitor.onMessage(outboundSession[out], outboundIndex[out], false, outboundConnection[out]);
                out++;
            }
            if (in < inboundCount())
            {
                visitor.onMessage(inboundSession[in], inboundIndex[in], true, inboundConnection[in]);
            }
        }
    }

    /** The sessions, in the order given. */
    public List<RecordedSession> sessions()
    {
        return sessions;
    }

    /** The recordings of the sessions, in the order given. */
    public List<SessionRecording> recordings()
    {
        return recordings;
    }

    public int inboundCount()
    {
        return inboundTimestamps.length;
    }

    public int outboundCount()
    {
        return outboundClock.length;
    }

    public int connectionCount()
    {
        return connectionSession.length;
    }

    /** Whether the {@code index}-th outbound message (recorded order) was sent because time passed. */
    public boolean isTimerDriven(final int index)
    {
        return outboundKind[index] == TIMER;
    }

    /** How the {@code index}-th outbound message came about: {@link #REPLY}, {@link #TIMER}, … */
    public byte outboundKind(final int index)
    {
        return outboundKind[index];
    }

    /** The session of the {@code index}-th inbound message (its position in {@link #sessions()}). */
    public int inboundSession(final int index)
    {
        return inboundSession[index];
    }

    /** The connection the {@code index}-th inbound message was recorded on. */
    public int inboundConnection(final int index)
    {
        return inboundConnection[index];
    }

    /** The session of connection {@code connection}. */
    public int connectionSession(final int connection)
    {
        return connectionSession[connection];
    }

    /**
     * Whether the replay sends inbound message {@code inbound} only once the engine's output recorded before it on
     * its connection has arrived: the first inbound message of a connection, and the first after an inbound Logon,
     * when the engine said something first (an acceptor's Logon answer; an initiator engine's own Logon) — as a FIX
     * initiator waits for the Logon acknowledgement before it sends anything else.
     */
    public boolean waitsForEngine(final int inbound)
    {
        final int[] own = connectionInbound[inboundConnection[inbound]];
        int position = 0;
        while (own[position] != inbound)
        {
            position++;
        }
        final boolean afterLogon = position > 0 && inboundTypes[own[position - 1]] == MsgTypes.LOGON;
        return (position == 0 || afterLogon) && inboundOutboundBefore[inbound] > 0;
    }

    /** Length of the longest recorded inbound message (0 when there is none). */
    int largestInbound()
    {
        int largest = 0;
        for (final int length : inboundLength)
        {
            largest = Math.max(largest, length);
        }
        return largest;
    }

    /** Recorded time of the first message: inbound, or an initiator's Logon at the time it was stamped. */
    long startNanos()
    {
        if (outboundClock.length > 0 && (inboundTimestamps.length == 0 || outboundCause[0] < 0))
        {
            return inboundTimestamps.length == 0 ? outboundClock[0] : Math.min(outboundClock[0], inboundTimestamps[0]);
        }
        return inboundTimestamps.length == 0 ? 0 : inboundTimestamps[0];
    }

    /** What one session's recording says about the engine that recorded it. */
    private static final class SessionScan
    {
        private final SessionRecording recording;
        private final boolean engineInitiates;
        private int heartBtInt = -1;
        private boolean resetOnLogon;
        private int timestampPrecision = -1;
        private String applVerId;
        private boolean ownApplVerId;

        SessionScan(final SessionRecording recording)
        {
            this.recording = recording;
            final FixDecoder decoder = new FixDecoder();
            Boolean initiates = null;
            for (int i = 0; i < recording.count(); i++)
            {
                decoder.wrap(recording.buffer(), recording.offset(i), recording.length(i));
                final boolean inbound = recording.isInbound(i);
                if (!inbound && timestampPrecision < 0)
                {
                    final int sendingTime = decoder.indexOf(Tags.SENDING_TIME);
                    timestampPrecision = sendingTime < 0 ? -1 : precisionOf(decoder.valueLengthAt(sendingTime));
                }
                if (decoder.msgType() != MsgTypes.LOGON)
                {
                    continue;
                }
                if (initiates == null)
                {
                    initiates = !inbound; // the first Logon comes from the initiator
                }
                if (!inbound || applVerId == null)
                {
                    // the engine's own DefaultApplVerID, from its Logon; the counterparty's until that is seen
                    final String value = FixFields.string(decoder, Tags.DEFAULT_APPL_VER_ID);
                    if (value != null && (!inbound || !ownApplVerId))
                    {
                        applVerId = value;
                        ownApplVerId |= !inbound;
                    }
                }
                if (!inbound && initiates && heartBtInt < 0)
                {
                    final String interval = FixFields.string(decoder, Tags.HEART_BT_INT);
                    heartBtInt = interval == null || !interval.matches("[0-9]{1,6}") ? -1 : Integer.parseInt(interval);
                    resetOnLogon = "Y".equals(FixFields.string(decoder, Tags.RESET_SEQ_NUM_FLAG));
                }
            }
            engineInitiates = initiates != null && initiates;
        }

        /** Digits after the seconds of a UTCTimestamp of {@code length} characters (yyyyMMdd-HH:mm:ss[.f…]). */
        private static int precisionOf(final int length)
        {
            final int fraction = length - 18;
            return fraction == 3 || fraction == 6 || fraction == 9 ? fraction : length == 17 ? 0 : -1;
        }

        RecordedSession describe(final int connections)
        {
            return new RecordedSession(recording.sessionId(), engineInitiates, connections, heartBtInt, resetOnLogon,
                timestampPrecision, applVerId);
        }
    }
}
