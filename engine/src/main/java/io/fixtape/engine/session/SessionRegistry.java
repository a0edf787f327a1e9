package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * Acceptor-side routing of the first message of a new connection to a configured {@link Session}, by the
 * inbound header: BeginString (8), SenderCompID (49) = our TargetCompID, TargetCompID (56) = our SenderCompID.
 * {@link #route} answers with a code; on {@link #BOUND} the caller binds the connection
 * ({@code session.onConnect(connection, false)}) and hands it the message ({@code session.onMessage(decoder)}).
 * On any other code the caller closes the connection (for {@link #UNKNOWN_SESSION}, optionally after writing
 * {@link #encodeUnknownSessionLogout}). As QuickFIX/J does, a second connection for a session that is already
 * connected is refused without a Logout (the answer would carry the live session's sequence numbers).
 *
 * <p>Sessions with the same BeginString and CompIDs and different SessionQualifiers (a Logon carries no
 * qualifier) are told apart by the port they listen on: each is added with its port and a connection is routed
 * among the sessions of the port it arrived on ({@link #route(FixDecoder, long, int)}); two such sessions on one
 * port are refused when added.
 *
 * <p>Sessions are added at start-up; {@link #route} runs on the poller thread and allocates nothing (a linear
 * scan: acceptors have few sessions and this runs once per connection). Not thread-safe.
 */
public final class SessionRegistry
{
    /** A session was found and is free: bind it. */
    public static final int BOUND = 0;
    /** No configured session has these CompIDs/BeginString: refuse (Logout + disconnect). */
    public static final int UNKNOWN_SESSION = 1;
    /** The session already has a connection: disconnect the new one. */
    public static final int ALREADY_CONNECTED = 2;
    /** The first message is not a Logon: disconnect. */
    public static final int NOT_LOGON = 3;
    /** The session exists but is outside its schedule: refuse. */
    public static final int OUTSIDE_SCHEDULE = 4;

    /** Port of a session added without one: it answers on every port. */
    public static final int ANY_PORT = -1;

    private final List<Session> sessions = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private Session[] sessionArray = new Session[0];
    private int[] portArray = new int[0];
    private Session routed;
    private long unknownSessions;

    /** A session that answers on every port. @throws IllegalArgumentException as {@link #add(Session, int)}. */
    public SessionRegistry add(final Session session)
    {
        return add(session, ANY_PORT);
    }

    /**
     * A session that answers connections arriving on {@code port} ({@link #ANY_PORT}: every port).
     *
     * @throws IllegalArgumentException when a session with the same id is already registered, or one with the same
     *                                  BeginString and CompIDs (another qualifier) would answer on the same port.
     */
    public SessionRegistry add(final Session session, final int port)
    {
        final SessionId id = session.sessionId();
        for (int i = 0; i < sessions.size(); i++)
        {
            final SessionId existing = sessions.get(i).sessionId();
            if (existing.equals(id))
            {
                throw new IllegalArgumentException("duplicate session " + id);
            }
            final int existingPort = ports.get(i);
            if (sameCompIds(existing, id) && (existingPort == port || existingPort == ANY_PORT || port == ANY_PORT))
            {
                throw new IllegalArgumentException("sessions " + existing + " and " + id + " have the same " +
                    "BeginString and CompIDs on one port: a Logon cannot tell them apart (SessionQualifier " +
                    "sessions need their own SocketAcceptPort)");
            }
        }
        sessions.add(session);
        ports.add(port);
        rebuild();
        return this;
    }

    private static boolean sameCompIds(final SessionId a, final SessionId b)
    {
        return a.beginString().equals(b.beginString()) && a.senderCompId().equals(b.senderCompId()) &&
            a.targetCompId().equals(b.targetCompId());
    }

    private void rebuild()
    {
        sessionArray = sessions.toArray(new Session[0]);
        portArray = new int[ports.size()];
        for (int i = 0; i < portArray.length; i++)
        {
            portArray[i] = ports.get(i);
        }
    }

    /**
     * Stop routing to {@code session} (a session handed to another engine between connections).
     *
     * @return false when it was not registered here.
     */
    public boolean remove(final Session session)
    {
        final int index = sessions.indexOf(session);
        if (index < 0)
        {
            return false;
        }
        sessions.remove(index);
        ports.remove(index);
        rebuild();
        return true;
    }

    public List<Session> sessions()
    {
        return List.copyOf(sessions);
    }

    /**
     * Find the session for the first message of a connection.
     *
     * @param nowNanos the injected clock's time, for the schedule.
     * @return {@link #BOUND}, {@link #UNKNOWN_SESSION}, {@link #ALREADY_CONNECTED}, {@link #NOT_LOGON} or
     * {@link #OUTSIDE_SCHEDULE}; {@link #routedSession()} is the session found (or null).
     */
    public int route(final FixDecoder first, final long nowNanos)
    {
        return route(first, nowNanos, ANY_PORT);
    }

    /**
     * As {@link #route(FixDecoder, long)} for a connection that arrived on {@code localPort}: only sessions
     * answering on that port are candidates ({@link #ANY_PORT}: every session).
     */
    public int route(final FixDecoder first, final long nowNanos, final int localPort)
    {
        routed = find(first, localPort);
        if (first.msgType() != MsgTypes.LOGON)
        {
            return NOT_LOGON;
        }
        if (routed == null)
        {
            unknownSessions++;
            return UNKNOWN_SESSION;
        }
        if (routed.isConnected())
        {
            return ALREADY_CONNECTED;
        }
        if (!routed.isInSchedule(nowNanos))
        {
            return OUTSIDE_SCHEDULE;
        }
        return BOUND;
    }

    /** The session {@link #route} found, or null. */
    public Session routedSession()
    {
        return routed;
    }

    /** The session whose identity matches the inbound header, or null. */
    public Session find(final FixDecoder message)
    {
        return find(message, ANY_PORT);
    }

    /** The session answering on {@code localPort} whose identity matches the inbound header, or null. */
    public Session find(final FixDecoder message, final int localPort)
    {
        final int beginIndex = message.indexOf(Tags.BEGIN_STRING);
        final int senderIndex = message.indexOf(Tags.SENDER_COMP_ID);
        final int targetIndex = message.indexOf(Tags.TARGET_COMP_ID);
        if (beginIndex < 0 || senderIndex < 0 || targetIndex < 0)
        {
            return null;
        }
        final Session[] candidates = sessionArray;
        for (int i = 0; i < candidates.length; i++)
        {
            final Session session = candidates[i];
            final int port = portArray[i];
            if ((localPort == ANY_PORT || port == ANY_PORT || port == localPort) &&
                message.valueEqualsAt(beginIndex, session.beginStringBytes()) &&
                message.valueEqualsAt(senderIndex, session.targetCompIdBytes()) &&
                message.valueEqualsAt(targetIndex, session.senderCompIdBytes()))
            {
                return session;
            }
        }
        return null;
    }

    /**
     * Encode a Logout (MsgSeqNum 1, CompIDs swapped, BeginString echoed) answering a Logon for an unknown
     * session (the transport writes it, then closes the connection).
     *
     * @return length of the message written at {@code buffer[offset...]}, or 0 when the message lacks the header
     * fields to answer.
     */
    public static int encodeUnknownSessionLogout(
        final FixDecoder message, final CharSequence text, final long nowNanos, final MutableDirectBuffer buffer,
        final int offset)
    {
        final int beginIndex = message.indexOf(Tags.BEGIN_STRING);
        final int senderIndex = message.indexOf(Tags.SENDER_COMP_ID);
        final int targetIndex = message.indexOf(Tags.TARGET_COMP_ID);
        if (beginIndex < 0 || senderIndex < 0 || targetIndex < 0)
        {
            return 0;
        }
        // rare path (once per refused connection): allocation is acceptable here
        final FixEncoder encoder = new FixEncoder(message.stringAt(beginIndex).toString());
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[512 + text.length() +
            message.valueLengthAt(senderIndex) + message.valueLengthAt(targetIndex)]);
        encoder.wrap(scratch, 0).msgType(MsgTypes.LOGOUT)
            .putBytes(Tags.SENDER_COMP_ID, message.buffer(), message.valueOffsetAt(targetIndex),
                message.valueLengthAt(targetIndex))
            .putBytes(Tags.TARGET_COMP_ID, message.buffer(), message.valueOffsetAt(senderIndex),
                message.valueLengthAt(senderIndex))
            .putInt(Tags.MSG_SEQ_NUM, 1)
            .putUtcTimestamp(Tags.SENDING_TIME, nowNanos)
            .putString(Tags.TEXT, text);
        final int length = encoder.finish();
        buffer.putBytes(offset, scratch, encoder.messageOffset(), length);
        return length;
    }

    public long unknownSessions()
    {
        return unknownSessions;
    }
}
