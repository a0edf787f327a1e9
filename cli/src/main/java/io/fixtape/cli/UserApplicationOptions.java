package io.fixtape.cli;

import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.launcher.ApplicationLoader;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --app-class NAME [--classpath PATHS]}: run the user's own application, loaded with
 * {@link ApplicationLoader} (a class implementing {@code Application} or {@code ApplicationFactory}, with a public
 * no-argument constructor, from jars and directories). A picocli mixin shared by the commands that run an
 * application.
 */
public final class UserApplicationOptions
{
    @Option(names = "--app-class", paramLabel = "CLASS", description = "Run your own application: a class "
        + "implementing io.fixtape.engine.api.Application (a new instance per session) or ApplicationFactory, with a "
        + "public no-argument constructor.")
    String appClass;

    @Option(names = "--classpath", paramLabel = "PATHS", description = "Jars and directories holding --app-class and "
        + "what it needs, separated by '${sys:path.separator}'.")
    String classpath;

    /** Whether {@code --app-class} was given. */
    public boolean isGiven()
    {
        return appClass != null;
    }

    /** The class name given with {@code --app-class}, or null. */
    public String className()
    {
        return appClass;
    }

    /** The options' own values: {@code --classpath} needs {@code --app-class}. */
    public void check(final CommandLine commandLine)
    {
        if (appClass == null && classpath != null)
        {
            throw new ParameterException(commandLine, "--classpath needs --app-class");
        }
    }

    /**
     * The factory of the named class, or null without {@code --app-class}.
     *
     * @throws IllegalArgumentException one line naming the mistake (a missing class path entry, a class that is not
     *                                  found, not an application or without a public no-argument constructor).
     */
    public ApplicationFactory load()
    {
        return appClass == null ? null : ApplicationLoader.load(appClass, ApplicationLoader.classpath(classpath));
    }

    /** {@link #load()} as the engine settings' per-session factory, or null without {@code --app-class}. */
    public EngineSettings.ApplicationFactory engineFactory()
    {
        final ApplicationFactory factory = load();
        return factory == null ? null : (config, clock) -> factory.create(config.sessionId(), clock);
    }
}
