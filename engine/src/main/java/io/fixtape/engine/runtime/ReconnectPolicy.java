package io.fixtape.engine.runtime;

import java.util.concurrent.TimeUnit;

/**
 * When an initiator tries again after a failed connection, and how long one connect may take.
 *
 * <p>A <em>round</em> is one pass over the session's addresses (the primary, then each failover address in order;
 * after a failure the next address is tried at once). After a round in which every address failed, the initiator
 * waits {@code min(max, base × 2^(rounds − 1))}, shortened by a random fraction of up to {@code jitterPercent} so
 * that many initiators cut off together do not come back in step. A Logon resets the count: the next connection
 * after a logged-on one is tried a jittered {@code base} after the disconnect, starting again from the primary.
 * A connect not established within {@code connectTimeout} is abandoned and counts as a failure.
 *
 * <p>Immutable; configuration time.
 */
public final class ReconnectPolicy
{
    /** {@code ReconnectInterval}'s default, in seconds (QuickFIX/J's). */
    public static final int DEFAULT_RECONNECT_INTERVAL_SECONDS = 30;
    /** {@code ReconnectMaxInterval}'s default, in seconds. */
    public static final int DEFAULT_RECONNECT_MAX_INTERVAL_SECONDS = 300;
    /** {@code ReconnectJitter}'s default, in percent of each delay. */
    public static final int DEFAULT_RECONNECT_JITTER_PERCENT = 20;
    /** {@code ConnectTimeout}'s default, in seconds. */
    public static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

    private final long baseNanos;
    private final long maxNanos;
    private final int jitterPercent;
    private final long connectTimeoutNanos;

    private ReconnectPolicy(final long baseNanos, final long maxNanos, final int jitterPercent,
        final long connectTimeoutNanos)
    {
        this.baseNanos = baseNanos;
        this.maxNanos = maxNanos;
        this.jitterPercent = jitterPercent;
        this.connectTimeoutNanos = connectTimeoutNanos;
    }

    /**
     * @throws IllegalArgumentException naming the field when a value is out of range.
     */
    public static ReconnectPolicy of(final long baseNanos, final long maxNanos, final int jitterPercent,
        final long connectTimeoutNanos)
    {
        if (baseNanos <= 0)
        {
            throw new IllegalArgumentException("ReconnectInterval must be > 0");
        }
        if (maxNanos < baseNanos)
        {
            throw new IllegalArgumentException("ReconnectMaxInterval must be >= ReconnectInterval");
        }
        if (jitterPercent < 0 || jitterPercent > 100)
        {
            throw new IllegalArgumentException("ReconnectJitter must be 0..100 (percent)");
        }
        if (connectTimeoutNanos <= 0)
        {
            throw new IllegalArgumentException("ConnectTimeout must be > 0");
        }
        return new ReconnectPolicy(baseNanos, maxNanos, jitterPercent, connectTimeoutNanos);
    }

    /** The defaults with another base interval (the maximum grows with it when the base exceeds it). */
    public static ReconnectPolicy withInterval(final long baseNanos)
    {
        return of(baseNanos, Math.max(baseNanos, TimeUnit.SECONDS.toNanos(DEFAULT_RECONNECT_MAX_INTERVAL_SECONDS)),
            DEFAULT_RECONNECT_JITTER_PERCENT, TimeUnit.SECONDS.toNanos(DEFAULT_CONNECT_TIMEOUT_SECONDS));
    }

    public long baseNanos()
    {
        return baseNanos;
    }

    public long maxNanos()
    {
        return maxNanos;
    }

    public int jitterPercent()
    {
        return jitterPercent;
    }

    public long connectTimeoutNanos()
    {
        return connectTimeoutNanos;
    }

    /**
     * The wait before the next round.
     *
     * @param failedRounds rounds failed in a row (0 after a logged-on connection ended).
     * @param random       uniformly in [0, 1): the jitter's share.
     */
    public long delayNanos(final int failedRounds, final double random)
    {
        long delay = baseNanos;
        for (int i = 1; i < failedRounds && delay < maxNanos; i++)
        {
            delay = delay > maxNanos / 2 ? maxNanos : delay * 2;
        }
        delay = Math.min(delay, maxNanos);
        // whole milliseconds off, so that the wait a log line states is the wait
        final long jitterMillis = (long)(TimeUnit.NANOSECONDS.toMillis(delay) * (jitterPercent / 100.0) * random);
        return delay - TimeUnit.MILLISECONDS.toNanos(jitterMillis);
    }

    @Override
    public String toString()
    {
        return "ReconnectPolicy{base=" + baseNanos + "ns, max=" + maxNanos + "ns, jitter=" + jitterPercent +
            "%, connectTimeout=" + connectTimeoutNanos + "ns}";
    }
}
