package io.fixtape.codegen.runtime;

import io.fixtape.engine.codec.FixEncoder;
import org.agrona.ExpandableArrayBuffer;

import java.nio.charset.StandardCharsets;

/**
 * Base of generated repeating-group encoders. The owner opens the group ({@code report.noPartyIDs()}), each
 * {@link #next()} starts an entry and the entry's setters write its fields. Entries are staged in a buffer of this
 * encoder; when the owner's scope moves on (another field, another group, or the message's {@code complete()}),
 * {@link EncoderScope} has this group write its NumInGroup field with the number of entries actually started,
 * followed by the entries in one copy. A group with no entries writes nothing.
 *
 * <pre>{@code
 * NoPartyIDsGroupEncoder parties = report.parties().noPartyIDs();
 * parties.next().partyID("BROKER").partyIDSource('D').partyRole(1);   // delimiter (PartyID) first
 * parties.next().partyID("DESK-7").partyIDSource('D').partyRole(24);
 * report.transactTime(now);                                            // writes 453=2 and both entries first
 * }</pre>
 *
 * <p>With required-field checks generated in, each finished entry is checked: the first entry that lacks a
 * required member, or does not start with the delimiter, is remembered as {@link #missingRequiredTag()} and
 * reported by the message's {@code complete()}. Timestamps in entries use the owner's precision.
 *
 * <p>Allocation-free once the staging buffer has grown to the largest group written. Not thread-safe.
 *
 * @param <T> the generated subclass.
 */
public abstract class GroupEncoder<T extends GroupEncoder<T>>
{
    private static final int INITIAL_CAPACITY = 256;

    /** Where the current entry's fields (and its nested groups) go. */
    protected final EncoderScope scope = new EncoderScope();
    private final int countTag;
    private final int delimiterTag;
    private final byte[] delimiterPrefix;
    private final boolean checked;
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private final FixEncoder entries = new FixEncoder("FIX");
    private boolean open;
    private int count;
    private int missingTag;
    private int entryStart;

    /**
     * @param countTag     the NumInGroup tag.
     * @param delimiterTag the tag every entry starts with.
     * @param checked      whether finished entries are checked for required members.
     */
    protected GroupEncoder(final int countTag, final int delimiterTag, final boolean checked)
    {
        this.countTag = countTag;
        this.delimiterTag = delimiterTag;
        this.delimiterPrefix = (delimiterTag + "=").getBytes(StandardCharsets.US_ASCII);
        this.checked = checked;
    }

    /** Starts the next entry; write its delimiter field first. */
    public final T next()
    {
        if (!open)
        {
            throw new IllegalStateException("repeating group " + countTag +
                " is not open: open it from its owner, and write its entries before the owner's next field");
        }
        if (count > 0)
        {
            endEntry();
        }
        else if (checked && entries.bodyLength() > 0 && missingTag == 0)
        {
            missingTag = delimiterTag; // fields written before the first next()
        }
        count++;
        entryStart = entries.bodyLength();
        resetEntry();
        return self();
    }

    /** Entries started so far (the NumInGroup value this group writes). */
    public final int count()
    {
        return count;
    }

    /** First required tag missing from an entry (the delimiter for an entry not starting with it), or 0. */
    public final int missingRequiredTag()
    {
        return missingTag;
    }

    /** Forgets all entries: the owner began a new message. */
    public final void reset()
    {
        open = false;
        count = 0;
        missingTag = 0;
        resetEntry();
    }

    /** Called by {@link EncoderScope#open}: a new, empty group whose fields will go after {@code parent}'s. */
    final void begin(final FixEncoder parent)
    {
        entries.wrap(buffer, 0);
        entries.timestampPrecision(parent.timestampPrecision());
        scope.wrap(entries);
        open = true;
        count = 0;
        missingTag = 0;
        resetEntry();
    }

    /** Called by {@link EncoderScope}: writes NumInGroup and the entries to {@code parent}; the group is closed. */
    final void writeTo(final FixEncoder parent)
    {
        open = false;
        if (count == 0)
        {
            if (checked && entries.bodyLength() > 0 && missingTag == 0)
            {
                missingTag = delimiterTag;
            }
            return;
        }
        endEntry();
        parent.putInt(countTag, count).putRaw(buffer, entries.headroom(), entries.bodyLength());
    }

    private void endEntry()
    {
        scope.close();
        if (checked && missingTag == 0)
        {
            missingTag = startsWithDelimiter() ? missingInEntry() : delimiterTag;
        }
    }

    private boolean startsWithDelimiter()
    {
        final int start = entries.headroom() + entryStart;
        if (entries.bodyLength() - entryStart < delimiterPrefix.length)
        {
            return false;
        }
        for (int i = 0; i < delimiterPrefix.length; i++)
        {
            if (buffer.getByte(start + i) != delimiterPrefix[i])
            {
                return false;
            }
        }
        return true;
    }

    /** Clears the current entry's record of written fields (and its nested groups). */
    protected abstract void resetEntry();

    /** First required tag the current entry lacks, or 0 (always 0 without generated checks). */
    protected abstract int missingInEntry();

    /** This object as its generated type. */
    protected abstract T self();
}
