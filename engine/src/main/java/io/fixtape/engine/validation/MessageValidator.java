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
    private static final int NONE = -1;
    private static final int GARBLED = -2;

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
    private int cursor;
    private int[] levels = new int[64];
    private Dictionary application;
    private MessageDefinition message;

    private int structureReason;
    private int structureTag;
    private int requiredGroupTag;
    private int headerReason;
    private int headerTag;
    private int headerKey;
    private int trailerReason;
    private int trailerTag;
    private int trailerKey;
    private int bodyReason;
    private int bodyTag;
    private int bodyKey;
    private int groupReason;
    private int groupTag;

    // required tags seen at top level, one bit per required tag of the header, body and trailer definitions
    private final boolean requiredBitsUsable;
    private final boolean checkHeaderInline;
    private final long firstThreeRequiredBits;
    private long headerPresent;
    private long bodyPresent;
    private long trailerPresent;

    private final LayoutCache layouts;
    private final boolean validateFieldsHaveValues;

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
        this.requiredBitsUsable = headerDefinition.hasRequiredBits() && trailerDefinition.hasRequiredBits();
        // a repeated header/trailer tag is a structure error when rejected, so no "last value wins" pass is needed
        this.checkHeaderInline = this.options.rejectRepeatedHeaderTags();
        this.firstThreeRequiredBits = !requiredBitsUsable ? 0 :
            headerDefinition.requiredBit(8) | headerDefinition.requiredBit(9) | headerDefinition.requiredBit(35);
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
        resetCandidates();
        if (levels.length < fieldCount)
        {
            levels = new int[Math.max(fieldCount, levels.length << 1)];
        }

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
        levels[0] = HEADER;
        levels[1] = HEADER;
        levels[2] = HEADER;
        cursor = 3;
        if (requiredBitsUsable)
        {
            headerPresent = firstThreeRequiredBits;
        }
        if (checkHeaderInline)
        {
            checkField(0, HEADER, headerDefinition, transport);
            checkField(1, HEADER, headerDefinition, transport);
            checkField(2, HEADER, headerDefinition, transport);
        }
        parseHeader();
        if (structureReason == NONE)
        {
            parseBody();
        }
        if (structureReason == NONE)
        {
            parseTrailer();
        }
        if (structureReason == NONE && !checkHeaderInline)
        {
            checkHeaderAndTrailerFields();
        }
        final boolean valid = conclude(msgType, result);
        if (valid && layouts != null)
        {
            layouts.storeValid(decoder, msgType);
        }
        return valid;
    }

    private boolean conclude(final long msgType, final ValidationResult result)
    {
        if (structureReason == GARBLED)
        {
            result.garbled(SessionRejectReason.OTHER, structureTag);
            return false;
        }
        if (structureReason != NONE)
        {
            result.sessionReject(structureReason, structureTag);
            return false;
        }
        if (message == null)
        {
            result.sessionReject(SessionRejectReason.INVALID_MSGTYPE, 35);
            return false;
        }
        int missing;
        if (requiredBitsUsable && message.hasRequiredBits())
        {
            missing = headerDefinition.firstMissingRequired(headerPresent);
            if (missing == NONE)
            {
                missing = trailerDefinition.firstMissingRequired(trailerPresent);
            }
            if (missing == NONE)
            {
                missing = message.firstMissingRequired(bodyPresent);
            }
        }
        else
        {
            missing = firstMissing(headerDefinition, HEADER);
            if (missing == NONE)
            {
                missing = firstMissing(trailerDefinition, TRAILER);
            }
            if (missing == NONE)
            {
                missing = firstMissing(message, BODY);
            }
        }
        if (missing == NONE)
        {
            missing = requiredGroupTag;
        }
        if (missing != NONE)
        {
            result.sessionReject(SessionRejectReason.REQUIRED_TAG_MISSING, missing);
            return false;
        }
        if (headerReason != NONE)
        {
            result.sessionReject(headerReason, headerTag);
            return false;
        }
        if (trailerReason != NONE)
        {
            result.sessionReject(trailerReason, trailerTag);
            return false;
        }
        if (bodyReason != NONE)
        {
            result.sessionReject(bodyReason, bodyTag);
            return false;
        }
        if (groupReason != NONE)
        {
            result.sessionReject(groupReason, groupTag);
            return false;
        }
        if (!message.isAdmin() && !options.isSupported(msgType))
        {
            result.businessReject(ValidationResult.UNSUPPORTED_MESSAGE_TYPE);
            return false;
        }
        return true;
    }

    private void parseHeader()
    {
        while (cursor < fieldCount && structureReason == NONE)
        {
            final int tag = tagAt(cursor);
            if (structureReason != NONE || !sections.isHeaderTag(tag))
            {
                return;
            }
            if (options.rejectRepeatedHeaderTags() && seenBefore(cursor, tag, HEADER))
            {
                structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                return;
            }
            consumeTopLevel(tag, HEADER, headerDefinition, transport);
        }
    }

    private void parseBody()
    {
        while (cursor < fieldCount && structureReason == NONE)
        {
            final int tag = tagAt(cursor);
            if (structureReason != NONE || sections.isTrailerTag(tag))
            {
                return;
            }
            if (sections.isHeaderTag(tag))
            {
                if (seenBefore(cursor, tag, HEADER))
                {
                    structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                    return;
                }
                consumeTopLevel(tag, HEADER, headerDefinition, transport);
                if (options.validateFieldsOutOfOrder() && structureReason == NONE)
                {
                    structureError(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, tag);
                    return;
                }
            }
            else
            {
                if (seenBefore(cursor, tag, BODY))
                {
                    structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                    return;
                }
                consumeTopLevel(tag, BODY, message, application);
            }
        }
    }

    private void parseTrailer()
    {
        while (cursor < fieldCount && structureReason == NONE)
        {
            final int tag = tagAt(cursor);
            if (structureReason != NONE)
            {
                return;
            }
            if (!sections.isTrailerTag(tag))
            {
                structureError(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, tag);
                return;
            }
            if (options.rejectRepeatedHeaderTags() && seenBefore(cursor, tag, TRAILER))
            {
                structureError(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
                return;
            }
            consumeTopLevel(tag, TRAILER, trailerDefinition, transport);
        }
    }

    /** A header, body or trailer field at {@code cursor}: checks it and parses the group it may start. */
    private void consumeTopLevel(final int tag, final int section, final ContainerDefinition container, final Dictionary dictionary)
    {
        final int index = cursor;
        levels[index] = section;
        if (container != null && requiredBitsUsable)
        {
            markPresent(section, container.requiredBit(decoder.tagAt(index)));
        }
        final GroupDefinition group = container == null ? null : container.group(tag);
        if (group == null)
        {
            if (section == BODY || checkHeaderInline)
            {
                checkField(index, section, container, dictionary);
            }
            cursor++; // else header and trailer fields are checked once the whole message is known (repeats)
            return;
        }
        final int instances = parseGroup(group, section == HEADER, true, GROUP_BASE);
        if (structureReason == NONE)
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
        final int countIndex = cursor;
        final long declared = FieldFormats.parseJavaInt(
            buffer, decoder.valueOffsetAt(countIndex), decoder.valueLengthAt(countIndex));
        if (declared == Long.MIN_VALUE)
        {
            structureError(GARBLED, group.countTag());
            return 0;
        }
        cursor++;
        final int delimiter = group.delimiterTag();
        int instances = 0;
        int instanceStart = NONE;
        int previousPosition = -1;
        while (cursor < fieldCount && structureReason == NONE)
        {
            final int tag = tagAt(cursor);
            if (structureReason != NONE)
            {
                break;
            }
            if (tag == delimiter)
            {
                if (instanceStart != NONE)
                {
                    checkInstanceRequired(group, instanceStart, cursor, level);
                }
                instances++;
                instanceStart = cursor;
                previousPosition = -1;
                consumeMember(tag, group, inHeader, level);
            }
            else if (group.isGroup(tag))
            {
                if (instanceStart == NONE)
                {
                    structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                    break;
                }
                consumeMember(tag, group, inHeader, level);
            }
            else if (group.hasField(tag))
            {
                if (instanceStart == NONE)
                {
                    structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                    break;
                }
                if (options.validateUnorderedGroupFields())
                {
                    final int position = group.positionOf(tag);
                    if (position <= previousPosition)
                    {
                        structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
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
                    structureError(SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE, tag);
                    break;
                }
                if (instanceStart == NONE)
                {
                    structureError(SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, tag);
                    break;
                }
                consumeMember(tag, group, inHeader, level);
            }
        }
        if (instanceStart != NONE && structureReason == NONE)
        {
            checkInstanceRequired(group, instanceStart, cursor, level);
        }
        return declared == instances ? instances : -1 - instances;
    }

    private void consumeMember(final int tag, final GroupDefinition group, final boolean inHeader, final int level)
    {
        final int index = cursor;
        levels[index] = level;
        final GroupDefinition nested = group.group(tag);
        if (nested == null)
        {
            checkField(index, level, group, dictionaryFor(inHeader));
            cursor++;
            return;
        }
        final int instances = parseGroup(nested, inHeader, false, level + 1);
        if (structureReason == NONE)
        {
            checkCountField(index, level, group, dictionaryFor(inHeader), instances);
        }
    }

    private void markPresent(final int section, final long bit)
    {
        switch (section)
        {
            case HEADER:
                headerPresent |= bit;
                break;
            case BODY:
                bodyPresent |= bit;
                break;
            default:
                trailerPresent |= bit;
                break;
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
            final int level = levels[i];
            if ((level == HEADER || level == TRAILER) && !(repeatsAllowed && repeatedLater(i, level)))
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

    private boolean repeatedLater(final int index, final int level)
    {
        int later = decoder.indexOf(decoder.tagAt(index), index + 1);
        while (later >= 0)
        {
            if (levels[later] == level)
            {
                return true;
            }
            later = decoder.indexOf(decoder.tagAt(index), later + 1);
        }
        return false;
    }

    private void checkCountField(
        final int index, final int section, final ContainerDefinition container, final Dictionary dictionary, final int instances)
    {
        // QuickFIX/J stores a parsed NumInGroup as an int, so only presence in the container and the count matter
        final int tag = decoder.tagAt(index);
        if (!container.hasField(tag) && isUnknownFieldRejected(tag))
        {
            offer(section, tag, dictionary.isField(tag) ?
                SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE : SessionRejectReason.INVALID_TAG_NUMBER);
        }
        else if (instances < 0)
        {
            offer(section, tag, SessionRejectReason.INCORRECT_NUMINGROUP_COUNT);
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
            offer(section, tag, SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE);
            return;
        }
        if (typeCode != 0)
        {
            if (!FieldFormats.isValid(typeCode, dictionary.isCharTypeChecked(), strictFormats, buffer, offset, length))
            {
                offer(section, tag, SessionRejectReason.INCORRECT_DATA_FORMAT);
                return;
            }
            if (enumValues != null && !enumValues.contains(buffer, offset, length))
            {
                offer(section, tag, SessionRejectReason.VALUE_INCORRECT);
                return;
            }
        }
        if ((container == null || !container.hasField(tag)) && isUnknownFieldRejected(tag))
        {
            offer(section, tag, typeCode != 0 ?
                SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE : SessionRejectReason.INVALID_TAG_NUMBER);
        }
    }

    private boolean isUnknownFieldRejected(final int tag)
    {
        return tag < USER_DEFINED_TAG_MIN ? !options.allowUnknownMessageFields() : options.validateUserDefinedFields();
    }

    /** Keeps, per section, the error QuickFIX/J would report first (its field maps iterate in tag order). */
    private void offer(final int section, final int tag, final int reason)
    {
        switch (section)
        {
            case HEADER:
            {
                final int key = headerKey(tag);
                if (headerReason == NONE || key < headerKey)
                {
                    headerReason = reason;
                    headerTag = tag;
                    headerKey = key;
                }
                break;
            }
            case TRAILER:
            {
                final int key = trailerKey(tag);
                if (trailerReason == NONE || key < trailerKey)
                {
                    trailerReason = reason;
                    trailerTag = tag;
                    trailerKey = key;
                }
                break;
            }
            case BODY:
                if (bodyReason == NONE || tag < bodyKey)
                {
                    bodyReason = reason;
                    bodyTag = tag;
                    bodyKey = tag;
                }
                break;
            default:
                if (groupReason == NONE)
                {
                    groupReason = reason;
                    groupTag = tag;
                }
                break;
        }
    }

    private static int headerKey(final int tag)
    {
        switch (tag)
        {
            case 8: return Integer.MIN_VALUE;
            case 9: return Integer.MIN_VALUE + 1;
            case 35: return Integer.MIN_VALUE + 2;
            default: return tag;
        }
    }

    private static int trailerKey(final int tag)
    {
        switch (tag)
        {
            case 93: return Integer.MIN_VALUE;
            case 89: return Integer.MIN_VALUE + 1;
            case 10: return Integer.MIN_VALUE + 2;
            default: return tag;
        }
    }

    private void checkInstanceRequired(final GroupDefinition group, final int start, final int end, final int level)
    {
        if (requiredGroupTag != NONE)
        {
            return;
        }
        for (int r = 0, count = group.requiredCount(); r < count; r++)
        {
            final int required = group.requiredAt(r);
            if (!presentAt(required, level, start, end))
            {
                requiredGroupTag = required;
                return;
            }
        }
    }

    private int firstMissing(final ContainerDefinition container, final int level)
    {
        for (int r = 0, count = container.requiredCount(); r < count; r++)
        {
            final int required = container.requiredAt(r);
            if (!presentAt(required, level, 0, fieldCount))
            {
                return required;
            }
        }
        return NONE;
    }

    private boolean presentAt(final int tag, final int level, final int start, final int end)
    {
        int index = decoder.indexOf(tag);
        if (index >= 0 && index < start)
        {
            index = decoder.indexOf(tag, start);
        }
        while (index >= 0 && index < end)
        {
            if (levels[index] == level && index < cursor)
            {
                return true;
            }
            index = decoder.indexOf(tag, index + 1);
        }
        return false;
    }

    private boolean seenBefore(final int index, final int tag, final int level)
    {
        if (tag <= 0)
        {
            return false;
        }
        int previous = decoder.indexOf(tag);
        while (previous >= 0 && previous < index)
        {
            if (levels[previous] == level)
            {
                return true;
            }
            previous = decoder.indexOf(tag, previous + 1);
        }
        return false;
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
            structureError(GARBLED, 0);
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

    private void structureError(final int reason, final int tag)
    {
        if (structureReason == NONE)
        {
            structureReason = reason;
            structureTag = tag;
        }
    }

    private void resetCandidates()
    {
        structureReason = NONE;
        structureTag = 0;
        requiredGroupTag = NONE;
        headerReason = NONE;
        trailerReason = NONE;
        bodyReason = NONE;
        groupReason = NONE;
        application = null;
        message = null;
        headerPresent = 0;
        bodyPresent = 0;
        trailerPresent = 0;
    }
}
