package io.fixtape.replay.recording;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import io.fixtape.engine.session.SessionId;
import org.agrona.ExpandableArrayBuffer;

/**
 * Generates the counterparty side of a session for load tests: Logon (ResetSeqNumFlag=Y, HeartBtInt long enough
 * that no timer fires), {@code orders} NewOrderSingles at {@code ratePerSecond} in recorded time, Logout. Only
 * inbound messages: replay it once with the engine's journal kept to obtain a full recording (inbound + the
 * engine's replies in causal order). Allocates per message (a tool, not a hot path).
 */
public final class SyntheticSession
{
    private static final DateTimeFormatter SENDING_TIME =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private SyntheticSession()
    {
    }

    /**
     * @param engine        the engine's session (its SenderCompID is the engine's, the counterparty sends to it).
     * @param startNanos    recorded time of the Logon.
     */
    public static void generate(final SessionId engine, final int orders, final long ratePerSecond, final long startNanos,
        final RecordingSink sink)
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(512);
        final String header = "49=" + engine.targetCompId() + "\u000156=" + engine.senderCompId() + "\u0001";
        long time = startNanos;
        int seq = 1;
        emit(sink, engine, time, buffer, header, seq++, "A", "98=0\u0001108=3600\u0001141=Y\u0001");
        final long step = 1_000_000_000L / Math.max(1, ratePerSecond);
        for (int i = 1; i <= orders; i++)
        {
            time += step;
            final String transactTime = SENDING_TIME.format(Instant.ofEpochSecond(0, time));
            final String body = "11=C" + i + "\u000155=SYM" + (i % 10) + "\u000154=" + (i % 2 == 0 ? '1' : '2') +
                "\u000160=" + transactTime + "\u000138=" + (100 + i % 900) + "\u000140=2\u000144=12" + (i % 10) + ".25\u0001";
            emit(sink, engine, time, buffer, header, seq++, "D", body);
        }
        time += step;
        emit(sink, engine, time, buffer, header, seq, "5", "");
    }

    private static void emit(final RecordingSink sink, final SessionId engine, final long time,
        final ExpandableArrayBuffer buffer, final String header, final int seq, final String type, final String fields)
    {
        final String body = "35=" + type + "\u0001" + header + "34=" + seq + "\u000152=" +
            SENDING_TIME.format(Instant.ofEpochSecond(0, time)) + "\u0001" + fields;
        final String head = "8=" + engine.beginString() + "\u00019=" + body.length() + "\u0001" + body;
        int length = buffer.putStringWithoutLengthAscii(0, head);
        int sum = 0;
        for (int i = 0; i < length; i++)
        {
            sum += buffer.getByte(i) & 0xFF;
        }
        length += buffer.putStringWithoutLengthAscii(length, "10=" + String.format("%03d", sum & 0xFF) + "\u0001");
        sink.onMessage(engine, true, time, buffer, 0, length);
    }
}
