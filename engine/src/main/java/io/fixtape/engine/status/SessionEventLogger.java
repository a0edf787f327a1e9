package io.fixtape.engine.status;

import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.MessageHandler;

/**
 * The agent that turns {@link SessionEventLog} records into lines for a {@link SessionEventSink}: one line per
 * event, {@code <session> <event> <details>}, e.g. {@code FIX.4.4:EXEC->BANK logon HeartBtInt=30 reset=N}. It runs
 * on its own thread ({@value #ROLE_NAME}), so formatting and logging cost the poller nothing; on close it drains
 * what is left. Lost events (a full ring) are reported as one line when it notices them.
 */
public final class SessionEventLogger implements Agent, MessageHandler
{
    /** Thread and agent name. */
    public static final String ROLE_NAME = "fixtape-events";
    private static final int READ_LIMIT = 64;
    private static final LogoutReason[] LOGOUT_REASONS = LogoutReason.values();
    private static final DisconnectReason[] DISCONNECT_REASONS = DisconnectReason.values();

    private final SessionEventLog log;
    private final SessionEventSink sink;
    private final StringBuilder line = new StringBuilder(256);
    private long droppedReported;

    public SessionEventLogger(final SessionEventLog log, final SessionEventSink sink)
    {
        this.log = log;
        this.sink = sink;
    }

    @Override
    public int doWork()
    {
        int work = log.read(this, READ_LIMIT);
        final long dropped = log.dropped();
        if (dropped != droppedReported)
        {
            sink.onEvent(null, true, "session events lost (logger behind): " + (dropped - droppedReported));
            droppedReported = dropped;
            work++;
        }
        return work;
    }

    @Override
    public void onClose()
    {
        while (doWork() > 0)
        {
            // drain: the engine's last events (Logouts, disconnects at shutdown) are logged too
        }
    }

    @Override
    public String roleName()
    {
        return ROLE_NAME;
    }

    @Override
    public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        final SessionEventType type = SessionEventType.of(msgTypeId);
        if (type == null)
        {
            return;
        }
        final int session = buffer.getInt(index + SessionEventLog.SESSION_OFFSET);
        final int textLength = buffer.getInt(index + SessionEventLog.TEXT_LENGTH_OFFSET);
        final long a = buffer.getLong(index + SessionEventLog.A_OFFSET);
        final long b = buffer.getLong(index + SessionEventLog.B_OFFSET);
        final String text = textLength > 0 ? buffer.getStringWithoutLengthAscii(
            index + SessionEventLog.TEXT_OFFSET, textLength) : null;
        line.setLength(0);
        line.append(log.sessionName(session)).append(' ');
        format(type, a, b, text, line);
        sink.onEvent(type, type.isWarning(), line.toString());
    }

    /** The event and its details (after the session's name). */
    static void format(
        final SessionEventType type, final long a, final long b, final String text, final StringBuilder out)
    {
        switch (type)
        {
            case CONNECTED -> out.append("connected from ").append(text);
            case LOGON -> out.append("logon HeartBtInt=").append(a).append(" reset=").append(b != 0 ? 'Y' : 'N');
            case LOGOUT_SENT -> out.append("logout sent reason=").append(name(LOGOUT_REASONS, a));
            case LOGOUT_RECEIVED -> out.append("logout received MsgSeqNum=").append(a);
            case DISCONNECTED -> out.append("disconnected reason=").append(name(DISCONNECT_REASONS, a));
            case RESEND_REQUEST_SENT -> range(out.append("resend request sent "), a, b);
            case RESEND_REQUEST_RECEIVED -> range(out.append("resend request received "), a, b);
            case SEQUENCE_RESET_RECEIVED ->
                out.append(b != 0 ? "gap fill received NewSeqNo=" : "sequence reset received NewSeqNo=").append(a);
            case REJECT_SENT -> out.append("reject sent RefSeqNum=").append(a).append(" SessionRejectReason=").append(b);
            case REJECT_RECEIVED ->
            {
                out.append("reject received RefSeqNum=").append(a);
                if (b >= 0)
                {
                    out.append(" SessionRejectReason=").append(b);
                }
            }
            case BUSINESS_REJECT_SENT ->
                out.append("business reject sent RefSeqNum=").append(a).append(" BusinessRejectReason=").append(b);
            case STORE_FAILURE -> out.append("store failure");
            case SLOW_CONSUMER -> out.append("slow consumer: send refused, connection buffer full (MsgSeqNum=")
                .append(a).append(')');
            case SEQUENCE_NUMBERS_RESET -> out.append("sequence numbers reset to 1");
            default -> out.append(type.name().toLowerCase());
        }
        if (text != null && type != SessionEventType.CONNECTED)
        {
            out.append(type == SessionEventType.STORE_FAILURE ? ": " : " text=\"").append(text)
                .append(type == SessionEventType.STORE_FAILURE ? "" : "\"");
        }
    }

    private static void range(final StringBuilder out, final long begin, final long end)
    {
        out.append("BeginSeqNo=").append(begin).append(" EndSeqNo=").append(end);
        if (end == 0)
        {
            out.append(" (infinity)");
        }
    }

    private static String name(final Enum<?>[] values, final long ordinal)
    {
        return ordinal >= 0 && ordinal < values.length ? values[(int)ordinal].name() : Long.toString(ordinal);
    }
}
