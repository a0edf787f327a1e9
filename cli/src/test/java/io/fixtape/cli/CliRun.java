package io.fixtape.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine;

/** Runs {@code fixtape ...} in-process (picocli) and keeps its exit code, out and err; copies recorded fixtures. */
public final class CliRun
{
    private static final Pattern DIGEST = Pattern.compile("(?m)^sha256 +([0-9a-f]{64})$");
    /** The files of a fixture journal in the replay module's test resources (its test-jar). */
    private static final String[] FIXTURE_FILES = {"sessions.registry", "queue/metadata.cq4t", "queue/20261202F.cq4"};

    public final int exit;
    public final String out;
    public final String err;

    private CliRun(final int exit, final String out, final String err)
    {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    public static CliRun fixtape(final String... args)
    {
        return run(FixtapeMain.commandLine(), args);
    }

    /** Runs {@code cmd} (e.g. {@link FixtapeMain#commandLine()} with a test subcommand added). */
    public static CliRun run(final CommandLine cmd, final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        final int exit = cmd.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    /** Copies fixture journal {@code name} (e.g. fix44-exec) to {@code dir/name}; works from a jar or a directory. */
    public static Path fixture(final String name, final Path dir) throws IOException
    {
        final Path copy = dir.resolve(name);
        for (final String file : FIXTURE_FILES)
        {
            copyResource("/fixtures/" + name + "/" + file, copy.resolve(file));
        }
        return copy;
    }

    public static Path copyResource(final String resource, final Path target) throws IOException
    {
        Files.createDirectories(target.getParent());
        try (InputStream in = CliRun.class.getResourceAsStream(resource))
        {
            if (in == null)
            {
                throw new IOException("no test resource " + resource + " (fixtape-replay test-jar)");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    /** The SHA-256 of the replayed outbound stream a {@code fixtape replay} printed. */
    public static String digest(final CliRun run)
    {
        final Matcher matcher = DIGEST.matcher(run.out);
        if (!matcher.find())
        {
            throw new AssertionError("no digest line: " + run);
        }
        return matcher.group(1);
    }

    @Override
    public String toString()
    {
        return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
    }
}
