package io.fixtape.engine.validation;

import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.ContainerDefinition;
import io.fixtape.engine.dictionary.GroupDefinition;
import io.fixtape.engine.dictionary.MessageDefinition;

/**
 * Required-tag checks, reported in QuickFIX/J's order: header, trailer, body, then group instances (the first
 * instance found missing one). While the dictionaries allow it (at most 64 required tags per container, all below
 * the dense tag limit) the walk marks each top-level required tag it meets in one bit set per section and the
 * check is a mask; otherwise each required tag is searched for among the placed fields.
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class RequiredFields
{
    /** No required tag missing. */
    static final int NONE = -1;

    private final MessageDefinition header;
    private final MessageDefinition trailer;
    private final FieldPlacement placement;
    private final boolean bitsUsable;
    private final long firstThreeBits;

    private long headerPresent;
    private long bodyPresent;
    private long trailerPresent;
    private int missingInGroup;

    RequiredFields(final MessageDefinition header, final MessageDefinition trailer, final FieldPlacement placement)
    {
        this.header = header;
        this.trailer = trailer;
        this.placement = placement;
        this.bitsUsable = header.hasRequiredBits() && trailer.hasRequiredBits();
        this.firstThreeBits = !bitsUsable ? 0 : header.requiredBit(Tags.BEGIN_STRING) |
            header.requiredBit(Tags.BODY_LENGTH) | header.requiredBit(Tags.MSG_TYPE);
    }

    /** Starts a message whose first three fields are 8, 9, 35. */
    void begin()
    {
        headerPresent = firstThreeBits;
        bodyPresent = 0;
        trailerPresent = 0;
        missingInGroup = NONE;
    }

    /** A top-level field with tag {@code tag} was placed in {@code section} of {@code container} (null: undefined). */
    void markPresent(final int section, final ContainerDefinition container, final int tag)
    {
        if (container == null || !bitsUsable)
        {
            return;
        }
        final long bit = container.requiredBit(tag);
        switch (section)
        {
            case MessageSections.HEADER:
                headerPresent |= bit;
                break;
            case MessageSections.BODY:
                bodyPresent |= bit;
                break;
            default:
                trailerPresent |= bit;
                break;
        }
    }

    /** Checks one instance of {@code group}, the fields {@code [start, end)} at {@code level}; keeps the first miss. */
    void checkGroupInstance(final GroupDefinition group, final int start, final int end, final int level)
    {
        if (missingInGroup != NONE)
        {
            return;
        }
        for (int r = 0, count = group.requiredCount(); r < count; r++)
        {
            final int required = group.requiredAt(r);
            if (!placement.presentAt(required, level, start, end))
            {
                missingInGroup = required;
                return;
            }
        }
    }

    /** The first required tag missing from the header, trailer, body ({@code message}) or a group, or {@link #NONE}. */
    int firstMissing(final MessageDefinition message)
    {
        int missing;
        if (bitsUsable && message.hasRequiredBits())
        {
            missing = header.firstMissingRequired(headerPresent);
            if (missing == NONE)
            {
                missing = trailer.firstMissingRequired(trailerPresent);
            }
            if (missing == NONE)
            {
                missing = message.firstMissingRequired(bodyPresent);
            }
        }
        else
        {
            missing = firstMissing(header, MessageSections.HEADER);
            if (missing == NONE)
            {
                missing = firstMissing(trailer, MessageSections.TRAILER);
            }
            if (missing == NONE)
            {
                missing = firstMissing(message, MessageSections.BODY);
            }
        }
        return missing == NONE ? missingInGroup : missing;
    }

    private int firstMissing(final ContainerDefinition container, final int section)
    {
        for (int r = 0, count = container.requiredCount(); r < count; r++)
        {
            final int required = container.requiredAt(r);
            if (!placement.isPlaced(required, section))
            {
                return required;
            }
        }
        return NONE;
    }
}
