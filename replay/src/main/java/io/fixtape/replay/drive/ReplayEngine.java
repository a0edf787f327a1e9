package io.fixtape.replay.drive;

import io.fixtape.engine.session.SessionId;

/**
 * A fresh engine started for one replay: it runs the recorded sessions (acceptors and initiators) over the
 * transport it was given, with the application and clock it was given. {@link #doWork} is one duty cycle (poll the
 * transport, run sessions and timers), called by exactly one thread — the replay thread for {@code inproc}, an agent
 * thread otherwise.
 */
public interface ReplayEngine extends AutoCloseable
{
    int doWork();

    /** What ran, for the result's profile (store mode, validation, app…). */
    String describe();

    /**
     * Start a Logout on {@code session} with {@code text} (null: no Text), as an operator or an engine shutting down
     * did when the recording was made. Called on the thread that runs {@link #doWork}, from inside it.
     */
    default void logout(final SessionId session, final String text)
    {
    }

    @Override
    void close();
}
