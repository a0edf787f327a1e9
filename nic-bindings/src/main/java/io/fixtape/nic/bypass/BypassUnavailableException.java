package io.fixtape.nic.bypass;

/**
 * A kernel-bypass stack was required (or one of its calls was made) but it is not there: the message says which
 * stack, what was looked for and what was found, so an operator can fix the host rather than guess.
 */
public final class BypassUnavailableException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public BypassUnavailableException(final String message)
    {
        super(message);
    }

    public BypassUnavailableException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
