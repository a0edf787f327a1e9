package io.fixtape.replay.drive;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.Transport;
import org.agrona.concurrent.EpochNanoClock;

/**
 * What a {@link ReplayEngineFactory} gets: the recorded sessions (engine side, with the role the recorded engine
 * had), where each initiator session connects, the transport to run on, the replay clock, the application name and
 * where to journal (null: no journal).
 */
public final class ReplayEngineSpec
{
    private final List<RecordedSession> sessions;
    private final InetSocketAddress[] connectAddresses;
    private final Transport transport;
    private final EpochNanoClock clock;
    private final String application;
    private final Path journalDirectory;
    private final String journalMode;
    private final Map<String, String> journalSettings;

    /** One acceptor session. */
    public ReplayEngineSpec(final SessionId sessionId, final Transport transport, final EpochNanoClock clock,
        final String application, final Path journalDirectory, final String journalMode)
    {
        this(sessionId, transport, clock, application, journalDirectory, journalMode, Map.of());
    }

    /**
     * One acceptor session.
     *
     * @param journalSettings session-settings journal keys for the replayed engine's journal (e.g. JournalPretouch).
     */
    public ReplayEngineSpec(final SessionId sessionId, final Transport transport, final EpochNanoClock clock,
        final String application, final Path journalDirectory, final String journalMode,
        final Map<String, String> journalSettings)
    {
        this(List.of(RecordedSession.acceptor(sessionId)), new InetSocketAddress[] {new InetSocketAddress(0)},
            transport, clock, application, journalDirectory, journalMode, journalSettings);
    }

    /**
     * @param sessions         the recorded sessions, in plan order.
     * @param connectAddresses per session, where its initiator connects (acceptor sessions: not bound).
     */
    public ReplayEngineSpec(final List<RecordedSession> sessions, final InetSocketAddress[] connectAddresses,
        final Transport transport, final EpochNanoClock clock, final String application, final Path journalDirectory,
        final String journalMode, final Map<String, String> journalSettings)
    {
        if (sessions.isEmpty() || connectAddresses.length != sessions.size())
        {
            throw new IllegalArgumentException("one address per session: " + sessions.size() + " sessions, " +
                connectAddresses.length + " addresses");
        }
        this.sessions = List.copyOf(sessions);
        this.connectAddresses = connectAddresses.clone();
        this.journalSettings = Map.copyOf(journalSettings);
        this.transport = transport;
        this.clock = clock;
        this.application = application;
        this.journalDirectory = journalDirectory;
        this.journalMode = journalMode;
    }

    /** The first session's id (the only one of a single-session replay). */
    public SessionId sessionId()
    {
        return sessions.get(0).sessionId();
    }

    public List<RecordedSession> sessions()
    {
        return sessions;
    }

    /** Where session {@code index}'s initiator connects. */
    public InetSocketAddress connectAddress(final int index)
    {
        return connectAddresses[index];
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
