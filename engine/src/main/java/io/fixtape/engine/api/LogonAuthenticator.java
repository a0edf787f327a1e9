package io.fixtape.engine.api;

/**
 * Decides whether an acceptor session accepts a counterparty's Logon. It sees the whole Logon (every field), the
 * remote address and the session id ({@link LogonRequest}) and returns {@link LogonDecision#ACCEPT} or a rejection
 * whose reason becomes the Text (58) of the Logout that refuses the Logon (the connection is then closed and the
 * refusal counted).
 *
 * <p>Runs after the engine's own checks, which are configured from settings: {@code AllowedRemoteAddresses},
 * {@code ExpectedUsername}/{@code ExpectedPasswordHash} and the lockout after repeated failures
 * ({@code MaxLogonFailures}, {@code LogonLockoutSeconds}); a rejection by this authenticator counts as a failure for
 * the lockout as theirs do.
 *
 * <p>Called on the poller thread while the Logon is handled: do not block (no network or database calls; look up
 * what was loaded in advance). The request is only valid during the call.
 */
@FunctionalInterface
public interface LogonAuthenticator
{
    /** Accepts every Logon (the default). */
    LogonAuthenticator ACCEPT_ALL = logon -> LogonDecision.ACCEPT;

    /**
     * Decide on one Logon.
     *
     * @param logon the Logon, its remote address and session (valid only during the call).
     * @return {@link LogonDecision#ACCEPT} or a {@link LogonDecision#reject(String) rejection}.
     */
    LogonDecision authenticate(LogonRequest logon);
}
