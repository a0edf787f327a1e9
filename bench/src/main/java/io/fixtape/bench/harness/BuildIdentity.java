package io.fixtape.bench.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench_build}: which source a result was measured from, read at run time from the working tree with
 * {@code git rev-parse HEAD} and {@code git status --porcelain --untracked-files=no} (local commands, no network).
 * {@code dirty} is true when tracked files differ from that commit (untracked files such as result JSON do not
 * count). Without git or outside a work tree every field says {@code unknown}. Stateless.
 */
public final class BuildIdentity
{
    private static final long GIT_TIMEOUT_S = 30;

    private BuildIdentity()
    {
    }

    /** The tree of {@code $FIXTAPE_HOME} (set by bin/fixtape), else the working directory. */
    public static Map<String, Object> read()
    {
        final String home = System.getenv("FIXTAPE_HOME");
        return read(Path.of(home != null ? home : ".").toAbsolutePath().normalize());
    }

    public static Map<String, Object> read(final Path tree)
    {
        final Map<String, Object> build = new LinkedHashMap<>();
        final String commit = git(tree, "rev-parse", "HEAD");
        final String status = commit == null ? null : git(tree, "status", "--porcelain", "--untracked-files=no");
        build.put("git_commit", commit == null ? "unknown" : commit.trim());
        build.put("dirty", status == null ? "unknown" : !status.isBlank());
        build.put("source", commit == null ? "git not available or " + tree + " not a work tree" : "git in " + tree);
        return build;
    }

    /** @return the command's stdout, or null when git is missing, fails or hangs. */
    private static String git(final Path tree, final String... args)
    {
        final List<String> command = new java.util.ArrayList<>(List.of("git", "-C", tree.toString()));
        command.addAll(List.of(args));
        try
        {
            final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            process.getOutputStream().close();
            final String out;
            try (InputStream in = process.getInputStream())
            {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(GIT_TIMEOUT_S, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? out : null;
        }
        catch (final IOException e)
        {
            return null;
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
