package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.dictionary.ContainerDefinition;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.EnumValues;
import io.fixtape.engine.dictionary.GroupDefinition;
import io.fixtape.engine.dictionary.MessageDefinition;
import io.fixtape.engine.dictionary.SessionDictionary;
import org.agrona.DirectBuffer;

/**
 * Validates a decoded message ({@link FixDecoder} index) against a session's dictionaries and writes the verdict
 * into a reusable {@link ValidationResult}. Allocation-free after the first messages (scratch arrays only grow).
 *
 * <p>The checks and their precedence mirror QuickFIX/J 2.3.2 so that a fixtape session rejects exactly what a
 * QuickFIX/J session would, with the same 373/371:
 * <ol>
 * <li>garbled (ignored, not rejected): first three fields not 8, 9, 35; a tag that is not an integer; a
 * NumInGroup value that is not an integer; a field without '=' or SOH;</li>
 * <li>structure, in wire order: header field after the body (14, if validateFieldsOutOfOrder), non-trailer
 * field after the trailer started (14), repeated tag (13), group member before the delimiter or out of order
 * (15), unknown tag inside a repeating group (2);</li>
 * <li>MsgType not in the dictionary (11, RefTagID 35);</li>
 * <li>required tag missing (1): header, trailer, body, then group instances;</li>
 * <li>per field, header then trailer then body (each in QuickFIX/J's field order) then groups: without value
 * (4), bad format (6), not in enum (5), undefined tag (0) / not defined for the message (2), NumInGroup count
 * mismatch (16);</li>
 * <li>valid but not supported by the application: BusinessMessageReject 380=3.</li>
 * </ol>
 * Deliberate differences from QuickFIX/J: a repeated tag in the header or trailer is rejected (13) where
 * QuickFIX/J silently keeps the last one; under FIXT.1.1 required header fields of application messages are
 * checked against the transport dictionary; {@link ValidationOptions#strictFormats} adds calendar ranges.
 *
 * <p>Not thread-safe: one validator per poller thread (or per session); the dictionaries are shared.
 */
public final class MessageValidator
{
    private static final int USER_DEFINED_TAG_MIN = 5000;

    private static final int HEADER = MessageSections.HEADER;
    private static final int BODY = MessageSections.BODY;
    private static final int TRAILER = MessageSections.TRAILER;
    private static final int GROUP_BASE = MessageSections.GROUP_BASE;

    private static final int[] FIRST_THREE = {8, 9, 35};
    private static final int NO_INSTANCE = -1;

    private final SessionDictionary dictionaries;
    private final ValidationOptions options;
    private final boolean strictFormats;
    private final Dictionary transport;
    private final MessageDefinition headerDefinition;
    private final MessageDefinition trailerDefinition;
    private final MessageSections sections;
    private final DictionarySelector selector;

    private FixDecoder decoder;
    private DirectBuffer buffer;
    private int fieldCount;
    private final FieldPlacement placement = new FieldPlacement();
    private final RequiredFields required;
    private final RejectPrecedence rejects;
    private Dictionary application;
    private MessageDefinition message;

    private final LayoutCache layouts;
    private final boolean validateFieldsHaveValues;
    private final boolean checkHeaderInline;

    public MessageValidator(final SessionDictionary dictionaries, final ValidationOptions options)
    {
        this.dictionaries = dictionaries;
        this.options = options.copy();
        this.strictFormats = this.options.strictFormats();
        this.validateFieldsHaveValues = this.options.validateFieldsHaveValues();
        this.layouts = this.options.layoutCache() ? new LayoutCache(this.strictFormats) : null;
        this.transport = dictionaries.transport();
        this.headerDefinition = transport.header();
        this.trailerDefinition = transport.trailer();
        if (headerDefinition == null || trailerDefinition == null)
        {
            throw new IllegalArgumentException("transport dictionary has no header/trailer: " + transport.version());
        }
        this.sections = new MessageSections(headerDefinition, trailerDefinition);
        this.selector = new DictionarySelector(dictionaries);
        // a repeated header/trailer tag is a structure error when rejected, so no "last value wins" pass is needed
        this.checkHeaderInline = this.options.rejectRepeatedHeaderTags();
        this.required = new RequiredFields(headerDefinition, trailerDefinition, placement);
        this.rejects = new RejectPrecedence(this.options);
    }

    public SessionDictionary dictionaries()
    {
        return dictionaries;
    }

    /**
     * The same options over other dictionaries, e.g. the application dictionary the counterparty's
     * DefaultApplVerID (1137) selects at Logon. A new validator (its own scratch state); the options are copied.
     */
    public MessageValidator withDictionaries(final SessionDictionary otherDictionaries)
    {
        return new MessageValidator(otherDictionaries, options);
    }

    /**
     * Judge the message indexed by {@code decoder}.
     *
     * @return true when the verdict is {@link ValidationResult.Verdict#VALID}.
     */
    public boolean validate(final FixDecoder decoder, final ValidationResult result)
    {
        this.decoder = decoder;
        this.buffer = decoder.buffer();
        this.fieldCount = decoder.fieldCount();
        final long msgType = decoder.msgType();
        result.reset(msgType);
        if (layouts != null)
        {
            if (layouts.validByLayout(decoder, msgType))
            {
                return true;
            }
            layouts.begin(fieldCount, decoder.indexOf(1128) < 0);
        }
        rejects.reset();
        placement.begin(decoder);

        if (decoder.errorCode() == FixDecoder.ERROR_MALFORMED)
        {
            result.garbled(SessionRejectReason.OTHER, decoder.errorTag());
            return false;
        }
        if (fieldCount < 3 || decoder.tagAt(0) != 8 || decoder.tagAt(1) != 9 || decoder.tagAt(2) != 35)
        {
            result.garbled(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, firstOutOfOrder());
            return false;
        }

        selector.select(decoder, msgType);
        application = selector.application();
        message = selector.message();
        required.begin();
        for (int i = 0; i < 3; i++)
        {
            placement.place(i, HEADER);
            placement.advance();
        }
        if (checkHeaderInline)
        {
            checkField(0, HEADER, headerDefinition, transport);
            checkField(1, HEADER, headerDefinition, transport);
            checkField(2, HEADER, headerDefinition, transport);
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
        if (rejects.structureOk() && !checkHeaderInline)
        {
            checkHeaderAndTrailerFields();
        }
        final boolean valid = rejects.conclude(result, msgType, message, required);
        if (valid && layouts != null)
        {
            layouts.storeValid(decoder, msgType);
        }
        return valid;
    }

    private void parseHeader()
    {
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = tagAt(placement.cursor());
            if (!rejects.structureOk() || !sections.isHeaderTag(tag))
            {
                return;
            }
            if (options.rejectRepeatedHeaderTags() && placement.seenBefore(placement.cursor(), tag, HEADER))
            {
                rejects.structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                return;
            }
            consumeTopLevel(tag, HEADER, headerDefinition, transport);
        }
    }

    private void parseBody()
    {
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = tagAt(placement.cursor());
            if (!rejects.structureOk() || sections.isTrailerTag(tag))
            {
                return;
            }
            if (sections.isHeaderTag(tag))
            {
                if (placement.seenBefore(placement.cursor(), tag, HEADER))
                {
                    rejects.structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                    return;
                }
                consumeTopLevel(tag, HEADER, headerDefinition, transport);
                if (options.validateFieldsOutOfOrder() && rejects.structureOk())
                {
                    rejects.structureError(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, tag);
                    return;
                }
            }
            else
            {
                if (placement.seenBefore(placement.cursor(), tag, BODY))
                {
                    rejects.structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                    return;
                }
                consumeTopLevel(tag, BODY, message, application);
            }
        }
    }

    private void parseTrailer()
    {
        while (placement.cursor() < fieldCount && rejects.structureOk())
        {
            final int tag = tagAt(placement.cursor());
            if (!rejects.structureOk())
            {
                return;
            }
            if (!sections.isTrailerTag(tag))
            {
                rejects.structureError(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, tag);
                return;
            }
            if (options.rejectRepeatedHeaderTags() && placement.seenBefore(placement.cursor(), tag, TRAILER))
            {
                rejects.structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                return;
            }
            consumeTopLevel(tag, TRAILER, trailerDefinition, transport);
        }
    }

    /** A header, body or trailer field at {@code cursor}: checks it and parses the group it may start. */
    private void consumeTopLevel(final int tag, final int section, final ContainerDefinition container, final Dictionary dictionary)
    {
        final int index = placement.cursor();
        placement.place(index, section);
        required.markPresent(section, container, decoder.tagAt(index));
        final GroupDefinition group = container == null ? null : container.group(tag);
        if (group == null)
        {
            if (section == BODY || checkHeaderInline)
            {
                checkField(index, section, container, dictionary);
            }
            placement.advance(); // else header and trailer fields are checked once the whole message is known (repeats)
            return;
        }
        final int instances = parseGroup(group, section == HEADER, true, GROUP_BASE);
        if (rejects.structureOk())
        {
            checkCountField(index, section, container, dictionary, instances);
        }
    }

    /**
     * Parses the group whose NumInGroup field is at {@code cursor}, as QuickFIX/J's Message.parseGroup does.
     *
     * @return number of instances found.
     */
    private int parseGroup(final GroupDefinition group, final boolean inHeader, final boolean parentIsMessage, final int level)
    {
        if (layouts != null)
        {
            layouts.notStorable(); // NumInGroup values steer the parse: not a pure function of the tags
        }
        final int countIndex = placement.cursor();
        final long declared = FieldFormats.parseJavaInt(
            buffer, decoder.valueOffsetAt(countIndex), decoder.valueLengthAt(countIndex));
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
            final int tag = tagAt(placement.cursor());
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
                consumeMember(tag, group, inHeader, level);
            }
            else if (group.isGroup(tag))
            {
                if (instanceStart == NO_INSTANCE)
                {
                    rejects.structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                    break;
                }
                consumeMember(tag, group, inHeader, level);
            }
            else if (group.hasField(tag))
            {
                if (instanceStart == NO_INSTANCE)
                {
                    rejects.structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                    break;
                }
                if (options.validateUnorderedGroupFields())
                {
                    final int position = group.positionOf(tag);
                    if (position <= previousPosition)
                    {
                        rejects.structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                        break;
                    }
                    previousPosition = position;
                }
                consumeMember(tag, group, inHeader, level);
            }
            else
            {
                if (sections.isTrailerTag(tag) || inHeader)
                {
                    break;
                }
                final boolean known = parentIsMessage ? message.hasField(tag) : application.isField(tag);
                if (known)
                {
                    break;
                }
                if (isUnknownFieldRejected(tag))
                {
                    rejects.structureError(SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE, tag);
                    break;
                }
                if (instanceStart == NO_INSTANCE)
                {
                    rejects.structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                    break;
                }
                consumeMember(tag, group, inHeader, level);
            }
        }
        if (instanceStart != NO_INSTANCE && rejects.structureOk())
        {
            required.checkGroupInstance(group, instanceStart, placement.cursor(), level);
        }
        return declared == instances ? instances : -1 - instances;
    }

    private void consumeMember(final int tag, final GroupDefinition group, final boolean inHeader, final int level)
    {
        final int index = placement.cursor();
        placement.place(index, level);
        final GroupDefinition nested = group.group(tag);
        if (nested == null)
        {
            checkField(index, level, group, dictionaryFor(inHeader));
            placement.advance();
            return;
        }
        final int instances = parseGroup(nested, inHeader, false, level + 1);
        if (rejects.structureOk())
        {
            checkCountField(index, level, group, dictionaryFor(inHeader), instances);
        }
    }

    private Dictionary dictionaryFor(final boolean inHeader)
    {
        return inHeader ? transport : application;
    }

    /**
     * Checks header and trailer fields (not group members, checked while parsing). A tag repeated there is
     * rejected when parsing unless rejectRepeatedHeaderTags is off; then, as QuickFIX/J, only its last value counts.
     */
    private void checkHeaderAndTrailerFields()
    {
        final boolean repeatsAllowed = !options.rejectRepeatedHeaderTags();
        for (int i = 0; i < fieldCount; i++)
        {
            final int level = placement.levelAt(i);
            if ((level == HEADER || level == TRAILER) && !(repeatsAllowed && placement.repeatedLater(i, level)))
            {
                final int tag = decoder.tagAt(i);
                final MessageDefinition container = level == HEADER ? headerDefinition : trailerDefinition;
                if (!container.isGroup(tag))
                {
                    checkField(i, level, container, transport);
                }
            }
        }
    }

    private void checkCountField(
        final int index, final int section, final ContainerDefinition container, final Dictionary dictionary, final int instances)
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

    /** Value checks of one field, in QuickFIX/J's order: has value, format, enum, belongs to the container. */
    private void checkField(final int index, final int section, final ContainerDefinition container, final Dictionary dictionary)
    {
        final int tag = tagAt(index);
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

    private boolean isUnknownFieldRejected(final int tag)
    {
        return tag < USER_DEFINED_TAG_MIN ? !options.allowUnknownMessageFields() : options.validateUserDefinedFields();
    }

    /**
     * Tag of field {@code index}. The decoder indexes an invalid tag as 0; QuickFIX/J parses it with
     * Integer.parseInt, so "-1" is tag -1 (rejected with 373=0, 371=-1) and "ab" makes the message garbled.
     */
    private int tagAt(final int index)
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

    private int firstOutOfOrder()
    {
        for (int i = 0; i < 3; i++)
        {
            if (i >= fieldCount)
            {
                return FIRST_THREE[i];
            }
            if (decoder.tagAt(i) != FIRST_THREE[i])
            {
                return decoder.tagAt(i);
            }
        }
        return 0;
    }


}
