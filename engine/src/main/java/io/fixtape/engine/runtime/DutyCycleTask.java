package io.fixtape.engine.runtime;

/**
 * Extra work run by the poller every duty cycle, after transport I/O and session timers: e.g. an order generator
 * that sends through a session at a given rate. Runs on the poller thread; must not block or throw.
 */
@FunctionalInterface
public interface DutyCycleTask
{
    /** @return work done (0 lets the idle strategy back off). */
    int doWork(long nowNanos);
}
