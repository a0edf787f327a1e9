package io.fixtape.launcher.loading;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.EpochNanoClock;

/** An application factory loaded by name in {@link ApplicationLoaderTest}. */
public final class NamedFactory implements ApplicationFactory
{
    static final Application APPLICATION = (message, session) ->
    {
    };

    @Override
    public Application create(final SessionId sessionId, final EpochNanoClock clock)
    {
        return APPLICATION;
    }
}
