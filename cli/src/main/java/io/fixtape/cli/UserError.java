package io.fixtape.cli;

/**
 * A mistake the user can fix (a file or directory that is missing or of the wrong kind, an output that cannot be
 * written, a value that does not fit): {@link ErrorHandler} prints its message as one line after the command's name
 * and exits with {@link ExitCodes#USAGE}. Mistakes in one option's value are picocli {@code ParameterException}s.
 */
public final class UserError extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public UserError(final String message)
    {
        super(message);
    }
}
