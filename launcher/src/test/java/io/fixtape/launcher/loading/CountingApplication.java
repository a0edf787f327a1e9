package io.fixtape.launcher.loading;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

import java.util.concurrent.atomic.AtomicInteger;

/** An application loaded by name in {@link ApplicationLoaderTest}: counts its instances. */
public final class CountingApplication implements Application
{
    static final AtomicInteger INSTANCES = new AtomicInteger();

    public CountingApplication()
    {
        INSTANCES.incrementAndGet();
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
    }
}
