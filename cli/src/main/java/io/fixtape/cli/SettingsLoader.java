package io.fixtape.cli;

import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.journal.JournalStoreProvider;
import org.agrona.concurrent.EpochNanoClock;

import java.nio.file.Path;

/** Settings file → {@link EngineContext} for the CLI commands (one place for the known keys and store providers). */
final class SettingsLoader
{
    private SettingsLoader()
    {
    }

    static Settings parse(final Path file)
    {
        return new SettingsParser(JournalStoreProvider.knownKeys(KnownKeys.standard())).parse(file);
    }

    static EngineContext context(
        final Settings settings, final EpochNanoClock clock, final int portOverride,
        final EngineSettings.ApplicationFactory applications)
    {
        final EngineSettings engineSettings = new EngineSettings().storeProvider("journal", new JournalStoreProvider());
        if (portOverride >= 0)
        {
            engineSettings.acceptPortOverride(portOverride);
        }
        return engineSettings.toContext(settings, clock, applications);
    }
}
