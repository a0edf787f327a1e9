package io.fixtape.replay.drive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.fixtape.engine.app.Application;
import io.fixtape.engine.session.SessionConfig;
import org.agrona.concurrent.EpochNanoClock;

/**
 * The user's own application for a replay, by class name, from the user's classpath (jars or class directories).
 * The class is one of:
 * <ul>
 *   <li>an {@link Application} with a public no-argument constructor — one instance per replayed session;</li>
 *   <li>a {@link FixtapeReplayEngines.ApplicationFactory} with a public no-argument constructor — one factory,
 *   asked for each session's application;</li>
 *   <li>a class with a public static {@code Application create(SessionConfig config, EpochNanoClock clock)}
 *   — called for each session.</li>
 * </ul>
 * A replay is reproducible when the application takes its time from the session
 * ({@code session.sendingTimeNanos()}) or the clock it is given, never from the system clock.
 *
 * <p>Loaded once per replay command on the calling thread; the factory it returns is called while the engine is
 * built. Close the {@link Loaded} after the replay to release the jars.
 */
public final class ApplicationClasses
{
    private ApplicationClasses()
    {
    }

    /** A loaded application class: its factory and the class loader holding the user's classpath. */
    public static final class Loaded implements AutoCloseable
    {
        private final FixtapeReplayEngines.ApplicationFactory factory;
        private final URLClassLoader loader;
        private final String className;

        Loaded(final FixtapeReplayEngines.ApplicationFactory factory, final URLClassLoader loader, final String className)
        {
            this.factory = factory;
            this.loader = loader;
            this.className = className;
        }

        public FixtapeReplayEngines.ApplicationFactory factory()
        {
            return factory;
        }

        public String className()
        {
            return className;
        }

        @Override
        public void close()
        {
            try
            {
                loader.close();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }
    }

    /**
     * @param className a class of one of the three kinds above.
     * @param classpath jars and class directories to find it (and what it needs) in, besides fixtape's own.
     * @throws IllegalArgumentException with one line saying what is wrong (no such file, no such class, not an
     *                                  application, no public no-argument constructor or factory, the
     *                                  constructor failed).
     */
    public static Loaded load(final String className, final List<Path> classpath)
    {
        final URL[] urls = new URL[classpath.size()];
        for (int i = 0; i < urls.length; i++)
        {
            final Path entry = classpath.get(i);
            if (!Files.exists(entry))
            {
                throw new IllegalArgumentException("--classpath " + entry + ": no such file or directory");
            }
            try
            {
                urls[i] = entry.toAbsolutePath().toUri().toURL();
            }
            catch (final MalformedURLException ex)
            {
                throw new IllegalArgumentException("--classpath " + entry + ": " + ex.getMessage(), ex);
            }
        }
        final URLClassLoader loader = new URLClassLoader(urls, ApplicationClasses.class.getClassLoader());
        try
        {
            final Class<?> type;
            try
            {
                type = Class.forName(className, false, loader);
            }
            catch (final ClassNotFoundException | LinkageError ex)
            {
                throw new IllegalArgumentException("application class " + className + " not found" +
                    (classpath.isEmpty() ? " (give its jar with --classpath)" : " on " + classpath) +
                    (ex instanceof LinkageError ? ": " + ex : ""), ex);
            }
            return new Loaded(factoryFor(type), loader, className);
        }
        catch (final RuntimeException ex)
        {
            try
            {
                loader.close();
            }
            catch (final IOException ignore)
            {
                // the original problem is the one to report
            }
            throw ex;
        }
    }

    private static FixtapeReplayEngines.ApplicationFactory factoryFor(final Class<?> type)
    {
        if (FixtapeReplayEngines.ApplicationFactory.class.isAssignableFrom(type))
        {
            final FixtapeReplayEngines.ApplicationFactory factory =
                (FixtapeReplayEngines.ApplicationFactory)instantiate(type);
            return factory;
        }
        if (Application.class.isAssignableFrom(type))
        {
            instantiate(type); // fail now, with the reason, rather than while the engine is built
            return (name, config, clock) -> (Application)instantiate(type);
        }
        final Method create = staticCreate(type);
        if (create != null)
        {
            return (name, config, clock) -> invoke(create, config, clock);
        }
        throw new IllegalArgumentException("application class " + type.getName() + " is not an " +
            Application.class.getName() + " or " + FixtapeReplayEngines.ApplicationFactory.class.getName() +
            " and has no public static Application create(SessionConfig, EpochNanoClock)");
    }

    private static Method staticCreate(final Class<?> type)
    {
        try
        {
            final Method method = type.getMethod("create", SessionConfig.class, EpochNanoClock.class);
            return Modifier.isStatic(method.getModifiers()) && Application.class.isAssignableFrom(method.getReturnType()) ?
                method : null;
        }
        catch (final NoSuchMethodException ex)
        {
            return null;
        }
    }

    private static Object instantiate(final Class<?> type)
    {
        if (!Modifier.isPublic(type.getModifiers()) || Modifier.isAbstract(type.getModifiers()))
        {
            throw new IllegalArgumentException("application class " + type.getName() + " must be public and concrete");
        }
        try
        {
            return type.getConstructor().newInstance();
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalArgumentException("application class " + type.getName() +
                " has no public no-argument constructor", ex);
        }
        catch (final InvocationTargetException ex)
        {
            throw new IllegalArgumentException("application class " + type.getName() + ": its constructor failed: " +
                ex.getCause(), ex);
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            throw new IllegalArgumentException("application class " + type.getName() + ": " + ex, ex);
        }
    }

    private static Application invoke(final Method create, final SessionConfig config, final EpochNanoClock clock)
    {
        try
        {
            final Application application = (Application)create.invoke(null, config, clock);
            if (application == null)
            {
                throw new IllegalArgumentException(create.getDeclaringClass().getName() + ".create returned null");
            }
            return application;
        }
        catch (final InvocationTargetException ex)
        {
            throw new IllegalArgumentException(create.getDeclaringClass().getName() + ".create failed: " +
                ex.getCause(), ex);
        }
        catch (final IllegalAccessException ex)
        {
            throw new IllegalArgumentException(create.getDeclaringClass().getName() + ".create: " + ex, ex);
        }
    }
}
