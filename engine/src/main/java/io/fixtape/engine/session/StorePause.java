package io.fixtape.engine.session;

/**
 * The clock of a pause on a store failure ({@link StoreFailurePolicy#PAUSE}): whether the session is paused, since
 * when, when the store is next asked whether it writes again ({@code StoreProbeIntervalMs}) and when the pause
 * times out ({@code StorePauseTimeout}, 0 = never). Counts each pause and the engine time spent paused.
 *
 * <p>One instance per session, poller thread only.
 */
final class StorePause
{
    private final SessionConfig config;
    private final SessionCounters counters;
    private boolean paused;
    private long pausedAtNanos;
    private long nextProbeNanos;

    StorePause(final SessionConfig config, final SessionCounters counters)
    {
        this.config = config;
        this.counters = counters;
    }

    boolean isPaused()
    {
        return paused;
    }

    /** The pause begins now; the first probe is one interval away. */
    void begin(final long nowNanos)
    {
        paused = true;
        pausedAtNanos = nowNanos;
        nextProbeNanos = nowNanos + config.storeProbeIntervalNanos();
        counters.storePauses++;
    }

    /** The pause (if any) ends now: its length is added to {@link SessionCounters#storePausedNanos()}. */
    void end(final long nowNanos)
    {
        if (paused)
        {
            paused = false;
            counters.storePausedNanos += nowNanos - pausedAtNanos;
        }
    }

    /** Whether {@code StorePauseTimeout} has passed since the pause began. */
    boolean isTimedOut(final long nowNanos)
    {
        final long timeoutNanos = config.storePauseTimeoutNanos();
        return timeoutNanos > 0 && nowNanos - pausedAtNanos >= timeoutNanos;
    }

    boolean isProbeDue(final long nowNanos)
    {
        return nowNanos - nextProbeNanos >= 0;
    }

    /** The store was just asked: the next probe is one interval away. */
    void probed(final long nowNanos)
    {
        nextProbeNanos = nowNanos + config.storeProbeIntervalNanos();
    }
}
