package io.fixtape.launcher;

import io.fixtape.cluster.ClusterContext;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.launcher.internal.AssembledEngine;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything an assembled engine was configured with, as text: every getter of the engine, session, transport,
 * validator, cluster and journal contexts (getters that return their own type are fluent setters and are skipped),
 * the store each session gets and the duty-cycle tasks. Two engines configured alike describe alike.
 */
final class ContextDescription
{
    private ContextDescription()
    {
    }

    static Map<String, String> of(final AssembledEngine assembled)
    {
        final Map<String, String> out = new TreeMap<>();
        final EngineContext engine = assembled.engineContext();
        getters("engine", engine, out, 1);
        out.remove("engine.sessions");
        out.remove("engine.tasks");
        int index = 0;
        for (final DutyCycleTask task : engine.tasks())
        {
            out.put("engine.task." + index++, task instanceof ChronicleMessageStoreFactory ? "journal housekeeping" :
                task.getClass().getName());
        }
        index = 0;
        for (final SessionEndpoint endpoint : engine.sessions())
        {
            final String prefix = "session." + index++;
            getters(prefix, endpoint.config(), out, 2);
            out.put(prefix + ".application", endpoint.application().getClass().getName());
            out.put(prefix + ".addresses", endpoint.addresses().toString());
            out.put(prefix + ".reconnect", String.valueOf(endpoint.reconnect()));
            out.put(prefix + ".initiator", String.valueOf(endpoint.isInitiator()));
            out.put(prefix + ".reconnectIntervalNanos", String.valueOf(endpoint.reconnectIntervalNanos()));
            final MessageStore store = engine.storeFactory().create(endpoint.config().sessionId());
            out.put(prefix + ".store", store.getClass().getName() + " persists=" + store.persistsMessages() +
                " inbound=" + store.recordsInbound());
            store.close();
        }
        final ClusterContext cluster = assembled.clusterContext();
        getters("cluster", cluster, out, 1);
        out.remove("cluster.engine");
        index = 0;
        for (final ChronicleMessageStoreFactory journal : assembled.journals().journals())
        {
            getters("journal." + index++, journal.journal().context(), out, 1);
        }
        return out;
    }

    private static void getters(final String prefix, final Object target, final Map<String, String> out, final int depth)
    {
        final Method[] methods = target.getClass().getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        for (final Method method : methods)
        {
            if (method.getParameterCount() != 0 || Modifier.isStatic(method.getModifiers()) ||
                method.getDeclaringClass() == Object.class || method.getReturnType() == void.class ||
                method.getReturnType() == target.getClass())
            {
                continue;
            }
            final Object value;
            try
            {
                value = method.invoke(target);
            }
            catch (final ReflectiveOperationException ex)
            {
                out.put(prefix + "." + method.getName(), "threw " + ex.getCause());
                continue;
            }
            describe(prefix + "." + method.getName(), value, out, depth);
        }
    }

    private static void describe(final String key, final Object value, final Map<String, String> out, final int depth)
    {
        if (value == null || value instanceof Number || value instanceof Boolean || value instanceof CharSequence ||
            value instanceof Enum || value instanceof Character)
        {
            out.put(key, String.valueOf(value));
        }
        else if (value instanceof int[])
        {
            out.put(key, Arrays.toString((int[])value));
        }
        else if (value instanceof java.nio.file.Path)
        {
            out.put(key, "a directory"); // the two engines of a comparison use two directories
        }
        else if (depth > 0 && value.getClass().getName().startsWith("io.fixtape.engine"))
        {
            out.put(key, value.getClass().getName());
            getters(key, value, out, depth - 1);
        }
        else
        {
            // lambdas of one call site share a class; anything else is compared by type
            out.put(key, value.getClass().getName().replaceAll("/0x[0-9a-f]+$", ""));
        }
    }
}
