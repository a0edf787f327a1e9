package io.fixtape.engine.session;

/**
 * Decides whether an acceptor session accepts a counterparty's Logon from its Username (553) and Password (554).
 * Called on the poller thread during Logon handling; the views are only valid during the call (copy if kept).
 * Logon is not a hot path, but implementations should still not block.
 */
@FunctionalInterface
public interface Authenticator
{
    /** Accepts every Logon (the default). */
    Authenticator ACCEPT_ALL = (sessionId, username, password) -> true;

    /**
     * @param username Username (553) or an empty sequence when absent.
     * @param password Password (554) or an empty sequence when absent.
     * @return true to accept the Logon; false answers with a Logout and disconnects.
     */
    boolean authenticate(SessionId sessionId, CharSequence username, CharSequence password);
}
