package io.fixtape.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real small/read-only file systems for fault tests, via mount(8); null when this process may not mount. */
final class Mounts implements AutoCloseable
{
    private final List<Path> mounted = new ArrayList<>();

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

    @Override
    public void close()
    {
        for (final Path p : mounted)
        {
            run("umount", "-l", p.toString());
        }
        mounted.clear();
    }
}
