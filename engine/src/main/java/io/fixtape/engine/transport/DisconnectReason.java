package io.fixtape.engine.transport;

/** Why a connection ended; each is counted. */
public enum DisconnectReason
{
    REMOTE_CLOSED,
    LOGOUT,
    LOGON_TIMEOUT,
    HEARTBEAT_TIMEOUT,
    UNKNOWN_SESSION,
    DUPLICATE_SESSION,
    INVALID_LOGON,
    GARBLED_BEFORE_LOGON,
    MESSAGE_TOO_LARGE,
    SEQUENCE_TOO_LOW,
    SLOW_CONSUMER,
    CONNECTION_LIMIT,
    IO_ERROR,
    /** The TLS handshake failed (untrusted certificate, no common protocol or cipher suite, not TLS) or a TLS
     * record was bad. */
    TLS_FAILURE,
    ENGINE_CLOSE,
    /** The session's store failed (write-ahead impossible): disconnected without sending anything more. */
    STORE_FAILURE,
    /** A protocol error that ends the session (e.g. a message without MsgSeqNum). */
    PROTOCOL_ERROR,
    APPLICATION
}
