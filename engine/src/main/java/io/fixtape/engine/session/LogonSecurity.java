package io.fixtape.engine.session;

import io.fixtape.engine.api.LogonAuthenticator;
import io.fixtape.engine.api.PasswordHash;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An acceptor's Logon security settings, part of its {@link SessionConfig} ({@link SessionConfig#logonSecurity()}): the addresses a Logon may
 * come from, the Username and Password hash it must carry, the authenticators asked after those checks, and the
 * lockout after repeated failures. {@link LogonAuthentication} applies them; the defaults let every Logon in.
 *
 * <p>Set on a configuration thread before the session starts; read-only afterwards.
 */
public final class LogonSecurity
{
    private Authenticator authenticator = Authenticator.ACCEPT_ALL;
    private LogonAuthenticator logonAuthenticator = LogonAuthenticator.ACCEPT_ALL;
    private List<String> allowedRemoteAddresses = List.of();
    private String expectedUsername;
    private PasswordHash expectedPasswordHash;
    private int maxLogonFailures = SessionConfig.DEFAULT_MAX_LOGON_FAILURES;
    private long logonLockoutNanos = SessionConfig.DEFAULT_LOGON_LOCKOUT_NANOS;

    /** Decides on Username/Password of a Logon; default accept all. */
    public LogonSecurity authenticator(final Authenticator authenticator)
    {
        this.authenticator = authenticator;
        return this;
    }

    /** The application's authenticator, after the engine's own checks (see {@link LogonAuthenticator}); default accept all. */
    public LogonSecurity logonAuthenticator(final LogonAuthenticator logonAuthenticator)
    {
        this.logonAuthenticator = Objects.requireNonNull(logonAuthenticator, "logonAuthenticator");
        return this;
    }

    /**
     * Resolves the hosts now, so that a misspelt name fails the configuration rather than every Logon, and the
     * check on the poller thread compares resolved addresses without a lookup.
     *
     * @throws IllegalArgumentException naming a host that does not resolve.
     */
    public LogonSecurity allowedRemoteAddresses(final List<String> hosts)
    {
        final List<String> resolved = new ArrayList<>();
        for (final String host : hosts)
        {
            try
            {
                for (final InetAddress address : InetAddress.getAllByName(host.trim()))
                {
                    resolved.add(address.getHostAddress());
                }
            }
            catch (final UnknownHostException ex)
            {
                throw new IllegalArgumentException("AllowedRemoteAddresses: unknown host " + host.trim());
            }
        }
        this.allowedRemoteAddresses = List.copyOf(resolved);
        return this;
    }

    /** The Username (553) a Logon must carry; null (default): not checked. */
    public LogonSecurity expectedUsername(final String expectedUsername)
    {
        this.expectedUsername = expectedUsername;
        return this;
    }

    /**
     * The hash ({@link PasswordHash}, from {@code fixtape password-hash}) the Logon's Password (554) must match; null
     * (default): not checked.
     */
    public LogonSecurity expectedPasswordHash(final PasswordHash expectedPasswordHash)
    {
        this.expectedPasswordHash = expectedPasswordHash;
        return this;
    }

    /** Consecutive authentication failures before a lockout; 0: never locked out. Default 5. */
    public LogonSecurity maxLogonFailures(final int maxLogonFailures)
    {
        this.maxLogonFailures = maxLogonFailures;
        return this;
    }

    /** The first lockout's length (doubled for each further one, up to an hour). Default 60 s. */
    public LogonSecurity logonLockoutNanos(final long logonLockoutNanos)
    {
        this.logonLockoutNanos = logonLockoutNanos;
        return this;
    }

    public Authenticator authenticator()
    {
        return authenticator;
    }

    public LogonAuthenticator logonAuthenticator()
    {
        return logonAuthenticator;
    }

    /** Resolved IP addresses ({@code InetAddress.getHostAddress()} form); empty: any. */
    public List<String> allowedRemoteAddresses()
    {
        return allowedRemoteAddresses;
    }

    /** Null: not checked. */
    public String expectedUsername()
    {
        return expectedUsername;
    }

    /** Null: not checked. */
    public PasswordHash expectedPasswordHash()
    {
        return expectedPasswordHash;
    }

    /** 0: never locked out. */
    public int maxLogonFailures()
    {
        return maxLogonFailures;
    }

    public long logonLockoutNanos()
    {
        return logonLockoutNanos;
    }

    /**
     * The Logon security checks of {@link SessionConfig#conclude()}.
     *
     * @throws IllegalArgumentException naming the setting and its limit.
     */
    void conclude()
    {
        Objects.requireNonNull(authenticator, "authenticator");
        Objects.requireNonNull(logonAuthenticator, "logonAuthenticator");
        SessionConfig.require(maxLogonFailures >= 0, "MaxLogonFailures must be >= 0 (0: no lockout)");
        SessionConfig.require(logonLockoutNanos > 0, "LogonLockoutSeconds must be > 0");
    }
}
