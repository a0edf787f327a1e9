package io.fixtape.engine.runtime;

import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionMetrics;
import io.fixtape.engine.status.CountersFile;
import io.fixtape.engine.status.EngineCounters;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;

import java.util.concurrent.TimeUnit;

/**
 * Duty-cycle task of the poller: every {@value CountersFile#HEARTBEAT_INTERVAL_MS} ms of engine time it copies every
 * session's counts into its {@link SessionMetrics} and beats the counters file's heartbeat, so that readers in other
 * processes see current values and know the engine is alive. Allocation-free while running; sessions are added and
 * removed through the poller thread (copy-on-write array).
 */
final class MetricsPublisher implements DutyCycleTask
{
    private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(CountersFile.HEARTBEAT_INTERVAL_MS);

    private final EngineCounters counters;
    private final EpochNanoClock clock;
    private final ErrorHandler errorHandler;
    private volatile Entry[] entries = new Entry[0];
    private long nextPublishNanos;

    private record Entry(Session session, SessionMetrics metrics)
    {
    }

    MetricsPublisher(final EngineCounters counters, final EpochNanoClock clock, final ErrorHandler errorHandler)
    {
        this.counters = counters;
        this.clock = clock;
        this.errorHandler = errorHandler;
    }

    /** Give {@code session} its counters (configuration time, or the poller thread). */
    synchronized void add(final Session session)
    {
        final SessionMetrics metrics;
        try
        {
            metrics = new SessionMetrics(session, counters.manager(), clock);
        }
        catch (final IllegalStateException full)
        {
            errorHandler.onError(full); // the session runs without published metrics
            return;
        }
        final Entry[] old = entries;
        final Entry[] copy = java.util.Arrays.copyOf(old, old.length + 1);
        copy[old.length] = new Entry(session, metrics);
        entries = copy;
        metrics.publish();
    }

    /** Free the counters of a session leaving this engine. */
    synchronized void remove(final Session session)
    {
        final Entry[] old = entries;
        for (int i = 0; i < old.length; i++)
        {
            if (old[i].session == session)
            {
                old[i].metrics.close();
                final Entry[] copy = new Entry[old.length - 1];
                System.arraycopy(old, 0, copy, 0, i);
                System.arraycopy(old, i + 1, copy, i, old.length - i - 1);
                entries = copy;
                return;
            }
        }
    }

    @Override
    public int doWork(final long nowNanos)
    {
        if (nowNanos < nextPublishNanos)
        {
            return 0;
        }
        nextPublishNanos = nowNanos + INTERVAL_NANOS;
        publishNow(nowNanos);
        return 1;
    }

    /** Publish every session and beat the heartbeat (also at close, for final values). */
    void publishNow(final long nowNanos)
    {
        for (final Entry entry : entries)
        {
            entry.metrics.publish();
        }
        final CountersFile file = counters.file();
        if (file != null)
        {
            file.heartbeat(nowNanos / 1_000_000);
        }
    }
}
