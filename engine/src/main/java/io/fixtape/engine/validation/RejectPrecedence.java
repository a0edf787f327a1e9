package io.fixtape.engine.validation;

import io.fixtape.engine.dictionary.MessageDefinition;

/**
 * Collects the problems found while a message is validated and decides which one the Reject reports, in
 * QuickFIX/J's order: a structure problem (the first one found, in wire order; garbled input is ignored instead
 * of rejected), an undefined MsgType, a missing required tag, then the first field problem of the header, the
 * trailer, the body and the groups, and last an application message type the application does not support.
 *
 * <p>Within the header, trailer and body the problem kept is the one QuickFIX/J meets first: its field maps iterate
 * in tag order, with 8, 9, 35 first in the header and 93, 89, 10 first in the trailer. Within groups it is the
 * first one found.
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class RejectPrecedence
{
    /** Structure verdict of a message QuickFIX/J cannot parse (ignored, not rejected). */
    static final int GARBLED = -2;
    private static final int NONE = -1;

    private final ValidationOptions options;

    private int structureReason;
    private int structureTag;
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

    RejectPrecedence(final ValidationOptions options)
    {
        this.options = options;
    }

    /** Forgets the previous message's problems. */
    void reset()
    {
        structureReason = NONE;
        structureTag = 0;
        headerReason = NONE;
        trailerReason = NONE;
        bodyReason = NONE;
        groupReason = NONE;
    }

    /** Records a structure problem ({@link #GARBLED} or a 373 value) unless an earlier one is recorded. */
    void structureError(final int reason, final int tag)
    {
        if (structureReason == NONE)
        {
            structureReason = reason;
            structureTag = tag;
        }
    }

    /** True while no structure problem is recorded: the structure walk goes on. */
    boolean structureOk()
    {
        return structureReason == NONE;
    }

    /** Records a field problem found in {@code section} ({@link MessageSections} code or a group level). */
    void offer(final int section, final int tag, final int reason)
    {
        switch (section)
        {
            case MessageSections.HEADER:
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
            case MessageSections.TRAILER:
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
            case MessageSections.BODY:
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

    /**
     * Writes the verdict into {@code result}.
     *
     * @param message  the definition of the message's MsgType, or null when its dictionary does not define it.
     * @param required the required-tag findings of the same message.
     * @return true when the message is valid.
     */
    boolean conclude(
        final ValidationResult result,
        final long msgType,
        final MessageDefinition message,
        final RequiredFields required)
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
        final int missing = required.firstMissing(message);
        if (missing != RequiredFields.NONE)
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
}
