package io.fixtape.journal;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where retention puts a finished cycle file instead of deleting it ({@code JournalArchiveDir}): moved into the
 * archive directory under its own name, atomically when the directory is on the same file system, else copied
 * (to a temporary name, then renamed) and the original deleted, so the archive never holds a partial file under a
 * cycle file's name. The file's content is unchanged (a Chronicle cycle file of the journal's format). Then, if
 * configured ({@code JournalArchiveCommand}), a command runs with the archived file's path as its last argument
 * (e.g. {@code gzip -9}): no shell, its output discarded, at most {@link #COMMAND_TIMEOUT_MINUTES} minutes; a command
 * that fails or times out is logged and counted, and the archived file stays as it is. Retention's thread only.
 */
final class JournalArchive
{
    static final long COMMAND_TIMEOUT_MINUTES = 10;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JournalArchive.class);
    private final Path directory;
    private final List<String> command;
    private volatile long commandFailures;

    /** @param command words of the command run on each archived file, empty for none. */
    JournalArchive(final Path directory, final List<String> command)
    {
        this.directory = directory;
        this.command = List.copyOf(command);
    }

    Path directory()
    {
        return directory;
    }

    /** Moves one finished cycle file into the archive directory (created if missing), then runs the command. */
    void archive(final Path cycleFile) throws IOException
    {
        Files.createDirectories(directory);
        final Path target = directory.resolve(cycleFile.getFileName());
        try
        {
            Files.move(cycleFile, target, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final AtomicMoveNotSupportedException ex)
        {
            // another file system: copy under a temporary name, rename, then delete the original
            final Path partial = directory.resolve(cycleFile.getFileName() + ".partial");
            Files.copy(cycleFile, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(cycleFile);
        }
        if (!command.isEmpty())
        {
            runCommand(target);
        }
    }

    private void runCommand(final Path archived)
    {
        final List<String> words = new ArrayList<>(command);
        words.add(archived.toString());
        try
        {
            final Process process = new ProcessBuilder(words).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(COMMAND_TIMEOUT_MINUTES, TimeUnit.MINUTES))
            {
                process.destroyForcibly();
                failed(words, "did not finish in " + COMMAND_TIMEOUT_MINUTES + " minutes (killed)");
            }
            else if (process.exitValue() != 0)
            {
                failed(words, "exited with " + process.exitValue());
            }
        }
        catch (final IOException ex)
        {
            failed(words, ex.toString());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt(); // the retention runner is closing
            failed(words, "interrupted");
        }
    }

    private void failed(final List<String> words, final String why)
    {
        commandFailures++;
        LOG.warn("journal archive command {} {}; the archived file stays as it is", words, why);
    }

    /** Archive commands that failed, timed out or could not start. */
    long commandFailures()
    {
        return commandFailures;
    }

    /** The words of {@code JournalArchiveCommand}: split on whitespace, no shell quoting. */
    static List<String> words(final String command)
    {
        final List<String> words = new ArrayList<>();
        if (command != null)
        {
            for (final String word : command.trim().split("\\s+"))
            {
                if (!word.isEmpty())
                {
                    words.add(word);
                }
            }
        }
        return words;
    }
}
