package io.fixtape.cli.replay;

import static io.fixtape.cli.CliRun.fixtape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import javax.xml.parsers.DocumentBuilderFactory;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.RecordingSink;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeAll;
import io.fixtape.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * {@code fixtape replay} as a CI step: its exit codes (0 identical, 1 different, 2 usage, 3 could not run), the
 * diff as JSON and JUnit XML, fields skipped by option and by file, the user's own application from a jar built
 * here, and the latency as an HdrHistogram log and a PNG plot. Real engine, real journals.
 */
class ReplayInCiTest
{
    @TempDir
    static Path jars;

    @TempDir
    Path dir;

    private static Path appJar;

    /** A user's project, compiled and packed here: two applications and a class that is neither. */
    @BeforeAll
    static void buildTheUsersJar() throws IOException
    {
        final Path sources = jars.resolve("src/com/example");
        Files.createDirectories(sources);
        Files.writeString(sources.resolve("OrderIdsFrom1001.java"), String.join("\n",
            "package com.example;",
            "import io.fixtape.apps.ExecApplication;",
            "import io.fixtape.engine.api.Application;",
            "import io.fixtape.engine.api.SessionHandle;",
            "import io.fixtape.engine.codec.FixDecoder;",
            "/** exec, numbering OrderIDs from 1001; its time comes from the session. */",
            "public final class OrderIdsFrom1001 implements Application {",
            "    private final ExecApplication exec =",
            "        new ExecApplication(\"FIX.4.4\", () -> 0L).firstOrderId(1001);",
            "    public void onLogon(SessionHandle session) { exec.onLogon(session); }",
            "    public void onLogout(SessionHandle session) { exec.onLogout(session); }",
            "    public void onMessage(FixDecoder message, SessionHandle session) { exec.onMessage(message, session); }",
            "    public int doWork(SessionHandle session, long now) { return exec.doWork(session, now); }",
            "    public boolean isHoldingReplies() { return exec.isHoldingReplies(); }",
            "}"));
        Files.writeString(sources.resolve("ExecFactory.java"), String.join("\n",
            "package com.example;",
            "import io.fixtape.apps.ExecApplication;",
            "import io.fixtape.engine.api.Application;",
            "import io.fixtape.engine.api.ApplicationFactory;",
            "import io.fixtape.engine.session.SessionId;",
            "import org.agrona.concurrent.EpochNanoClock;",
            "/** exec for each session, on the engine's clock. */",
            "public final class ExecFactory implements ApplicationFactory {",
            "    public Application create(SessionId sessionId, EpochNanoClock clock) {",
            "        return new ExecApplication(sessionId.beginString(), clock);",
            "    }",
            "}"));
        Files.writeString(sources.resolve("NotAnApplication.java"),
            "package com.example;\npublic final class NotAnApplication {}\n");
        final Path classes = jars.resolve("classes");
        Files.createDirectories(classes);
        final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        final List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp",
            System.getProperty("java.class.path")));
        try (Stream<Path> files = Files.list(sources))
        {
            files.forEach(file -> args.add(file.toString()));
        }
        assertEquals(0, compiler.run(null, null, null, args.toArray(new String[0])), "the user's sources compile");
        appJar = jars.resolve("my-app.jar");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(appJar));
            Stream<Path> files = Files.walk(classes))
        {
            for (final Path file : (Iterable<Path>)files.filter(Files::isRegularFile)::iterator)
            {
                jar.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
        }
    }

    @Test
    void theUsersApplicationReplaysFromItsJarAndAKnownDifferenceCanBeIgnored() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final CliRun same = fixtape("replay", journal.toString(), "--app-class", "com.example.ExecFactory",
            "--classpath", appJar.toString(), "--diff");
        assertEquals(ReplayCommand.EXIT_IDENTICAL, same.exit, same.toString());
        assertTrue(same.out.contains("engine com.example.ExecFactory, journal audit"), same.toString());
        final CliRun builtin = fixtape("replay", journal.toString(), "--diff");
        assertEquals(CliRun.digest(builtin), CliRun.digest(same), "the user's factory of exec sends what exec sends");

        final CliRun different = fixtape("replay", journal.toString(), "--app-class", "com.example.OrderIdsFrom1001",
            "--classpath", appJar.toString(), "--diff", "--show", "1");
        assertEquals(ReplayCommand.EXIT_DIFFERENT, different.exit, different.toString());
        assertTrue(different.out.contains("  seq=2 MsgType=8 tag=37 recorded=\"1\" replayed=\"1001\""), different.toString());

        final CliRun ignored = fixtape("replay", journal.toString(), "--app-class", "com.example.OrderIdsFrom1001",
            "--classpath", appJar.toString(), "--diff", "--ignore-tag", "8:37");
        assertEquals(ReplayCommand.EXIT_IDENTICAL, ignored.exit, ignored.toString());
        assertTrue(ignored.out.contains("identical") && ignored.out.contains("ignored fields: 8:37"), ignored.toString());

        final Path rules = Files.writeString(dir.resolve("volatile.fields"), "# OrderIDs are numbered per run\n8:37\n");
        final CliRun fromFile = fixtape("replay", journal.toString(), "--app-class", "com.example.OrderIdsFrom1001",
            "--classpath", appJar.toString(), "--diff", "--ignore-file", rules.toString());
        assertEquals(ReplayCommand.EXIT_IDENTICAL, fromFile.exit, fromFile.toString());
    }

    @Test
    void mistakesAreOneLineAndExitTwo() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final List<String[]> mistakes = List.of(
            new String[] {"--app-class", "com.example.Missing", "--classpath", appJar.toString()},
            new String[] {"--app-class", "com.example.NotAnApplication", "--classpath", appJar.toString()},
            new String[] {"--app-class", "com.example.ExecFactory", "--classpath", dir.resolve("no.jar").toString()},
            new String[] {"--app", "nosuch"},
            new String[] {"--diff", "--ignore-tag", "SendingTime"},
            new String[] {"--ignore-tag", "52"},
            new String[] {"--session", "NOBODY:HERE"},
            new String[] {"--transport", "carrier-pigeon"},
            new String[] {"--model", "pool", "--transport", "inproc"},
            new String[] {"--model", "crowd"},
            new String[] {"--diff", "--ignore-file", dir.resolve("no-such-file").toString()});
        for (final String[] mistake : mistakes)
        {
            final List<String> args = new ArrayList<>(List.of("replay", journal.toString()));
            args.addAll(List.of(mistake));
            final CliRun run = fixtape(args.toArray(new String[0]));
            assertEquals(ReplayCommand.EXIT_USAGE, run.exit, String.join(" ", mistake) + ": " + run);
            assertEquals(1, run.err.strip().lines().count(), "one line: " + run);
            assertTrue(run.err.startsWith("fixtape replay: "), run.toString());
            assertFalse(run.err.contains("\tat "), "no stack trace: " + run);
        }
        final CliRun notAJournal = fixtape("replay", dir.resolve("nothing-here").toString());
        assertEquals(ReplayCommand.EXIT_USAGE, notAJournal.exit, notAJournal.toString());
    }

    @Test
    void theDiffIsWrittenAsJsonAndJUnitXml() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path json = dir.resolve("diff.json");
        final Path junit = dir.resolve("TEST-replay.xml");
        final CliRun different = fixtape("replay", journal.toString(), "--app", "echo", "--diff-json", json.toString(),
            "--junit", junit.toString());
        assertEquals(ReplayCommand.EXIT_DIFFERENT, different.exit, different.toString());
        final JsonObject report = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        assertEquals("different", report.get("result").getAsString());
        assertEquals(1, report.get("exit_code").getAsInt());
        final JsonObject session = report.getAsJsonArray("sessions").get(0).getAsJsonObject();
        assertEquals("FIX.4.4:FIXTAPE->CLIENT", session.get("session").getAsString());
        assertEquals("acceptor", session.get("role").getAsString());
        assertFalse(session.get("identical").getAsBoolean());
        final JsonArray differences = session.getAsJsonArray("differences");
        assertTrue(differences.size() > 0);
        final JsonObject first = differences.get(0).getAsJsonObject();
        assertEquals(2, first.get("seq").getAsInt(), first.toString());
        assertEquals("8", first.get("msg_type").getAsString(), first.toString());
        for (final String field : List.of("message", "tag", "recorded", "replayed", "derived"))
        {
            assertTrue(first.has(field), field + " in " + first);
        }
        final Element suite = junit(junit);
        assertEquals("1", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        final Element testCase = (Element)suite.getElementsByTagName("testcase").item(0);
        assertEquals("FIX.4.4:FIXTAPE->CLIENT", testCase.getAttribute("name"));
        assertEquals("fixtape.replay.fix44-exec", testCase.getAttribute("classname"));
        final Element failure = (Element)testCase.getElementsByTagName("failure").item(0);
        assertTrue(failure.getTextContent().contains("seq=2 MsgType=8 "), failure.getTextContent());

        final CliRun identical = fixtape("replay", journal.toString(), "--diff-json", json.toString(),
            "--junit", junit.toString());
        assertEquals(ReplayCommand.EXIT_IDENTICAL, identical.exit, identical.toString());
        assertEquals("identical", JsonParser.parseString(Files.readString(json)).getAsJsonObject().get("result")
            .getAsString());
        final Element clean = junit(junit);
        assertEquals("0", clean.getAttribute("failures"));
        assertEquals(0, clean.getElementsByTagName("failure").getLength());
    }

    @Test
    void aRecordingWithNothingToSendCouldNotRun() throws Exception
    {
        final Path journal = dir.resolve("outbound-only");
        final SessionId id = new SessionId("FIX.4.4", "FIXTAPE", "CLIENT");
        final byte[] logon = RawFixClient.message("FIX.4.4",
            "35=A|49=FIXTAPE|56=CLIENT|34=1|52=20261202-14:55:47.123|98=0|108=30|").getBytes(StandardCharsets.US_ASCII);
        try (RecordingSink sink = JournalRecordings.writer(journal))
        {
            sink.onMessage(id, false, 1_796_230_547_123_000_000L, new UnsafeBuffer(logon), 0, logon.length);
        }
        final Path json = dir.resolve("diff.json");
        final Path junit = dir.resolve("junit.xml");
        final CliRun run = fixtape("replay", journal.toString(), "--diff-json", json.toString(), "--junit",
            junit.toString());
        assertEquals(ReplayCommand.EXIT_COULD_NOT_RUN, run.exit, run.toString());
        assertTrue(run.err.contains("nothing to replay"), run.toString());
        assertEquals("could not run", JsonParser.parseString(Files.readString(json)).getAsJsonObject().get("result")
            .getAsString());
        assertEquals("1", junit(junit).getAttribute("errors"));
    }

    @Test
    void latencyGoesToAnHdrHistogramLogAndAPlot() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path log = dir.resolve("replay.hlog");
        final Path png = dir.resolve("replay.png");
        final CliRun run = fixtape("replay", journal.toString(), "--rate", "2000", "--histogram-log", log.toString(),
            "--plot", png.toString());
        assertEquals(0, run.exit, run.toString());
        final Set<String> tags = new HashSet<>();
        long orders = 0;
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile()))
        {
            EncodableHistogram histogram;
            while ((histogram = reader.nextIntervalHistogram()) != null)
            {
                tags.add(histogram.getTag());
                if ("service:D".equals(histogram.getTag()))
                {
                    orders = ((org.HdrHistogram.Histogram)histogram).getTotalCount();
                }
            }
        }
        assertTrue(tags.containsAll(Set.of("service:A", "response:A", "service:D", "response:D")), tags.toString());
        assertTrue(orders >= 12, "a sample per answered order: " + orders);
        final byte[] header = new byte[8];
        try (var in = Files.newInputStream(png))
        {
            assertEquals(8, in.read(header));
        }
        assertEquals("\u0089PNG", new String(header, 0, 4, StandardCharsets.ISO_8859_1));
    }

    private static Element junit(final Path file) throws Exception
    {
        final Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(Files.readAllBytes(file)));
        final Element suite = document.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        return suite;
    }
}
