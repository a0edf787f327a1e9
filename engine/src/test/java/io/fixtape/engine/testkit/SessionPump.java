package io.fixtape.engine.testkit;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.transport.DisconnectReason;

/**
 * What a transport does for one session, in-process: frame the bytes that arrived on the session's connection
 * with the real {@link FixFramer}, hand complete messages to {@link Session#onMessage}, garbled ones to
 * {@link Session#onGarbled}, and report a peer close as {@link DisconnectReason#REMOTE_CLOSED}. Allocation-free
 * per message. Single-threaded.
 */
public final class SessionPump
{
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final Session session;
    private InProcessConnection connection;

    public SessionPump(final Session session)
    {
        this.session = session;
    }

    /** Bind {@code connection} to the session ({@code initiated}: the session sends its Logon). */
    public boolean connect(final InProcessConnection connection, final boolean initiated)
    {
        this.connection = connection;
        return session.onConnect(connection, initiated);
    }

    public InProcessConnection connection()
    {
        return connection;
    }

    public Session session()
    {
        return session;
    }

    /** Deliver everything complete in the inbox. @return messages delivered. */
    public int poll()
    {
        if (connection == null)
        {
            return 0;
        }
        int delivered = 0;
        int offset = 0;
        final int length = connection.inboxLength();
        while (offset < length)
        {
            final int result = framer.frame(connection.inbox(), offset, length - offset);
            if (result == FixFramer.PARTIAL)
            {
                break;
            }
            if (result < 0)
            {
                session.onGarbled(framer.lastReason());
                offset += -result;
                continue;
            }
            decoder.wrap(connection.inbox(), offset, result);
            offset += result;
            session.onMessage(decoder);
            delivered++;
        }
        if (offset > 0)
        {
            connection.consume(offset);
        }
        if (connection.isPeerClosed() && session.connection() == connection)
        {
            session.onDisconnect(connection, DisconnectReason.REMOTE_CLOSED);
        }
        return delivered;
    }
}
