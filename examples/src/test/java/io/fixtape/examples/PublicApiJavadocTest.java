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
 * error. The application API ({@code io.fixtape.engine.api}) and the test assertions
 * ({@code io.fixtape.replay.testing}) pass every doclint check, missing comments and tags included; the other API
 * packages every check but those ({@code -missing}): broken links, malformed HTML, bad tags and syntax fail here.
 * The HTML goes to examples/target/api-javadoc.
 */
class PublicApiJavadocTest
{
    static final List<String> FULLY_DOCUMENTED = List.of("io.fixtape.engine.api", "io.fixtape.replay.testing");
    static final List<String> PACKAGES = List.of("io.fixtape.engine.api", "io.fixtape.engine.codec",
        "io.fixtape.launcher", "io.fixtape.codegen.runtime", "io.fixtape.replay.testing");
    static final List<String> SOURCES = List.of("engine", "launcher", "codegen", "replay");

    @Test
    void theApplicationApiIsFullyDocumented()
    {
        assertEquals("", javadoc("all", FULLY_DOCUMENTED, Path.of("target/api-javadoc-strict")));
    }

    @Test
    void thePublicApiDocumentsWithoutWarnings()
    {
        final Path out = Path.of("target/api-javadoc");
        assertEquals("", javadoc("all,-missing", PACKAGES, out));
        assertTrue(Files.exists(out.resolve("io/fixtape/launcher/FixtapeBuilder.html")));
    }

    /** Runs javadoc with {@code -Xdoclint:<doclint>} over {@code packages}; returns every warning and error. */
    private static String javadoc(final String doclint, final List<String> packages, final Path out)
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
        final List<String> options = new ArrayList<>(List.of("-quiet", "-Xdoclint:" + doclint, "--release", "17",
            "-Xmaxwarns", "10000", "-d", out.toString(),
            "-sourcepath", String.join(File.pathSeparator, sourcepath),
            "-classpath", System.getProperty("java.class.path")));
        options.addAll(packages);

        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        final StringWriter log = new StringWriter();
        final boolean ok = javadoc.getTask(log, null, diagnostics, null, options, null).call();

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
        if (!ok && problems.length() == 0)
        {
            problems.append("javadoc failed: ").append(log);
        }
        return problems.toString();
    }
}
