package io.fixtape.engine.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Settings built from Java instead of read from a file: the same {@link Settings} a {@link SettingsParser} returns,
 * so the same mapping, defaults and checks apply. Every key must be known (the closest known key is suggested
 * otherwise) and an engine-wide key goes in {@code [DEFAULT]}, as in a file; a value set here replaces one read
 * from a file. Errors name the key with {@code source [SECTION]} as
 * its location, e.g. {@code FixtapeBuilder [SESSION 1] HeartBtInt}.
 *
 * <p>Configuration time only; one thread.
 */
public final class SettingsBuilder
{
    private final String source;
    private final KnownKeys knownKeys;
    private final Map<String, Settings.Value> defaults = new LinkedHashMap<>();
    private final List<Map<String, Settings.Value>> sessions = new ArrayList<>();
    private final List<String> sessionLocations = new ArrayList<>();

    /**
     * @param source    what the settings are called in error messages (e.g. {@code FixtapeBuilder}).
     * @param knownKeys the keys that may be set.
     */
    public SettingsBuilder(final String source, final KnownKeys knownKeys)
    {
        this.source = source;
        this.knownKeys = knownKeys;
    }

    /** A builder holding everything {@code settings} holds, locations included (values set later replace them). */
    public static SettingsBuilder from(final Settings settings, final KnownKeys knownKeys)
    {
        final SettingsBuilder builder = new SettingsBuilder(settings.source(), knownKeys);
        builder.defaults.putAll(settings.defaults().ownValues());
        for (final Settings.Section section : settings.sessions())
        {
            builder.sessions.add(new LinkedHashMap<>(section.ownValues()));
            builder.sessionLocations.add(section.location());
        }
        return builder;
    }

    public String source()
    {
        return source;
    }

    /** Set {@code key} in {@code [DEFAULT]}. */
    public SettingsBuilder putDefault(final String key, final String value)
    {
        put(defaults, source + " [DEFAULT]", key, value);
        return this;
    }

    /** The value of {@code key} in {@code [DEFAULT]} as set so far, or null. */
    public String getDefault(final String key)
    {
        final Settings.Value value = defaults.get(key);
        return value == null ? null : value.text;
    }

    /** Add an empty {@code [SESSION]}. @return its index. */
    public int addSession()
    {
        sessions.add(new LinkedHashMap<>());
        sessionLocations.add(source + " [SESSION " + sessions.size() + "]");
        return sessions.size() - 1;
    }

    public int sessionCount()
    {
        return sessions.size();
    }

    /**
     * Set {@code key} in {@code [SESSION]} number {@code session} (from {@link #addSession}).
     *
     * @throws SettingsException for an unknown key, or an engine-wide key ({@link KnownKeys.Scope#ENGINE}), which
     *                           belongs in {@code [DEFAULT]}.
     */
    public SettingsBuilder put(final int session, final String key, final String value)
    {
        if (knownKeys.scope(key) == KnownKeys.Scope.ENGINE)
        {
            throw new SettingsException(sessionLocations.get(session) + " " + key + ": " + key +
                " applies to the whole engine: set it in [DEFAULT]");
        }
        put(sessions.get(session), sessionLocations.get(session), key, value);
        return this;
    }

    /** The value of {@code key} in session {@code session} itself (not inherited), or null. */
    public String get(final int session, final String key)
    {
        final Settings.Value value = sessions.get(session).get(key);
        return value == null ? null : value.text;
    }

    /** The settings as they stand; later changes to this builder do not change them. */
    public Settings build()
    {
        final Settings.Section defaultSection = new Settings.Section(
            source + " [DEFAULT]", new LinkedHashMap<>(defaults), null);
        final List<Settings.Section> sessionSections = new ArrayList<>();
        for (int i = 0; i < sessions.size(); i++)
        {
            sessionSections.add(
                new Settings.Section(sessionLocations.get(i), new LinkedHashMap<>(sessions.get(i)), defaultSection));
        }
        return new Settings(source, defaultSection, sessionSections);
    }

    private void put(
        final Map<String, Settings.Value> section, final String location, final String key, final String value)
    {
        if (!knownKeys.contains(key))
        {
            final String suggestion = knownKeys.suggest(key);
            throw new SettingsException(location + ": unknown setting '" + key + "'" +
                (suggestion == null ? "" : " (did you mean " + suggestion + "?)"));
        }
        if (value == null)
        {
            section.remove(key);
            return;
        }
        section.put(key, new Settings.Value(value, location + " " + key));
    }
}
