package io.fixtape.launcher.internal;

import io.fixtape.cluster.AcceptorModel;
import io.fixtape.cluster.ClusterContext;
import io.fixtape.cluster.ClusterSettings;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.api.ResendFilter;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.KnownKeys;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsBuilder;
import io.fixtape.engine.config.SettingsException;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalStoreProvider;
import io.fixtape.nic.bypass.BypassUnavailableException;
import io.fixtape.nic.bypass.KernelBypassPolicy;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.OffsetEpochNanoClock;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * How a fixtape engine is put together from settings — the one place that does it, for the public
 * {@code FixtapeBuilder} and for the {@code fixtape} command alike: the settings (a file, keys set from Java, or
 * both) are checked (a journal path that is a file), go through {@link KernelBypassPolicy} (applied before anything else, so before any socket), then the
 * engine's {@link EngineSettings} with the journal registered as a store ({@link JournalStoreProvider}: opened per
 * directory, its housekeeping added to the duty cycle, closed with the engine), then {@link ClusterSettings}
 * (acceptor model). Every default therefore lives in that mapping, once, whichever way the keys arrived.
 *
 * <p>Internal: its signatures carry engine types. Configuration thread only.
 */
public final class EngineAssembly
{
    /** Every key a settings file may hold: the engine's, the journal's, kernel bypass and the acceptor models'. */
    private static final KnownKeys KNOWN_KEYS = ClusterSettings.knownKeys(
        KernelBypassPolicy.knownKeys(JournalStoreProvider.knownKeys(KnownKeys.standard())));

    private final SettingsBuilder settings;
    private final List<DutyCycleTask> tasks = new ArrayList<>();
    private EngineSettings.ApplicationFactory applications;
    private io.fixtape.engine.api.LogonAuthenticator logonAuthenticator;
    private EpochNanoClock clock;
    private ErrorHandler errorHandler;
    private ThreadFactory threadFactory;
    private ResendFilter resendFilter;
    private int acceptPort = -1;
    private String model;
    private int threads = -1;

    private EngineAssembly(final SettingsBuilder settings)
    {
        this.settings = settings;
    }

    /** Every settings key, with its short doc. */
    public static KnownKeys knownKeys()
    {
        return KNOWN_KEYS;
    }

    /** No keys yet; {@code source} names them in error messages. */
    public static EngineAssembly empty(final String source)
    {
        return new EngineAssembly(new SettingsBuilder(source, KNOWN_KEYS));
    }

    /**
     * The keys of a settings file.
     *
     * @throws io.fixtape.engine.config.SettingsException an unknown key or a malformed line, with file and line.
     * @throws java.io.UncheckedIOException            the file cannot be read.
     */
    public static EngineAssembly fromFile(final Path file)
    {
        return new EngineAssembly(SettingsBuilder.from(parse(file), KNOWN_KEYS));
    }

    /**
     * A settings file read with every known key (nothing mapped or opened).
     *
     * @throws io.fixtape.engine.config.SettingsException an unknown key, an engine-wide key in a {@code [SESSION]}
     *                                                   or a malformed line, with file and line.
     * @throws java.io.UncheckedIOException            the file cannot be read.
     */
    public static Settings parse(final Path file)
    {
        return new SettingsParser(KNOWN_KEYS).parse(file);
    }

    /**
     * {@code JournalRecoverTruncate=Y} for every session (the {@code --recover-truncate} flag): start on a damaged
     * journal by cutting it at its last good record.
     */
    public EngineAssembly recoverTruncate(final boolean recover)
    {
        if (recover)
        {
            settings.putDefault(io.fixtape.journal.JournalContext.KEY_RECOVER_TRUNCATE, "Y");
            for (int session = 0; session < settings.sessionCount(); session++)
            {
                settings.put(session, io.fixtape.journal.JournalContext.KEY_RECOVER_TRUNCATE, "Y");
            }
        }
        return this;
    }

    /** The keys, to add or override. */
    public SettingsBuilder settings()
    {
        return settings;
    }

    /** Creates each session's application (required). */
    public EngineAssembly applications(final EngineSettings.ApplicationFactory applications)
    {
        this.applications = applications;
        return this;
    }

    /** The authenticator of every acceptor session, after the settings' checks. Default: none (accept). */
    public EngineAssembly logonAuthenticator(final io.fixtape.engine.api.LogonAuthenticator logonAuthenticator)
    {
        this.logonAuthenticator = logonAuthenticator;
        return this;
    }

    /** The engine clock. Default: a new {@link OffsetEpochNanoClock}. */
    public EngineAssembly clock(final EpochNanoClock clock)
    {
        this.clock = clock;
        return this;
    }

    public EngineAssembly errorHandler(final ErrorHandler errorHandler)
    {
        this.errorHandler = errorHandler;
        return this;
    }

    /** Starts the poller thread of the {@code single} model (pin it here). */
    public EngineAssembly threadFactory(final ThreadFactory threadFactory)
    {
        this.threadFactory = threadFactory;
        return this;
    }

    /** Decides, for every session, which stored messages a resend repeats and which it gap-fills. */
    public EngineAssembly resendFilter(final ResendFilter resendFilter)
    {
        this.resendFilter = resendFilter;
        return this;
    }

    /** Work added to every duty cycle of the engine's poller (of the first worker under the other models). */
    public EngineAssembly addTask(final DutyCycleTask task)
    {
        tasks.add(task);
        return this;
    }

    /** Listen on this port instead of every SocketAcceptPort ({@code fixtape acceptor --port}); -1: as configured. */
    public EngineAssembly acceptPort(final int port)
    {
        this.acceptPort = port;
        return this;
    }

    /** The acceptor model instead of AcceptorModel ({@code --model}); null: as configured. */
    public EngineAssembly model(final String model)
    {
        this.model = model;
        return this;
    }

    /** Pool workers or shards instead of AcceptorThreads ({@code --threads}); -1: as configured. */
    public EngineAssembly threads(final int threads)
    {
        this.threads = threads;
        return this;
    }

    /**
     * Apply the kernel-bypass policy, then map the settings onto the engine's contexts, opening the journals they
     * name (closed again if anything fails).
     *
     * @throws IllegalArgumentException for a bad or missing setting, naming it and where it was set, or
     *                                  {@code KernelBypass=require} without a bypass stack;
     *                                  IllegalStateException when no application factory was given.
     */
    public AssembledEngine assemble()
    {
        if (applications == null)
        {
            throw new IllegalStateException(settings.source() + ": no application (give an ApplicationFactory)");
        }
        final Settings built = settings.build();
        checkJournalPaths(built.defaults());
        built.sessions().forEach(EngineAssembly::checkJournalPaths);
        final String kernelBypassLine = applyKernelBypass(built);
        final JournalStoreProvider journals = new JournalStoreProvider();
        try
        {
            final EngineSettings engineSettings = new EngineSettings().storeProvider("journal", journals);
            if (acceptPort >= 0)
            {
                engineSettings.acceptPortOverride(acceptPort);
            }
            final EngineSettings.ApplicationFactory userApplications = applications;
            final io.fixtape.engine.api.LogonAuthenticator authenticator = logonAuthenticator;
            final EngineSettings.ApplicationFactory withAuthenticator = authenticator == null ? userApplications :
                (config, engineClock) ->
                {
                    config.logonSecurity().logonAuthenticator(authenticator);
                    return userApplications.create(config, engineClock);
                };
            final EngineContext context = engineSettings.toContext(
                built, clock != null ? clock : new OffsetEpochNanoClock(), withAuthenticator);
            if (errorHandler != null)
            {
                context.errorHandler(errorHandler);
            }
            if (threadFactory != null)
            {
                context.threadFactory(threadFactory);
            }
            if (resendFilter != null)
            {
                context.sessions().forEach(endpoint -> endpoint.config().resendFilter(resendFilter));
            }
            tasks.forEach(context::addTask);
            final ClusterContext cluster = ClusterSettings.toContext(built, context);
            if (model != null)
            {
                cluster.model(AcceptorModel.parse(model));
            }
            if (threads > 0)
            {
                cluster.threads(threads);
            }
            if (!context.templates().isEmpty() && cluster.model() != AcceptorModel.SINGLE)
            {
                // the models' accepting agent routes to configured sessions only
                throw new IllegalArgumentException(settings.source() + ": AcceptorTemplate=Y needs AcceptorModel=single" +
                    " (is " + cluster.model().text() + ")");
            }
            return new AssembledEngine(built, context, cluster, journals, kernelBypassLine);
        }
        catch (final RuntimeException ex)
        {
            journals.close();
            throw ex;
        }
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

    /** The settings' kernel-bypass policy, applied now; {@code require} without a bypass stack is a setting error. */
    private static String applyKernelBypass(final Settings settings)
    {
        try
        {
            return KernelBypassPolicy.fromSettings(settings.defaults()).apply().line();
        }
        catch (final BypassUnavailableException ex)
        {
            throw new IllegalArgumentException(ex.getMessage(), ex);
        }
    }
}
