package io.fixtape.cli;

import io.fixtape.cluster.ClusterSettings;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalMode;
import io.fixtape.journal.JournalStoreProvider;
import io.fixtape.launcher.internal.EngineAssembly;
import io.fixtape.nic.bypass.KernelBypassPolicy;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every settings file shipped in the repository's {@code config/} directory loads as {@code fixtape acceptor} and
 * {@code fixtape initiator} read it (every key the CLI knows), down to the engine, journal, acceptor-model and
 * kernel-bypass settings; journals are checked, not opened.
 */
class SampleSettingsTest
{
    private static Path configDirectory()
    {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent())
        {
            if (Files.isRegularFile(dir.resolve("config").resolve("acceptor.cfg")) &&
                Files.isRegularFile(dir.resolve("pom.xml")))
            {
                return dir.resolve("config");
            }
        }
        throw new AssertionError("no config/ directory above " + Path.of("").toAbsolutePath());
    }

    private static List<Path> sampleFiles() throws IOException
    {
        try (Stream<Path> files = Files.list(configDirectory()))
        {
            return files.filter(file -> file.getFileName().toString().endsWith(".cfg")).sorted().toList();
        }
    }

    @Test
    void everySettingsFileInConfigLoads() throws IOException
    {
        final List<Path> files = sampleFiles();
        assertTrue(files.size() >= 3, files.toString());
        for (final Path file : files)
        {
            final Settings settings = EngineAssembly.parse(file);
            final EngineContext context = new EngineSettings()
                .storeProvider("journal", section ->
                {
                    JournalStoreProvider.context(section); // parses every journal key of the section
                    return sessionId -> new InMemoryMessageStore();
                })
                .toContext(settings, new OffsetEpochNanoClock(), (config, clock) -> Application.NO_OP);
            assertFalse(context.sessions().isEmpty(), file.toString());
            assertNotNull(ClusterSettings.toContext(settings, context).model(), file.toString());
            assertNotNull(KernelBypassPolicy.fromSettings(settings.defaults()), file.toString());
        }
    }

    @Test
    void theSampleAcceptorJournalsInAuditMode()
    {
        final Settings settings = EngineAssembly.parse(configDirectory().resolve("acceptor.cfg"));
        assertEquals(2, settings.sessions().size());
        for (final Settings.Section session : settings.sessions())
        {
            final JournalContext journal = JournalStoreProvider.context(session);
            assertEquals(JournalMode.AUDIT, journal.mode(), session.location());
            assertEquals(Path.of("var", "journal", "acceptor"), journal.directory(), session.location());
        }
    }
}
