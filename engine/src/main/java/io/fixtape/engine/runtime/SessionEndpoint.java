package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.transport.TlsSettings;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;

/**
 * One configured session and where it meets the network: an acceptor session listens on {@link #address()}
 * (sessions sharing an address share the listening socket), an initiator session connects to it, or to its
 * failover addresses ({@link #addresses()}, tried in order), and retries as its {@link ReconnectPolicy} says.
 * Immutable.
 */
public final class SessionEndpoint
{
    private final SessionConfig config;
    private final Application application;
    private final List<InetSocketAddress> addresses;
    private final ReconnectPolicy reconnect;
    private final TlsSettings tls;

    private SessionEndpoint(
        final SessionConfig config, final Application application, final List<InetSocketAddress> addresses,
        final ReconnectPolicy reconnect)
    {
        this(config, application, addresses, reconnect, null);
    }

    private SessionEndpoint(
        final SessionConfig config, final Application application, final List<InetSocketAddress> addresses,
        final ReconnectPolicy reconnect, final TlsSettings tls)
    {
        this.config = Objects.requireNonNull(config, "config");
        this.application = Objects.requireNonNull(application, "application");
        this.addresses = List.copyOf(addresses);
        this.reconnect = reconnect;
        this.tls = tls;
    }

    public static SessionEndpoint acceptor(
        final SessionConfig config, final Application application, final InetSocketAddress listenAddress)
    {
        config.role(SessionConfig.Role.ACCEPTOR);
        return new SessionEndpoint(config, application, List.of(Objects.requireNonNull(listenAddress, "address")), null);
    }

    public static SessionEndpoint initiator(
        final SessionConfig config, final Application application, final InetSocketAddress connectAddress,
        final long reconnectIntervalNanos)
    {
        if (reconnectIntervalNanos <= 0)
        {
            throw new IllegalArgumentException("ReconnectInterval must be > 0 for " + config.sessionId());
        }
        return initiator(config, application, List.of(Objects.requireNonNull(connectAddress, "address")),
            ReconnectPolicy.withInterval(reconnectIntervalNanos));
    }

    /**
     * An initiator session with failover addresses: the first is the primary, the others are tried in order when
     * a connection to the one before fails.
     */
    public static SessionEndpoint initiator(
        final SessionConfig config, final Application application, final List<InetSocketAddress> connectAddresses,
        final ReconnectPolicy reconnect)
    {
        config.role(SessionConfig.Role.INITIATOR);
        if (connectAddresses.isEmpty())
        {
            throw new IllegalArgumentException("an initiator needs at least one address: " + config.sessionId());
        }
        connectAddresses.forEach(address -> Objects.requireNonNull(address, "address"));
        return new SessionEndpoint(config, application, connectAddresses, Objects.requireNonNull(reconnect, "reconnect"));
    }

    public SessionConfig config()
    {
        return config;
    }

    public Application application()
    {
        return application;
    }

    /** Where an acceptor listens; an initiator's primary address. */
    public InetSocketAddress address()
    {
        return addresses.get(0);
    }

    /** An initiator's addresses in the order they are tried (the primary first); an acceptor's one address. */
    public List<InetSocketAddress> addresses()
    {
        return addresses;
    }

    /** An initiator's reconnect policy (null for an acceptor). */
    public ReconnectPolicy reconnect()
    {
        return reconnect;
    }

    public boolean isInitiator()
    {
        return config.role() == SessionConfig.Role.INITIATOR;
    }

    /** An initiator's base reconnect interval (0 for an acceptor). */
    public long reconnectIntervalNanos()
    {
        return reconnect == null ? 0 : reconnect.baseNanos();
    }

    /**
     * The same endpoint over TLS ({@code null}: plain TCP). Acceptor sessions sharing a listening address must share
     * their TLS settings too (the engine refuses a mix at start).
     */
    public SessionEndpoint tls(final TlsSettings tls)
    {
        return new SessionEndpoint(config, application, addresses, reconnect, tls);
    }

    /** TLS settings, or null for plain TCP. */
    public TlsSettings tls()
    {
        return tls;
    }
}
