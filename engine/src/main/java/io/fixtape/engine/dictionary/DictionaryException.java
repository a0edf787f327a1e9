package io.fixtape.engine.dictionary;

/** A data dictionary could not be found or read; the message names the source and the problem. */
public final class DictionaryException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public DictionaryException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
