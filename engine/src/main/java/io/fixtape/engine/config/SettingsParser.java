package io.fixtape.engine.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the QuickFIX/J settings-file format: {@code [DEFAULT]} and {@code [SESSION]} headers, {@code key=value}
 * lines, {@code #} comments, blank lines. Every key must be in {@link KnownKeys}; an unknown key fails with
 * {@code file:line}, the key and the closest known key, and an engine-wide key ({@link KnownKeys.Scope#ENGINE}) in a
 * {@code [SESSION]} section fails with {@code file:line}, the key and where it belongs ({@code [DEFAULT]}). {@code ${name}} in a value is replaced by the system
 * property or environment variable {@code name} (as QuickFIX/J does); an undefined one is an error.
 *
 * <p>Configuration time only; not used on the hot path.
 */
public final class SettingsParser
{
    private final KnownKeys knownKeys;

    public SettingsParser()
    {
        this(KnownKeys.standard());
    }

    public SettingsParser(final KnownKeys knownKeys)
    {
        this.knownKeys = knownKeys;
    }

    public Settings parse(final Path file)
    {
        try
        {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read settings " + file, ex);
        }
    }

    public Settings parse(final String source, final String text)
    {
        final Map<String, Settings.Value> defaultValues = new LinkedHashMap<>();
        final Settings.Section defaults = new Settings.Section(source + ":[DEFAULT]", defaultValues, null);
        final List<Settings.Section> sessions = new ArrayList<>();
        Map<String, Settings.Value> current = null;
        final String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++)
        {
            final String location = source + ":" + (i + 1);
            final String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";"))
            {
                continue;
            }
            if (line.startsWith("["))
            {
                final String header = line.toUpperCase(java.util.Locale.ROOT);
                if ("[DEFAULT]".equals(header))
                {
                    current = defaultValues;
                }
                else if ("[SESSION]".equals(header))
                {
                    current = new LinkedHashMap<>();
                    sessions.add(new Settings.Section(location, current, defaults));
                }
                else
                {
                    throw new SettingsException(location + ": unknown section " + line + " (expected [DEFAULT] or [SESSION])");
                }
                continue;
            }
            final int equals = line.indexOf('=');
            if (equals <= 0)
            {
                throw new SettingsException(location + ": expected key=value, got '" + line + "'");
            }
            if (current == null)
            {
                throw new SettingsException(location + ": setting before any [DEFAULT] or [SESSION] header");
            }
            final String key = line.substring(0, equals).strip();
            final String value = substitute(line.substring(equals + 1).strip(), location);
            if (!knownKeys.contains(key))
            {
                final String suggestion = knownKeys.suggest(key);
                throw new SettingsException(location + ": unknown setting '" + key + "'" +
                    (suggestion == null ? "" : " (did you mean " + suggestion + "?)"));
            }
            if (current != defaultValues && knownKeys.scope(key) == KnownKeys.Scope.ENGINE)
            {
                throw new SettingsException(location + ": " + key + " applies to the whole engine: set it in [DEFAULT]");
            }
            if (current.containsKey(key))
            {
                throw new SettingsException(location + ": " + key + " is set twice in this section (first at " +
                    current.get(key).location + ")");
            }
            current.put(key, new Settings.Value(value, location));
        }
        return new Settings(source, defaults, sessions);
    }

    private static String substitute(final String value, final String location)
    {
        int start = value.indexOf("${");
        if (start < 0)
        {
            return value;
        }
        final StringBuilder sb = new StringBuilder();
        int from = 0;
        while (start >= 0)
        {
            final int end = value.indexOf('}', start);
            if (end < 0)
            {
                throw new SettingsException(location + ": unterminated ${ in '" + value + "'");
            }
            final String name = value.substring(start + 2, end);
            String replacement = System.getProperty(name);
            if (replacement == null)
            {
                replacement = System.getenv(name);
            }
            if (replacement == null)
            {
                throw new SettingsException(location + ": ${" + name + "} is not a system property or environment variable");
            }
            sb.append(value, from, start).append(replacement);
            from = end + 1;
            start = value.indexOf("${", from);
        }
        return sb.append(value.substring(from)).toString();
    }
}
