package io.fixtape.engine.session;

import io.fixtape.engine.api.LogonDecision;
import io.fixtape.engine.api.LogonRequest;
import io.fixtape.engine.api.PasswordHash;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import org.agrona.AsciiSequenceView;

import java.util.List;

/**
 * The acceptor's Logon authentication, in this order: the remote address against {@code AllowedRemoteAddresses};
 * the lockout (after {@code MaxLogonFailures} consecutive failures no Logon is even checked for
 * {@code LogonLockoutSeconds}, doubled for each further lockout up to an hour); Username (553) and Password (554)
 * against {@code ExpectedUsername}/{@code ExpectedPasswordHash}; the session's {@link Authenticator} and then the
 * application's {@link io.fixtape.engine.api.LogonAuthenticator}. Credential and authenticator refusals count
 * towards the lockout; address refusals do not (a stranger's address must not lock the real counterparty out). A
 * successful Logon clears the count.
 *
 * <p>One per session, poller thread only. The request view is reused; refusals use constant texts except the
 * application's own reason.
 */
final class LogonAuthentication implements LogonRequest
{
    static final String ADDRESS_NOT_ALLOWED = "Logon refused: remote address not allowed";
    static final String LOCKED_OUT = "Logon refused: locked out after repeated failures, try later";
    static final String BAD_CREDENTIALS = "Logon refused: unknown username or wrong password";
    static final String REJECTED = "Logon rejected";
    private static final long MAX_LOCKOUT_NANOS = 3_600_000_000_000L;

    private final SessionConfig config;
    private final LogonSecurity security;
    private final List<String> allowedAddresses;
    private final PasswordHash passwordHash;
    private final AsciiSequenceView usernameView = new AsciiSequenceView();
    private final AsciiSequenceView passwordView = new AsciiSequenceView();
    private FixDecoder logon;
    private String remoteAddress;
    private long now;
    private int consecutiveFailures;
    private int lockouts;
    private long lockedUntilNanos = Long.MIN_VALUE;

    LogonAuthentication(final SessionConfig config)
    {
        this.config = config;
        this.security = config.logonSecurity();
        this.allowedAddresses = security.allowedRemoteAddresses();
        this.passwordHash = security.expectedPasswordHash();
    }

    /**
     * @return null when accepted, else the Text (58) of the refusing Logout.
     */
    String check(final FixDecoder logon, final String remoteAddress, final long now)
    {
        this.logon = logon;
        this.remoteAddress = remoteAddress;
        this.now = now;
        try
        {
            if (!allowedAddresses.isEmpty() && !isAllowed(remoteAddress))
            {
                return ADDRESS_NOT_ALLOWED;
            }
            if (now < lockedUntilNanos)
            {
                return LOCKED_OUT;
            }
            final String refusal = checkCredentials();
            if (refusal != null)
            {
                failed(now);
                return refusal;
            }
            consecutiveFailures = 0;
            lockouts = 0;
            return null;
        }
        finally
        {
            this.logon = null;
        }
    }

    /** Whether the session is locked out now (for tests and reports). */
    boolean isLockedOut(final long now)
    {
        return now < lockedUntilNanos;
    }

    private String checkCredentials()
    {
        final CharSequence username = username();
        final CharSequence password = password();
        final String expectedUsername = security.expectedUsername();
        if (expectedUsername != null && !expectedUsername.contentEquals(username))
        {
            return BAD_CREDENTIALS;
        }
        if (passwordHash != null && !passwordHash.matches(password))
        {
            return BAD_CREDENTIALS;
        }
        if (!security.authenticator().authenticate(config.sessionId(), username, password))
        {
            return REJECTED;
        }
        final LogonDecision decision = security.logonAuthenticator().authenticate(this);
        if (decision == null || !decision.accepted())
        {
            return decision == null ? REJECTED : decision.reason();
        }
        return null;
    }

    private void failed(final long now)
    {
        consecutiveFailures++;
        final int max = security.maxLogonFailures();
        if (max > 0 && consecutiveFailures >= max)
        {
            final long lockout = Math.min(MAX_LOCKOUT_NANOS, security.logonLockoutNanos() << Math.min(lockouts, 20));
            lockedUntilNanos = now + lockout;
            lockouts++;
            consecutiveFailures = 0;
        }
    }

    private boolean isAllowed(final String address)
    {
        if (address == null)
        {
            return false;
        }
        final int colon = address.lastIndexOf(':');
        final int hostLength = colon < 0 ? address.length() : colon;
        for (int i = 0; i < allowedAddresses.size(); i++)
        {
            final String allowed = allowedAddresses.get(i);
            if (allowed.length() == hostLength && address.startsWith(allowed))
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public SessionId sessionId()
    {
        return config.sessionId();
    }

    @Override
    public FixDecoder logon()
    {
        return logon;
    }

    @Override
    public String remoteAddress()
    {
        return remoteAddress;
    }

    @Override
    public CharSequence username()
    {
        return logon.getString(Tags.USERNAME, usernameView);
    }

    @Override
    public CharSequence password()
    {
        return logon.getString(Tags.PASSWORD, passwordView);
    }

    @Override
    public long nowNanos()
    {
        return now;
    }
}
