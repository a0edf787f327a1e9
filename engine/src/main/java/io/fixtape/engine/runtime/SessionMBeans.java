package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import org.agrona.ErrorHandler;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The engine's session MBeans in the platform MBean server ({@code JmxEnabled=Y}): registered as sessions join the
 * engine, unregistered as they leave and when it closes. A name already taken (the same session in two engines of
 * one JVM) is reported to the error handler and skipped.
 */
final class SessionMBeans
{
    private final FixEngine engine;
    private final ErrorHandler errorHandler;
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final Map<Session, ObjectName> registered = new ConcurrentHashMap<>();

    SessionMBeans(final FixEngine engine, final ErrorHandler errorHandler)
    {
        this.engine = engine;
        this.errorHandler = errorHandler;
    }

    void register(final Session session)
    {
        final ObjectName name = SessionControl.objectName(session.sessionId());
        try
        {
            server.registerMBean(new SessionControl(engine, session), name);
            registered.put(session, name);
        }
        catch (final JMException ex)
        {
            errorHandler.onError(new IllegalStateException("JMX: cannot register " + name + ": " + ex, ex));
        }
    }

    void unregister(final Session session)
    {
        final ObjectName name = registered.remove(session);
        if (name != null)
        {
            try
            {
                server.unregisterMBean(name);
            }
            catch (final JMException ex)
            {
                errorHandler.onError(ex);
            }
        }
    }

    void unregisterAll()
    {
        registered.keySet().forEach(this::unregister);
    }
}
