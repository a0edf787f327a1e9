package io.fixtape.replay.drive;

/**
 * A replay hit its wall-clock safety net ({@link ReplayOptions#stallTimeoutNanos}): nothing moved for that long.
 * The replay has no result; the message says how far it got.
 */
public final class ReplayStalledException extends IllegalStateException
{
    private static final long serialVersionUID = 1L;

    public ReplayStalledException(final String message)
    {
        super(message);
    }
}
