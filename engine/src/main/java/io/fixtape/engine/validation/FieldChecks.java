package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.dictionary.ContainerDefinition;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.EnumValues;
import org.agrona.DirectBuffer;

/**
 * The checks of one field's value and membership, in QuickFIX/J's order: has a value (4), data format (6), enum
 * value (5), then whether the tag is defined at all (0) and for its container (2). Each problem is offered to the
 * {@link RejectPrecedence}, which keeps the one QuickFIX/J would report. Also reads a field's tag the way
 * QuickFIX/J parses it, and records what was checked in the {@link LayoutCache} (when there is one).
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class FieldChecks
{
    private static final int USER_DEFINED_TAG_MIN = 5000;

    private final RejectPrecedence rejects;
    private final LayoutCache layouts;
    private final boolean strictFormats;
    private final boolean validateFieldsHaveValues;
    private final boolean allowUnknownMessageFields;
    private final boolean validateUserDefinedFields;

    private FixDecoder decoder;
    private DirectBuffer buffer;

    FieldChecks(final ValidationOptions options, final RejectPrecedence rejects, final LayoutCache layouts)
    {
        this.rejects = rejects;
        this.layouts = layouts;
        this.strictFormats = options.strictFormats();
        this.validateFieldsHaveValues = options.validateFieldsHaveValues();
        this.allowUnknownMessageFields = options.allowUnknownMessageFields();
        this.validateUserDefinedFields = options.validateUserDefinedFields();
    }

    void begin(final FixDecoder decoder)
    {
        this.decoder = decoder;
        this.buffer = decoder.buffer();
    }

    /**
     * Tag of field {@code index}. The decoder indexes an invalid tag as 0; QuickFIX/J parses it with
     * Integer.parseInt, so "-1" is tag -1 (rejected with 373=0, 371=-1) and "ab" makes the message garbled.
     */
    int tagAt(final int index)
    {
        final int tag = decoder.tagAt(index);
        if (tag != 0)
        {
            return tag;
        }
        if (layouts != null)
        {
            layouts.notStorable();
        }
        final int start = decoder.fieldOffsetAt(index);
        final long raw = FieldFormats.parseJavaInt(buffer, start, decoder.valueOffsetAt(index) - 1 - start);
        if (raw == Long.MIN_VALUE)
        {
            rejects.structureError(RejectPrecedence.GARBLED, 0);
            return 0;
        }
        return (int)raw;
    }

    /** Whether a tag its container does not define is rejected (user-defined tags from 5000 have their own option). */
    boolean isUnknownFieldRejected(final int tag)
    {
        return tag < USER_DEFINED_TAG_MIN ? !allowUnknownMessageFields : validateUserDefinedFields;
    }

    /**
     * Checks field {@code index}, whose tag is {@code tag} (as {@link #tagAt} reads it), placed in {@code section}
     * of {@code container} (null: its MsgType is undefined) and typed by {@code dictionary}.
     */
    void checkField(
        final int index,
        final int tag,
        final int section,
        final ContainerDefinition container,
        final Dictionary dictionary)
    {
        final int offset = decoder.valueOffsetAt(index);
        final int length = decoder.valueLengthAt(index);
        final int typeCode = dictionary.typeCode(tag);
        final EnumValues enumValues = typeCode == 0 ? null : dictionary.enumValues(tag);
        if (layouts != null)
        {
            layouts.checked(index, typeCode, dictionary.isCharTypeChecked(), enumValues);
        }
        if (length == 0 && validateFieldsHaveValues)
        {
            rejects.offer(section, tag, SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE);
            return;
        }
        if (typeCode != 0)
        {
            if (!FieldFormats.isValid(typeCode, dictionary.isCharTypeChecked(), strictFormats, buffer, offset, length))
            {
                rejects.offer(section, tag, SessionRejectReason.INCORRECT_DATA_FORMAT);
                return;
            }
            if (enumValues != null && !enumValues.contains(buffer, offset, length))
            {
                rejects.offer(section, tag, SessionRejectReason.VALUE_INCORRECT);
                return;
            }
        }
        if ((container == null || !container.hasField(tag)) && isUnknownFieldRejected(tag))
        {
            rejects.offer(section, tag, typeCode != 0 ?
                SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE : SessionRejectReason.INVALID_TAG_NUMBER);
        }
    }

    /**
     * Checks the NumInGroup field {@code index} of a group that was parsed with {@code instances} instances
     * (negative: minus one minus the instances found, when they differ from the declared count).
     */
    void checkCountField(
        final int index,
        final int section,
        final ContainerDefinition container,
        final Dictionary dictionary,
        final int instances)
    {
        // QuickFIX/J stores a parsed NumInGroup as an int, so only presence in the container and the count matter
        final int tag = decoder.tagAt(index);
        if (!container.hasField(tag) && isUnknownFieldRejected(tag))
        {
            rejects.offer(section, tag, dictionary.isField(tag) ?
                SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE : SessionRejectReason.INVALID_TAG_NUMBER);
        }
        else if (instances < 0)
        {
            rejects.offer(section, tag, SessionRejectReason.INCORRECT_NUMINGROUP_COUNT);
        }
    }
}
