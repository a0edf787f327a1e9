package io.fixtape.engine.session;

/**
 * Heartbeat bookkeeping of a logged-on session: when to send a Heartbeat (HeartBtInt after our last send),
 * when to send a TestRequest (HeartBtInt × (1 + TestRequestDelayMultiplier) of inbound silence) and when to give
 * up (HeartBtInt × (1 + HeartBeatTimeoutMultiplier)). All times are the injected clock's epoch nanos.
 *
 * <p>Poller thread only.
 */
final class HeartbeatTimer
{
    private final double testRequestMultiplier;
    private final double timeoutMultiplier;
    private long intervalNanos;
    private long testRequestAfterNanos;
    private long timeoutAfterNanos;
    private long lastSentNanos;
    private long lastReceivedNanos;
    private boolean testRequestOutstanding;

    HeartbeatTimer(final double testRequestDelayMultiplier, final double heartbeatTimeoutMultiplier)
    {
        this.testRequestMultiplier = 1 + testRequestDelayMultiplier;
        this.timeoutMultiplier = 1 + heartbeatTimeoutMultiplier;
    }

    /** Arm for a HeartBtInt (0 disables heartbeats and timeouts). */
    void start(final int heartBtIntSeconds, final long nowNanos)
    {
        intervalNanos = heartBtIntSeconds * 1_000_000_000L;
        testRequestAfterNanos = (long)(intervalNanos * testRequestMultiplier);
        timeoutAfterNanos = (long)(intervalNanos * timeoutMultiplier);
        lastSentNanos = nowNanos;
        lastReceivedNanos = nowNanos;
        testRequestOutstanding = false;
    }

    void onSent(final long nowNanos)
    {
        lastSentNanos = nowNanos;
    }

    void onReceived(final long nowNanos)
    {
        lastReceivedNanos = nowNanos;
        testRequestOutstanding = false;
    }

    void onTestRequestSent()
    {
        testRequestOutstanding = true;
    }

    /**
     * The earliest of: the Heartbeat due, the TestRequest due (none outstanding), the heartbeat timeout; or
     * {@link Long#MAX_VALUE} when heartbeats are off.
     */
    long nextDeadlineNanos()
    {
        if (intervalNanos <= 0)
        {
            return Long.MAX_VALUE;
        }
        final long heartbeat = lastSentNanos + intervalNanos;
        final long silence = lastReceivedNanos + (testRequestOutstanding ? timeoutAfterNanos : testRequestAfterNanos);
        return Math.min(heartbeat, silence);
    }

    boolean isTimedOut(final long nowNanos)
    {
        return intervalNanos > 0 && nowNanos - lastReceivedNanos >= timeoutAfterNanos;
    }

    boolean isTestRequestDue(final long nowNanos)
    {
        return intervalNanos > 0 && !testRequestOutstanding && nowNanos - lastReceivedNanos >= testRequestAfterNanos;
    }

    boolean isHeartbeatDue(final long nowNanos)
    {
        return intervalNanos > 0 && nowNanos - lastSentNanos >= intervalNanos;
    }
}
