package io.fixtape.engine.runtime;

/**
 * A session in JMX ({@code JmxEnabled=Y}), named {@code io.fixtape:type=Session,beginString=..,senderCompID=..,
 * targetCompID=..[,qualifier=..]} as QuickFIX/J names its session MBeans. Every attribute is read and every
 * operation runs on the engine's poller thread (the JMX thread waits up to a second for it), never on the JMX thread.
 */
public interface SessionControlMBean
{
    String getSessionId();

    /** DISCONNECTED, AWAITING_LOGON, LOGON_SENT, ACTIVE or LOGOUT_SENT. */
    String getState();

    boolean isLoggedOn();

    String getRemoteAddress();

    int getNextSenderMsgSeqNum();

    int getNextTargetMsgSeqNum();

    long getMessagesReceived();

    long getMessagesSent();

    /** Start a Logout (the connection closes on the reply or after LogoutTimeout). */
    void logout();

    /** Close the connection now, without a Logout. */
    void disconnect();

    /** Both sequence numbers back to 1 (not while connected). */
    void reset();

    /** Set both sequence numbers (not while connected). */
    void setSequenceNumbers(int nextSenderMsgSeqNum, int nextTargetMsgSeqNum);
}
