package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * <p>Sessions are added at start-up (and by acceptor templates, on a Logon); {@link #route} runs on the poller thread
 * and allocates nothing: one hash lookup of the header's BeginString and CompIDs, however many sessions there are.
 * Not thread-safe.
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

    private final Map<SessionId, Session> byId = new LinkedHashMap<>();
    /** Sessions by a hash of BeginString, their CompIDs: one lookup per connection whatever the number of sessions. */
    private final Long2ObjectHashMap<Registered[]> byHeader = new Long2ObjectHashMap<>();
    private Session routed;
    private long unknownSessions;

    /** A session and the port it answers on. */
    private static final class Registered
    {
        private final Session session;
        private final int port;

        private Registered(final Session session, final int port)
        {
            this.session = session;
            this.port = port;
        }

        private boolean answersOn(final int localPort)
        {
            return localPort == ANY_PORT || port == ANY_PORT || port == localPort;
        }
    }

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
        if (byId.containsKey(id))
        {
            throw new IllegalArgumentException("duplicate session " + id);
        }
        final long key = hash(session);
        final Registered[] bucket = byHeader.get(key);
        if (bucket != null)
        {
            for (final Registered existing : bucket)
            {
                if (sameCompIds(existing.session.sessionId(), id) && existing.answersOn(port))
                {
                    throw new IllegalArgumentException("sessions " + existing.session.sessionId() + " and " + id +
                        " have the same BeginString and CompIDs on one port: a Logon cannot tell them apart " +
                        "(SessionQualifier sessions need their own SocketAcceptPort)");
                }
            }
        }
        byId.put(id, session);
        final Registered registered = new Registered(session, port);
        if (bucket == null)
        {
            byHeader.put(key, new Registered[] {registered});
        }
        else
        {
            final Registered[] more = Arrays.copyOf(bucket, bucket.length + 1);
            more[bucket.length] = registered;
            byHeader.put(key, more);
        }
        return this;
    }

    private static boolean sameCompIds(final SessionId a, final SessionId b)
    {
        return a.beginString().equals(b.beginString()) && a.senderCompId().equals(b.senderCompId()) &&
            a.targetCompId().equals(b.targetCompId());
    }

    /**
     * Stop routing to {@code session} (a session handed to another engine between connections).
     *
     * @return false when it was not registered here.
     */
    public boolean remove(final Session session)
    {
        if (byId.get(session.sessionId()) != session)
        {
            return false;
        }
        byId.remove(session.sessionId());
        final long key = hash(session);
        final Registered[] bucket = byHeader.get(key);
        final Registered[] fewer = new Registered[bucket.length - 1];
        for (int i = 0, j = 0; i < bucket.length; i++)
        {
            if (bucket[i].session != session)
            {
                fewer[j++] = bucket[i];
            }
        }
        if (fewer.length == 0)
        {
            byHeader.remove(key);
        }
        else
        {
            byHeader.put(key, fewer);
        }
        return true;
    }

    public List<Session> sessions()
    {
        return List.copyOf(byId.values());
    }

    /** Whether a session with this id is registered. */
    public boolean contains(final SessionId sessionId)
    {
        return byId.containsKey(sessionId);
    }

    public int size()
    {
        return byId.size();
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
        final DirectBuffer buffer = message.buffer();
        final long key = hash(hash(hash(FNV_OFFSET, buffer, message.valueOffsetAt(beginIndex), message.valueLengthAt(beginIndex)),
            buffer, message.valueOffsetAt(targetIndex), message.valueLengthAt(targetIndex)),
            buffer, message.valueOffsetAt(senderIndex), message.valueLengthAt(senderIndex));
        final Registered[] bucket = byHeader.get(key);
        if (bucket == null)
        {
            return null;
        }
        for (final Registered registered : bucket)
        {
            final Session session = registered.session;
            if (registered.answersOn(localPort) && message.valueEqualsAt(beginIndex, session.beginStringBytes()) &&
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
     * @return length of the message written at {@code buffer[offset...]}, or 0 (nothing written) when the message
     * lacks the header fields to answer, a CompID is empty (the answer would carry a field without a value), or the
     * answer does not fit in {@code buffer} (CompIDs as long as the message size limit allows).
     */
    public static int encodeUnknownSessionLogout(
        final FixDecoder message, final CharSequence text, final long nowNanos, final MutableDirectBuffer buffer,
        final int offset)
    {
        final int beginIndex = message.indexOf(Tags.BEGIN_STRING);
        final int senderIndex = message.indexOf(Tags.SENDER_COMP_ID);
        final int targetIndex = message.indexOf(Tags.TARGET_COMP_ID);
        if (beginIndex < 0 || senderIndex < 0 || targetIndex < 0 ||
            message.valueLengthAt(senderIndex) == 0 || message.valueLengthAt(targetIndex) == 0)
        {
            return 0;
        }
        // rare path (once per refused connection): allocation is acceptable here
        final FixEncoder encoder = new FixEncoder(message.stringAt(beginIndex).toString());
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[512 + text.length() + message.valueLengthAt(beginIndex) +
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
        if (length > buffer.capacity() - offset)
        {
            return 0;
        }
        buffer.putBytes(offset, scratch, encoder.messageOffset(), length);
        return length;
    }

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    /** BeginString, our SenderCompID, our TargetCompID: the same value {@link #find} computes from their header. */
    private static long hash(final Session session)
    {
        long h = FNV_OFFSET;
        h = mix(h, session.beginStringBytes());
        h = mix(h, session.senderCompIdBytes());
        return mix(h, session.targetCompIdBytes());
    }

    private static long mix(final long seed, final byte[] value)
    {
        long h = seed;
        for (final byte b : value)
        {
            h = (h ^ (b & 0xFF)) * FNV_PRIME;
        }
        return (h ^ 0x1FF) * FNV_PRIME; // a separator no byte value produces: "AB"+"C" differs from "A"+"BC"
    }

    private static long hash(final long seed, final DirectBuffer buffer, final int offset, final int length)
    {
        long h = seed;
        for (int i = 0; i < length; i++)
        {
            h = (h ^ (buffer.getByte(offset + i) & 0xFF)) * FNV_PRIME;
        }
        return (h ^ 0x1FF) * FNV_PRIME;
    }

    public long unknownSessions()
    {
        return unknownSessions;
    }
}
