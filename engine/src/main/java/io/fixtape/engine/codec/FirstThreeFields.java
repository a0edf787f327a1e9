package io.fixtape.engine.codec;

/**
 * The FIX rule that a message starts with BeginString (8), BodyLength (9) and MsgType (35), in this order. A
 * message that breaks it is garbled: the session ignores it (no Reject, its MsgSeqNum not consumed), as QuickFIX/J
 * does. The framer has already checked the first two at byte level; this rule is about the decoded fields.
 *
 * <p>Stateless, allocation-free.
 */
public final class FirstThreeFields
{
    private static final int[] TAGS = {Tags.BEGIN_STRING, Tags.BODY_LENGTH, Tags.MSG_TYPE};

    private FirstThreeFields()
    {
    }

    /** Whether the first three fields of {@code message} are 8, 9, 35. */
    public static boolean inOrder(final FixDecoder message)
    {
        return message.fieldCount() >= 3 && message.tagAt(0) == Tags.BEGIN_STRING &&
            message.tagAt(1) == Tags.BODY_LENGTH && message.tagAt(2) == Tags.MSG_TYPE;
    }

    /**
     * The tag to report for a message that breaks the rule: the first field's tag that is not the expected one, or
     * the expected tag when the message has fewer fields; 0 when the rule holds.
     */
    public static int firstOutOfOrder(final FixDecoder message)
    {
        for (int i = 0; i < TAGS.length; i++)
        {
            if (i >= message.fieldCount())
            {
                return TAGS[i];
            }
            if (message.tagAt(i) != TAGS[i])
            {
                return message.tagAt(i);
            }
        }
        return 0;
    }
}
