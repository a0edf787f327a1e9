package io.fixtape.replay.drive;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.ReconnectPolicy;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Starts the real fixtape engine for a replay: a {@link FixEngine} in invoker mode (no thread of its own: the
 * replayer decides which thread steps it) with one session per recorded session — an acceptor where the recorded
 * engine accepted, an initiator (reconnecting after 1 ns of replay clock) where it initiated — on the replay's
 * transport, with the replay clock, the chosen application (one instance per session) and the chosen journal
 * mode. Session settings are the engine's defaults plus what the recording shows ({@link RecordedSession#toConfig}).
 */
public final class FixtapeReplayEngines
{
    /**
     * An initiator's reconnect interval, by the replay clock: the clock reaches the recorded Logon only when it is
     * due, so the session connects then and not earlier.
     */
    static final long RECONNECT_INTERVAL_NANOS = 1;

    /**
     * The replayed initiator's reconnects: every retry {@link #RECONNECT_INTERVAL_NANOS} after the last, never backed
     * off and without jitter (a random wait would make the replay differ run to run, and a growing one could fall
     * past the replay clock's next step), and no connect timeout the replay clock's jumps could trip.
     */
    static final ReconnectPolicy RECONNECT = ReconnectPolicy.of(
        RECONNECT_INTERVAL_NANOS, RECONNECT_INTERVAL_NANOS, 0, java.util.concurrent.TimeUnit.DAYS.toNanos(1));

    private FixtapeReplayEngines()
    {
    }

    /** The built-in applications, by the replay's application name ({@code echo}, {@code exec}). */
    public static Factory factory()
    {
        return new Factory(null);
    }

    /**
     * The user's applications: {@code applications} is asked for each replayed session's application (the
     * application API's factory, as the engine builder and {@code fixtape replay --app-class} take it).
     */
    public static Factory factory(final ApplicationFactory applications)
    {
        return new Factory(Objects.requireNonNull(applications, "applications"));
    }

    /** The fixtape engine with the given applications ({@link #factory()}, {@link #factory(ApplicationFactory)}). */
    public static final class Factory implements ReplayEngineFactory
    {
        private final ApplicationFactory applications;

        Factory(final ApplicationFactory applications)
        {
            this.applications = applications;
        }

        /**
         * The application of one replayed session (the acceptor models build their own engines with it): the
         * user's, or the built-in one {@code name} names.
         */
        Application create(final String name, final SessionConfig config, final EpochNanoClock clock)
        {
            return applications == null ? BuiltinApplications.create(name, config, clock) :
                applications.create(config.sessionId(), clock);
        }

        @Override
        public ReplayEngine start(final ReplayEngineSpec spec)
        {
            return startEngine(spec, this);
        }
    }

    private static ReplayEngine startEngine(final ReplayEngineSpec spec, final Factory applications)
    {
        final JournalMode mode = JournalMode.valueOf(spec.journalMode().toUpperCase(Locale.ROOT));
        final MessageStoreFactory stores = stores(spec, mode);
        try
        {
            final EngineContext context = new EngineContext()
                .name("replay")
                .sessionEvents(false) // a replay reports differences, not the replayed sessions' events
                .clock(spec.clock())
                .storeFactory(stores)
                .transport(spec.transport());
            final boolean validation = addSessions(context, spec, applications);
            if (stores instanceof ChronicleMessageStoreFactory)
            {
                context.addTask(((ChronicleMessageStoreFactory)stores)::doWork); // msync policy, free-space checks
            }
            final FixEngine engine = FixEngine.invoked(context);
            return new Engine(engine, stores, spec.application() + ", journal " +
                mode.name().toLowerCase(Locale.ROOT) + ", validation " + (validation ? "on" : "off"));
        }
        catch (final RuntimeException ex)
        {
            if (stores instanceof AutoCloseable)
            {
                CloseHelper.quietClose((AutoCloseable)stores);
            }
            throw ex;
        }
    }

    /** The replayed engine's stores: none, or its journal in the mode asked for. */
    static MessageStoreFactory stores(final ReplayEngineSpec spec, final JournalMode mode)
    {
        return mode == JournalMode.NONE ? sessionId -> new NoMessageStore() :
            new ChronicleMessageStoreFactory(journalContext(spec, mode));
    }

    /**
     * One session per recorded session, with its application.
     *
     * @return whether any session validates.
     */
    static boolean addSessions(final EngineContext context, final ReplayEngineSpec spec, final Factory applications)
    {
        boolean validation = false;
        for (int i = 0; i < spec.sessions().size(); i++)
        {
            final RecordedSession session = spec.sessions().get(i);
            final SessionConfig config = session.toConfig();
            final Application application = applications.create(spec.application(), config, spec.clock());
            validation |= config.validator() != null;
            // an acceptor's address: not bound when the replay transport delivers the connections
            context.addSession(session.engineInitiates() ?
                SessionEndpoint.initiator(config, application, List.of(spec.connectAddress(i)), RECONNECT) :
                SessionEndpoint.acceptor(config, application, spec.connectAddress(i)));
        }
        return validation;
    }

    /**
     * The replayed engine's journal. Its roll cycle follows the replay clock (the recorded time, in milliseconds),
     * not the wall clock: which cycle file a record lands in is then a function of the recording like everything
     * else the replayed engine writes, and the journal's per-record cycle check reads a field instead of the system
     * clock (Chronicle asks its time provider on every append).
     */
    static JournalContext journalContext(final ReplayEngineSpec spec, final JournalMode mode)
    {
        final EpochNanoClock clock = spec.clock();
        final JournalContext ctx = new JournalContext().directory(spec.journalDirectory()).mode(mode)
            .cycleClock(() -> Math.max(0, clock.nanoTime() / 1_000_000L));
        spec.journalSettings().forEach((key, value) ->
        {
            if (!ctx.applySetting(key, value))
            {
                throw new IllegalArgumentException("not a journal setting: " + key + " (e.g. " +
                    JournalContext.KEY_PRETOUCH + ", " + JournalContext.KEY_DURABILITY + ")");
            }
        });
        return ctx;
    }

    private static final class Engine implements ReplayEngine
    {
        private final FixEngine engine;
        private final AgentInvoker invoker;
        private final MessageStoreFactory stores;
        private final String description;

        Engine(final FixEngine engine, final MessageStoreFactory stores, final String description)
        {
            this.engine = engine;
            this.invoker = engine.invoker();
            this.stores = stores;
            this.description = description;
        }

        @Override
        public int doWork()
        {
            return invoker.invoke();
        }

        @Override
        public String describe()
        {
            return description;
        }

        @Override
        public void logout(final SessionId session, final String text)
        {
            for (final Session served : engine.sessions())
            {
                if (served.sessionId().equals(session))
                {
                    served.logout(text);
                }
            }
        }

        @Override
        public void close()
        {
            engine.close();
            if (stores instanceof AutoCloseable)
            {
                CloseHelper.quietClose((AutoCloseable)stores);
            }
        }
    }
}
