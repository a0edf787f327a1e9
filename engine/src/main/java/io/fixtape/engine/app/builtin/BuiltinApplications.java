package io.fixtape.engine.app.builtin;

import io.fixtape.engine.app.Application;
import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.EpochNanoClock;

/** The built-in applications by the names the CLI and settings use: {@code echo} and {@code exec}. */
public final class BuiltinApplications
{
    public static final String NAMES = "echo, exec";

    private BuiltinApplications()
    {
    }

    /** A new instance (one per session) of the named application. */
    public static Application create(final String name, final SessionId sessionId, final EpochNanoClock clock)
    {
        switch (name)
        {
            case "echo":
                return new EchoApplication();
            case "exec":
                return new ExecApplication(sessionId.beginString(), clock);
            default:
                throw new IllegalArgumentException("app must be one of " + NAMES + ": '" + name + "'");
        }
    }
}
