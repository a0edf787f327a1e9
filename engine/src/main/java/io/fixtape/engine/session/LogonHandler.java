package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;

/**
 * The Logon rules of one session, as QuickFIX/J applies them: which side resets sequence numbers (ResetOnLogon,
 * ResetSeqNumFlag), the HeartBtInt in force, the Logon checks (SendingTime, CompIDs, HeartBtInt, EncryptMethod,
 * authenticator), the Logon we send and the resend that NextExpectedMsgSeqNum (789) asks for. Decisions only where
 * the session's state changes: a refused Logon leaves {@link #refusalReason()} and {@link #refusalText()} and the
 * {@link AdminMessageHandler} sends the Logout, disconnects and resets sequence numbers when told to.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class LogonHandler
{
    private static final int NEXT_EXPECTED_MSG_SEQ_NUM = 789;

    private final SessionConfig config;
    private final SessionId sessionId;
    private final HeaderChecks checks;
    private final SequenceTracker sequence;
    private final SessionSender sender;
    private final ResendResponder resender;
    private final LogonAuthentication authentication;
    private final StringBuilder nextExpectedText = new StringBuilder(96);

    private boolean initiatedConnection;
    private boolean resetSentInLogon;
    private int heartBtIntSeconds;
    private int logonSeqNum;
    private LogoutReason refusalReason;
    private String refusalText;
    private String remoteAddress;

    LogonHandler(
        final SessionConfig config, final HeaderChecks checks, final SequenceTracker sequence,
        final SessionSender sender, final ResendResponder resender)
    {
        this.config = config;
        this.sessionId = config.sessionId();
        this.checks = checks;
        this.sequence = sequence;
        this.sender = sender;
        this.resender = resender;
        this.heartBtIntSeconds = config.heartBtIntSeconds();
        this.authentication = new LogonAuthentication(config);
    }

    /** HeartBtInt in force: ours as initiator, the counterparty's as acceptor. */
    int heartBtIntSeconds()
    {
        return heartBtIntSeconds;
    }

    /** Why the last {@link #check} refused the Logon. */
    LogoutReason refusalReason()
    {
        return refusalReason;
    }

    /** Text of the Logout that refuses the Logon. */
    String refusalText()
    {
        return refusalText;
    }

    /** A new connection: we sent nothing yet on it. */
    void onConnect(final boolean initiated, final String remoteAddress)
    {
        this.remoteAddress = remoteAddress;
        initiatedConnection = initiated;
        resetSentInLogon = false;
    }

    /**
     * An initiator's Logon is about to go out: decide whether it carries ResetSeqNumFlag=Y (ResetOnLogon) and
     * remember it for {@link #sendInitiatorLogon} and {@link #mustResetOnReceivedLogon}.
     *
     * @return whether the session must reset its sequence numbers before {@link #sendInitiatorLogon}.
     */
    boolean decideInitiatorLogonReset()
    {
        resetSentInLogon = config.resetOnLogon();
        return resetSentInLogon;
    }

    /** The initiator's Logon, with our configured HeartBtInt. */
    void sendInitiatorLogon(final long now)
    {
        heartBtIntSeconds = config.heartBtIntSeconds();
        send(heartBtIntSeconds, resetSentInLogon, 0, now);
    }

    /**
     * Logon checks before anything is changed: SendingTime, CompIDs, HeartBtInt, EncryptMethod, then the
     * acceptor's authentication ({@link LogonAuthentication}: address, lockout, credentials, authenticators).
     *
     * @return the counterparty's HeartBtInt, or -1 when refused ({@link #refusalReason()}, {@link #refusalText()}).
     */
    int check(final FixDecoder m, final long now)
    {
        if (!checks.isSendingTimeAccurate(m, now))
        {
            return refuse(LogoutReason.SENDING_TIME_ACCURACY,
                "Invalid Logon message: SendingTime accuracy problem, field=52");
        }
        if (!checks.areCompIdsCorrect(m))
        {
            return refuse(LogoutReason.COMPID_PROBLEM, "CompID problem");
        }
        final int heartBtInt = m.getInt(Tags.HEART_BT_INT);
        if (!m.lastParseOk())
        {
            return refuse(LogoutReason.INVALID_LOGON, "HeartBtInt missing or not a number");
        }
        if (heartBtInt < 0)
        {
            return refuse(LogoutReason.INVALID_LOGON, "HeartBtInt must not be negative");
        }
        if (!initiatedConnection &&
            (heartBtInt < config.minHeartBtIntSeconds() || heartBtInt > config.maxHeartBtIntSeconds()))
        {
            // a refused Logon is rare: composing the text here is the only allocation of this path
            return refuse(LogoutReason.INVALID_LOGON, "HeartBtInt must be between " + config.minHeartBtIntSeconds() +
                " and " + config.maxHeartBtIntSeconds() + " seconds, received " + heartBtInt);
        }
        final int encryptMethod = m.getInt(Tags.ENCRYPT_METHOD);
        if (m.lastParseStatus() != FixDecoder.PARSE_MISSING && encryptMethod != 0)
        {
            return refuse(LogoutReason.INVALID_LOGON, "Unsupported EncryptMethod");
        }
        if (!initiatedConnection)
        {
            final String refusal = authentication.check(m, remoteAddress, now);
            if (refusal != null)
            {
                return refuse(LogoutReason.AUTHENTICATION, refusal);
            }
        }
        return heartBtInt;
    }

    private int refuse(final LogoutReason reason, final String text)
    {
        refusalReason = reason;
        refusalText = text;
        return -1;
    }

    /**
     * Their valid Logon arrived (not while logged on): they asked for a reset we did not already do, or we are the
     * acceptor with ResetOnLogon and they did not ask.
     *
     * @return whether the session must reset its sequence numbers now.
     */
    boolean mustResetOnReceivedLogon(final boolean resetRequested)
    {
        if (resetRequested)
        {
            return !resetSentInLogon;
        }
        return !initiatedConnection && config.resetOnLogon();
    }

    /**
     * The acceptor answers a valid Logon with its own, adopting their HeartBtInt and echoing their reset flag; an
     * initiator already sent its Logon.
     */
    void answer(
        final int theirHeartBtInt, final boolean resetRequested, final int seqNum, final int expected,
        final long now)
    {
        if (!initiatedConnection)
        {
            heartBtIntSeconds = theirHeartBtInt;
            send(heartBtIntSeconds, resetRequested, seqNum == expected ? expected + 1 : expected, now);
        }
    }

    /** A Logon with ResetSeqNumFlag=Y while logged on: both sides restart at 1; we answer with 141=Y. */
    void answerResetWhileLoggedOn(final int seqNum, final long now)
    {
        send(heartBtIntSeconds, true, seqNum == 1 ? 2 : 1, now);
    }

    /**
     * EnableNextExpectedMsgSeqNum: NextExpectedMsgSeqNum (789) in their Logon must not exceed our next MsgSeqNum
     * (QuickFIX/J's check): they would expect messages we never sent.
     *
     * @return null when acceptable (or not checked), else the text of the Logout that ends the session.
     */
    CharSequence nextExpectedTooHigh(final FixDecoder m)
    {
        if (!config.enableNextExpectedMsgSeqNum())
        {
            return null;
        }
        final int nextExpected = m.getInt(NEXT_EXPECTED_MSG_SEQ_NUM);
        final int ourNext = sequence.nextSender();
        if (!m.lastParseOk() || nextExpected <= ourNext)
        {
            return null;
        }
        nextExpectedText.setLength(0);
        return nextExpectedText.append("Tag 789 (NextExpectedMsgSeqNum) is higher than expected. Expected ")
            .append(ourNext).append(", Received ").append(nextExpected);
    }

    /**
     * NextExpectedMsgSeqNum (789) in their Logon: they have seen everything before it, and our Logon; resend
     * (or gap fill) what lies between.
     */
    void resendWhatTheyExpect(final FixDecoder m, final long now)
    {
        if (!config.enableNextExpectedMsgSeqNum())
        {
            return;
        }
        final int nextExpected = m.getInt(NEXT_EXPECTED_MSG_SEQ_NUM);
        if (m.lastParseOk() && nextExpected > 0 && nextExpected < logonSeqNum)
        {
            resender.request(nextExpected, logonSeqNum - 1, now);
        }
    }

    private void send(final int heartBtInt, final boolean reset, final int nextExpected, final long now)
    {
        logonSeqNum = sequence.nextSender();
        sender.logon(heartBtInt, reset, nextExpected, initiatedConnection, now);
    }
}
