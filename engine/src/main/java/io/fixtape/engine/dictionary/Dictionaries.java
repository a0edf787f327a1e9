package io.fixtape.engine.dictionary;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Entry point for dictionaries: the standard ones shipped in the engine jar (the QuickFIX/J 2.3.2 files,
 * unpacked at build time), a user's file, and the per-session composition ({@link SessionDictionary}) that
 * QuickFIX/J builds from {@code BeginString}, {@code DefaultApplVerID}, {@code DataDictionary},
 * {@code TransportDataDictionary} and {@code AppDataDictionary}.
 *
 * <p>Standard dictionaries carry one spec correction ({@link #errataFor}): FIX 4.4 and FIX 5.0 drop ExecType
 * (150) values 1 and 2, which the FIX 4.4 specification replaced by F (Trade) but the QuickFIX/J files still
 * list. {@link #standardAsShipped} gives the files untouched.
 *
 * <p>Thread-safe; standard dictionaries are loaded once and cached.
 */
public final class Dictionaries
{
    private static final String RESOURCE_DIR = "io/fixtape/engine/dictionary/standard/";
    private static final Map<String, Dictionary> STANDARD = new ConcurrentHashMap<>();
    private static final Map<String, Dictionary> AS_SHIPPED = new ConcurrentHashMap<>();

    private Dictionaries()
    {
    }

    /**
     * Standard dictionary by BeginString or version name: "FIX.4.0" … "FIX.4.4", "FIX.5.0", "FIX.5.0SP1",
     * "FIX.5.0SP2", "FIXT.1.1" (also "FIX44", "FIX50SP2", …).
     */
    public static Dictionary standard(final String name)
    {
        final String file = fileName(name);
        return STANDARD.computeIfAbsent(file, f -> loadResource(f, errataFor(f)));
    }

    /** Standard dictionary exactly as QuickFIX/J ships it (no errata). */
    public static Dictionary standardAsShipped(final String name)
    {
        final String file = fileName(name);
        return AS_SHIPPED.computeIfAbsent(file, f -> loadResource(f, Collections.emptyMap()));
    }

    /** A user's dictionary file. */
    public static Dictionary load(final Path path)
    {
        try (InputStream in = Files.newInputStream(path))
        {
            return DictionaryLoader.load(in, path.toString());
        }
        catch (final IOException ex)
        {
            throw new DictionaryException("cannot read data dictionary " + path + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * A dictionary named the way QuickFIX/J settings name it: an existing file path, else a standard dictionary
     * file name such as {@code FIX44.xml} (with errata, like {@link #standard}), else a class-path resource.
     */
    public static Dictionary load(final String location)
    {
        final Path path = Paths.get(location);
        if (Files.isRegularFile(path))
        {
            return load(path);
        }
        final ClassLoader loader = Dictionaries.class.getClassLoader();
        if (loader.getResource(RESOURCE_DIR + location) != null)
        {
            return standard(location);
        }
        if (loader.getResource(location) != null)
        {
            try (InputStream in = loader.getResourceAsStream(location))
            {
                return DictionaryLoader.load(in, location);
            }
            catch (final IOException ex)
            {
                throw new DictionaryException("cannot read data dictionary " + location + ": " + ex.getMessage(), ex);
            }
        }
        throw new DictionaryException("data dictionary not found (file, class path or standard name): " + location, null);
    }

    /**
     * The standard composition for a session, as QuickFIX/J does with {@code UseDataDictionary=Y} and no path:
     * FIX.4.x uses its own dictionary for everything; FIXT.1.1 uses FIXT11 for header, trailer and admin
     * messages and the dictionary of {@code defaultApplVerId} (e.g. "9" or "FIX.5.0SP2") for application
     * messages.
     */
    public static SessionDictionary forSession(final String beginString, final String defaultApplVerId)
    {
        if (beginString.startsWith("FIXT"))
        {
            if (defaultApplVerId == null || defaultApplVerId.isEmpty())
            {
                throw new DictionaryException("FIXT session needs DefaultApplVerID", null);
            }
            final String application = ApplVerIds.beginStringFor(defaultApplVerId);
            return SessionDictionary.fixt(standard(beginString), ApplVerIds.toApplVerId(defaultApplVerId), standard(application));
        }
        return SessionDictionary.of(standard(beginString));
    }

    /** Corrections applied to a standard file: tag → enum values removed. */
    static Map<Integer, Set<String>> errataFor(final String file)
    {
        if ("FIX44.xml".equals(file) || "FIX50.xml".equals(file))
        {
            return Map.of(150, Set.of("1", "2"));
        }
        return Collections.emptyMap();
    }

    static String fileName(final String name)
    {
        final String compact = name.replace(".", "").toUpperCase(java.util.Locale.ROOT);
        final String base = compact.endsWith("XML") ? compact.substring(0, compact.length() - 3) : compact;
        switch (base)
        {
            case "FIX40":
            case "FIX41":
            case "FIX42":
            case "FIX43":
            case "FIX44":
            case "FIX50":
            case "FIX50SP1":
            case "FIX50SP2":
            case "FIXT11":
                return base + ".xml";
            default:
                throw new DictionaryException("no standard data dictionary for " + name, null);
        }
    }

    private static Dictionary loadResource(final String file, final Map<Integer, Set<String>> errata)
    {
        final String resource = RESOURCE_DIR + file;
        try (InputStream in = Dictionaries.class.getClassLoader().getResourceAsStream(resource))
        {
            if (in == null)
            {
                throw new DictionaryException("standard dictionary missing from the class path: " + resource, null);
            }
            return DictionaryLoader.load(in, resource, errata);
        }
        catch (final IOException ex)
        {
            throw new DictionaryException("cannot read " + resource + ": " + ex.getMessage(), ex);
        }
    }
}
