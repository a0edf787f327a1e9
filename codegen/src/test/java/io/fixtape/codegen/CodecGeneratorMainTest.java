package io.fixtape.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line the codecs module's build runs. */
class CodecGeneratorMainTest
{
    @Test
    void generatesEachDictionaryIntoItsPackage(@TempDir final Path output)
    {
        final List<CodecGenerator.Result> results = CodecGenerator.run(List.of("--output", output.toString(),
            "--no-required-checks", "--dictionary", GoldenFilesTest.SAMPLE.toString(), "--package", "a.sample",
            "--dictionary", "FIXT11", "--package", "b.fixt"));
        assertEquals(2, results.size());
        assertTrue(Files.isRegularFile(output.resolve("a/sample/NewOrderSingleEncoder.java")));
        assertTrue(Files.isRegularFile(output.resolve("b/fixt/LogonDecoder.java")));
    }

    @Test
    void mistakesAreOneLineErrors()
    {
        assertMessage("usage", List.of());
        assertMessage("unknown argument --frobnicate", List.of("--frobnicate"));
        assertMessage("--output needs a value", List.of("--output"));
        assertMessage("--package must follow a --dictionary", List.of("--output", "x", "--package", "p"));
        assertMessage("--dictionary FIX44 has no --package", List.of("--output", "x", "--dictionary", "FIX44"));
        assertMessage("no standard data dictionary for FIX99",
            List.of("--output", "x", "--dictionary", "FIX99", "--package", "p"));
    }

    private static void assertMessage(final String expected, final List<String> args)
    {
        final GeneratorException error = assertThrows(GeneratorException.class, () -> CodecGenerator.run(args));
        assertTrue(error.getMessage().contains(expected), error.getMessage());
        assertEquals(-1, error.getMessage().indexOf('\n'), "one line");
    }
}
