package io.fixtape.engine.status;

import io.fixtape.engine.session.LogoutReason;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every event type as its line, stepped on the test thread; a full ring drops events (never blocks the writer) and
 * the logger says how many were lost; texts longer than the limit are cut.
 */
class SessionEventLoggerTest
{
    private final List<String> lines = new ArrayList<>();
    private final List<Boolean> warnings = new ArrayList<>();

    @Test
    void everyEventTypeIsOneLine()
    {
        final SessionEventLog log = new SessionEventLog();
        final int s = log.register("FIX.4.4:A->B");
        final byte[] text = "x58=bye".getBytes(StandardCharsets.US_ASCII);
        log.record(SessionEventType.CONNECTED, s, 0, 0, "/10.0.0.7:51234");
        log.record(SessionEventType.LOGON, s, 30, 0);
        log.record(SessionEventType.LOGOUT_SENT, s, LogoutReason.SCHEDULE_END.ordinal(), 0, "Session end");
        log.record(SessionEventType.LOGOUT_RECEIVED, s, 9, 0, new UnsafeBuffer(text), 4, 3);
        log.record(SessionEventType.DISCONNECTED, s, DisconnectReason.HEARTBEAT_TIMEOUT.ordinal(), 0);
        log.record(SessionEventType.RESEND_REQUEST_SENT, s, 5, 9);
        log.record(SessionEventType.RESEND_REQUEST_RECEIVED, s, 1, 0);
        log.record(SessionEventType.SEQUENCE_RESET_RECEIVED, s, 20, 0);
        log.record(SessionEventType.REJECT_SENT, s, 7, 5);
        log.record(SessionEventType.REJECT_RECEIVED, s, 8, -1, "bad");
        log.record(SessionEventType.BUSINESS_REJECT_SENT, s, 11, 3, "no orders");
        log.record(SessionEventType.STORE_FAILURE, s, 0, 0, "journal full");
        log.record(SessionEventType.SLOW_CONSUMER, s, 42, 0);
        log.record(SessionEventType.SEQUENCE_NUMBERS_RESET, s, 0, 0);
        drain(log);
        assertEquals(List.of(
            "FIX.4.4:A->B connected from /10.0.0.7:51234",
            "FIX.4.4:A->B logon HeartBtInt=30 reset=N",
            "FIX.4.4:A->B logout sent reason=SCHEDULE_END text=\"Session end\"",
            "FIX.4.4:A->B logout received MsgSeqNum=9 text=\"bye\"",
            "FIX.4.4:A->B disconnected reason=HEARTBEAT_TIMEOUT",
            "FIX.4.4:A->B resend request sent BeginSeqNo=5 EndSeqNo=9",
            "FIX.4.4:A->B resend request received BeginSeqNo=1 EndSeqNo=0 (infinity)",
            "FIX.4.4:A->B sequence reset received NewSeqNo=20",
            "FIX.4.4:A->B reject sent RefSeqNum=7 SessionRejectReason=5",
            "FIX.4.4:A->B reject received RefSeqNum=8 text=\"bad\"",
            "FIX.4.4:A->B business reject sent RefSeqNum=11 BusinessRejectReason=3 text=\"no orders\"",
            "FIX.4.4:A->B store failure: journal full",
            "FIX.4.4:A->B slow consumer: send refused, connection buffer full (MsgSeqNum=42)",
            "FIX.4.4:A->B sequence numbers reset to 1"), lines);
        assertEquals(List.of(false, false, false, false, false, false, false, false, true, true, true, true, true,
            false), warnings);
    }

    @Test
    void aFullRingDropsAndTheLoggerSaysHowMany()
    {
        final SessionEventLog log = new SessionEventLog(1024);
        final int s = log.register("FIX.4.4:A->B");
        int recorded = 0;
        int dropped = 0;
        for (int i = 0; i < 100; i++)
        {
            if (log.record(SessionEventType.LOGON, s, i, 0))
            {
                recorded++;
            }
            else
            {
                dropped++;
            }
        }
        assertEquals(dropped, log.dropped());
        drain(log);
        assertEquals(recorded + 1, lines.size());
        assertEquals("session events lost (logger behind): " + dropped, lines.get(lines.size() - 1));
    }

    @Test
    void longTextsAreCut()
    {
        final SessionEventLog log = new SessionEventLog();
        final int s = log.register("S");
        log.record(SessionEventType.STORE_FAILURE, s, 0, 0, "y".repeat(1000));
        drain(log);
        assertEquals("S store failure: " + "y".repeat(SessionEventLog.MAX_TEXT), lines.get(0));
    }

    private void drain(final SessionEventLog log)
    {
        final SessionEventLogger logger = new SessionEventLogger(log, (type, warning, line) ->
        {
            lines.add(line);
            warnings.add(warning);
        });
        logger.onClose(); // drains everything
    }
}
