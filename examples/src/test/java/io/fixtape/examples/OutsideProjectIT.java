package io.fixtape.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.fixtape.engine.interop.QfjPeer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Java project outside this build adopts fixtape: the artifacts this build packaged are installed into a new local
 * repository; a project (src/test/resources/outside-project: a pom and one class) is built by Maven, offline, against
 * that repository, generating codecs of its own with fixtape's Maven plugin; its program trades with a QuickFIX/J 2.3.2 acceptor (validation on) through the builder and the
 * typed FIX 4.4 codecs. Third-party artifacts come from this build's own local repository, read as a file
 * repository ({@link #writeSettings}). Runs in {@code integration-test} (failsafe), after every module is packaged.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class OutsideProjectIT
{
    /** What a user installs, and what the outside project needs at compile and run time. */
    private static final List<String> ARTIFACTS = List.of("fixtape-engine", "fixtape-journal", "fixtape-nic-bindings",
        "fixtape-cluster-shard", "fixtape-launcher", "fixtape-codegen", "fixtape-codecs", "fixtape-codegen-maven-plugin");
    private static final List<String> BENCHMARK_PEERS = List.of("quickfixj", "artio", "jmh", "HdrHistogram");
    private static final int ORDERS = 5;

    @TempDir
    Path dir;

    private final String version = property("fixtape.version");

    @Test
    void anOutsideProjectBuildsOfflineAgainstTheInstalledArtifactsAndTradesWithQuickFixJ() throws Exception
    {
        final Path repository = dir.resolve("repository");
        final Path settings = writeSettings();

        final Path installer = Files.createDirectories(dir.resolve("installer"));
        Files.writeString(installer.resolve("pom.xml"), installerPom());
        maven(installer, settings, repository, false, "validate");

        final Path project = dir.resolve("trader");
        Files.createDirectories(project.resolve("src/main/java/com/example"));
        Files.writeString(project.resolve("pom.xml"), resource("pom.xml").replace("@fixtape.version@", version));
        Files.writeString(project.resolve("src/main/java/com/example/Trader.java"), resource("Trader.java"));
        maven(project, settings, repository, true, "package");

        final List<String> classpath = new ArrayList<>(List.of(project.resolve("target/trader-1.0.jar").toString()));
        classpath.addAll(Arrays.asList(Files.readString(project.resolve("target/classpath.txt")).trim()
            .split(File.pathSeparator)));
        for (final String entry : classpath)
        {
            for (final String peer : BENCHMARK_PEERS)
            {
                assertTrue(!entry.contains(peer), "the runtime classpath carries " + entry);
            }
            assertTrue(entry.startsWith(project.toString()) || entry.startsWith(repository.toString()), entry);
        }
        for (final String artifact : List.of("fixtape-launcher", "fixtape-codecs", "fixtape-engine"))
        {
            final Path installed = repository.resolve("io/fixtape/" + artifact + "/" + version + "/" + artifact + "-" +
                version + ".jar");
            assertTrue(classpath.contains(installed.toString()), artifact + " from the new repository: " + classpath);
            assertArrayEquals(Files.readAllBytes(builtJar(artifact)), Files.readAllBytes(installed), artifact);
        }

        final int port = freePort();
        try (QfjPeer qfj = QfjPeer.acceptor("FIX.4.4", "EXEC", "BANZAI", port).start())
        {
            final List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(Arrays.asList(property("fixtape.jvm.flags").trim().split("\\s+")));
            command.addAll(List.of("-cp", String.join(File.pathSeparator, classpath), "com.example.Trader",
                Integer.toString(port), Integer.toString(ORDERS), dir.resolve("journal").toString()));
            final Path output = dir.resolve("trader.log");
            final Process trader = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .start();
            if (!trader.waitFor(90, TimeUnit.SECONDS))
            {
                trader.destroyForcibly();
                fail("the trader did not finish: " + Files.readString(output));
            }
            final String log = Files.readString(output);
            assertEquals(0, trader.exitValue(), log);
            assertTrue(log.contains(ORDERS + " of " + ORDERS + " orders filled"), log);
            assertTrue(log.contains("generated in this build: LogonDecoder"), log);
            assertEquals(ORDERS, qfj.ordersReceived());
            assertEquals(0, qfj.rejects(), () -> "QuickFIX/J rejected: " + qfj.lastReject());
        }
    }

    /**
     * This build's own local repository, read as a remote file repository ahead of Maven Central (releases only, so
     * the fixtape snapshots it may hold are never used). Installing may fetch what it lacks from Central (the
     * install plugin, which a {@code verify} build never runs); the outside project's build is offline and reads the
     * file repository only.
     */
    private Path writeSettings() throws IOException
    {
        final String repository = "<id>build-repository</id><url>" +
            Path.of(property("fixtape.maven.repository")).toUri() + "</url>" +
            "<releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots>";
        return Files.writeString(dir.resolve("settings.xml"), String.join("\n",
            "<settings>",
            "  <profiles><profile><id>build-repository</id>",
            "    <repositories><repository>" + repository + "</repository></repositories>",
            "    <pluginRepositories><pluginRepository>" + repository + "</pluginRepository></pluginRepositories>",
            "  </profile></profiles>",
            "  <activeProfiles><activeProfile>build-repository</activeProfile></activeProfiles>",
            "</settings>", ""));
    }

    /** maven-install-plugin's install-file for the parent pom and each artifact, with the poms this build has. */
    private String installerPom() throws IOException
    {
        final StringBuilder executions = new StringBuilder();
        final Path parent = Path.of(property("fixtape.parent.pom"));
        executions.append(installFile("fixtape-parent", parent, parent));
        for (final String artifact : ARTIFACTS)
        {
            final Path jar = builtJar(artifact);
            executions.append(installFile(artifact, jar, jar.getParent().getParent().resolve("pom.xml")));
        }
        return String.join("\n",
            "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">",
            "  <modelVersion>4.0.0</modelVersion>",
            "  <groupId>com.example</groupId><artifactId>installer</artifactId><version>1.0</version>",
            "  <packaging>pom</packaging>",
            "  <build><plugins><plugin>",
            "    <groupId>org.apache.maven.plugins</groupId><artifactId>maven-install-plugin</artifactId>" +
                "<version>3.1.3</version>",
            "    <executions>" + executions + "</executions>",
            "  </plugin></plugins></build>",
            "</project>", "");
    }

    private static String installFile(final String id, final Path file, final Path pom)
    {
        return "<execution><id>" + id + "</id><phase>validate</phase><goals><goal>install-file</goal></goals>" +
            "<configuration><file>" + file + "</file><pomFile>" + pom + "</pomFile></configuration></execution>";
    }

    /** The jar of {@code artifact} that this build packaged (on this test's class path, from the reactor). */
    private Path builtJar(final String artifact)
    {
        final String name = artifact + "-" + version + ".jar";
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator))
        {
            final Path path = Path.of(entry);
            if (path.getFileName().toString().equals(name) && path.getParent().getFileName().toString().equals("target"))
            {
                return path;
            }
        }
        throw new AssertionError(name + " is not on the class path as a packaged module jar: run `mvn verify` " +
            "over the reactor (the modules are packaged before this test): " + System.getProperty("java.class.path"));
    }

    /** Runs Maven on {@code project}; {@code offline}: no network, file repositories only. */
    private void maven(final Path project, final Path settings, final Path repository, final boolean offline,
        final String phase) throws IOException, InterruptedException
    {
        final Path log = project.resolve("maven.log");
        final List<String> command = new ArrayList<>(List.of(
            Path.of(property("fixtape.maven.home"), "bin", "mvn").toString(), "-B", "-ntp", "-s", settings.toString(),
            "-Dmaven.repo.local=" + repository, phase));
        if (offline)
        {
            command.addAll(List.of("--offline", "-Daether.offline.protocols=file"));
        }
        final Process maven = new ProcessBuilder(command)
            .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!maven.waitFor(5, TimeUnit.MINUTES))
        {
            maven.destroyForcibly();
            fail("mvn " + phase + " in " + project + " did not finish: " + tail(log));
        }
        assertEquals(0, maven.exitValue(), () -> "mvn " + phase + " in " + project + " failed: " + tail(log));
    }

    private static String tail(final Path log)
    {
        try
        {
            final List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        }
        catch (final IOException ex)
        {
            return ex.toString();
        }
    }

    private static String resource(final String name) throws IOException
    {
        try (InputStream in = OutsideProjectIT.class.getResourceAsStream("/outside-project/" + name))
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String property(final String name)
    {
        final String value = System.getProperty(name);
        if (value == null || value.isBlank())
        {
            throw new AssertionError("system property " + name + " is not set (examples/pom.xml sets it for failsafe)");
        }
        return value;
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }
}
