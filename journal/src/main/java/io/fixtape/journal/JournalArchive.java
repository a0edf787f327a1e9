package io.fixtape.journal;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where retention puts a finished cycle file instead of deleting it ({@code JournalArchiveDir}): moved into the
 * archive directory under its own name, atomically when the directory is on the same file system, else copied
 * (to a temporary name, then renamed) and the original deleted, so the archive never holds a partial file under a
 * cycle file's name. The file's content is unchanged (a Chronicle cycle file of the journal's format). Retention's
 * thread only.
 */
final class JournalArchive
{
    private final Path directory;

    JournalArchive(final Path directory)
    {
        this.directory = directory;
    }

    Path directory()
    {
        return directory;
    }

    /** Moves one finished cycle file into the archive directory (created if missing). */
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
    }
}
