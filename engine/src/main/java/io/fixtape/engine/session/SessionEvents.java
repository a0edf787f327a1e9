package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.status.SessionEventLog;
import io.fixtape.engine.status.SessionEventType;
import io.fixtape.engine.transport.DisconnectReason;

/**
 * One session's reporter of events to the engine's {@link SessionEventLog} (none attached: nothing is reported).
 * Each method writes one small binary record and returns; formatting happens on the event logger's thread.
 *
 * <p>Poller thread only; allocation-free.
 */
public final class SessionEvents
{
    private SessionEventLog log;
    private int index;
    private boolean backPressured;

    /** Report to {@code log} under the name {@code sessionName}; null stops reporting. Configuration time. */
    void attach(final SessionEventLog log, final String sessionName)
    {
        this.index = log == null ? 0 : log.register(sessionName);
        this.log = log;
    }

    void connected(final String remoteAddress)
    {
        final SessionEventLog target = log;
        if (target != null)
        {
            target.record(SessionEventType.CONNECTED, index, 0, 0, remoteAddress);
        }
    }

    void logon(final int heartBtIntSeconds, final boolean reset)
    {
        record(SessionEventType.LOGON, heartBtIntSeconds, reset ? 1 : 0);
    }

    void logoutSent(final LogoutReason reason, final CharSequence text)
    {
        final SessionEventLog target = log;
        if (target != null)
        {
            target.record(SessionEventType.LOGOUT_SENT, index, reason.ordinal(), 0, text);
        }
    }

    void logoutReceived(final FixDecoder m, final int seqNum)
    {
        recordWithText(SessionEventType.LOGOUT_RECEIVED, m, seqNum, 0);
    }

    void disconnected(final DisconnectReason reason)
    {
        record(SessionEventType.DISCONNECTED, reason.ordinal(), 0);
    }

    void resendRequestSent(final int begin, final int end)
    {
        record(SessionEventType.RESEND_REQUEST_SENT, begin, end);
    }

    void resendRequestReceived(final int begin, final int end)
    {
        record(SessionEventType.RESEND_REQUEST_RECEIVED, begin, end);
    }

    void sequenceResetReceived(final int newSeqNo, final boolean gapFill)
    {
        record(SessionEventType.SEQUENCE_RESET_RECEIVED, newSeqNo, gapFill ? 1 : 0);
    }

    void rejectSent(final int refSeqNum, final int reason)
    {
        record(SessionEventType.REJECT_SENT, refSeqNum, reason);
    }

    void rejectReceived(final FixDecoder m)
    {
        if (log == null)
        {
            return;
        }
        final int refSeqNum = m.getInt(Tags.REF_SEQ_NUM);
        final int reason = m.getInt(Tags.SESSION_REJECT_REASON);
        recordWithText(SessionEventType.REJECT_RECEIVED, m, refSeqNum, m.lastParseOk() ? reason : -1);
    }

    void businessRejectSent(final int refSeqNum, final int reason, final CharSequence text)
    {
        final SessionEventLog target = log;
        if (target != null)
        {
            target.record(SessionEventType.BUSINESS_REJECT_SENT, index, refSeqNum, reason, text);
        }
    }

    void storeFailure(final String message)
    {
        final SessionEventLog target = log;
        if (target != null)
        {
            target.record(SessionEventType.STORE_FAILURE, index, 0, 0, message);
        }
    }

    /** A send refused for back-pressure: reported once per run of refusals. */
    void sendRefused(final int seqNum)
    {
        if (!backPressured)
        {
            backPressured = true;
            record(SessionEventType.SLOW_CONSUMER, seqNum, 0);
        }
    }

    /** A send went out: the next refusal starts a new run. */
    void sendAccepted()
    {
        backPressured = false;
    }

    void sequenceNumbersReset()
    {
        record(SessionEventType.SEQUENCE_NUMBERS_RESET, 0, 0);
    }

    private void record(final SessionEventType type, final long a, final long b)
    {
        final SessionEventLog target = log;
        if (target != null)
        {
            target.record(type, index, a, b);
        }
    }

    private void recordWithText(final SessionEventType type, final FixDecoder m, final long a, final long b)
    {
        final SessionEventLog target = log;
        if (target == null)
        {
            return;
        }
        final int field = m.indexOf(Tags.TEXT);
        if (field < 0)
        {
            target.record(type, index, a, b);
        }
        else
        {
            target.record(type, index, a, b, m.buffer(), m.valueOffsetAt(field), m.valueLengthAt(field));
        }
    }
}
