package io.fixtape.cli;

import io.fixtape.engine.api.PasswordHash;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code fixtape password-hash}: reads a Logon password (from the terminal without echo, or one line of standard
 * input) and prints its salted PBKDF2 hash for {@code ExpectedPasswordHash}. The password is never an argument, so it
 * stays out of shell history and process listings.
 */
@Command(name = "password-hash", mixinStandardHelpOptions = true,
    description = "Print the PBKDF2 hash of a Logon password for ExpectedPasswordHash (password read from the " +
        "terminal without echo, or the first line of standard input).")
public final class PasswordHashCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--iterations", defaultValue = "" + PasswordHash.DEFAULT_ITERATIONS,
        description = "PBKDF2 iterations (>= 1000, default ${DEFAULT-VALUE}); each Logon check costs this many")
    private int iterations;

    @Override
    public Integer call() throws IOException
    {
        if (iterations < 1000)
        {
            throw new UserError("--iterations must be >= 1000 (is " + iterations + ")");
        }
        final char[] password = read();
        try
        {
            if (password.length == 0)
            {
                throw new UserError("no password given (type it, or pipe it as the first line of standard input)");
            }
            spec.commandLine().getOut().println(PasswordHash.create(password, iterations));
            return 0;
        }
        finally
        {
            Arrays.fill(password, '\0');
        }
    }

    private static char[] read() throws IOException
    {
        final Console console = System.console();
        if (console != null)
        {
            final char[] typed = console.readPassword("Password: ");
            return typed == null ? new char[0] : typed;
        }
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        final String line = in.readLine();
        return line == null ? new char[0] : line.toCharArray();
    }
}
