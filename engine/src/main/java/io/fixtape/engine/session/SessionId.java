package io.fixtape.engine.session;

import java.util.Objects;

/**
 * Identity of a FIX session from our side: BeginString, SenderCompID (ours), TargetCompID (theirs) and an optional
 * qualifier. Immutable; created at configuration time, never on the hot path.
 */
public final class SessionId
{
    private final String beginString;
    private final String senderCompId;
    private final String targetCompId;
    private final String qualifier;

    public SessionId(final String beginString, final String senderCompId, final String targetCompId)
    {
        this(beginString, senderCompId, targetCompId, "");
    }

    public SessionId(final String beginString, final String senderCompId, final String targetCompId, final String qualifier)
    {
        this.beginString = Objects.requireNonNull(beginString, "beginString");
        this.senderCompId = Objects.requireNonNull(senderCompId, "senderCompId");
        this.targetCompId = Objects.requireNonNull(targetCompId, "targetCompId");
        this.qualifier = qualifier == null ? "" : qualifier;
    }

    public String beginString()
    {
        return beginString;
    }

    public String senderCompId()
    {
        return senderCompId;
    }

    public String targetCompId()
    {
        return targetCompId;
    }

    public String qualifier()
    {
        return qualifier;
    }

    @Override
    public boolean equals(final Object o)
    {
        if (this == o)
        {
            return true;
        }
        if (!(o instanceof SessionId))
        {
            return false;
        }
        final SessionId that = (SessionId)o;
        return beginString.equals(that.beginString) && senderCompId.equals(that.senderCompId) &&
            targetCompId.equals(that.targetCompId) && qualifier.equals(that.qualifier);
    }

    @Override
    public int hashCode()
    {
        return Objects.hash(beginString, senderCompId, targetCompId, qualifier);
    }

    /** {@code FIX.4.4:SENDER->TARGET[:qualifier]}, the form QuickFIX/J users know. */
    @Override
    public String toString()
    {
        return beginString + ":" + senderCompId + "->" + targetCompId + (qualifier.isEmpty() ? "" : ":" + qualifier);
    }
}
