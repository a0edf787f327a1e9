package io.fixtape.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The README's "Use it from Java" and the embedding guide say what the build says: the artifacts, their version and
 * the JVM flags.
 */
class ReadmeTest
{
    private static final Path ROOT = Path.of("..");

    @Test
    void theJvmFlagsAreThoseOfTheParentPom() throws IOException
    {
        final String embedding = Files.readString(ROOT.resolve("docs/EMBEDDING.md"));
        final Matcher block = Pattern.compile("### JVM flags\\n.*?```\\n(.*?)```", Pattern.DOTALL).matcher(embedding);
        assertTrue(block.find(), "docs/EMBEDDING.md: the flags block under \"### JVM flags\"");
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains("docs/EMBEDDING.md#jvm-flags"),
            "README: a link to the JVM flags");
        assertEquals(List.of(pomProperty("fixtape.jvm.flags").split("\\s+")),
            Arrays.asList(block.group(1).trim().split("\\s+")));
    }

    @Test
    void theDependencySnippetNamesModulesOfThisVersion() throws IOException
    {
        final String readme = Files.readString(ROOT.resolve("README.md"));
        final String version = find(Files.readString(ROOT.resolve("pom.xml")), "<version>([^<]+)</version>");
        final Matcher dependency = Pattern.compile(
            "<groupId>io\\.fixtape</groupId>\\s*<artifactId>fixtape-([a-z-]+)</artifactId>.*?\\n\\s*<version>([^<]+)</version>")
            .matcher(readme);
        int found = 0;
        while (dependency.find())
        {
            found++;
            assertTrue(Files.isRegularFile(ROOT.resolve(dependency.group(1)).resolve("pom.xml")), dependency.group());
            assertEquals(version, dependency.group(2), dependency.group());
        }
        assertEquals(2, found, "fixtape-launcher and fixtape-codecs");
    }

    private static String pomProperty(final String name) throws IOException
    {
        return find(Files.readString(ROOT.resolve("pom.xml")), "<" + Pattern.quote(name) + ">([^<]*)</");
    }

    private static String find(final String text, final String regex)
    {
        final Matcher matcher = Pattern.compile(regex).matcher(text);
        assertTrue(matcher.find(), regex);
        return matcher.group(1).trim();
    }
}
