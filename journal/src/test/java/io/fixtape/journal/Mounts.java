package io.fixtape.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real small/read-only file systems for fault tests via mount(8) (false when this process may not mount), and
 * read-only paths without it ({@link #readOnly}: permissions, or {@code chattr +i} for root). Undone by close.
 */
final class Mounts implements AutoCloseable
{
    private final List<Path> mounted = new ArrayList<>();
    private final List<Path> immutable = new ArrayList<>();
    private final List<Path> writableAgain = new ArrayList<>();

    static boolean run(final String... command)
    {
        try
        {
            final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        }
        catch (final IOException ex)
        {
            return false;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Mounts a tmpfs of {@code sizeKb} at {@code dir}; false if not permitted here. */
    boolean tmpfs(final Path dir, final int sizeKb, final boolean readOnly) throws IOException
    {
        Files.createDirectories(dir);
        final String options = "size=" + sizeKb + "k" + (readOnly ? ",ro" : "");
        if (run("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString()))
        {
            mounted.add(0, dir);
            return true;
        }
        return false;
    }

    /** Bind-mounts {@code file} read-only over itself; false if not permitted here. */
    boolean readOnlyBind(final Path file)
    {
        if (run("mount", "--bind", file.toString(), file.toString()))
        {
            mounted.add(0, file);
            return run("mount", "-o", "remount,ro,bind", file.toString());
        }
        return false;
    }

    /**
     * Makes {@code path} unwritable without mount(8): file permissions for an ordinary user, the immutable attribute
     * ({@code chattr +i}, which binds root too) for root. False if neither works here (e.g. a file system without
     * that attribute). Undone by {@link #close()}.
     */
    boolean readOnly(final Path path)
    {
        if (!isRoot())
        {
            if (path.toFile().setWritable(false, false))
            {
                writableAgain.add(0, path);
                return !Files.isWritable(path);
            }
            return false;
        }
        if (run("chattr", "+i", path.toString()))
        {
            immutable.add(0, path);
            return true;
        }
        return false;
    }

    static boolean isRoot()
    {
        return "root".equals(System.getProperty("user.name"));
    }

    @Override
    public void close()
    {
        for (final Path p : immutable)
        {
            run("chattr", "-i", p.toString());
        }
        immutable.clear();
        for (final Path p : writableAgain)
        {
            p.toFile().setWritable(true, true);
        }
        writableAgain.clear();
        for (final Path p : mounted)
        {
            run("umount", "-l", p.toString());
        }
        mounted.clear();
    }
}
