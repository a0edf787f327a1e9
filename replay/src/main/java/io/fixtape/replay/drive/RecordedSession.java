package io.fixtape.replay.drive;

import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;

/**
 * One session of a recording as the replayed engine must run it: its id (the recorded engine's side), whether the
 * recorded engine was the initiator (it sent the first Logon) or the acceptor, how many connections were
 * recorded, and the session settings its messages show (an initiator's HeartBtInt and ResetSeqNumFlag, the
 * SendingTime precision, FIXT's DefaultApplVerID). Immutable.
 */
public final class RecordedSession
{
    private final SessionId sessionId;
    private final boolean engineInitiates;
    private final int connections;
    private final int heartBtIntSeconds;
    private final boolean resetOnLogon;
    private final int timestampPrecision;
    private final String defaultApplVerId;

    RecordedSession(final SessionId sessionId, final boolean engineInitiates, final int connections,
        final int heartBtIntSeconds, final boolean resetOnLogon, final int timestampPrecision,
        final String defaultApplVerId)
    {
        this.sessionId = sessionId;
        this.engineInitiates = engineInitiates;
        this.connections = connections;
        this.heartBtIntSeconds = heartBtIntSeconds;
        this.resetOnLogon = resetOnLogon;
        this.timestampPrecision = timestampPrecision;
        this.defaultApplVerId = defaultApplVerId;
    }

    /** An acceptor session with the engine's default settings (a recording that shows nothing else). */
    public static RecordedSession acceptor(final SessionId sessionId)
    {
        return new RecordedSession(sessionId, false, 1, -1, false, -1, null);
    }

    public SessionId sessionId()
    {
        return sessionId;
    }

    /** Whether the recorded engine was the initiator of this session. */
    public boolean engineInitiates()
    {
        return engineInitiates;
    }

    /** Connections recorded (one per Logon of the initiating side). */
    public int connections()
    {
        return connections;
    }

    /**
     * A session configuration that answers as the recorded engine did: role, and what the recording shows of
     * HeartBtInt, ResetOnLogon, TimeStampPrecision and DefaultApplVerID; everything else the engine's defaults.
     */
    public SessionConfig toConfig()
    {
        final SessionConfig config = new SessionConfig().sessionId(sessionId)
            .role(engineInitiates ? SessionConfig.Role.INITIATOR : SessionConfig.Role.ACCEPTOR);
        if (heartBtIntSeconds >= 0 && engineInitiates)
        {
            config.heartBtIntSeconds(heartBtIntSeconds);
        }
        if (engineInitiates)
        {
            config.resetOnLogon(resetOnLogon);
        }
        if (timestampPrecision >= 0)
        {
            config.timestampPrecision(timestampPrecision);
        }
        if (sessionId.beginString().startsWith("FIXT"))
        {
            config.defaultApplVerId(defaultApplVerId != null && SessionConfig.applVerIdValue(defaultApplVerId) != null ?
                defaultApplVerId : "FIX.5.0SP2");
        }
        return config;
    }

    @Override
    public String toString()
    {
        return sessionId + " (" + (engineInitiates ? "initiator" : "acceptor") + ", " + connections + " connection" +
            (connections == 1 ? "" : "s") + ")";
    }
}
