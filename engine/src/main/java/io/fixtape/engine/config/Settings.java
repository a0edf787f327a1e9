package io.fixtape.engine.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed QuickFIX/J-format settings file: one {@code [DEFAULT]} section and any number of {@code [SESSION]}
 * sections. Immutable. Typed values per session come from {@link Section}, which falls back to the defaults.
 */
public final class Settings
{
    private final String source;
    private final Section defaults;
    private final List<Section> sessions;

    Settings(final String source, final Section defaults, final List<Section> sessions)
    {
        this.source = source;
        this.defaults = defaults;
        this.sessions = Collections.unmodifiableList(sessions);
    }

    /** File name (or other origin) for error messages. */
    public String source()
    {
        return source;
    }

    public Section defaults()
    {
        return defaults;
    }

    public List<Section> sessions()
    {
        return sessions;
    }

    /** One value as written, with where it was written. */
    public static final class Value
    {
        final String text;
        final String location;

        Value(final String text, final String location)
        {
            this.text = text;
            this.location = location;
        }
    }

    /** One section; lookups fall back to {@code [DEFAULT]}. */
    public static final class Section
    {
        private final String location;
        private final Map<String, Value> values;
        private final Section parent;

        Section(final String location, final Map<String, Value> values, final Section parent)
        {
            this.location = location;
            this.values = values;
            this.parent = parent;
        }

        /** {@code file:line} of the section header. */
        public String location()
        {
            return location;
        }

        /** The values this section sets itself (not inherited), for {@link SettingsBuilder#from}. */
        Map<String, Value> ownValues()
        {
            return values;
        }

        /** Whether this section itself (not [DEFAULT]) sets the key. */
        public boolean hasOwn(final String key)
        {
            return values.containsKey(key);
        }

        public boolean has(final String key)
        {
            return values.containsKey(key) || (parent != null && parent.has(key));
        }

        private Value value(final String key)
        {
            final Value value = values.get(key);
            return value != null || parent == null ? value : parent.value(key);
        }

        /** Where the key's effective value was written, or the section header. */
        public String locationOf(final String key)
        {
            final Value value = value(key);
            return value == null ? location : value.location;
        }

        public String string(final String key, final String defaultValue)
        {
            final Value value = value(key);
            return value == null ? defaultValue : value.text;
        }

        public String requiredString(final String key)
        {
            final Value value = value(key);
            if (value == null || value.text.isEmpty())
            {
                throw new SettingsException(location + ": missing required setting " + key);
            }
            return value.text;
        }

        public boolean bool(final String key, final boolean defaultValue)
        {
            final Value value = value(key);
            if (value == null)
            {
                return defaultValue;
            }
            switch (value.text)
            {
                case "Y":
                case "y":
                case "true":
                    return true;
                case "N":
                case "n":
                case "false":
                    return false;
                default:
                    throw new SettingsException(value.location + ": " + key + " must be Y or N, not '" + value.text + "'");
            }
        }

        public int integer(final String key, final int defaultValue)
        {
            final Value value = value(key);
            if (value == null)
            {
                return defaultValue;
            }
            try
            {
                return Integer.parseInt(value.text);
            }
            catch (final NumberFormatException ex)
            {
                throw new SettingsException(value.location + ": " + key + " must be an integer, not '" + value.text + "'");
            }
        }

        /** Fails naming the key when {@code ok} is false. */
        public void check(final boolean ok, final String key, final String expectation)
        {
            if (!ok)
            {
                throw new SettingsException(locationOf(key) + ": " + key + " " + expectation + " (is '" +
                    string(key, "") + "')");
            }
        }

        /** Explicit values of this section merged over the defaults (for reports). */
        public Map<String, String> effective()
        {
            final Map<String, String> merged = parent == null ? new LinkedHashMap<>() : parent.effective();
            values.forEach((k, v) -> merged.put(k, v.text));
            return merged;
        }
    }
}
