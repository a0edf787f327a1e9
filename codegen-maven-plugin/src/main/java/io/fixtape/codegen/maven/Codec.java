package io.fixtape.codegen.maven;

import org.apache.maven.plugin.MojoFailureException;

import java.io.File;

/**
 * One dictionary and the package its codecs go to: an element of {@code fixtape:generate}'s {@code <codecs>}.
 *
 * <pre>{@code
 * <codec>
 *   <dictionary>src/main/fix/VENUE.xml</dictionary>   <!-- or <standard>FIXT11</standard> -->
 *   <packageName>com.acme.venue</packageName>
 * </codec>
 * }</pre>
 */
public class Codec
{
    /** A QuickFIX-format dictionary file. */
    File dictionary;
    /** Or the name of a standard dictionary. */
    String standard;
    /** The Java package. */
    String packageName;

    /** For Maven's configurator. */
    public Codec()
    {
    }

    Codec(final File dictionary, final String standard, final String packageName)
    {
        this.dictionary = dictionary;
        this.standard = standard;
        this.packageName = packageName;
    }

    /** The generator's {@code --dictionary} argument. */
    String source() throws MojoFailureException
    {
        if ((dictionary == null) == (standard == null))
        {
            throw new MojoFailureException("give either <dictionary> or <standard> for package " + packageName);
        }
        if (dictionary != null && !dictionary.isFile())
        {
            throw new MojoFailureException("dictionary file not found: " + dictionary);
        }
        return dictionary != null ? dictionary.getAbsolutePath() : standard;
    }

    /** The generator's {@code --package} argument. */
    String packageName() throws MojoFailureException
    {
        if (packageName == null || packageName.isEmpty())
        {
            throw new MojoFailureException("<packageName> is missing for " + (dictionary != null ? dictionary : standard));
        }
        return packageName;
    }
}
