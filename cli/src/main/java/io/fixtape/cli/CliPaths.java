package io.fixtape.cli;

import io.fixtape.journal.Journal;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks of the files and directories given on the command line, made before a command starts its work, so that a
 * missing input or an output that cannot be written is one clear line ({@link UserError}) and not a failure half-way
 * through a run. Each method returns the path it checked.
 */
public final class CliPaths
{
    private CliPaths()
    {
    }

    /** A fixtape journal directory to read: it exists, is a directory and holds a journal. */
    public static Path journalToRead(final Path dir)
    {
        if (!Files.exists(dir))
        {
            throw new UserError(dir + ": no such directory");
        }
        if (!Files.isDirectory(dir))
        {
            throw new UserError(dir + " is a file, not a journal directory");
        }
        if (!Files.isDirectory(dir.resolve(Journal.QUEUE_DIR)))
        {
            throw new UserError(dir + " is not a fixtape journal (no " + Journal.QUEUE_DIR + "/ directory)");
        }
        return dir;
    }

    /** An input file: it exists, is a regular file and can be read. */
    public static Path fileToRead(final String what, final Path file)
    {
        if (!Files.exists(file))
        {
            throw new UserError(what + " " + file + ": no such file");
        }
        if (Files.isDirectory(file))
        {
            throw new UserError(what + " " + file + " is a directory, not a file");
        }
        if (!Files.isReadable(file))
        {
            throw new UserError(what + " " + file + ": not readable");
        }
        return file;
    }

    /** A directory the command writes into: an existing writable directory, or one that can be created. */
    public static Path directoryToWrite(final String what, final Path dir)
    {
        if (Files.exists(dir))
        {
            if (!Files.isDirectory(dir))
            {
                throw new UserError(what + " " + dir + " is a file, not a directory");
            }
            if (!Files.isWritable(dir))
            {
                throw new UserError(what + " " + dir + ": directory not writable");
            }
            return dir;
        }
        creatable(what, dir);
        return dir;
    }

    /**
     * A file the command writes (e.g. at the end of a run): not a directory, writable if it exists, in an existing
     * writable directory.
     */
    public static Path fileToWrite(final String what, final Path file)
    {
        if (Files.isDirectory(file))
        {
            throw new UserError(what + " " + file + " is a directory; give a file name");
        }
        if (Files.exists(file))
        {
            if (!Files.isWritable(file))
            {
                throw new UserError(what + " " + file + ": file not writable");
            }
            return file;
        }
        final Path parent = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent))
        {
            throw new UserError(what + " " + file + ": " + (Files.exists(parent) ? parent + " is a file, not a directory" :
                "directory " + parent + " does not exist"));
        }
        if (!Files.isWritable(parent))
        {
            throw new UserError(what + " " + file + ": directory " + parent + " not writable");
        }
        return file;
    }

    /** A path that does not exist yet: its nearest existing ancestor must be a directory this process may write. */
    private static void creatable(final String what, final Path path)
    {
        Path ancestor = path.toAbsolutePath().getParent();
        while (ancestor != null && !Files.exists(ancestor))
        {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null)
        {
            return;
        }
        if (!Files.isDirectory(ancestor))
        {
            throw new UserError(what + " " + path + ": cannot be created, " + ancestor + " is a file");
        }
        if (!Files.isWritable(ancestor))
        {
            throw new UserError(what + " " + path + ": cannot be created, directory " + ancestor + " not writable");
        }
    }
}
