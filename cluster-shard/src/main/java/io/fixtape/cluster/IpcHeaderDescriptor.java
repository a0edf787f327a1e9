package io.fixtape.cluster;

/**
 * Layout of the header in front of every message fanned between session agents and the application agent over
 * Aeron IPC (both directions). Little-endian, 24 bytes, followed by the payload: the complete inbound FIX message
 * (session → application) or the body fields after {@code 35=} of a reply (application → session; the session agent
 * writes the standard header, sequence number and checksum).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------+---------------+-------------------------------+
 *  |    version    |     flags     |        worker (u16)           |  0
 *  +---------------+---------------+-------------------------------+
 *  |                     session index (i32)                       |  4
 *  +---------------------------------------------------------------+
 *  |      MsgSeqNum (i32): inbound 34; reply: the 34 it answers    |  8
 *  +---------------------------------------------------------------+
 *  |                    payload length (i32)                       | 12
 *  +---------------------------------------------------------------+
 *  |               MsgType packed as in MsgTypes (i64)             | 16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         payload ...                           | 24
 * </pre>
 *
 * Version: {@link #VERSION} (major only). A reader refuses a header of another version by counting it
 * ({@code ipc.bad.header}) and reporting it to the error handler, never by guessing its layout; it refuses in the
 * same way a flags byte that is not exactly one event kind of its direction ({@link #SESSION_EVENT_KINDS} or
 * {@link #FLAG_REPLY}) plus known modifiers ({@link #FLAG_POSS_DUP}, {@link #FLAG_LOGGED_ON}).
 *
 * <p>History: 1 — kinds app message, Logon, Logout, reply; modifier PossDup. 2 (same offsets) — adds the kind
 * {@link #FLAG_ADMIN_MESSAGE} (session-level messages reach {@code Application.onAdminMessage} under every model)
 * the kind {@link #FLAG_REPLY_NOT_SENT} (a published reply the session could not take) and the modifier
 * {@link #FLAG_LOGGED_ON} (what {@code Session.isLoggedOn()} answered when the event was produced). 3 (same
 * offsets) — adds the application → session kind {@link #FLAG_DISCONNECT} (the application's
 * {@code session.disconnect()}).
 */
public final class IpcHeaderDescriptor
{
    /** Current layout version; bump on any change of offsets or meaning. */
    public static final byte VERSION = 3;

    public static final int VERSION_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int WORKER_OFFSET = 2;
    public static final int SESSION_INDEX_OFFSET = 4;
    public static final int SEQ_NUM_OFFSET = 8;
    public static final int PAYLOAD_LENGTH_OFFSET = 12;
    public static final int MSG_TYPE_OFFSET = 16;
    public static final int HEADER_LENGTH = 24;

    /** Session → application: an application message (payload = the whole FIX message). */
    public static final byte FLAG_APP_MESSAGE = 0x01;
    /** Session → application: the session logged on (no payload). */
    public static final byte FLAG_LOGON = 0x02;
    /**
     * Session → application: the session logged out or dropped (no payload). Application → session (since version
     * 2): log the session out, as {@code Session.logout(text)} does (payload = the Text, ASCII, possibly empty).
     */
    public static final byte FLAG_LOGOUT = 0x04;
    /**
     * Application → session (since version 3): close the connection now, without Logout, as
     * {@code session.disconnect()} does (no payload). The same bit is {@link #FLAG_LOGON} in the other direction.
     */
    public static final byte FLAG_DISCONNECT = 0x02;
    /** Application → session: a reply to send (payload = body fields after 35). */
    public static final byte FLAG_REPLY = 0x08;
    /** Set on an inbound message carrying PossDupFlag=Y (informational: the app still sees 43 in the message). */
    public static final byte FLAG_POSS_DUP = 0x10;
    /**
     * Session → application: a session-level message (Heartbeat, TestRequest, ResendRequest, SequenceReset, Reject,
     * Logout) after the session handled it (payload = the whole FIX message). Since version 2.
     */
    public static final byte FLAG_ADMIN_MESSAGE = 0x20;
    /**
     * Session → application modifier: the session was logged on when it produced the event (the application's
     * {@code session.isLoggedOn()} answers this until the next event). Since version 2.
     */
    public static final byte FLAG_LOGGED_ON = 0x40;

    /**
     * Session → application: a reply (sent by the application with this session index) that the session could not
     * take because it was no longer logged on; MsgSeqNum and MsgType are the reply's, payload = its body fields.
     * Reported to a {@link ReplyNotSentListener}. Since version 2. (The flags byte is unsigned.)
     */
    public static final int FLAG_REPLY_NOT_SENT = 0x80;

    /** Event kinds of the session → application direction; exactly one is set. */
    public static final int SESSION_EVENT_KINDS =
        FLAG_APP_MESSAGE | FLAG_LOGON | FLAG_LOGOUT | FLAG_ADMIN_MESSAGE | FLAG_REPLY_NOT_SENT;
    /** Modifiers allowed next to a session → application kind. */
    public static final int SESSION_EVENT_MODIFIERS = FLAG_POSS_DUP | FLAG_LOGGED_ON;

    /**
     * Whether {@code flags} is an application → session kind: {@link #FLAG_REPLY}, {@link #FLAG_LOGOUT} or
     * {@link #FLAG_DISCONNECT}, alone.
     */
    public static boolean isValidApplicationRequest(final int flags)
    {
        return flags == FLAG_REPLY || flags == FLAG_LOGOUT || flags == FLAG_DISCONNECT;
    }

    /** Whether {@code flags} is one session → application event kind plus known modifiers only. */
    public static boolean isValidSessionEvent(final int flags)
    {
        final int kind = flags & SESSION_EVENT_KINDS;
        return kind != 0 && (kind & (kind - 1)) == 0 && (flags & ~(SESSION_EVENT_KINDS | SESSION_EVENT_MODIFIERS)) == 0;
    }

    /** Aeron stream id of the session → application stream (one shared IPC log, one publication per worker). */
    public static final int INBOUND_STREAM_ID = 7001;
    /** Aeron stream id of worker {@code w}'s reply stream is {@code REPLY_STREAM_ID_BASE + w}. */
    public static final int REPLY_STREAM_ID_BASE = 7100;

    private IpcHeaderDescriptor()
    {
    }
}
