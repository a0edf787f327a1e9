package io.fixtape.cli.journal;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import io.fixtape.journal.JournalSessionTable;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.TreeSet;

/** Record selection options shared by {@code journal cat/tail/export} (a picocli mixin). */
public final class RecordFilter
{
    private static final DateTimeFormatter FIX_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss[.SSSSSSSSS][.SSSSSS][.SSS]");

    @Option(names = "--session", description = "session id (see journal stat)")
    Integer session;

    @Option(names = "--comp-ids", paramLabel = "SENDER:TARGET", description = "sessions by our SenderCompID and " +
        "TargetCompID (all of them when several BeginStrings or qualifiers share the CompIDs)")
    String compIds;

    @Option(names = "--direction", description = "in or out")
    String direction;

    @Option(names = "--type", paramLabel = "MSGTYPE", description = "MsgType (35), e.g. D or 8")
    String type;

    @Option(names = "--from-seq", paramLabel = "N", description = "lowest MsgSeqNum")
    Integer fromSeq;

    @Option(names = "--to-seq", paramLabel = "M", description = "highest MsgSeqNum")
    Integer toSeq;

    @Option(names = "--since", paramLabel = "TIME", description = "records at or after TIME: ISO instant (2026-12-02T15:00:00Z) or UTC yyyyMMdd-HH:mm:ss[.SSS]")
    String since;

    @Option(names = "--clordid", paramLabel = "ID", description = "messages whose ClOrdID (11) is ID")
    String clOrdId;

    @Option(names = "--orderid", paramLabel = "ID", description = "messages whose OrderID (37) is ID")
    String orderId;

    /** {@code SOH tag=value SOH}: searched in the record's bytes, nothing decoded. */
    private byte[] clOrdIdField;
    private byte[] orderIdField;

    /** Session ids selected by --session / --comp-ids; null: every session. */
    private Set<Integer> sessionIds;
    private String sender;
    private String target;
    private int dir = -1;
    private long msgType;
    private long sinceNanos = Long.MIN_VALUE;

    /**
     * Resolves names against the journal's registry; throws IllegalArgumentException naming a bad option.
     * {@code --comp-ids SENDER:TARGET} selects every session with those CompIDs (several when their BeginString or
     * SessionQualifier differ: each output line names its session; {@code --session ID} picks one).
     */
    public RecordFilter conclude(final JournalSessionTable registry)
    {
        if (session != null && compIds != null)
        {
            throw new IllegalArgumentException("--session and --comp-ids are exclusive");
        }
        if (fromSeq != null && toSeq != null && fromSeq > toSeq)
        {
            throw new IllegalArgumentException("--from-seq " + fromSeq + " is above --to-seq " + toSeq +
                ": the range is empty");
        }
        if (session != null)
        {
            sessionIds = Set.of(session);
        }
        else if (compIds != null)
        {
            final int colon = compIds.indexOf(':');
            if (colon <= 0 || colon == compIds.length() - 1)
            {
                throw new IllegalArgumentException("--comp-ids must be SENDER:TARGET, got " + compIds);
            }
            sender = compIds.substring(0, colon);
            target = compIds.substring(colon + 1);
            registry(registry);
            if (sessionIds.isEmpty())
            {
                throw new IllegalArgumentException("--comp-ids " + compIds + ": no such session in the journal");
            }
        }
        if (direction != null)
        {
            if (direction.equals("in"))
            {
                dir = JournalRecordDescriptor.DIRECTION_IN;
            }
            else if (direction.equals("out"))
            {
                dir = JournalRecordDescriptor.DIRECTION_OUT;
            }
            else
            {
                throw new IllegalArgumentException("--direction must be in or out, got " + direction);
            }
        }
        if (type != null)
        {
            msgType = MsgTypes.pack(type);
            if (msgType == MsgTypes.INVALID)
            {
                throw new IllegalArgumentException("--type " + type + " is not a MsgType");
            }
        }
        if (since != null)
        {
            sinceNanos = parseTime(since);
        }
        clOrdIdField = clOrdId == null ? null : field(11, clOrdId);
        orderIdField = orderId == null ? null : field(37, orderId);
        return this;
    }

    static long parseTime(final String text)
    {
        Instant instant;
        try
        {
            instant = Instant.parse(text);
        }
        catch (final DateTimeParseException ex)
        {
            try
            {
                instant = LocalDateTime.parse(text, FIX_TIME).toInstant(ZoneOffset.UTC);
            }
            catch (final DateTimeParseException ex2)
            {
                throw new IllegalArgumentException("--since " + text + " is neither an ISO instant nor yyyyMMdd-HH:mm:ss[.SSS]");
            }
        }
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    /**
     * A newer registry ({@code tail -f}: sessions registered after the tool started): {@code --comp-ids} takes in the
     * new sessions with those CompIDs.
     */
    public void registry(final JournalSessionTable registry)
    {
        if (sender == null)
        {
            return;
        }
        final Set<Integer> ids = new TreeSet<>();
        for (final Integer id : registry.ids())
        {
            final SessionId s = registry.sessionOf(id);
            if (s.senderCompId().equals(sender) && s.targetCompId().equals(target))
            {
                ids.add(id);
            }
        }
        sessionIds = ids;
    }

    /** The session ids selected (every matching one for --comp-ids); empty when no session filter is set. */
    public Set<Integer> sessionIds()
    {
        return sessionIds == null ? Set.of() : sessionIds;
    }

    public boolean matches(final JournalRecord r)
    {
        return (sessionIds == null || sessionIds.contains(r.sessionId())) &&
            (dir < 0 || r.direction() == dir) &&
            (msgType == 0 || r.msgType() == msgType) &&
            (fromSeq == null || r.seqNum() >= fromSeq) &&
            (toSeq == null || r.seqNum() <= toSeq) &&
            r.timestampNanos() >= sinceNanos &&
            (clOrdIdField == null || contains(r, clOrdIdField)) &&
            (orderIdField == null || contains(r, orderIdField));
    }

    private static byte[] field(final int tag, final String value)
    {
        return ("\u0001" + tag + "=" + value + "\u0001").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** A byte search of the message (never its first field: that is BeginString), allocation-free. */
    static boolean contains(final JournalRecord r, final byte[] field)
    {
        final org.agrona.DirectBuffer buffer = r.buffer();
        final int start = r.fixOffset();
        final int last = start + r.fixLength() - field.length;
        for (int at = start; at <= last; at++)
        {
            if (buffer.getByte(at) != field[0] || buffer.getByte(at + 1) != field[1])
            {
                continue;
            }
            int i = 2;
            while (i < field.length && buffer.getByte(at + i) == field[i])
            {
                i++;
            }
            if (i == field.length)
            {
                return true;
            }
        }
        return false;
    }
}
