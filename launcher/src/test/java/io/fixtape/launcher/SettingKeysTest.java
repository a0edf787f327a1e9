package io.fixtape.launcher;

import io.fixtape.engine.config.KnownKeys;
import io.fixtape.launcher.internal.EngineAssembly;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every settings key is available from Java: exactly one typed builder method per key, and it sets that key. */
class SettingKeysTest
{
    @Test
    void everyKnownKeyHasExactlyOneTypedMethod()
    {
        final Map<String, List<String>> methodsByKey = new TreeMap<>();
        for (final Class<?> type : List.of(FixtapeBuilder.class, SessionOptions.class))
        {
            for (final Method method : type.getMethods())
            {
                final SettingKey key = method.getAnnotation(SettingKey.class);
                if (key != null)
                {
                    methodsByKey.computeIfAbsent(key.value(), k -> new ArrayList<>())
                        .add(type.getSimpleName() + "." + method.getName());
                }
            }
        }
        assertEquals(new TreeSet<>(EngineAssembly.knownKeys().docs().keySet()), methodsByKey.keySet());
        methodsByKey.forEach((key, methods) -> assertEquals(1, methods.size(), key + ": " + methods));
    }

    @Test
    void engineWideKeysAreOnTheBuilderAndSessionKeysOnTheSessionOptions()
    {
        for (final Class<?> type : List.of(FixtapeBuilder.class, SessionOptions.class))
        {
            final KnownKeys.Scope expected = type == FixtapeBuilder.class ? KnownKeys.Scope.ENGINE :
                KnownKeys.Scope.SESSION;
            for (final Method method : type.getMethods())
            {
                final SettingKey key = method.getAnnotation(SettingKey.class);
                if (key != null)
                {
                    assertEquals(expected, EngineAssembly.knownKeys().scope(key.value()),
                        type.getSimpleName() + "." + method.getName());
                }
            }
        }
    }

    @Test
    void anEngineWideKeyInASessionIsRefusedWithWhereItBelongs()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> new FixtapeBuilder().session(s -> s.set("IdleStrategy", "busy-spin")));
        assertEquals("FixtapeBuilder [SESSION 1] IdleStrategy: IdleStrategy applies to the whole engine: set it in " +
            "[DEFAULT]", error.getMessage());
    }

    @Test
    void eachSessionMethodSetsItsKey() throws ReflectiveOperationException
    {
        final FixtapeBuilder builder = new FixtapeBuilder().session(s ->
        {
        });
        final SessionOptions session = builder.sessions().get(0);
        for (final Method method : SessionOptions.class.getMethods())
        {
            final SettingKey key = method.getAnnotation(SettingKey.class);
            if (key != null)
            {
                method.invoke(session, samples(method));
                final String written = key.value().replace(KnownKeys.NUMBERED, "1"); // a numbered key: its first
                assertNotNull(session.get(written), method.getName() + " sets " + written);
            }
        }
    }

    @Test
    void eachEngineMethodSetsItsKeyInDefault() throws ReflectiveOperationException
    {
        final FixtapeBuilder builder = new FixtapeBuilder();
        for (final Method method : FixtapeBuilder.class.getMethods())
        {
            final SettingKey key = method.getAnnotation(SettingKey.class);
            if (key != null)
            {
                method.invoke(builder, samples(method));
                assertNotNull(builder.defaults().get(key.value()), method.getName() + " sets " + key.value());
            }
        }
    }

    @Test
    void typedValuesAreWrittenAsASettingsFileWouldHoldThem()
    {
        final SessionOptions session = new FixtapeBuilder().defaults();
        session.startTime(LocalTime.of(9, 30)).startDay(DayOfWeek.MONDAY).timeZone(ZoneId.of("America/New_York"))
            .resetOnLogon(true).checkLatency(false).journalPath(Path.of("journal"));
        assertEquals("09:30:00", session.get("StartTime"));
        assertEquals("MONDAY", session.get("StartDay"));
        assertEquals("MONDAY,FRIDAY", session.weekdays(DayOfWeek.MONDAY, DayOfWeek.FRIDAY).get("Weekdays"));
        assertEquals("America/New_York", session.get("TimeZone"));
        assertEquals("Y", session.get("ResetOnLogon"));
        assertEquals("N", session.get("CheckLatency"));
        assertEquals("journal", session.get("JournalPath"));
        assertEquals("0,2,4", new FixtapeBuilder().acceptorCpus(0, 2, 4).defaults().get("AcceptorCpus"));
    }

    @Test
    void anUnknownKeyIsRefusedWithTheClosestKnownOne()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> new FixtapeBuilder().set("SenderCompId", "X"));
        assertTrue(error.getMessage().contains("did you mean SenderCompID?"), error.getMessage());
    }

    private static Object[] samples(final Method method)
    {
        final Class<?>[] types = method.getParameterTypes();
        final Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++)
        {
            values[i] = sample(types[i]);
        }
        return values;
    }

    private static Object sample(final Class<?> type)
    {
        if (type == int.class)
        {
            return 1;
        }
        if (type == boolean.class)
        {
            return true;
        }
        if (type == int[].class)
        {
            return new int[] {0};
        }
        if (type == LocalTime.class)
        {
            return LocalTime.NOON;
        }
        if (type == DayOfWeek.class)
        {
            return DayOfWeek.FRIDAY;
        }
        if (type == DayOfWeek[].class)
        {
            return new DayOfWeek[] {DayOfWeek.MONDAY, DayOfWeek.FRIDAY};
        }
        if (type == ZoneId.class)
        {
            return ZoneId.of("UTC");
        }
        if (type == Path.class)
        {
            return Path.of("dir");
        }
        return "x";
    }
}
