package io.fixtape.engine.session;

/**
 * Reusable result of a {@link SessionValidator}: which SessionRejectReason (373) and RefTagID (371) the session
 * puts in its Reject. Mutable, owned by one session; no allocation per message.
 */
public final class ValidationFailure
{
    private int reason;
    private int refTagId;
    private boolean ignore;

    /** Record a failure; {@code refTagId <= 0} means no RefTagID. */
    public ValidationFailure set(final int reason, final int refTagId)
    {
        this.reason = reason;
        this.refTagId = refTagId;
        this.ignore = false;
        return this;
    }

    /**
     * Record a garbled message (e.g. BeginString, BodyLength, MsgType not the first three fields): the session
     * ignores it as the spec says for garbled input (no Reject, MsgSeqNum not consumed) and counts it.
     */
    public ValidationFailure ignore(final int reason, final int refTagId)
    {
        set(reason, refTagId);
        this.ignore = true;
        return this;
    }

    /** Whether the message is to be ignored rather than rejected. */
    public boolean isIgnore()
    {
        return ignore;
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
