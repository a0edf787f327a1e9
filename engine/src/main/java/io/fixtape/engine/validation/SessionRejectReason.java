package io.fixtape.engine.validation;

/**
 * SessionRejectReason (373) codes and the fixed Text (58) QuickFIX/J sends with each, prebuilt so that a
 * Reject needs no per-message String.
 *
 * <p>Stateless, thread-safe.
 */
public final class SessionRejectReason
{
    public static final int INVALID_TAG_NUMBER = 0;
    public static final int REQUIRED_TAG_MISSING = 1;
    public static final int TAG_NOT_DEFINED_FOR_MESSAGE_TYPE = 2;
    public static final int UNDEFINED_TAG = 3;
    public static final int TAG_SPECIFIED_WITHOUT_VALUE = 4;
    public static final int VALUE_INCORRECT = 5;
    public static final int INCORRECT_DATA_FORMAT = 6;
    public static final int DECRYPTION_PROBLEM = 7;
    public static final int SIGNATURE_PROBLEM = 8;
    public static final int COMPID_PROBLEM = 9;
    public static final int SENDING_TIME_ACCURACY_PROBLEM = 10;
    public static final int INVALID_MSGTYPE = 11;
    public static final int XML_VALIDATION_ERROR = 12;
    public static final int TAG_APPEARS_MORE_THAN_ONCE = 13;
    public static final int TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER = 14;
    public static final int REPEATING_GROUP_FIELDS_OUT_OF_ORDER = 15;
    public static final int INCORRECT_NUMINGROUP_COUNT = 16;
    public static final int NON_DATA_VALUE_INCLUDES_FIELD_DELIMITER = 17;
    public static final int OTHER = 99;

    private static final String[] TEXTS = {
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
        "Non Data value includes field delimiter (SOH character)",
    };

    private SessionRejectReason()
    {
    }

    /** QuickFIX/J's text for {@code reason}; "Other" for unknown codes. */
    public static String text(final int reason)
    {
        return reason >= 0 && reason < TEXTS.length ? TEXTS[reason] : "Other";
    }
}
