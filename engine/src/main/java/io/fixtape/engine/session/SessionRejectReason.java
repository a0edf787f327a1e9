package io.fixtape.engine.session;

/**
 * SessionRejectReason (373) codes and the texts QuickFIX/J puts in Text (58) for them, so a counterparty's
 * tooling sees the familiar wording. Constants only.
 */
public final class SessionRejectReason
{
    public static final int INVALID_TAG_NUMBER = 0;
    public static final int REQUIRED_TAG_MISSING = 1;
    public static final int TAG_NOT_DEFINED_FOR_MESSAGE_TYPE = 2;
    public static final int UNDEFINED_TAG = 3;
    public static final int TAG_SPECIFIED_WITHOUT_A_VALUE = 4;
    public static final int VALUE_IS_INCORRECT = 5;
    public static final int INCORRECT_DATA_FORMAT = 6;
    public static final int DECRYPTION_PROBLEM = 7;
    public static final int SIGNATURE_PROBLEM = 8;
    public static final int COMPID_PROBLEM = 9;
    public static final int SENDING_TIME_ACCURACY_PROBLEM = 10;
    public static final int INVALID_MSG_TYPE = 11;
    public static final int XML_VALIDATION_ERROR = 12;
    public static final int TAG_APPEARS_MORE_THAN_ONCE = 13;
    public static final int TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER = 14;
    public static final int REPEATING_GROUP_FIELDS_OUT_OF_ORDER = 15;
    public static final int INCORRECT_NUM_IN_GROUP_COUNT = 16;
    public static final int NON_DATA_VALUE_INCLUDES_FIELD_DELIMITER = 17;
    public static final int OTHER = 99;

    /** Array size for per-reason counters: codes 0..17 map to themselves, everything else to slot 18. */
    public static final int COUNTER_SLOTS = 19;

    private static final String[] TEXT = {
        "Invalid tag number",
        "Required tag missing",
        "Tag not defined for this message type",
        "Undefined Tag",
        "Tag specified without a value",
        "Value is incorrect (out of range) for this tag",
        "Incorrect data format for value",
        "Decryption problem",
        "Signature problem",
        "CompID problem",
        "SendingTime accuracy problem",
        "Invalid MsgType",
        "XML Validation error",
        "Tag appears more than once",
        "Tag specified out of required order",
        "Out of order repeating group members",
        "Incorrect NumInGroup count for repeating group",
        "Non Data value includes field delimiter",
    };

    private SessionRejectReason()
    {
    }

    /** QuickFIX/J's text for a reason code ({@code "Other"} for unknown codes). */
    public static String text(final int reason)
    {
        return reason >= 0 && reason < TEXT.length ? TEXT[reason] : "Other";
    }

    /** Counter slot of a reason code. */
    public static int slot(final int reason)
    {
        return reason >= 0 && reason < COUNTER_SLOTS - 1 ? reason : COUNTER_SLOTS - 1;
    }
}
