package io.fixtape.replay.drive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Fields a diff skips: volatile values (SendingTime, TransactTime, an OrderID scheme) that are known to differ and
 * do not matter. A rule is a tag ({@code 52}: in every message) or a MsgType and a tag ({@code 8:37}: OrderID in
 * ExecutionReports only). Written comma-separated ({@code 52,60,8:37}) or one or more per line in a file, where
 * {@code #} starts a comment. BodyLength and CheckSum follow from the fields: when only skipped fields differ, they
 * are not reported either.
 *
 * <p>Immutable.
 */
public final class IgnoredFields
{
    /** Nothing skipped. */
    public static final IgnoredFields NONE = new IgnoredFields(Set.of(), Set.of(), List.of());

    private final Set<Integer> tags;
    private final Set<String> typedTags;
    private final List<String> rules;

    private IgnoredFields(final Set<Integer> tags, final Set<String> typedTags, final List<String> rules)
    {
        this.tags = tags;
        this.typedTags = typedTags;
        this.rules = rules;
    }

    /** Skip these tags in every message. */
    public static IgnoredFields tags(final Set<Integer> tags)
    {
        final List<String> rules = new ArrayList<>();
        tags.stream().sorted().forEach(tag -> rules.add(Integer.toString(tag)));
        return new IgnoredFields(Set.copyOf(tags), Set.of(), Collections.unmodifiableList(rules));
    }

    /**
     * Rules written {@code 52,60,8:37}.
     *
     * @throws IllegalArgumentException naming the rule that is not a tag or MsgType:tag.
     */
    public static IgnoredFields parse(final String text)
    {
        return NONE.and(text);
    }

    /**
     * Rules from a file: comma-separated or one per line, {@code #} to the end of a line is a comment.
     *
     * @throws IllegalArgumentException naming the file and the bad rule, or saying it cannot be read.
     */
    public static IgnoredFields fromFile(final Path file)
    {
        final List<String> lines;
        try
        {
            lines = Files.readAllLines(file);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
        IgnoredFields fields = NONE;
        for (int i = 0; i < lines.size(); i++)
        {
            final String line = lines.get(i);
            final int comment = line.indexOf('#');
            try
            {
                fields = fields.and(comment < 0 ? line : line.substring(0, comment));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + ex.getMessage(), ex);
            }
        }
        return fields;
    }

    /** These rules and the ones in {@code text} ({@code 52,60,8:37}; blanks are skipped). */
    public IgnoredFields and(final String text)
    {
        final Set<Integer> moreTags = new HashSet<>(tags);
        final Set<String> moreTyped = new HashSet<>(typedTags);
        final List<String> moreRules = new ArrayList<>(rules);
        for (final String part : text.split("[,\\s]+"))
        {
            final String rule = part.trim();
            if (rule.isEmpty())
            {
                continue;
            }
            final int colon = rule.indexOf(':');
            final String type = colon < 0 ? null : rule.substring(0, colon);
            final String tag = colon < 0 ? rule : rule.substring(colon + 1);
            if (!tag.matches("[1-9][0-9]{0,8}") || (type != null && !type.matches("[0-9A-Za-z]{1,3}")))
            {
                throw new IllegalArgumentException("not a tag or MsgType:tag: '" + rule + "' (e.g. 52 or 8:37)");
            }
            if (type == null)
            {
                moreTags.add(Integer.parseInt(tag));
            }
            else
            {
                moreTyped.add(type + ":" + Integer.parseInt(tag));
            }
            if (!moreRules.contains(rule))
            {
                moreRules.add(rule);
            }
        }
        return new IgnoredFields(Set.copyOf(moreTags), Set.copyOf(moreTyped), Collections.unmodifiableList(moreRules));
    }

    /** These rules and {@code other}'s. */
    public IgnoredFields and(final IgnoredFields other)
    {
        return and(String.join(",", other.rules));
    }

    /** Whether tag {@code tag} of a message of type {@code msgType} (as text, e.g. {@code 8}) is skipped. */
    public boolean isIgnored(final String msgType, final int tag)
    {
        return tags.contains(tag) || (!typedTags.isEmpty() && typedTags.contains(msgType + ":" + tag));
    }

    public boolean isEmpty()
    {
        return rules.isEmpty();
    }

    /** The rules as written, in order. */
    public List<String> rules()
    {
        return rules;
    }

    @Override
    public String toString()
    {
        return rules.isEmpty() ? "none" : String.join(",", rules);
    }
}
