package io.fixtape.replay.drive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.replay.recording.SessionRecording;

/**
 * Compares recorded and replayed outbound messages field by field, in order: the n-th replayed message against the
 * n-th recorded one. Within a message, the k-th occurrence of a tag is compared with the k-th occurrence of the same
 * tag (repeating groups line up), so a changed value, a missing field and an extra field are each reported by tag.
 * BodyLength (9) and CheckSum (10) follow from any other change; they are reported too, flagged as derived, and
 * sorted after the fields that caused them. Fields the {@link IgnoredFields} name are skipped entirely, and when
 * only such fields differ in a message its BodyLength and CheckSum are not reported either.
 *
 * <p>Not thread-safe; allocates (a tool, not a hot path).
 */
public final class FixDiff
{
    /** One difference. {@code recorded}/{@code replayed} are null when the field (or message) is absent. */
    public static final class Difference
    {
        public final int messageIndex;
        public final int seqNum;
        public final String msgType;
        public final int tag;
        public final String recorded;
        public final String replayed;
        public final boolean derived;

        Difference(final int messageIndex, final int seqNum, final String msgType, final int tag, final String recorded,
            final String replayed, final boolean derived)
        {
            this.messageIndex = messageIndex;
            this.seqNum = seqNum;
            this.msgType = msgType;
            this.tag = tag;
            this.recorded = recorded;
            this.replayed = replayed;
            this.derived = derived;
        }

        @Override
        public String toString()
        {
            final String where = "seq=" + seqNum + " MsgType=" + msgType;
            if (tag == 0)
            {
                return where + (recorded == null ? " extra message in replay: " + replayed :
                    " message missing in replay: " + recorded);
            }
            return where + " tag=" + tag + (derived ? " (derived)" : "") + " recorded=" + show(recorded) +
                " replayed=" + show(replayed);
        }

        private static String show(final String value)
        {
            return value == null ? "<absent>" : "\"" + value + "\"";
        }
    }

    /** The outcome: every difference, and how many messages were compared. */
    public static final class Report
    {
        public final int recordedMessages;
        public final int replayedMessages;
        public final int messagesWithDifferences;
        public final List<Difference> differences;

        Report(final int recordedMessages, final int replayedMessages, final int messagesWithDifferences,
            final List<Difference> differences)
        {
            this.recordedMessages = recordedMessages;
            this.replayedMessages = replayedMessages;
            this.messagesWithDifferences = messagesWithDifferences;
            this.differences = Collections.unmodifiableList(differences);
        }

        public boolean isClean()
        {
            return differences.isEmpty();
        }

        /** A readable summary with the first {@code limit} differences. */
        public String describe(final int limit)
        {
            final StringBuilder sb = new StringBuilder();
            sb.append("diff: ").append(recordedMessages).append(" recorded vs ").append(replayedMessages)
                .append(" replayed outbound messages: ");
            if (isClean())
            {
                return sb.append("identical").toString();
            }
            sb.append(messagesWithDifferences).append(" differ, ").append(differences.size()).append(" differences");
            for (int i = 0; i < Math.min(limit, differences.size()); i++)
            {
                sb.append(System.lineSeparator()).append("  ").append(differences.get(i));
            }
            if (differences.size() > limit)
            {
                sb.append(System.lineSeparator()).append("  ... ").append(differences.size() - limit).append(" more");
            }
            return sb.toString();
        }
    }

    private final IgnoredFields ignored;
    private final FixDecoder recordedDecoder = new FixDecoder();
    private final FixDecoder replayedDecoder = new FixDecoder();

    /** Skipping {@code ignoredTags} in every message. */
    public FixDiff(final Set<Integer> ignoredTags)
    {
        this(IgnoredFields.tags(ignoredTags));
    }

    public FixDiff(final IgnoredFields ignored)
    {
        this.ignored = ignored;
    }

    /**
     * @param recorded the recording (its outbound messages are compared).
     * @param replayed the replayed outbound messages (every message in it is outbound).
     */
    public Report compare(final SessionRecording recorded, final SessionRecording replayed)
    {
        final List<Integer> recordedOutbound = new ArrayList<>();
        for (int i = 0; i < recorded.count(); i++)
        {
            if (!recorded.isInbound(i))
            {
                recordedOutbound.add(i);
            }
        }
        final List<Difference> differences = new ArrayList<>();
        int messagesWithDifferences = 0;
        final int common = Math.min(recordedOutbound.size(), replayed.count());
        for (int n = 0; n < common; n++)
        {
            final int r = recordedOutbound.get(n);
            recordedDecoder.wrap(recorded.buffer(), recorded.offset(r), recorded.length(r));
            replayedDecoder.wrap(replayed.buffer(), replayed.offset(n), replayed.length(n));
            if (compareMessage(n, differences))
            {
                messagesWithDifferences++;
            }
        }
        for (int n = common; n < recordedOutbound.size(); n++)
        {
            final int r = recordedOutbound.get(n);
            recordedDecoder.wrap(recorded.buffer(), recorded.offset(r), recorded.length(r));
            differences.add(new Difference(n, seqNum(recordedDecoder), MsgTypes.toString(recordedDecoder.msgType()), 0,
                text(recorded.buffer().getStringWithoutLengthAscii(recorded.offset(r), recorded.length(r))), null, false));
            messagesWithDifferences++;
        }
        for (int n = common; n < replayed.count(); n++)
        {
            replayedDecoder.wrap(replayed.buffer(), replayed.offset(n), replayed.length(n));
            differences.add(new Difference(n, seqNum(replayedDecoder), MsgTypes.toString(replayedDecoder.msgType()), 0, null,
                text(replayed.buffer().getStringWithoutLengthAscii(replayed.offset(n), replayed.length(n))), false));
            messagesWithDifferences++;
        }
        return new Report(recordedOutbound.size(), replayed.count(), messagesWithDifferences, differences);
    }

    /** @return whether the message differs. */
    private boolean compareMessage(final int index, final List<Difference> out)
    {
        final int seq = seqNum(recordedDecoder);
        final String type = MsgTypes.toString(recordedDecoder.msgType());
        final List<Difference> primary = new ArrayList<>();
        final List<Difference> derived = new ArrayList<>();
        // every recorded field against the same occurrence in the replayed message
        for (int i = 0; i < recordedDecoder.fieldCount(); i++)
        {
            final int tag = recordedDecoder.tagAt(i);
            if (ignored.isIgnored(type, tag))
            {
                continue;
            }
            final int occurrence = occurrence(recordedDecoder, i);
            final int j = nth(replayedDecoder, tag, occurrence);
            final String recordedValue = value(recordedDecoder, i);
            final String replayedValue = j < 0 ? null : value(replayedDecoder, j);
            if (!recordedValue.equals(replayedValue))
            {
                (isDerived(tag) ? derived : primary).add(
                    new Difference(index, seq, type, tag, recordedValue, replayedValue, isDerived(tag)));
            }
        }
        // fields only the replay has
        for (int j = 0; j < replayedDecoder.fieldCount(); j++)
        {
            final int tag = replayedDecoder.tagAt(j);
            if (ignored.isIgnored(type, tag))
            {
                continue;
            }
            if (nth(recordedDecoder, tag, occurrence(replayedDecoder, j)) < 0)
            {
                (isDerived(tag) ? derived : primary).add(
                    new Difference(index, seq, type, tag, null, value(replayedDecoder, j), isDerived(tag)));
            }
        }
        if (primary.isEmpty() && !ignored.isEmpty())
        {
            return false; // only skipped fields differ: the length and checksum they changed do not count either
        }
        out.addAll(primary);
        out.addAll(derived);
        return !primary.isEmpty() || !derived.isEmpty();
    }

    private static boolean isDerived(final int tag)
    {
        return tag == 9 || tag == 10;
    }

    /** How many earlier fields of {@code decoder} have the same tag as field {@code index}. */
    private static int occurrence(final FixDecoder decoder, final int index)
    {
        final int tag = decoder.tagAt(index);
        int count = 0;
        for (int i = 0; i < index; i++)
        {
            if (decoder.tagAt(i) == tag)
            {
                count++;
            }
        }
        return count;
    }

    private static int nth(final FixDecoder decoder, final int tag, final int occurrence)
    {
        int seen = 0;
        for (int i = 0; i < decoder.fieldCount(); i++)
        {
            if (decoder.tagAt(i) == tag && seen++ == occurrence)
            {
                return i;
            }
        }
        return -1;
    }

    private static String value(final FixDecoder decoder, final int index)
    {
        return decoder.buffer().getStringWithoutLengthAscii(decoder.valueOffsetAt(index), decoder.valueLengthAt(index));
    }

    private static int seqNum(final FixDecoder decoder)
    {
        return io.fixtape.replay.capture.FixFields.seqNum(decoder);
    }

    private static String text(final String fix)
    {
        return fix.replace('\u0001', '|');
    }
}
