package io.fixtape.codegen;

import io.fixtape.engine.codec.FixEncoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The variant without required-field checks (the golden files are the one with them) compiles warning-free with
 * {@code -Xlint:all -Werror}, and its {@code complete()} accepts a message that lacks required fields.
 */
class UncheckedVariantCompilesTest
{
    @Test
    void compilesWithoutWarningsAndChecksNothing(@TempDir final Path directory) throws Exception
    {
        final CodecGenerator.Result result = new CodecGenerator()
            .dictionary(DictionarySource.file(GoldenFilesTest.SAMPLE))
            .packageName("unchecked.sample")
            .outputDirectory(directory.resolve("src"))
            .requiredChecks(false)
            .generate();

        final Path classes = directory.resolve("classes");
        final List<String> args = new ArrayList<>(List.of("--release", "17", "-Xlint:all", "-Werror", "-d",
            classes.toString(), "-cp", System.getProperty("java.class.path")));
        for (final Path file : result.files())
        {
            args.add(file.toString());
        }
        final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        final ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        final int status = compiler.run(null, diagnostics, diagnostics, args.toArray(new String[0]));
        assertEquals(0, status, diagnostics.toString());
        assertEquals("", diagnostics.toString().trim());

        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader()))
        {
            final Class<?> type = loader.loadClass("unchecked.sample.ExecutionReportEncoder");
            final Object report = type.getConstructor().newInstance();
            final FixEncoder encoder = new FixEncoder("FIX.4.4");
            encoder.wrap(new UnsafeBuffer(new byte[512]), 0).msgType('8');
            type.getMethod("wrap", FixEncoder.class).invoke(report, encoder);
            assertEquals(0, type.getMethod("complete").invoke(report), "no field written, nothing reported");
        }
    }
}
