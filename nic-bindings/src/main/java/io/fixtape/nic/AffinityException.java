package io.fixtape.nic;

/** A requested CPU pin that could not be applied, or that the OS reports differently from what was asked. */
public final class AffinityException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public AffinityException(final String message)
    {
        super(message);
    }

    public AffinityException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
