package io.fixtape.codegen;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.DictionaryException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A dictionary to generate from: the engine's loaded {@link Dictionary} and the bytes it was loaded from. Either a
 * standard dictionary shipped in the engine jar ({@link #standard}, with the engine's spec errata) or a
 * QuickFIX-format file ({@link #file}).
 *
 * <p>Generation time only; immutable.
 */
public final class DictionarySource
{
    private static final String STANDARD_RESOURCES = "io/fixtape/engine/dictionary/standard/";

    private final Dictionary dictionary;
    private final byte[] xml;
    private final String name;

    private DictionarySource(final Dictionary dictionary, final byte[] xml, final String name)
    {
        this.dictionary = dictionary;
        this.xml = xml;
        this.name = name;
    }

    /** A standard dictionary by version name: {@code FIX42}, {@code FIX.4.4}, {@code FIX50SP2}, {@code FIXT11}, … */
    public static DictionarySource standard(final String version)
    {
        final Dictionary dictionary;
        try
        {
            dictionary = Dictionaries.standard(version);
        }
        catch (final DictionaryException ex)
        {
            throw new GeneratorException(ex.getMessage(), ex);
        }
        final String compact = version.replace(".", "").toUpperCase(Locale.ROOT);
        final String file = (compact.endsWith("XML") ? compact.substring(0, compact.length() - 3) : compact) + ".xml";
        try (InputStream in = Dictionaries.class.getClassLoader().getResourceAsStream(STANDARD_RESOURCES + file))
        {
            if (in == null)
            {
                throw new GeneratorException("standard dictionary " + file + " is not on the class path");
            }
            return new DictionarySource(dictionary, in.readAllBytes(), file);
        }
        catch (final IOException ex)
        {
            throw new GeneratorException("cannot read standard dictionary " + file + ": " + ex.getMessage(), ex);
        }
    }

    /** A QuickFIX-format dictionary file. */
    public static DictionarySource file(final Path path)
    {
        try
        {
            final Dictionary dictionary = Dictionaries.load(path);
            return new DictionarySource(dictionary, Files.readAllBytes(path), path.getFileName().toString());
        }
        catch (final DictionaryException ex)
        {
            throw new GeneratorException(ex.getMessage(), ex);
        }
        catch (final IOException ex)
        {
            throw new GeneratorException("cannot read data dictionary " + path + ": " + ex.getMessage(), ex);
        }
    }

    /** A file when {@code nameOrPath} names an existing file, else a standard dictionary. */
    public static DictionarySource of(final String nameOrPath)
    {
        final Path path = Path.of(nameOrPath);
        return Files.isRegularFile(path) ? file(path) : standard(nameOrPath);
    }

    public Dictionary dictionary()
    {
        return dictionary;
    }

    /** The file name, as named in generated files' header comments. */
    public String name()
    {
        return name;
    }

    DictionaryStructure structure()
    {
        return DictionaryStructure.read(xml, name);
    }
}
