package io.fixtape.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import io.fixtape.launcher.internal.EngineAssembly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/CONFIGURATION.md is the one reference of the settings file: every key the CLI accepts
 * ({@link EngineAssembly#knownKeys()}: the engine's, the journal's, kernel bypass and the acceptor models') has
 * exactly one row there, and every row names a key the CLI accepts. A key added to the code without a row, or a row
 * left behind for a key that no longer exists, fails the build.
 *
 * <p>A key table is a Markdown table whose header's first cell is {@code key}; each of its rows starts with the key
 * in backticks (a numbered key as {@code SocketConnectHost<n>}).
 */
class ConfigurationReferenceTest
{
    private static final Path REFERENCE = Path.of("../docs/CONFIGURATION.md");
    private static final Pattern KEY_TABLE_HEADER = Pattern.compile("^\\|\\s*key\\s*\\|.*");
    private static final Pattern SEPARATOR = Pattern.compile("^\\|[\\s|:-]+\\|\\s*$");
    private static final Pattern KEY_ROW = Pattern.compile("^\\|\\s*`([A-Za-z][A-Za-z0-9]*(?:<n>)?)`\\s*\\|.*");

    /** Key → number of rows naming it, over every key table of the reference. */
    private static Map<String, Integer> documentedKeys() throws IOException
    {
        final Map<String, Integer> rows = new TreeMap<>();
        final List<String> malformed = new ArrayList<>();
        boolean inKeyTable = false;
        int lineNumber = 0;
        for (final String line : Files.readAllLines(REFERENCE))
        {
            lineNumber++;
            if (KEY_TABLE_HEADER.matcher(line).matches())
            {
                inKeyTable = true;
                continue;
            }
            if (!line.startsWith("|"))
            {
                inKeyTable = false;
                continue;
            }
            if (!inKeyTable || SEPARATOR.matcher(line).matches())
            {
                continue;
            }
            final Matcher row = KEY_ROW.matcher(line);
            if (row.matches())
            {
                rows.merge(row.group(1), 1, Integer::sum);
            }
            else
            {
                malformed.add(REFERENCE + ":" + lineNumber + ": " + line);
            }
        }
        assertTrue(malformed.isEmpty(), "key-table rows must start with the key in backticks: " + malformed);
        return rows;
    }

    private static Set<String> cliKeys()
    {
        return new TreeSet<>(EngineAssembly.knownKeys().docs().keySet());
    }

    @Test
    void everyKeyTheCliAcceptsHasARow() throws IOException
    {
        final Set<String> missing = cliKeys();
        missing.removeAll(documentedKeys().keySet());
        assertTrue(missing.isEmpty(), "settings keys without a row in " + REFERENCE + ": " + missing);
    }

    @Test
    void everyRowNamesAKeyTheCliAccepts() throws IOException
    {
        final Set<String> unknown = new TreeSet<>(documentedKeys().keySet());
        unknown.removeAll(cliKeys());
        assertTrue(unknown.isEmpty(), "rows in " + REFERENCE + " for keys the CLI does not accept: " + unknown);
    }

    @Test
    void everyKeyHasExactlyOneRow() throws IOException
    {
        final Map<String, Integer> repeated = new TreeMap<>();
        documentedKeys().forEach((key, count) ->
        {
            if (count > 1)
            {
                repeated.put(key, count);
            }
        });
        assertEquals(Map.of(), repeated, "keys with more than one row in " + REFERENCE);
    }
}
