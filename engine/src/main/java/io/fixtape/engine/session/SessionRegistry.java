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

    private final List<Session> sessions = new ArrayList<>();
    private Session[] sessionArray = new Session[0];
    private Session routed;
    private long unknownSessions;

    /** @throws IllegalArgumentException when a session with the same id is already registered. */
    public SessionRegistry add(final Session session)
    {
        for (final Session existing : sessions)
        {
            if (existing.sessionId().equals(session.sessionId()))
            {
                throw new IllegalArgumentException("duplicate session " + session.sessionId());
            }
        }
        sessions.add(session);
        sessionArray = sessions.toArray(new Session[0]);
        return this;
    }

    /**
     * Stop routing to {@code session} (a session handed to another engine between connections).
     *
     * @return false when it was not registered here.
     */
    public boolean remove(final Session session)
    {
        if (!sessions.remove(session))
        {
            return false;
        }
        sessionArray = sessions.toArray(new Session[0]);
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
        routed = find(first);
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
        final int beginIndex = message.indexOf(Tags.BEGIN_STRING);
        final int senderIndex = message.indexOf(Tags.SENDER_COMP_ID);
        final int targetIndex = message.indexOf(Tags.TARGET_COMP_ID);
        if (beginIndex < 0 || senderIndex < 0 || targetIndex < 0)
        {
            return null;
        }
        for (final Session session : sessionArray)
        {
            if (message.valueEqualsAt(beginIndex, session.beginStringBytes()) &&
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
