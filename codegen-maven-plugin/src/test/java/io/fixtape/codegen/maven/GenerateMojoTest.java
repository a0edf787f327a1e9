package io.fixtape.codegen.maven;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The goal run as Maven runs it (a forked generator JVM), with this test's class path as the plugin's. */
class GenerateMojoTest
{
    private static final String DICTIONARY = String.join("\n",
        "<fix major=\"4\" minor=\"4\">",
        "  <header><field name=\"MsgType\" required=\"Y\"/></header>",
        "  <trailer><field name=\"CheckSum\" required=\"Y\"/></trailer>",
        "  <messages>",
        "    <message name=\"Quote\" msgtype=\"S\" msgcat=\"app\">",
        "      <field name=\"QuoteID\" required=\"Y\"/>",
        "      <field name=\"Side\" required=\"N\"/>",
        "    </message>",
        "  </messages>",
        "  <components/>",
        "  <fields>",
        "    <field number=\"10\" name=\"CheckSum\" type=\"STRING\"/>",
        "    <field number=\"35\" name=\"MsgType\" type=\"STRING\"/>",
        "    <field number=\"54\" name=\"Side\" type=\"CHAR\"><value enum=\"1\" description=\"BUY\"/></field>",
        "    <field number=\"117\" name=\"QuoteID\" type=\"STRING\"/>",
        "  </fields>",
        "</fix>");

    @TempDir
    Path directory;

    @Test
    void generatesAStandardAndACustomDictionaryAndAddsTheSourceRoot() throws Exception
    {
        final Path custom = directory.resolve("VENUE.xml");
        Files.writeString(custom, DICTIONARY);
        final GenerateMojo mojo = mojo();
        mojo.standard = "FIXT11";
        mojo.packageName = "com.acme.fixt";
        final Codec venue = new Codec();
        venue.dictionary = custom.toFile();
        venue.packageName = "com.acme.venue";
        mojo.codecs.add(venue);

        mojo.execute();

        final Path output = mojo.outputDirectory.toPath();
        assertTrue(Files.isRegularFile(output.resolve("com/acme/fixt/LogonDecoder.java")));
        assertTrue(Files.isRegularFile(output.resolve("com/acme/venue/QuoteEncoder.java")));
        assertTrue(Files.readString(output.resolve("com/acme/venue/QuoteEncoder.java")).contains("present0"));
        assertEquals(List.of(output.toAbsolutePath().toString()), mojo.project.getCompileSourceRoots());
    }

    @Test
    void requiredChecksCanBeSwitchedOff() throws Exception
    {
        final Path custom = directory.resolve("VENUE.xml");
        Files.writeString(custom, DICTIONARY);
        final GenerateMojo mojo = mojo();
        mojo.dictionary = custom.toFile();
        mojo.packageName = "com.acme.venue";
        mojo.requiredChecks = false;
        mojo.execute();
        assertFalse(Files.readString(mojo.outputDirectory.toPath().resolve("com/acme/venue/QuoteEncoder.java"))
            .contains("present0"));
    }

    @Test
    void configurationMistakesFailTheBuildWithTheGeneratorsMessage()
    {
        final GenerateMojo unknown = mojo();
        unknown.standard = "FIX99";
        unknown.packageName = "p";
        assertEquals("fixtape-codegen: no standard data dictionary for FIX99",
            assertThrows(MojoFailureException.class, unknown::execute).getMessage());

        final GenerateMojo noPackage = mojo();
        noPackage.standard = "FIX44";
        assertTrue(assertThrows(MojoFailureException.class, noPackage::execute).getMessage()
            .contains("<packageName> is missing"));

        final GenerateMojo both = mojo();
        both.standard = "FIX44";
        both.dictionary = new File("FIX44.xml");
        both.packageName = "p";
        assertTrue(assertThrows(MojoFailureException.class, both::execute).getMessage().contains("either"));

        final GenerateMojo missingFile = mojo();
        missingFile.dictionary = directory.resolve("NOPE.xml").toFile();
        missingFile.packageName = "p";
        assertTrue(assertThrows(MojoFailureException.class, missingFile::execute).getMessage().contains("not found"));

        assertTrue(assertThrows(MojoFailureException.class, mojo()::execute).getMessage().contains("nothing"));
    }

    @Test
    void skipGeneratesNothing() throws Exception
    {
        final GenerateMojo mojo = mojo();
        mojo.skip = true;
        mojo.standard = "FIX44";
        mojo.packageName = "p";
        mojo.execute();
        assertFalse(Files.exists(mojo.outputDirectory.toPath()));
        assertTrue(mojo.project.getCompileSourceRoots().isEmpty());
    }

    private GenerateMojo mojo()
    {
        final GenerateMojo mojo = new GenerateMojo();
        mojo.outputDirectory = directory.resolve("generated-sources/fixtape").toFile();
        mojo.project = new MavenProject();
        final List<File> classpath = new ArrayList<>();
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator))
        {
            classpath.add(new File(entry));
        }
        mojo.generatorClasspath = classpath;
        return mojo;
    }
}
