package io.fixtape.engine.session;

/**
 * Where a {@link Session} is in its life cycle.
 *
 * <pre>
 *  DISCONNECTED --onConnect(acceptor)--> AWAITING_LOGON --Logon ok--> ACTIVE
 *  DISCONNECTED --onConnect(initiator, Logon sent)--> LOGON_SENT --Logon reply--> ACTIVE
 *  ACTIVE --logout()/protocol error--> LOGOUT_SENT --Logout reply or timeout--> DISCONNECTED
 *  any --Logout received / disconnect / fatal error--> DISCONNECTED
 * </pre>
 */
public enum SessionState
{
    /** No connection bound. */
    DISCONNECTED,
    /** Acceptor: connection bound, waiting for the counterparty's Logon. */
    AWAITING_LOGON,
    /** Initiator: our Logon is sent, waiting for the reply. */
    LOGON_SENT,
    /** Logged on: application messages flow. */
    ACTIVE,
    /** We sent a Logout and wait for the reply (or the logout timeout). */
    LOGOUT_SENT
}
