package io.fixtape.launcher.internal;

import io.fixtape.cluster.AcceptorModel;
import io.fixtape.cluster.ClusterAcceptor;
import io.fixtape.cluster.ClusterContext;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.journal.JournalStoreProvider;

/**
 * An engine assembled but not started: its contexts (to read back or adjust before the start) and the journals it
 * opened (the kernel-bypass policy is in force already). {@link #launch} starts a {@link FixEngine} ({@code single})
 * or a {@link ClusterAcceptor} (the other acceptor models). Not launching it leaves journals open: {@link #abandon}.
 *
 * <p>Internal. Configuration thread only.
 */
public final class AssembledEngine
{
    private final Settings settings;
    private final EngineContext engineContext;
    private final ClusterContext clusterContext;
    private final JournalStoreProvider journals;
    private final String kernelBypassLine;

    AssembledEngine(
        final Settings settings, final EngineContext engineContext, final ClusterContext clusterContext,
        final JournalStoreProvider journals, final String kernelBypassLine)
    {
        this.settings = settings;
        this.engineContext = engineContext;
        this.clusterContext = clusterContext;
        this.journals = journals;
        this.kernelBypassLine = kernelBypassLine;
    }

    /** The settings as they were mapped. */
    public Settings settings()
    {
        return settings;
    }

    /** The engine: sessions, store factory, transport settings, idle strategy, clock, tasks. */
    public EngineContext engineContext()
    {
        return engineContext;
    }

    /** The acceptor model, its threads and CPUs (model {@code single}: the engine alone). */
    public ClusterContext clusterContext()
    {
        return clusterContext;
    }

    /** The journals the settings opened, one per directory. */
    public JournalStoreProvider journals()
    {
        return journals;
    }

    /**
     * Start the engine on its own thread(s).
     *
     * @throws IllegalArgumentException a bad setting found at the start (the journals are closed again).
     */
    public LaunchedEngine launch()
    {
        return start(true);
    }

    /**
     * As {@link #launch} without a thread: the caller runs each duty cycle with {@link LaunchedEngine#step()}.
     * Acceptor model {@code single} only.
     */
    public LaunchedEngine launchStepped()
    {
        if (clusterContext.model() != AcceptorModel.SINGLE)
        {
            journals.close();
            throw new IllegalArgumentException("a stepped engine runs AcceptorModel=single only, not " +
                clusterContext.model().text());
        }
        return start(false);
    }

    /** Close the journals of an engine that will not be launched. */
    public void abandon()
    {
        journals.close();
    }

    private LaunchedEngine start(final boolean ownThread)
    {
        try
        {
            if (clusterContext.model() == AcceptorModel.SINGLE)
            {
                final FixEngine engine = ownThread ? FixEngine.launch(engineContext) : FixEngine.invoked(engineContext);
                return new LaunchedEngine(engineContext, engine, null, journals, kernelBypassLine);
            }
            final ClusterAcceptor acceptor = ClusterAcceptor.launch(clusterContext.conclude());
            return new LaunchedEngine(engineContext, null, acceptor, journals, kernelBypassLine);
        }
        catch (final RuntimeException ex)
        {
            journals.close();
            throw ex;
        }
    }
}
