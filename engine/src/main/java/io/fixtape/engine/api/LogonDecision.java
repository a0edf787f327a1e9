package io.fixtape.engine.api;

import java.util.Objects;

/**
 * What a {@link LogonAuthenticator} decided: {@link #ACCEPT}, or {@link #reject(String)} with the reason sent as the
 * Text (58) of the refusing Logout. Say what the counterparty may know ("unknown user or wrong password"), never a
 * secret. Immutable; reuse rejections with a fixed reason (e.g. a constant) to keep refusals allocation-free.
 */
public final class LogonDecision
{
    /** The Logon is accepted. */
    public static final LogonDecision ACCEPT = new LogonDecision(true, null);

    private final boolean accepted;
    private final String reason;

    private LogonDecision(final boolean accepted, final String reason)
    {
        this.accepted = accepted;
        this.reason = reason;
    }

    /**
     * A refusal.
     *
     * @param reason the Text (58) of the refusing Logout.
     * @return the decision.
     */
    public static LogonDecision reject(final String reason)
    {
        Objects.requireNonNull(reason, "reason");
        return new LogonDecision(false, reason);
    }

    /**
     * Whether the Logon is accepted.
     *
     * @return true for {@link #ACCEPT}.
     */
    public boolean accepted()
    {
        return accepted;
    }

    /**
     * The refusal's reason.
     *
     * @return the reason, or null when accepted.
     */
    public String reason()
    {
        return reason;
    }

    @Override
    public String toString()
    {
        return accepted ? "ACCEPT" : "REJECT(" + reason + ')';
    }
}
