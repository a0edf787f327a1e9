package io.fixtape.cli;

import io.fixtape.journal.JournalException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The one place where an exception leaving a command becomes what the user sees, on stderr:
 * <ul>
 *   <li>a mistake of the user's — an option's value ({@code ParameterException}), a settings file
 *   ({@code SettingsException}, named {@code file:line}), a bad value a module refused
 *   ({@code IllegalArgumentException}), a file or directory that is missing, of the wrong kind or not writable
 *   ({@link UserError}, {@code IOException}), a journal that cannot be used ({@code JournalException}) — is one line,
 *   {@code fixtape <command>: <what is wrong>}, and exit code {@link ExitCodes#USAGE};</li>
 *   <li>anything else is a fault in fixtape: one line saying it is an internal error, exit code
 *   {@link ExitCodes#INTERNAL_ERROR}.</li>
 * </ul>
 * With {@code --verbose} or the environment variable {@code FIXTAPE_DEBUG} (not empty, not 0) the stack trace
 * follows the line.
 */
final class ErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler
{
    static final String VERBOSE_OPTION = "--verbose";
    static final String DEBUG_VARIABLE = "FIXTAPE_DEBUG";

    @Override
    public int handleParseException(final ParameterException ex, final String[] args)
    {
        final CommandLine command = ex.getCommandLine();
        String message = ex.getMessage();
        if (ex instanceof UnmatchedArgumentException && !((UnmatchedArgumentException)ex).getSuggestions().isEmpty())
        {
            message += " (did you mean " + String.join(" or ", ((UnmatchedArgumentException)ex).getSuggestions()) + "?)";
        }
        final String name = command.getCommandSpec().qualifiedName();
        CommandLine root = command;
        while (root.getParent() != null)
        {
            root = root.getParent();
        }
        report(command, name + ": " + message + " (see " + name + " --help)", ex, root.getParseResult());
        return ExitCodes.USAGE;
    }

    @Override
    public int handleExecutionException(final Exception ex, final CommandLine command, final ParseResult parseResult)
    {
        final String name = command.getCommandSpec().qualifiedName();
        if (isUserError(ex))
        {
            report(command, name + ": " + describe(ex), ex, parseResult);
            return ExitCodes.USAGE;
        }
        report(command, name + ": internal error: " + ex + (verbose(parseResult) ? "" :
            " (run with " + VERBOSE_OPTION + " or " + DEBUG_VARIABLE + "=1 for the stack trace)"), ex, parseResult);
        return ExitCodes.INTERNAL_ERROR;
    }

    static boolean isUserError(final Throwable ex)
    {
        return ex instanceof UserError || ex instanceof IllegalArgumentException || ex instanceof IOException ||
            ex instanceof UncheckedIOException || ex instanceof JournalException;
    }

    /** The message of a user error, with the file-system exceptions (whose message is a bare path) spelt out. */
    static String describe(final Throwable ex)
    {
        if (ex instanceof UncheckedIOException)
        {
            final IOException cause = ((UncheckedIOException)ex).getCause();
            final String message = ex.getMessage();
            return message == null || message.equals(String.valueOf(cause)) ? describe(cause) :
                message + ": " + describe(cause);
        }
        if (ex instanceof FileSystemException)
        {
            final FileSystemException fs = (FileSystemException)ex;
            final String reason = ex instanceof NoSuchFileException ? "no such file or directory" :
                ex instanceof AccessDeniedException ? "permission denied" :
                ex instanceof FileAlreadyExistsException ? "already exists" :
                ex instanceof NotDirectoryException ? "not a directory" :
                ex instanceof DirectoryNotEmptyException ? "directory not empty" :
                fs.getReason();
            return fs.getFile() + (fs.getOtherFile() == null ? "" : " -> " + fs.getOtherFile()) +
                ": " + (reason == null ? ex.getClass().getSimpleName() : reason);
        }
        return ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
    }

    private static void report(final CommandLine command, final String line, final Throwable ex,
        final ParseResult parseResult)
    {
        final PrintWriter err = command.getErr();
        err.println(line.replaceAll("\\s*\\R\\s*", " ")); // one line, whatever the message holds
        if (verbose(parseResult))
        {
            ex.printStackTrace(err);
        }
        err.flush();
    }

    /** {@code --verbose} on any command of the line, or {@code FIXTAPE_DEBUG} set. */
    static boolean verbose(final ParseResult parseResult)
    {
        final String debug = System.getenv(DEBUG_VARIABLE);
        if (debug != null && !debug.isEmpty() && !"0".equals(debug))
        {
            return true;
        }
        for (ParseResult level = parseResult; level != null; level = level.subcommand())
        {
            if (level.hasMatchedOption(VERBOSE_OPTION))
            {
                return true;
            }
        }
        return false;
    }
}
