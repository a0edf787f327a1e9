package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.ContainerDefinition;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.GroupDefinition;
import io.fixtape.engine.dictionary.MessageDefinition;

import static io.fixtape.engine.validation.MessageSections.BODY;
import static io.fixtape.engine.validation.MessageSections.GROUP_BASE;
import static io.fixtape.engine.validation.MessageSections.HEADER;
import static io.fixtape.engine.validation.MessageSections.TRAILER;

/**
 * Walks a message in wire order as QuickFIX/J's parser does and places each field in the header, body, trailer or
 * a repeating group ({@link FieldPlacement}). Structure problems stop the walk: a header field after the body
 * (14, when validateFieldsOutOfOrder), a non-trailer field after the trailer started (14), a repeated tag (13), a
 * group member before the delimiter or out of order (15), an unknown tag inside a group (2), an unparseable tag or
 * NumInGroup (garbled). On the way it marks required tags ({@link RequiredFields}) and has each field's value
 * checked ({@link FieldChecks}); header and trailer fields are checked after the walk when a repeated header tag
 * is allowed, because then only its last value counts.
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class StructureParser
{
    private static final int NO_INSTANCE = -1;

    private final MessageSections sections;
    private final Dictionary transport;
    private final MessageDefinition headerDefinition;
    private final MessageDefinition trailerDefinition;
    private final FieldPlacement placement;
    private final FieldChecks checks;
    private final RequiredFields required;
    private final RejectPrecedence rejects;
    private final LayoutCache layouts;
    private final boolean rejectRepeatedHeaderTags;
    private final boolean validateFieldsOutOfOrder;
    private final boolean validateUnorderedGroupFields;

    private FixDecoder decoder;
    private int fieldCount;
    private Dictionary application;
    private MessageDefinition message;

    StructureParser(
        final ValidationOptions options,
        final Dictionary transport,
        final MessageSections sections,
        final FieldPlacement placement,
        final FieldChecks checks,
        final RequiredFields required,
        final RejectPrecedence rejects,
        final LayoutCache layouts)
    {
        this.sections = sections;
        this.transport = transport;
        this.headerDefinition = transport.header();
        this.trailerDefinition = transport.trailer();
        this.placement = placement;
        this.checks = checks;
        this.required = required;
        this.rejects = rejects;
        this.layouts = layouts;
        this.rejectRepeatedHeaderTags = options.rejectRepeatedHeaderTags();
        this.validateFieldsOutOfOrder = options.validateFieldsOutOfOrder();
        this.validateUnorderedGroupFields = options.validateUnorderedGroupFields();
    }

    /**
     * Parses the message in {@code decoder}, whose first three fields are 8, 9, 35.
     *
     * @param application the dictionary of its body.
     * @param message     the definition of its MsgType, or null when undefined.
     */
    void parse(final FixDecoder decoder, final Dictionary application, final MessageDefinition message)
    {
        this.decoder = decoder;
        this.fieldCount = decoder.fieldCount();
        this.application = application;
        this.message = message;
        placement.begin(decoder);
        checks.begin(decoder);
        for (int i = 0; i < 3; i++)
        {
            placement.place(i, HEADER);
            placement.advance();
        }
        if (rejectRepeatedHeaderTags)
        {
            checks.checkField(0, Tags.BEGIN_STRING, HEADER, headerDefinition, transport);
            checks.checkField(1, Tags.BODY_LENGTH, HEADER, headerDefinition, transport);
            checks.checkField(2, Tags.MSG_TYPE, HEADER, headerDefinition, transport);
        }
        parseHeader();
        if (rejects.structureOk())
        {
            parseBody();
        }
        if (rejects.structureOk())
        {
            parseTrailer();
        }
        if (rejects.structureOk() && !rejectRepeatedHeaderTags)
        {
            checkHeaderAndTrailerFields();
        }
    }

    private void parseHeader()
    {
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = checks.tagAt(placement.cursor());
            if (!rejects.structureOk() || !sections.isHeaderTag(tag))
            {
                return;
            }
            if (rejectRepeatedHeaderTags && isRepeated(tag, HEADER))
            {
                return;
            }
            parseTopLevel(tag, HEADER, headerDefinition, transport);
        }
    }

    private void parseBody()
    {
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = checks.tagAt(placement.cursor());
            if (!rejects.structureOk() || sections.isTrailerTag(tag))
            {
                return;
            }
            if (sections.isHeaderTag(tag))
            {
                if (isRepeated(tag, HEADER))
                {
                    return;
                }
                parseTopLevel(tag, HEADER, headerDefinition, transport);
                if (validateFieldsOutOfOrder && rejects.structureOk())
                {
                    rejects.structureError(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, tag);
                    return;
                }
            }
            else
            {
                if (isRepeated(tag, BODY))
                {
                    return;
                }
                parseTopLevel(tag, BODY, message, application);
            }
        }
    }

    private void parseTrailer()
    {
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = checks.tagAt(placement.cursor());
            if (!rejects.structureOk())
            {
                return;
            }
            if (!sections.isTrailerTag(tag))
            {
                rejects.structureError(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, tag);
                return;
            }
            if (rejectRepeatedHeaderTags && isRepeated(tag, TRAILER))
            {
                return;
            }
            parseTopLevel(tag, TRAILER, trailerDefinition, transport);
        }
    }

    /** Whether the field at the cursor repeats a tag already placed in {@code section}; records 13 if so. */
    private boolean isRepeated(final int tag, final int section)
    {
        if (placement.seenBefore(placement.cursor(), tag, section))
        {
            rejects.structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
            return true;
        }
        return false;
    }

    /** A header, body or trailer field at the cursor: checks it and parses the group it may start. */
    private void parseTopLevel(
        final int tag, final int section, final ContainerDefinition container, final Dictionary dictionary)
    {
        final int index = placement.cursor();
        placement.place(index, section);
        required.markPresent(section, container, decoder.tagAt(index));
        final GroupDefinition group = container == null ? null : container.group(tag);
        if (group == null)
        {
            if (section == BODY || rejectRepeatedHeaderTags)
            {
                checks.checkField(index, tag, section, container, dictionary);
            }
            placement.advance(); // else header and trailer fields are checked once the whole message is known (repeats)
            return;
        }
        final int instances = parseGroup(group, section == HEADER, true, GROUP_BASE);
        if (rejects.structureOk())
        {
            checks.checkCountField(index, section, container, dictionary, instances);
        }
    }

    /**
     * Parses the group whose NumInGroup field is at the cursor, as QuickFIX/J's Message.parseGroup does.
     *
     * @return number of instances found, or {@code -1 - instances} when that differs from the declared count.
     */
    private int parseGroup(
        final GroupDefinition group, final boolean inHeader, final boolean parentIsMessage, final int level)
    {
        if (layouts != null)
        {
            layouts.notStorable(); // NumInGroup values steer the parse: not a pure function of the tags
        }
        final int countIndex = placement.cursor();
        final long declared = FieldFormats.parseJavaInt(
            decoder.buffer(), decoder.valueOffsetAt(countIndex), decoder.valueLengthAt(countIndex));
        if (declared == Long.MIN_VALUE)
        {
            rejects.structureError(RejectPrecedence.GARBLED, group.countTag());
            return 0;
        }
        placement.advance();
        final int delimiter = group.delimiterTag();
        int instances = 0;
        int instanceStart = NO_INSTANCE;
        int previousPosition = -1;
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = checks.tagAt(placement.cursor());
            if (!rejects.structureOk())
            {
                break;
            }
            if (tag == delimiter)
            {
                if (instanceStart != NO_INSTANCE)
                {
                    required.checkGroupInstance(group, instanceStart, placement.cursor(), level);
                }
                instances++;
                instanceStart = placement.cursor();
                previousPosition = -1;
            }
            else if (group.isGroup(tag))
            {
                if (isBeforeDelimiter(instanceStart, tag))
                {
                    break;
                }
            }
            else if (group.hasField(tag))
            {
                if (isBeforeDelimiter(instanceStart, tag))
                {
                    break;
                }
                if (validateUnorderedGroupFields)
                {
                    final int position = group.positionOf(tag);
                    if (position <= previousPosition)
                    {
                        rejects.structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                        break;
                    }
                    previousPosition = position;
                }
            }
            else if (endsGroup(tag, inHeader, parentIsMessage) || isUndefinedMember(tag) ||
                isBeforeDelimiter(instanceStart, tag))
            {
                break;
            }
            parseMember(tag, group, inHeader, level);
        }
        if (instanceStart != NO_INSTANCE && rejects.structureOk())
        {
            required.checkGroupInstance(group, instanceStart, placement.cursor(), level);
        }
        return declared == instances ? instances : -1 - instances;
    }

    /** A tag the group does not define ends it when it belongs to the trailer, the header or the parent. */
    private boolean endsGroup(final int tag, final boolean inHeader, final boolean parentIsMessage)
    {
        return sections.isTrailerTag(tag) || inHeader ||
            (parentIsMessage ? message.hasField(tag) : application.isField(tag));
    }

    /** A tag inside a group that neither the group nor the enclosing container defines; records 2 if rejected. */
    private boolean isUndefinedMember(final int tag)
    {
        if (checks.isUnknownFieldRejected(tag))
        {
            rejects.structureError(SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE, tag);
            return true;
        }
        return false;
    }

    /** A member before the group's first delimiter; records 15 if so. */
    private boolean isBeforeDelimiter(final int instanceStart, final int tag)
    {
        if (instanceStart == NO_INSTANCE)
        {
            rejects.structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
            return true;
        }
        return false;
    }

    private void parseMember(final int tag, final GroupDefinition group, final boolean inHeader, final int level)
    {
        final int index = placement.cursor();
        placement.place(index, level);
        final Dictionary dictionary = inHeader ? transport : application;
        final GroupDefinition nested = group.group(tag);
        if (nested == null)
        {
            checks.checkField(index, tag, level, group, dictionary);
            placement.advance();
            return;
        }
        final int instances = parseGroup(nested, inHeader, false, level + 1);
        if (rejects.structureOk())
        {
            checks.checkCountField(index, level, group, dictionary, instances);
        }
    }

    /**
     * Checks header and trailer fields (not group members, checked while parsing) once the whole message is
     * placed: with repeated header tags allowed only the last occurrence of a tag counts, as in QuickFIX/J.
     */
    private void checkHeaderAndTrailerFields()
    {
        for (int i = 0; i < fieldCount; i++)
        {
            final int level = placement.levelAt(i);
            if ((level == HEADER || level == TRAILER) && !placement.repeatedLater(i, level))
            {
                final MessageDefinition container = level == HEADER ? headerDefinition : trailerDefinition;
                if (!container.isGroup(decoder.tagAt(i)))
                {
                    checks.checkField(i, checks.tagAt(i), level, container, transport);
                }
            }
        }
    }
}
