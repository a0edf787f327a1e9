package io.fixtape.launcher.internal;

import io.fixtape.cluster.ClusterAcceptor;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.JournalStoreProvider;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A started engine: a {@link FixEngine} (acceptor model {@code single}) or a {@link ClusterAcceptor} (mono, pool,
 * shard). {@link #close} stops it gracefully (Logout to every logged-on session, stores closed), then closes the
 * journals its settings opened.
 *
 * <p>Internal. {@link #close} from one controlling thread; the rest from any thread.
 */
public final class LaunchedEngine implements AutoCloseable
{
    private final EngineContext context;
    private final FixEngine engine;
    private final ClusterAcceptor acceptor;
    private final JournalStoreProvider journals;
    private final String kernelBypassLine;
    private final List<SessionId> sessionIds;
    private boolean closed;

    LaunchedEngine(
        final EngineContext context, final FixEngine engine, final ClusterAcceptor acceptor,
        final JournalStoreProvider journals, final String kernelBypassLine)
    {
        this.context = context;
        this.engine = engine;
        this.acceptor = acceptor;
        this.journals = journals;
        this.kernelBypassLine = kernelBypassLine;
        final List<SessionId> ids = new ArrayList<>();
        for (final SessionEndpoint endpoint : context.sessions())
        {
            ids.add(endpoint.config().sessionId());
        }
        this.sessionIds = Collections.unmodifiableList(ids);
    }

    /** The engine of the {@code single} model, else null. */
    public FixEngine engine()
    {
        return engine;
    }

    /** The acceptor of the mono, pool and shard models, else null. */
    public ClusterAcceptor acceptor()
    {
        return acceptor;
    }

    public EngineContext context()
    {
        return context;
    }

    /** {@code single}, {@code mono}, {@code pool} or {@code shard}. */
    public String model()
    {
        return acceptor == null ? "single" : acceptor.model().text();
    }

    /** What the kernel-bypass policy put in force, in one line. */
    public String kernelBypassLine()
    {
        return kernelBypassLine;
    }

    /** Configured sessions, then (model {@code single}) those acceptor templates created, as of now. */
    public List<SessionId> sessionIds()
    {
        if (engine == null || context.templates().isEmpty())
        {
            return sessionIds;
        }
        final List<SessionId> ids = new ArrayList<>();
        for (final io.fixtape.engine.session.Session session : engine.sessions())
        {
            ids.add(session.sessionId());
        }
        return Collections.unmodifiableList(ids);
    }

    /** The port of the first acceptor address, or -1 without acceptor sessions. */
    public int boundPort()
    {
        return acceptor == null ? engine.boundPort() : acceptor.boundPort();
    }

    /** The non-zero engine counters, and per worker under the fan-out models. */
    public String countersSummary()
    {
        if (acceptor == null)
        {
            return engine.counters().summary();
        }
        return context.counters().summary() + "; " + acceptor.counters().perWorkerSummary();
    }

    /** One duty cycle of a stepped engine. @return work done. */
    public int step()
    {
        if (engine == null || engine.invoker() == null)
        {
            throw new IllegalStateException("step(): only an engine started with launchStepped() is stepped");
        }
        return engine.invoker().invoke();
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            if (acceptor != null)
            {
                acceptor.close();
            }
            else
            {
                engine.close();
            }
        }
        finally
        {
            journals.close();
        }
    }
}
