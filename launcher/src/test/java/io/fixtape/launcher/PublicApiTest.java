package io.fixtape.launcher;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The public API exposes nothing internal: every public type of the API packages uses, in its public and protected
 * signatures (supertypes, fields, constructors, methods, their generic arguments and exceptions), only public
 * types of the API packages, the JDK and Agrona. See docs/ARCHITECTURE.md, "Public API".
 */
class PublicApiTest
{
    /** The packages of the public API (docs/ARCHITECTURE.md). */
    static final List<String> API_PACKAGES = List.of(
        "io.fixtape.engine.api",
        "io.fixtape.engine.codec",
        "io.fixtape.launcher",
        "io.fixtape.codegen.runtime",
        "io.fixtape.codecs.fix42",
        "io.fixtape.codecs.fix44",
        "io.fixtape.codecs.fixt11",
        "io.fixtape.codecs.fix50sp2");
    /** API types that live outside the API packages. */
    static final Set<String> API_TYPES = Set.of(
        "io.fixtape.engine.session.SessionId", "io.fixtape.cluster.ReplyNotSentListener");
    private static final List<String> THIRD_PARTY = List.of("java.", "javax.", "org.agrona.");

    @Test
    void noPublicApiTypeExposesAnInternalType()
    {
        final Set<String> violations = new TreeSet<>();
        int checked = 0;
        for (final String packageName : API_PACKAGES)
        {
            final List<Class<?>> types = publicTypes(packageName);
            assertTrue(!types.isEmpty(), "no public type found in API package " + packageName);
            for (final Class<?> type : types)
            {
                check(type, violations);
                checked++;
            }
        }
        for (final String name : API_TYPES)
        {
            check(load(name), violations);
        }
        assertTrue(checked > 100, "checked " + checked + " types");
        assertEquals(Collections.emptySet(), violations, "internal types in public API signatures");
    }

    @Test
    void theRuleCatchesAnInternalTypeInASignature()
    {
        final Set<String> violations = new TreeSet<>();
        check(Leaky.class, violations);
        assertEquals(Set.of(Leaky.class.getName() + ".session(): io.fixtape.engine.session.Session"), violations);
    }

    /** A type that would break the rule: it hands out the engine's internal session. */
    public static final class Leaky
    {
        public io.fixtape.engine.session.Session session()
        {
            return null;
        }

        io.fixtape.engine.runtime.FixEngine packagePrivateIsNotApi()
        {
            return null;
        }
    }

    private static void check(final Class<?> type, final Set<String> violations)
    {
        final String name = type.getName();
        use(name + " extends", type.getGenericSuperclass(), violations);
        for (final Type itf : type.getGenericInterfaces())
        {
            use(name + " implements", itf, violations);
        }
        for (final TypeVariable<?> variable : type.getTypeParameters())
        {
            for (final Type bound : variable.getBounds())
            {
                use(name + "<" + variable.getName() + ">", bound, violations);
            }
        }
        for (final Field field : type.getDeclaredFields())
        {
            if (isVisible(field.getModifiers()))
            {
                use(name + "." + field.getName(), field.getGenericType(), violations);
            }
        }
        for (final Constructor<?> constructor : type.getDeclaredConstructors())
        {
            if (isVisible(constructor.getModifiers()))
            {
                signature(name + "(constructor)", constructor.getGenericParameterTypes(),
                    constructor.getGenericExceptionTypes(), violations);
            }
        }
        for (final Method method : type.getDeclaredMethods())
        {
            if (isVisible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge())
            {
                final String where = name + "." + method.getName() + "()";
                use(where, method.getGenericReturnType(), violations);
                signature(where, method.getGenericParameterTypes(), method.getGenericExceptionTypes(), violations);
            }
        }
    }

    private static boolean isVisible(final int modifiers)
    {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static void signature(
        final String where, final Type[] parameters, final Type[] exceptions, final Set<String> violations)
    {
        for (final Type parameter : parameters)
        {
            use(where, parameter, violations);
        }
        for (final Type exception : exceptions)
        {
            use(where, exception, violations);
        }
    }

    private static void use(final String where, final Type type, final Set<String> violations)
    {
        if (type == null)
        {
            return;
        }
        if (type instanceof Class)
        {
            Class<?> used = (Class<?>)type;
            while (used.isArray())
            {
                used = used.getComponentType();
            }
            if (!isAllowed(used))
            {
                violations.add(where + ": " + used.getName());
            }
        }
        else if (type instanceof ParameterizedType)
        {
            use(where, ((ParameterizedType)type).getRawType(), violations);
            for (final Type argument : ((ParameterizedType)type).getActualTypeArguments())
            {
                use(where, argument, violations);
            }
        }
        else if (type instanceof WildcardType)
        {
            for (final Type bound : ((WildcardType)type).getUpperBounds())
            {
                use(where, bound, violations);
            }
            for (final Type bound : ((WildcardType)type).getLowerBounds())
            {
                use(where, bound, violations);
            }
        }
        else if (type instanceof GenericArrayType)
        {
            use(where, ((GenericArrayType)type).getGenericComponentType(), violations);
        }
        // a TypeVariable's bounds are checked where it is declared
    }

    private static boolean isAllowed(final Class<?> used)
    {
        if (used.isPrimitive())
        {
            return true;
        }
        final String name = used.getName();
        for (final String prefix : THIRD_PARTY)
        {
            if (name.startsWith(prefix))
            {
                return true;
            }
        }
        Class<?> outer = used;
        while (outer.getEnclosingClass() != null)
        {
            if (!Modifier.isPublic(outer.getModifiers()))
            {
                return false;
            }
            outer = outer.getEnclosingClass();
        }
        return Modifier.isPublic(outer.getModifiers()) &&
            (API_PACKAGES.contains(used.getPackageName()) || API_TYPES.contains(outer.getName()));
    }

    /** The public top-level and (publicly reachable) nested types of {@code packageName} on the class path. */
    static List<Class<?>> publicTypes(final String packageName)
    {
        final List<Class<?>> types = new ArrayList<>();
        for (final String className : classNames(packageName))
        {
            final Class<?> type = load(className);
            if (isPubliclyReachable(type) && !type.isAnonymousClass() && !type.isSynthetic())
            {
                types.add(type);
            }
        }
        return types;
    }

    private static boolean isPubliclyReachable(final Class<?> type)
    {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass())
        {
            if (!Modifier.isPublic(c.getModifiers()) || c.isLocalClass() || c.isAnonymousClass())
            {
                return false;
            }
        }
        return true;
    }

    private static Set<String> classNames(final String packageName)
    {
        final String path = packageName.replace('.', '/');
        final Set<String> names = new TreeSet<>();
        try
        {
            final Enumeration<URL> roots = PublicApiTest.class.getClassLoader().getResources(path);
            while (roots.hasMoreElements())
            {
                final URL root = roots.nextElement();
                if ("jar".equals(root.getProtocol()))
                {
                    final JarFile jar = ((JarURLConnection)root.openConnection()).getJarFile();
                    for (final Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); )
                    {
                        final String entry = entries.nextElement().getName();
                        if (entry.startsWith(path + "/") && entry.endsWith(".class") &&
                            entry.indexOf('/', path.length() + 1) < 0)
                        {
                            names.add(entry.substring(0, entry.length() - 6).replace('/', '.'));
                        }
                    }
                }
                else
                {
                    final File[] files = new File(root.toURI()).listFiles();
                    for (final File file : files == null ? new File[0] : files)
                    {
                        if (file.getName().endsWith(".class"))
                        {
                            names.add(packageName + "." + file.getName().substring(0, file.getName().length() - 6));
                        }
                    }
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException(ex);
        }
        names.removeIf(name -> name.endsWith("package-info"));
        return names;
    }

    private static Class<?> load(final String name)
    {
        try
        {
            return Class.forName(name, false, PublicApiTest.class.getClassLoader());
        }
        catch (final ClassNotFoundException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
