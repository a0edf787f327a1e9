package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.SessionRecording;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class FixDiffTest
{
    private static final SessionId SESSION = new SessionId("FIX.4.4", "ENGINE", "CLIENT");

    private static byte[] fix(final String body)
    {
        final String text = body.replace('|', '\u0001');
        final String withLength = "8=FIX.4.4\u00019=" + text.length() + "\u0001" + text;
        int sum = 0;
        for (final byte b : withLength.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (withLength + "10=" + String.format("%03d", sum % 256) + "\u0001").getBytes(StandardCharsets.US_ASCII);
    }

    private static void add(final SessionRecording recording, final boolean inbound, final String body)
    {
        final byte[] bytes = fix(body);
        recording.add(inbound, 0, new UnsafeBuffer(bytes), 0, bytes.length);
    }

    private static SessionRecording recorded()
    {
        final SessionRecording recording = new SessionRecording(SESSION);
        add(recording, true, "35=D|34=2|11=c1|55=IBM|");
        add(recording, false, "35=8|34=2|37=1|11=c1|17=1|55=IBM|");
        add(recording, true, "35=D|34=3|11=c2|55=MSFT|");
        add(recording, false, "35=8|34=3|37=2|11=c2|17=2|55=MSFT|");
        return recording;
    }

    private static SessionRecording replayed(final String first, final String second)
    {
        final SessionRecording recording = new SessionRecording(SESSION);
        add(recording, false, first);
        if (second != null)
        {
            add(recording, false, second);
        }
        return recording;
    }

    @Test
    void identicalOutboundIsClean()
    {
        final FixDiff.Report report = new FixDiff(Set.of()).compare(recorded(),
            replayed("35=8|34=2|37=1|11=c1|17=1|55=IBM|", "35=8|34=3|37=2|11=c2|17=2|55=MSFT|"));
        assertTrue(report.isClean(), report.describe(10));
        assertEquals(2, report.recordedMessages);
        assertEquals("diff: 2 recorded vs 2 replayed outbound messages: identical", report.describe(10));
    }

    @Test
    void changedValueIsReportedByTagWithDerivedFieldsLast()
    {
        final FixDiff.Report report = new FixDiff(Set.of()).compare(recorded(),
            replayed("35=8|34=2|37=1|11=c1|17=1|55=IBM|", "35=8|34=3|37=ORD-2|11=c2|17=2|55=MSFT|"));
        assertFalse(report.isClean());
        assertEquals(1, report.messagesWithDifferences);
        final FixDiff.Difference first = report.differences.get(0);
        assertEquals(3, first.seqNum);
        assertEquals("8", first.msgType);
        assertEquals(37, first.tag);
        assertEquals("2", first.recorded);
        assertEquals("ORD-2", first.replayed);
        assertFalse(first.derived);
        assertEquals("seq=3 MsgType=8 tag=37 recorded=\"2\" replayed=\"ORD-2\"", first.toString());
        assertTrue(report.differences.stream().skip(1).allMatch(d -> d.derived), report.describe(10));
    }

    @Test
    void ignoredTagsMissingExtraFieldsAndMessages()
    {
        final FixDiff.Report ignored = new FixDiff(Set.of(37, 9, 10)).compare(recorded(),
            replayed("35=8|34=2|37=9|11=c1|17=1|55=IBM|", "35=8|34=3|37=8|11=c2|17=2|55=MSFT|"));
        assertTrue(ignored.isClean(), ignored.describe(10));

        final FixDiff.Report missing = new FixDiff(Set.of(9, 10)).compare(recorded(),
            replayed("35=8|34=2|37=1|11=c1|55=IBM|58=extra|", null));
        assertEquals(3, missing.differences.size(), missing.describe(10));
        assertEquals(17, missing.differences.get(0).tag);
        assertNull(missing.differences.get(0).replayed);
        assertEquals(58, missing.differences.get(1).tag);
        assertNull(missing.differences.get(1).recorded);
        assertEquals(0, missing.differences.get(2).tag);
        assertTrue(missing.differences.get(2).toString().contains("message missing in replay"),
            missing.differences.get(2).toString());
    }
}
