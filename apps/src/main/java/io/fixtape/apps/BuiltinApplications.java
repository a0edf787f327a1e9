package io.fixtape.apps;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.FieldDefinition;
import io.fixtape.engine.dictionary.FieldType;
import io.fixtape.engine.dictionary.SessionDictionary;
import io.fixtape.engine.session.SessionConfig;
import org.agrona.collections.IntHashSet;
import org.agrona.concurrent.EpochNanoClock;

/** The built-in applications by the names the CLI and settings use: {@code echo} and {@code exec}. */
public final class BuiltinApplications
{
    public static final String NAMES = "echo, exec";
    private static final int MAX_SCANNED_TAG = 40_000;

    private BuiltinApplications()
    {
    }

    /**
     * The named application as a per-session factory.
     *
     * @throws IllegalArgumentException for a name that is not {@value #NAMES}.
     */
    public static EngineSettings.ApplicationFactory factory(final String name)
    {
        if (!"echo".equals(name) && !"exec".equals(name))
        {
            throw new IllegalArgumentException("app must be one of " + NAMES + ": '" + name + "'");
        }
        return (config, clock) -> create(name, config, clock);
    }

    /** A new instance (one per session) of the named application. */
    public static Application create(final String name, final SessionConfig config, final EpochNanoClock clock)
    {
        switch (name)
        {
            case "echo":
                return new EchoApplication(groupCountTags(config));
            case "exec":
                return new ExecApplication(config.sessionId().beginString(), clock);
            default:
                throw new IllegalArgumentException("app must be one of " + NAMES + ": '" + name + "'");
        }
    }

    /** NumInGroup tags of the standard dictionaries of the session's FIX version (configuration time). */
    static IntHashSet groupCountTags(final SessionConfig config)
    {
        final SessionDictionary dictionaries = Dictionaries.forSession(
            config.sessionId().beginString(), config.defaultApplVerId());
        final IntHashSet tags = new IntHashSet();
        addGroupCounts(dictionaries.transport(), tags);
        addGroupCounts(dictionaries.defaultApplication(), tags);
        return tags;
    }

    private static void addGroupCounts(final Dictionary dictionary, final IntHashSet tags)
    {
        for (int tag = 1; tag < MAX_SCANNED_TAG; tag++)
        {
            final FieldDefinition field = dictionary.field(tag);
            if (field != null && field.type() == FieldType.NUMINGROUP)
            {
                tags.add(tag);
            }
        }
    }
}
