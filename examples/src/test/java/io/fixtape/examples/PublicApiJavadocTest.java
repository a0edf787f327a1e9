package io.fixtape.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.DocumentationTool;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;

/**
 * The Javadoc of the hand-written public API (docs/ARCHITECTURE.md, "Public API") builds without a warning or an
 * error: broken links, malformed HTML, bad tags and syntax all fail here. Missing comments are not checked
 * ({@code -missing}). The HTML goes to examples/target/api-javadoc.
 */
class PublicApiJavadocTest
{
    static final List<String> PACKAGES = List.of("io.fixtape.engine.api", "io.fixtape.engine.codec",
        "io.fixtape.launcher", "io.fixtape.codegen.runtime", "io.fixtape.replay.testing");
    static final List<String> SOURCES = List.of("engine", "launcher", "codegen", "replay");

    @Test
    void thePublicApiDocumentsWithoutWarnings()
    {
        final DocumentationTool javadoc = ToolProvider.getSystemDocumentationTool();
        final Path root = Path.of("..").toAbsolutePath().normalize();
        final List<String> sourcepath = new ArrayList<>();
        for (final String module : SOURCES)
        {
            final Path sources = root.resolve(module).resolve("src/main/java");
            assertTrue(Files.isDirectory(sources), sources.toString());
            sourcepath.add(sources.toString());
        }
        final List<String> options = new ArrayList<>(List.of("-quiet", "-Xdoclint:all,-missing", "--release", "17",
            "-d", Path.of("target/api-javadoc").toString(),
            "-sourcepath", String.join(File.pathSeparator, sourcepath),
            "-classpath", System.getProperty("java.class.path")));
        options.addAll(PACKAGES);

        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        final StringWriter out = new StringWriter();
        final boolean ok = javadoc.getTask(out, null, diagnostics, null, options, null).call();

        final StringBuilder problems = new StringBuilder();
        for (final Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics())
        {
            if (diagnostic.getKind() != Diagnostic.Kind.NOTE)
            {
                problems.append(diagnostic.getKind()).append(' ').append(diagnostic.getSource() == null ? "" :
                    diagnostic.getSource().getName() + ":" + diagnostic.getLineNumber()).append(' ')
                    .append(diagnostic.getMessage(Locale.ROOT)).append('\n');
            }
        }
        assertEquals("", problems.toString(), out.toString());
        assertTrue(ok, out.toString());
        assertTrue(Files.exists(Path.of("target/api-javadoc/io/fixtape/launcher/FixtapeBuilder.html")));
    }
}
