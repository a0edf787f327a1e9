package io.fixtape.engine.runtime;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Authenticator;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreFactory;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Function;

/**
 * An acceptor template, as QuickFIX/J's {@code AcceptorTemplate=Y}: a Logon on {@link #address()} whose BeginString
 * matches and whose CompIDs match the pattern ({@value #ANY} matches any value) creates a session with the concrete
 * CompIDs of that Logon, when no configured session has them. The new session is created by {@link #endpoint} (its
 * configuration and application) and stored by {@link #storeFactory()}; from then on it is a session like any
 * other: routed, journaled, logged out at shutdown. At start-up the engine re-creates every session the store
 * factory already knows ({@link MessageStoreFactory#knownSessions}) that matches the template, so a journaled
 * session comes back with its sequence numbers before its counterparty reconnects.
 *
 * <p>The pattern is written from our side: {@code senderCompId} is ours (the Logon's TargetCompID, 56),
 * {@code targetCompId} is the counterparty's (the Logon's SenderCompID, 49). The {@link #authenticator} sees the
 * Logon's Username and Password before anything is created; a refused Logon creates nothing.
 *
 * <p>Immutable once built; matching runs on the poller thread, once per new connection.
 */
public final class SessionTemplate
{
    /** The wildcard of a CompID pattern. */
    public static final String ANY = "*";

    private final SessionId pattern;
    private final InetSocketAddress address;
    private final MessageStoreFactory storeFactory;
    private final Function<SessionId, SessionEndpoint> endpoints;
    private final Authenticator authenticator;
    private final byte[] beginString;
    private final byte[] senderCompId;
    private final byte[] targetCompId;

    private SessionTemplate(
        final SessionId pattern, final InetSocketAddress address, final MessageStoreFactory storeFactory,
        final Function<SessionId, SessionEndpoint> endpoints, final Authenticator authenticator)
    {
        this.pattern = Objects.requireNonNull(pattern, "pattern");
        this.address = Objects.requireNonNull(address, "address");
        this.storeFactory = Objects.requireNonNull(storeFactory, "storeFactory");
        this.endpoints = Objects.requireNonNull(endpoints, "endpoints");
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        this.beginString = pattern.beginString().getBytes(StandardCharsets.US_ASCII);
        this.senderCompId = ANY.equals(pattern.senderCompId()) ? null :
            pattern.senderCompId().getBytes(StandardCharsets.US_ASCII);
        this.targetCompId = ANY.equals(pattern.targetCompId()) ? null :
            pattern.targetCompId().getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * @param pattern      BeginString, our SenderCompID and their TargetCompID ({@value #ANY}: any), qualifier of the
     *                     sessions created.
     * @param address      where the engine listens for them (shared with other acceptors on the same address).
     * @param storeFactory stores the sessions created (and lists those stored before, see the class comment).
     * @param endpoints    builds the acceptor endpoint (configuration with this concrete id, application) of one
     *                     session; called on the poller thread for a Logon, on the starting thread for a recovered one.
     */
    public static SessionTemplate acceptor(
        final SessionId pattern, final InetSocketAddress address, final MessageStoreFactory storeFactory,
        final Function<SessionId, SessionEndpoint> endpoints)
    {
        return new SessionTemplate(pattern, address, storeFactory, endpoints, Authenticator.ACCEPT_ALL);
    }

    /** A copy that asks {@code authenticator} before creating a session for a Logon. */
    public SessionTemplate authenticator(final Authenticator authenticator)
    {
        return new SessionTemplate(pattern, address, storeFactory, endpoints, authenticator);
    }

    public SessionId pattern()
    {
        return pattern;
    }

    public InetSocketAddress address()
    {
        return address;
    }

    public MessageStoreFactory storeFactory()
    {
        return storeFactory;
    }

    public Authenticator authenticator()
    {
        return authenticator;
    }

    /** Whether a session with this id (ours: BeginString, our SenderCompID, their TargetCompID) is the template's. */
    public boolean matches(final SessionId id)
    {
        return pattern.beginString().equals(id.beginString()) && pattern.qualifier().equals(id.qualifier()) &&
            (senderCompId == null || pattern.senderCompId().equals(id.senderCompId())) &&
            (targetCompId == null || pattern.targetCompId().equals(id.targetCompId())) &&
            !id.senderCompId().isEmpty() && !id.targetCompId().isEmpty();
    }

    /** Whether an inbound Logon (their 49 = our target, their 56 = our sender) is for this template. */
    public boolean matches(final FixDecoder logon)
    {
        final int beginIndex = logon.indexOf(Tags.BEGIN_STRING);
        final int senderIndex = logon.indexOf(Tags.SENDER_COMP_ID);
        final int targetIndex = logon.indexOf(Tags.TARGET_COMP_ID);
        return beginIndex >= 0 && senderIndex >= 0 && targetIndex >= 0 &&
            logon.valueLengthAt(senderIndex) > 0 && logon.valueLengthAt(targetIndex) > 0 &&
            logon.valueEqualsAt(beginIndex, beginString) &&
            (targetCompId == null || logon.valueEqualsAt(senderIndex, targetCompId)) &&
            (senderCompId == null || logon.valueEqualsAt(targetIndex, senderCompId));
    }

    /** The id of the session a matching Logon creates (allocates: once per created session). */
    public SessionId sessionIdFor(final FixDecoder logon)
    {
        return new SessionId(pattern.beginString(), logon.getString(Tags.TARGET_COMP_ID).toString(),
            logon.getString(Tags.SENDER_COMP_ID).toString(), pattern.qualifier());
    }

    /** The endpoint of one session of this template. */
    public SessionEndpoint endpoint(final SessionId id)
    {
        final SessionEndpoint endpoint = endpoints.apply(id);
        if (endpoint.isInitiator() || !endpoint.config().sessionId().equals(id))
        {
            throw new IllegalStateException("template " + pattern + " built " + endpoint.config().sessionId() +
                (endpoint.isInitiator() ? " as an initiator" : "") + " for " + id);
        }
        return endpoint;
    }

    @Override
    public String toString()
    {
        return "template " + pattern + " on " + address;
    }
}
