package io.fixtape.engine.session;

/** Why this session sent a Logout; each is counted in {@link SessionCounters#logoutsSent(LogoutReason)}. */
public enum LogoutReason
{
    /** The application or the engine asked for it ({@link Session#logout}). */
    REQUESTED,
    /** Answer to the counterparty's Logout. */
    REPLY,
    /** MsgSeqNum lower than expected without PossDupFlag. */
    SEQUENCE_TOO_LOW,
    /** BeginString differs from the session's. */
    INCORRECT_BEGIN_STRING,
    /** SenderCompID/TargetCompID do not match the session. */
    COMPID_PROBLEM,
    /** SendingTime (or OrigSendingTime) outside the allowed accuracy. */
    SENDING_TIME_ACCURACY,
    /** A message without MsgSeqNum. */
    MISSING_MSG_SEQ_NUM,
    /** Logon refused: bad HeartBtInt, EncryptMethod, authenticator, invalid fields. */
    INVALID_LOGON,
    /** Logon refused by authentication: remote address, lockout, Username/Password, an authenticator. */
    AUTHENTICATION,
    /**
     * NextExpectedMsgSeqNum (789) in their Logon is above our next MsgSeqNum: they expect messages we never sent
     * (EnableNextExpectedMsgSeqNum).
     */
    NEXT_EXPECTED_MSG_SEQ_NUM_TOO_HIGH,
    /** The session schedule ended. */
    SCHEDULE_END,
    /** The store could not journal ({@link StoreFailurePolicy#LOGOUT}). */
    STORE_FAILURE,
    /** A ResendRequest beyond MaxResendRequestRange, or one repeat too many (MaxResendRequestRepeats). */
    RESEND_REQUEST_LIMIT,
    /** More rejected or Reset-mode SequenceResets than MaxSequenceResets within SequenceResetWindow. */
    SEQUENCE_RESET_LIMIT;

    static final LogoutReason[] VALUES = values();
}
