package io.fixtape.cli;

import io.fixtape.cluster.ClusterSettings;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsException;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalStoreProvider;
import io.fixtape.nic.bypass.BypassUnavailableException;
import io.fixtape.nic.bypass.KernelBypassPolicy;
import org.agrona.concurrent.EpochNanoClock;

import java.nio.file.Files;
import java.nio.file.Path;

/** Settings file → {@link EngineContext} for the CLI commands (one place for the known keys and store providers). */
final class SettingsLoader
{
    private SettingsLoader()
    {
    }

    /** Every key a CLI settings file may hold: the engine's, the journal's, kernel bypass and the acceptor models'. */
    static KnownKeys knownKeys()
    {
        return ClusterSettings.knownKeys(
            KernelBypassPolicy.knownKeys(JournalStoreProvider.knownKeys(KnownKeys.standard())));
    }

    /** Parses a settings file; a journal path that names a regular file is refused with {@code file:line}. */
    static Settings parse(final Path file)
    {
        final Settings settings = new SettingsParser(knownKeys()).parse(file);
        checkJournalPaths(settings.defaults());
        settings.sessions().forEach(SettingsLoader::checkJournalPaths);
        return settings;
    }

    /**
     * The journal is a directory it creates if needed: a {@code JournalPath} (or {@code FileStorePath}) that is an
     * existing file, or lies under one, cannot be one.
     */
    private static void checkJournalPaths(final Settings.Section section)
    {
        for (final String key : new String[] {JournalContext.KEY_JOURNAL_PATH, JournalContext.KEY_FILE_STORE_PATH})
        {
            if (!section.hasOwn(key) || section.string(key, "").isEmpty())
            {
                continue;
            }
            final Path path = Path.of(section.string(key, "")).toAbsolutePath();
            Path existing = path;
            while (existing != null && !Files.exists(existing))
            {
                existing = existing.getParent();
            }
            if (existing != null && !Files.isDirectory(existing))
            {
                throw new SettingsException(section.locationOf(key) + ": " + key + " " + section.string(key, "") +
                    (existing.equals(path) ? " is a file; the journal is a directory" :
                        " cannot be a directory: " + existing + " is a file"));
            }
        }
    }

    static EngineContext context(
        final Settings settings, final EpochNanoClock clock, final int portOverride,
        final EngineSettings.ApplicationFactory applications)
    {
        return context(settings, clock, portOverride, applications, new JournalStoreProvider());
    }

    /** As above with the caller's journal provider (to read back the journals it opened). */
    static EngineContext context(
        final Settings settings, final EpochNanoClock clock, final int portOverride,
        final EngineSettings.ApplicationFactory applications, final JournalStoreProvider journals)
    {
        applyKernelBypass(settings);
        final EngineSettings engineSettings = new EngineSettings().storeProvider("journal", journals);
        if (portOverride >= 0)
        {
            engineSettings.acceptPortOverride(portOverride);
        }
        return engineSettings.toContext(settings, clock, applications);
    }

    /**
     * Applies {@code KernelBypass} before any socket is opened and prints what is in force; a policy that cannot be
     * met ({@code require} without Onload/VMA) becomes the command's clear start-up error.
     */
    static void applyKernelBypass(final Settings settings)
    {
        try
        {
            System.out.println(KernelBypassPolicy.fromSettings(settings.defaults()).apply().line());
        }
        catch (final BypassUnavailableException ex)
        {
            throw new IllegalArgumentException(ex.getMessage(), ex);
        }
    }
}
