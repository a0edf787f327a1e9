package io.fixtape.engine.runtime;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.session.SessionRegistry;
import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/**
 * Admits accepted connections to sessions: counts each one against the caps on connections without a Logon
 * ({@link UnauthenticatedConnections}) until its first message routes it, and routes that first message through
 * {@link SessionRegistry#route} to a configured session, to a session an acceptor template creates, or to a refusal.
 *
 * <p>An unknown session is answered with a Logout (when its BeginString is one we serve) and disconnected; a Logon a
 * template's authenticator refuses gets a Logout and a disconnect; a second connection for a connected session or a
 * first message that is not a Logon ends in a disconnect. Each case is counted in {@link EngineCounters}; other
 * connections are not affected.
 *
 * <p>Poller thread only ({@link EnginePoller}). Routing to a configured session allocates nothing; a refusal encodes
 * its Logout into one preallocated buffer; creating a template session allocates, once per new session.
 */
final class ConnectionAdmission
{
    private final SessionRegistry registry;
    private final SessionTemplate[] templates;
    private final SessionCreator creator;
    private final UnauthenticatedConnections unauthenticated;
    private final byte[][] servedBeginStrings;
    private final EpochNanoClock clock;
    private final EngineCounters counters;
    private final ErrorHandler errorHandler;
    private final UnsafeBuffer refusalBuffer = new UnsafeBuffer(new byte[2048]);

    /**
     * @param sessions                     the configured sessions, whose BeginStrings (with the templates') are
     *                                     answered with a Logout when unknown.
     * @param maxUnauthenticated           accepted connections without a Logon, overall.
     * @param maxUnauthenticatedPerAddress accepted connections without a Logon, per remote address.
     */
    ConnectionAdmission(
        final SessionRegistry registry,
        final List<Session> sessions,
        final List<SessionTemplate> templates,
        final SessionCreator creator,
        final int maxUnauthenticated,
        final int maxUnauthenticatedPerAddress,
        final EpochNanoClock clock,
        final EngineCounters counters,
        final ErrorHandler errorHandler)
    {
        this.registry = registry;
        this.templates = templates.toArray(new SessionTemplate[0]);
        this.creator = creator;
        this.unauthenticated = new UnauthenticatedConnections(maxUnauthenticated, maxUnauthenticatedPerAddress);
        this.servedBeginStrings = Stream.concat(
            sessions.stream().map(s -> s.sessionId().beginString()),
            templates.stream().map(t -> t.pattern().beginString()))
            .distinct().map(s -> s.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
        this.clock = clock;
        this.counters = counters;
        this.errorHandler = errorHandler;
    }

    /**
     * Count a newly accepted connection as one without a Logon.
     *
     * @return false when a cap refuses it: counted, and the connection is closed.
     */
    boolean admit(final ConnectionState state)
    {
        state.unauthenticatedAddress = unauthenticated.admit(state.connection);
        if (state.unauthenticatedAddress == null)
        {
            counters.connectionsRefusedUnauthenticated.incrementRelease();
            state.connection.close(DisconnectReason.CONNECTION_LIMIT);
            return false;
        }
        return true;
    }

    /** The connection was routed or closed: it no longer counts against the caps (a no-op when it never did). */
    void release(final ConnectionState state)
    {
        if (state.unauthenticatedAddress != null)
        {
            unauthenticated.release(state.unauthenticatedAddress);
            state.unauthenticatedAddress = null;
        }
    }

    /**
     * Route the first message ({@code decoder}) of an accepted connection that has no session yet; a routed
     * connection gets its session bound and the message delivered to it.
     *
     * @param creating whether an acceptor template may create a session now (false while shutting down).
     * @return whether the connection is still open (the framer goes on with its bytes).
     */
    boolean routeFirstMessage(
        final ConnectionState state, final FixDecoder decoder, final long nowNanos, final boolean creating)
    {
        final Connection connection = state.connection;
        switch (registry.route(decoder, nowNanos, connection.localPort()))
        {
            case SessionRegistry.BOUND:
            {
                final Session session = registry.routedSession();
                if (!session.onConnect(connection, false))
                {
                    connection.close(DisconnectReason.DUPLICATE_SESSION);
                    return false;
                }
                state.session = session;
                release(state);
                session.onMessage(decoder);
                return connection.isOpen();
            }
            case SessionRegistry.UNKNOWN_SESSION:
            {
                final SessionTemplate template = creating ? templateFor(decoder) : null;
                if (template != null)
                {
                    return createFromTemplate(template, state, decoder);
                }
                counters.unknownSessions.incrementRelease();
                if (servesBeginString(decoder))
                {
                    refuse(connection, decoder, "Unknown session");
                }
                connection.close(DisconnectReason.UNKNOWN_SESSION);
                return false;
            }
            case SessionRegistry.ALREADY_CONNECTED:
                connection.close(DisconnectReason.DUPLICATE_SESSION);
                return false;
            case SessionRegistry.NOT_LOGON:
                counters.messagesBeforeLogon.incrementRelease();
                connection.close(DisconnectReason.INVALID_LOGON);
                return false;
            default:
                connection.close(DisconnectReason.INVALID_LOGON);
                return false;
        }
    }

    private SessionTemplate templateFor(final FixDecoder logon)
    {
        if (logon.msgType() != MsgTypes.LOGON)
        {
            return null;
        }
        for (final SessionTemplate template : templates)
        {
            if (template.matches(logon))
            {
                return template;
            }
        }
        return null;
    }

    /**
     * A Logon no session has, matching a template: ask the template's authenticator, then create, store and serve
     * the session and hand it this connection and Logon as if it had been configured. Once per new session, so the
     * allocation is fine; a refused Logon creates nothing (Logout, disconnect); a failure to create (e.g. the
     * store cannot be opened, the journal holds its most sessions) answers a Logout, disconnects and is reported.
     */
    private boolean createFromTemplate(
        final SessionTemplate template, final ConnectionState state, final FixDecoder logon)
    {
        final Connection connection = state.connection;
        final SessionId id = template.sessionIdFor(logon);
        if (!template.authenticator().authenticate(id, logon.getString(Tags.USERNAME).toString(),
            logon.getString(Tags.PASSWORD).toString()))
        {
            counters.templateLogonsRefused.incrementRelease();
            refuse(connection, logon, "Logon rejected");
            connection.close(DisconnectReason.INVALID_LOGON);
            return false;
        }
        final Session session;
        try
        {
            session = creator.create(template, id);
        }
        catch (final RuntimeException ex)
        {
            counters.errors.incrementRelease();
            errorHandler.onError(ex); // the reason (e.g. the journal's session limit) goes to the log, not the peer
            refuse(connection, logon, "Session not available");
            connection.close(DisconnectReason.APPLICATION);
            return false;
        }
        counters.templateSessionsCreated.incrementRelease();
        if (!session.onConnect(connection, false))
        {
            connection.close(DisconnectReason.DUPLICATE_SESSION);
            return false;
        }
        state.session = session;
        release(state); // routed: it no longer counts against MaxUnauthenticatedConnections
        session.onMessage(logon);
        return connection.isOpen();
    }

    /** Answer with a Logout carrying {@code text} (CompIDs swapped); nothing when the header cannot be answered. */
    private void refuse(final Connection connection, final FixDecoder message, final String text)
    {
        final int length = SessionRegistry.encodeUnknownSessionLogout(
            message, text, clock.nanoTime(), refusalBuffer, 0);
        if (length > 0)
        {
            connection.write(refusalBuffer, 0, length);
        }
    }

    private boolean servesBeginString(final FixDecoder message)
    {
        final int index = message.indexOf(Tags.BEGIN_STRING);
        if (index < 0)
        {
            return false;
        }
        for (final byte[] beginString : servedBeginStrings)
        {
            if (message.valueEqualsAt(index, beginString))
            {
                return true;
            }
        }
        return false;
    }

    /** Creates, stores and serves ({@link EnginePoller#addSession}) the session of a template for a Logon. */
    @FunctionalInterface
    interface SessionCreator
    {
        Session create(SessionTemplate template, SessionId id);
    }
}
