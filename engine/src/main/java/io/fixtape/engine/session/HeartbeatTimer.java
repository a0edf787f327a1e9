package io.fixtape.engine.session;

/**
 * Heartbeat bookkeeping of a logged-on session: when to send a Heartbeat (HeartBtInt after our last send),
 * when to send a TestRequest (HeartBtInt × (1 + TestRequestDelayMultiplier) of inbound silence) and when to give
 * up (HeartBtInt × (1 + HeartBeatTimeoutMultiplier)). A HeartBtInt of 0 sends no Heartbeats but does not switch off
 * the liveness check: silence is then measured against {@link SessionConfig#livenessSeconds()}. All times are the
 * injected clock's epoch nanos.
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
    private boolean armed;

    HeartbeatTimer(final double testRequestDelayMultiplier, final double heartbeatTimeoutMultiplier)
    {
        this.testRequestMultiplier = 1 + testRequestDelayMultiplier;
        this.timeoutMultiplier = 1 + heartbeatTimeoutMultiplier;
    }

    /**
     * Arm for a HeartBtInt; with 0 no Heartbeats are due, and TestRequest and timeout follow {@code livenessSeconds}
     * of silence instead.
     */
    void start(final int heartBtIntSeconds, final int livenessSeconds, final long nowNanos)
    {
        intervalNanos = heartBtIntSeconds * 1_000_000_000L;
        final long livenessNanos = (heartBtIntSeconds > 0 ? heartBtIntSeconds : livenessSeconds) * 1_000_000_000L;
        testRequestAfterNanos = (long)(livenessNanos * testRequestMultiplier);
        timeoutAfterNanos = (long)(livenessNanos * timeoutMultiplier);
        armed = true;
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
        return armed && nowNanos - lastReceivedNanos >= timeoutAfterNanos;
    }

    boolean isTestRequestDue(final long nowNanos)
    {
        return armed && !testRequestOutstanding && nowNanos - lastReceivedNanos >= testRequestAfterNanos;
    }

    boolean isHeartbeatDue(final long nowNanos)
    {
        return intervalNanos > 0 && nowNanos - lastSentNanos >= intervalNanos;
    }
}
