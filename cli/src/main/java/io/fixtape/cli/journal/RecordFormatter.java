package io.fixtape.cli.journal;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import io.fixtape.journal.JournalSessionTable;

import java.time.Instant;

/**
 * Renders records for people and scripts: {@code fix} (one line, SOH shown as {@code |}, prefixed by timestamp,
 * direction and session), {@code named} (as {@code fix} with tag names and enum meanings from the session's standard
 * dictionary: {@code Side=1(BUY)}) or {@code json} (one object per line). Passwords (554, 925 NewPassword) are masked.
 */
public final class RecordFormatter
{
    /** Output formats of {@code journal cat} / {@code tail}. */
    public enum Format
    {
        fix, json, named
    }

    private final Format format;
    private JournalSessionTable registry;

    public RecordFormatter(final Format format, final JournalSessionTable registry)
    {
        this.format = format;
        this.registry = registry;
    }

    /** A newer registry (tail -f: sessions registered after the tool started). */
    public void registry(final JournalSessionTable registry)
    {
        this.registry = registry;
    }

    /** Whether the registry in use names this session id. */
    public boolean knows(final int sessionId)
    {
        return registry.sessionOf(sessionId) != null;
    }

    public String format(final JournalRecord r)
    {
        final String fix = maskPasswords(r.fixAsString()).replace('\u0001', '|');
        final String time = timestamp(r.timestampNanos());
        final String dir = JournalRecordDescriptor.directionName(r.direction());
        final SessionId session = registry.sessionOf(r.sessionId());
        final String sessionName = session == null ? "session-" + r.sessionId() : session.toString();
        final String corrupt = r.isIntact() ? "" : " CORRUPT";
        if (format == Format.fix)
        {
            return time + " " + dir + " " + sessionName + corrupt + " " + fix;
        }
        if (format == Format.named)
        {
            final String named = FieldNames.of(session == null ? "" : session.beginString())
                .name(maskPasswords(r.fixAsString()));
            return time + " " + dir + " " + sessionName + corrupt + " " + named;
        }
        final StringBuilder sb = new StringBuilder(fix.length() + 200);
        sb.append("{\"time\":\"").append(time).append("\",\"timeNanos\":").append(r.timestampNanos())
            .append(",\"direction\":\"").append(dir).append("\",\"sessionId\":").append(r.sessionId())
            .append(",\"session\":\"").append(json(sessionName)).append("\",\"seq\":").append(r.seqNum())
            .append(",\"msgType\":\"").append(json(MsgTypes.toString(r.msgType()))).append("\",\"flags\":[");
        String sep = "";
        if ((r.flags() & MessageStore.FLAG_ADMIN) != 0)
        {
            sb.append("\"admin\"");
            sep = ",";
        }
        if ((r.flags() & MessageStore.FLAG_POSS_DUP) != 0)
        {
            sb.append(sep).append("\"possdup\"");
            sep = ",";
        }
        if ((r.flags() & MessageStore.FLAG_GAP_FILL) != 0)
        {
            sb.append(sep).append("\"gapfill\"");
        }
        sb.append("],\"intact\":").append(r.isIntact()).append(",\"index\":").append(r.queueIndex())
            .append(",\"fix\":\"").append(json(fix)).append("\"}");
        return sb.toString();
    }

    static String timestamp(final long nanos)
    {
        return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L)).toString();
    }

    /** Replaces the values of Password (554) and NewPassword (925) by {@code ***}. */
    static String maskPasswords(final String fix)
    {
        String masked = mask(fix, "554=");
        masked = mask(masked, "925=");
        return masked;
    }

    private static String mask(final String fix, final String tagEq)
    {
        final StringBuilder sb = new StringBuilder(fix.length());
        int from = 0;
        while (true)
        {
            int at = fix.indexOf(tagEq, from);
            while (at > 0 && fix.charAt(at - 1) != '\u0001')
            {
                at = fix.indexOf(tagEq, at + 1);
            }
            if (at < 0)
            {
                sb.append(fix, from, fix.length());
                return sb.toString();
            }
            final int valueStart = at + tagEq.length();
            int end = fix.indexOf('\u0001', valueStart);
            if (end < 0)
            {
                end = fix.length();
            }
            sb.append(fix, from, valueStart).append("***");
            from = end;
        }
    }

    private static String json(final String s)
    {
        final StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            if (c == '"' || c == '\\')
            {
                sb.append('\\').append(c);
            }
            else if (c < 0x20)
            {
                sb.append(String.format("\\u%04x", (int)c));
            }
            else
            {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
