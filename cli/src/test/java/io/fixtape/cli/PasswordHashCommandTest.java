package io.fixtape.cli;

import io.fixtape.engine.api.PasswordHash;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fixtape password-hash} reads the password from standard input and prints a hash that verifies it. */
class PasswordHashCommandTest
{
    private static CliRun withInput(final String input, final String... args)
    {
        final InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        try
        {
            return CliRun.fixtape(args);
        }
        finally
        {
            System.setIn(saved);
        }
    }

    @Test
    void printsASaltedHashThatMatchesOnlyThePassword()
    {
        final CliRun first = withInput("correct horse\n", "password-hash", "--iterations", "2000");
        final CliRun second = withInput("correct horse\n", "password-hash", "--iterations", "2000");
        assertEquals(0, first.exit, first.toString());
        final String hash = first.out.trim();
        assertTrue(hash.startsWith("pbkdf2-sha256$2000$"), hash);
        assertFalse(hash.contains("correct horse"));
        assertFalse(hash.equals(second.out.trim()), "a new salt every time");
        assertTrue(PasswordHash.parse(hash).matches("correct horse"));
        assertFalse(PasswordHash.parse(hash).matches("correct horse "));
    }

    @Test
    void noPasswordOrTooFewIterationsIsOneLineAndExit2()
    {
        final CliRun empty = withInput("", "password-hash");
        assertEquals(2, empty.exit, empty.toString());
        assertTrue(empty.err.contains("no password given"), empty.err);
        assertFalse(empty.err.contains("\tat "), "no stack trace: " + empty.err);
        final CliRun few = withInput("x\n", "password-hash", "--iterations", "10");
        assertEquals(2, few.exit, few.toString());
        assertTrue(few.err.contains("--iterations must be >= 1000"), few.err);
    }
}
