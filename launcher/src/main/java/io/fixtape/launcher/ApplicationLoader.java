package io.fixtape.launcher;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ApplicationFactory;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads a user's application by class name from jars and directories: how {@code fixtape acceptor},
 * {@code initiator} and {@code replay} run {@code --app-class com.example.MyApp --classpath app.jar:classes}.
 *
 * <p>The class implements either {@link Application} — a new instance, from its public no-argument constructor, per
 * session — or {@link ApplicationFactory} — one instance, from its public no-argument constructor, asked for each
 * session's application. The class sees the engine's API from the class path fixtape runs on, so the user's jar
 * holds only the application (and what it needs besides fixtape).
 *
 * <p>Every mistake (a missing file, an unknown class, a class of the wrong kind or without the constructor, a
 * constructor that throws) is an {@link IllegalArgumentException} whose message is one line naming it.
 * Configuration time only.
 */
public final class ApplicationLoader
{
    private ApplicationLoader()
    {
    }

    /**
     * The jars and directories of a class path string ({@code a.jar:b.jar:classes}, separated by
     * {@link File#pathSeparator}); an empty or null string is an empty list.
     *
     * @throws IllegalArgumentException for an entry that does not exist.
     */
    public static List<Path> classpath(final String paths)
    {
        final List<Path> entries = new ArrayList<>();
        if (paths == null || paths.isBlank())
        {
            return entries;
        }
        for (final String entry : paths.split(File.pathSeparator))
        {
            if (entry.isBlank())
            {
                continue;
            }
            final Path path = Path.of(entry.strip());
            if (!Files.exists(path))
            {
                throw new IllegalArgumentException("class path entry not found: " + path);
            }
            entries.add(path);
        }
        return entries;
    }

    /**
     * The factory of application class {@code className}, loaded from {@code classpath} (then from fixtape's own
     * class path).
     *
     * @throws IllegalArgumentException naming what is wrong.
     */
    public static ApplicationFactory load(final String className, final List<Path> classpath)
    {
        return load(className, classLoader(classpath));
    }

    /**
     * The factory of application class {@code className} from {@code loader}.
     *
     * @throws IllegalArgumentException naming what is wrong.
     */
    public static ApplicationFactory load(final String className, final ClassLoader loader)
    {
        final Class<?> type;
        try
        {
            type = Class.forName(className, false, loader);
        }
        catch (final ClassNotFoundException | LinkageError ex)
        {
            throw new IllegalArgumentException("application class " + className + " not found" +
                (ex instanceof LinkageError ? " (" + ex + ")" : "") + ": give its jar or directory with --classpath");
        }
        final boolean application = Application.class.isAssignableFrom(type);
        final boolean factory = ApplicationFactory.class.isAssignableFrom(type);
        if (!application && !factory)
        {
            throw new IllegalArgumentException(className + " implements neither " + Application.class.getName() +
                " nor " + ApplicationFactory.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers()))
        {
            throw new IllegalArgumentException(className + " must be a public, concrete class");
        }
        final Constructor<?> constructor = noArgConstructor(type);
        if (factory)
        {
            return (ApplicationFactory)create(constructor);
        }
        return (sessionId, clock) -> (Application)create(constructor);
    }

    private static ClassLoader classLoader(final List<Path> classpath)
    {
        final ClassLoader parent = ApplicationLoader.class.getClassLoader();
        if (classpath.isEmpty())
        {
            return parent;
        }
        final URL[] urls = new URL[classpath.size()];
        for (int i = 0; i < urls.length; i++)
        {
            try
            {
                urls[i] = classpath.get(i).toAbsolutePath().toUri().toURL();
            }
            catch (final MalformedURLException ex)
            {
                throw new IllegalArgumentException("class path entry " + classpath.get(i) + ": " + ex.getMessage());
            }
        }
        return new URLClassLoader(urls, parent);
    }

    private static Constructor<?> noArgConstructor(final Class<?> type)
    {
        try
        {
            return type.getConstructor();
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalArgumentException(type.getName() + " has no public no-argument constructor");
        }
    }

    private static Object create(final Constructor<?> constructor)
    {
        try
        {
            return constructor.newInstance();
        }
        catch (final InvocationTargetException ex)
        {
            throw new IllegalArgumentException(constructor.getDeclaringClass().getName() + " could not be created: " +
                ex.getCause(), ex.getCause());
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            throw new IllegalArgumentException(constructor.getDeclaringClass().getName() + " could not be created: " +
                ex, ex);
        }
    }
}
