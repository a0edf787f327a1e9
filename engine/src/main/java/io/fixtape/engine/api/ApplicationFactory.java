package io.fixtape.engine.api;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Creates the {@link Application} of one session, once per session when the engine is built. Given to the engine
 * builder; {@code fixtape acceptor --app-class} accepts a class implementing it (with a public no-arg constructor)
 * as well as an {@link Application} class.
 */
@FunctionalInterface
public interface ApplicationFactory
{
    /**
     * Creates the application of {@code sessionId}.
     *
     * @param sessionId the session the application will serve.
     * @param clock     the engine clock (the only time source that a replay reproduces).
     * @return a new application for that session.
     */
    Application create(SessionId sessionId, EpochNanoClock clock);
}
