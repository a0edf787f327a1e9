package io.fixtape.engine.status;

/**
 * The kinds of session event {@link SessionEventLog} carries, with what their two numbers ({@code a}, {@code b})
 * and their text mean. Codes are the ring buffer's message types (positive, stable).
 */
public enum SessionEventType
{
    /** A connection bound to the session. Text: remote address. */
    CONNECTED(1, false),
    /** Logged on. a: HeartBtInt in force (seconds); b: 1 when sequence numbers were reset by this Logon. */
    LOGON(2, false),
    /** We sent a Logout. a: {@code LogoutReason} ordinal. Text: the Logout's Text. */
    LOGOUT_SENT(3, false),
    /** The counterparty sent a Logout. a: its MsgSeqNum. Text: its Text (58). */
    LOGOUT_RECEIVED(4, false),
    /** The connection ended. a: {@code DisconnectReason} ordinal. */
    DISCONNECTED(5, false),
    /** We asked for a resend. a: BeginSeqNo; b: EndSeqNo (0 = infinity). */
    RESEND_REQUEST_SENT(6, false),
    /** The counterparty asked for a resend. a: BeginSeqNo; b: EndSeqNo (0 = infinity). */
    RESEND_REQUEST_RECEIVED(7, false),
    /** A SequenceReset arrived. a: NewSeqNo; b: 1 for a gap fill. */
    SEQUENCE_RESET_RECEIVED(8, false),
    /** We sent a Reject. a: RefSeqNum; b: SessionRejectReason. */
    REJECT_SENT(9, true),
    /** The counterparty sent a Reject. a: RefSeqNum; b: SessionRejectReason (-1 when absent). Text: its Text. */
    REJECT_RECEIVED(10, true),
    /** We sent a BusinessMessageReject. a: RefSeqNum; b: BusinessRejectReason. Text: its Text. */
    BUSINESS_REJECT_SENT(11, true),
    /** The store refused a write or read. Text: the store's message. */
    STORE_FAILURE(12, true),
    /** A send was refused because the connection's buffer was full (first of a run). a: MsgSeqNum it would have had. */
    SLOW_CONSUMER(13, true),
    /** Both sequence numbers back to 1. */
    SEQUENCE_NUMBERS_RESET(14, false);

    private static final SessionEventType[] BY_CODE = new SessionEventType[16];

    static
    {
        for (final SessionEventType type : values())
        {
            BY_CODE[type.code] = type;
        }
    }

    private final int code;
    private final boolean warning;

    SessionEventType(final int code, final boolean warning)
    {
        this.code = code;
        this.warning = warning;
    }

    public int code()
    {
        return code;
    }

    /** Logged at WARN rather than INFO. */
    public boolean isWarning()
    {
        return warning;
    }

    /** The type with this code, or null. */
    public static SessionEventType of(final int code)
    {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
