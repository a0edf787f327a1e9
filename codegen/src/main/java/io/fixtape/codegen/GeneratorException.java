package io.fixtape.codegen;

/** A dictionary the generator cannot turn into code, or an output it cannot write; the message says which and why. */
public final class GeneratorException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public GeneratorException(final String message, final Throwable cause)
    {
        super(message, cause);
    }

    public GeneratorException(final String message)
    {
        super(message);
    }
}
