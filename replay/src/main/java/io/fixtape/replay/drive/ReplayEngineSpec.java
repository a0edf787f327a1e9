package io.fixtape.replay.drive;

import java.nio.file.Path;
import java.util.Map;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.Transport;
import org.agrona.concurrent.EpochNanoClock;

/**
 * What a {@link ReplayEngineFactory} gets: the recorded session (engine side), the transport end to accept on, the
 * replay clock, the application name and where to journal (null: no journal).
 */
public final class ReplayEngineSpec
{
    private final SessionId sessionId;
    private final Transport transport;
    private final EpochNanoClock clock;
    private final String application;
    private final Path journalDirectory;
    private final String journalMode;
    private final Map<String, String> journalSettings;

    public ReplayEngineSpec(final SessionId sessionId, final Transport transport, final EpochNanoClock clock,
        final String application, final Path journalDirectory, final String journalMode)
    {
        this(sessionId, transport, clock, application, journalDirectory, journalMode, Map.of());
    }

    /** @param journalSettings session-settings journal keys for the replayed engine's journal (e.g. JournalPretouch). */
    public ReplayEngineSpec(final SessionId sessionId, final Transport transport, final EpochNanoClock clock,
        final String application, final Path journalDirectory, final String journalMode,
        final Map<String, String> journalSettings)
    {
        this.journalSettings = Map.copyOf(journalSettings);
        this.sessionId = sessionId;
        this.transport = transport;
        this.clock = clock;
        this.application = application;
        this.journalDirectory = journalDirectory;
        this.journalMode = journalMode;
    }

    public SessionId sessionId()
    {
        return sessionId;
    }

    public Transport transport()
    {
        return transport;
    }

    public EpochNanoClock clock()
    {
        return clock;
    }

    /** {@code echo} or {@code exec} (built-in applications), or a name a custom factory understands. */
    public String application()
    {
        return application;
    }

    public Path journalDirectory()
    {
        return journalDirectory;
    }

    /** Journal settings keys applied on top of the replay's defaults (empty: none). */
    public Map<String, String> journalSettings()
    {
        return journalSettings;
    }

    /** {@code none}, {@code store} or {@code audit}. */
    public String journalMode()
    {
        return journalMode;
    }
}
