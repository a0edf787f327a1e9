package io.fixtape.launcher;

import io.fixtape.engine.session.SessionId;
import io.fixtape.launcher.internal.LaunchedEngine;

import java.util.List;

/**
 * A running fixtape engine, from {@link FixtapeBuilder#launch()}: its sessions answer through their applications
 * on the engine's own threads. {@link #close()} stops it gracefully — Logout to every logged-on session, a wait for
 * the replies (up to 3 s), sockets, stores and journals closed — and blocks until it has.
 *
 * <p>{@link #close()} from the thread that owns the engine; the other methods from any thread.
 */
public final class Fixtape implements AutoCloseable
{
    private final LaunchedEngine engine;

    Fixtape(final LaunchedEngine engine)
    {
        this.engine = engine;
    }

    /** The port of the first acceptor address (the one picked when it was 0), or -1 without acceptor sessions. */
    public int boundPort()
    {
        return engine.boundPort();
    }

    /**
     * The configured sessions, in configuration order, then those acceptor templates have created so far (re-created
     * at start-up from the journal, or on a Logon). Any thread.
     */
    public List<SessionId> sessionIds()
    {
        return engine.sessionIds();
    }

    /** The acceptor model running: {@code single}, {@code mono}, {@code pool} or {@code shard}. */
    public String acceptorModel()
    {
        return engine.model();
    }

    /** What the kernel-bypass policy put in force, in one line (e.g. "kernel bypass: off"). */
    public String kernelBypass()
    {
        return engine.kernelBypassLine();
    }

    /** The engine's non-zero counters in one line (connections, bytes, errors; per worker under fan-out models). */
    public String countersSummary()
    {
        return engine.countersSummary();
    }

    /**
     * Run one duty cycle of an engine from {@link FixtapeBuilder#launchStepped()} on the calling thread.
     *
     * @return work done (0: nothing to do).
     * @throws IllegalStateException for an engine with its own thread.
     */
    public int step()
    {
        return engine.step();
    }

    @Override
    public void close()
    {
        engine.close();
    }
}
