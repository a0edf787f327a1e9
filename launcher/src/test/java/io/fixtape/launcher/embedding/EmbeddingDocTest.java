package io.fixtape.launcher.embedding;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java snippets of docs/EMBEDDING.md are the example files of this package, which the build compiles and
 * {@link EmbeddingExamplesTest} runs: a snippet that no longer matches its file fails here.
 */
class EmbeddingDocTest
{
    private static final Path DOC = Path.of("..", "docs", "EMBEDDING.md");
    private static final Path EXAMPLES = Path.of("src", "test", "java", "io", "fixtape", "launcher", "embedding");
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everySnippetIsAnExampleFileOfTheBuild() throws IOException
    {
        final String doc = Files.readString(DOC);
        final List<String> examples = new ArrayList<>();
        try (Stream<Path> files = Files.list(EXAMPLES))
        {
            for (final Path file : (Iterable<Path>)files::iterator)
            {
                examples.add(Files.readString(file).replaceFirst("(?s)^package [^;]+;\\n\\n", ""));
            }
        }
        final Matcher block = JAVA_BLOCK.matcher(doc);
        int snippets = 0;
        while (block.find())
        {
            snippets++;
            final String snippet = block.group(1);
            assertTrue(examples.contains(snippet), "docs/EMBEDDING.md snippet " + snippets + " is not one of the " +
                "example files of " + EXAMPLES + " (update both):\n" + snippet);
        }
        assertEquals(7, snippets, "snippets in docs/EMBEDDING.md");
    }
}
