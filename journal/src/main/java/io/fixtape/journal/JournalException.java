package io.fixtape.journal;

/** A journal that cannot be opened or used: wrong directory, held by another engine, unsupported format... */
public class JournalException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public JournalException(final String message)
    {
        super(message);
    }

    public JournalException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
