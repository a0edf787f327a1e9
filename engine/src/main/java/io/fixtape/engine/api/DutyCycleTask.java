package io.fixtape.engine.api;

/**
 * Extra work the engine's poller runs every duty cycle, after transport I/O and session timers: an order
 * generator, housekeeping. Runs on the poller thread; must not block or throw.
 */
@FunctionalInterface
public interface DutyCycleTask
{
    /**
     * One duty cycle's work.
     *
     * @param nowNanos the engine clock, epoch nanoseconds.
     * @return work done (0 lets the idle strategy back off).
     */
    int doWork(long nowNanos);
}
