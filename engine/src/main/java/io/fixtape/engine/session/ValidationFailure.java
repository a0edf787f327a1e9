package io.fixtape.engine.session;

/**
 * Reusable result of a {@link SessionValidator}: which SessionRejectReason (373) and RefTagID (371) the session
 * puts in its Reject. Mutable, owned by one session; no allocation per message.
 */
public final class ValidationFailure
{
    private int reason;
    private int refTagId;

    /** Record a failure; {@code refTagId <= 0} means no RefTagID. */
    public ValidationFailure set(final int reason, final int refTagId)
    {
        this.reason = reason;
        this.refTagId = refTagId;
        return this;
    }

    public int reason()
    {
        return reason;
    }

    public int refTagId()
    {
        return refTagId;
    }
}
