package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.codec.FixDecoder;

/**
 * The session's calls into its {@link Application}. Every callback is handed the {@link Session} the application
 * answers through, and an exception a callback throws is caught and counted
 * ({@link SessionCounters#applicationErrors()}): it never reaches the session's own logic or the event loop.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class ApplicationNotifier
{
    private final Application application;
    private final Session session;
    private final SessionCounters counters;
    private final boolean overridesDoWork;

    ApplicationNotifier(final Application application, final Session session, final SessionCounters counters)
    {
        this.application = application;
        this.session = session;
        this.counters = counters;
        this.overridesDoWork = overridesDoWork(application);
    }

    /** An application without its own duty-cycle hook never needs one: its session runs only on its timers. */
    private static boolean overridesDoWork(final Application application)
    {
        try
        {
            return application.getClass().getMethod("doWork", io.fixtape.engine.api.SessionHandle.class, long.class)
                .getDeclaringClass() != Application.class;
        }
        catch (final NoSuchMethodException ex)
        {
            return true;
        }
    }

    /** An application message that passed every check. */
    void onMessage(final FixDecoder message)
    {
        try
        {
            application.onMessage(message, session);
        }
        catch (final RuntimeException ex)
        {
            counters.applicationErrors++;
        }
    }

    /** A session-level message, after the session handled it. */
    void onAdminMessage(final FixDecoder message)
    {
        try
        {
            application.onAdminMessage(message, session);
        }
        catch (final RuntimeException ex)
        {
            counters.applicationErrors++;
        }
    }

    void onLogon()
    {
        try
        {
            application.onLogon(session);
        }
        catch (final RuntimeException ex)
        {
            counters.applicationErrors++;
        }
    }

    void onLogout()
    {
        try
        {
            application.onLogout(session);
        }
        catch (final RuntimeException ex)
        {
            counters.applicationErrors++;
        }
    }

    /** The application's duty-cycle hook (e.g. retrying back-pressured replies). @return work done. */
    int doWork(final long nowNanos)
    {
        try
        {
            return application.doWork(session, nowNanos);
        }
        catch (final RuntimeException ex)
        {
            counters.applicationErrors++;
            return 1;
        }
    }

    /**
     * Whether the application's duty-cycle hook must run in every duty cycle now: it overrides
     * {@link Application#doWork} and does not say it is idle ({@link Application#isDutyCycleIdle}).
     */
    boolean wantsDutyCycle()
    {
        return overridesDoWork && !application.isDutyCycleIdle();
    }

    /** Whether the application holds replies the connection could not take (see {@link Session#isReadPaused()}). */
    boolean isHoldingReplies()
    {
        return application.isHoldingReplies();
    }
}
