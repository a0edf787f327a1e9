package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.transport.TlsSettings;

import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * One configured session and where it meets the network: an acceptor session listens on {@link #address()}
 * (sessions sharing an address share the listening socket), an initiator session connects to it and retries
 * every {@link #reconnectIntervalNanos()}. Immutable.
 */
public final class SessionEndpoint
{
    private final SessionConfig config;
    private final Application application;
    private final InetSocketAddress address;
    private final long reconnectIntervalNanos;
    private final TlsSettings tls;

    private SessionEndpoint(
        final SessionConfig config, final Application application, final InetSocketAddress address,
        final long reconnectIntervalNanos)
    {
        this(config, application, address, reconnectIntervalNanos, null);
    }

    private SessionEndpoint(
        final SessionConfig config, final Application application, final InetSocketAddress address,
        final long reconnectIntervalNanos, final TlsSettings tls)
    {
        this.tls = tls;
        this.config = Objects.requireNonNull(config, "config");
        this.application = Objects.requireNonNull(application, "application");
        this.address = Objects.requireNonNull(address, "address");
        this.reconnectIntervalNanos = reconnectIntervalNanos;
    }

    public static SessionEndpoint acceptor(
        final SessionConfig config, final Application application, final InetSocketAddress listenAddress)
    {
        config.role(SessionConfig.Role.ACCEPTOR);
        return new SessionEndpoint(config, application, listenAddress, 0);
    }

    public static SessionEndpoint initiator(
        final SessionConfig config, final Application application, final InetSocketAddress connectAddress,
        final long reconnectIntervalNanos)
    {
        config.role(SessionConfig.Role.INITIATOR);
        if (reconnectIntervalNanos <= 0)
        {
            throw new IllegalArgumentException("ReconnectInterval must be > 0 for " + config.sessionId());
        }
        return new SessionEndpoint(config, application, connectAddress, reconnectIntervalNanos);
    }

    public SessionConfig config()
    {
        return config;
    }

    public Application application()
    {
        return application;
    }

    public InetSocketAddress address()
    {
        return address;
    }

    public boolean isInitiator()
    {
        return config.role() == SessionConfig.Role.INITIATOR;
    }

    public long reconnectIntervalNanos()
    {
        return reconnectIntervalNanos;
    }

    /**
     * The same endpoint over TLS ({@code null}: plain TCP). Acceptor sessions sharing a listening address must share
     * their TLS settings too (the engine refuses a mix at start).
     */
    public SessionEndpoint tls(final TlsSettings tls)
    {
        return new SessionEndpoint(config, application, address, reconnectIntervalNanos, tls);
    }

    /** TLS settings, or null for plain TCP. */
    public TlsSettings tls()
    {
        return tls;
    }
}
