package io.fixtape.replay.drive;

/**
 * A fresh engine started for one replay: it runs one acceptor session over the transport it was given, with the
 * application and clock it was given. {@link #doWork} is one duty cycle (poll the transport, run sessions and
 * timers), called by exactly one thread — the replay thread for {@code inproc}, an agent thread otherwise.
 */
public interface ReplayEngine extends AutoCloseable
{
    int doWork();

    /** What ran, for the result's profile (store mode, validation, app…). */
    String describe();

    @Override
    void close();
}
