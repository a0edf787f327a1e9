package io.fixtape.launcher.loading;

import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.engine.session.SessionId;
import io.fixtape.launcher.ApplicationLoader;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ApplicationLoader}: an Application class gives one instance per session, a factory class is asked. */
class ApplicationLoaderTest
{
    private static final SessionId SESSION = new SessionId("FIX.4.4", "EXEC", "BANZAI");

    @Test
    void anApplicationClassIsInstantiatedOncePerSession()
    {
        final ApplicationFactory factory = ApplicationLoader.load(CountingApplication.class.getName(), List.of());
        final int before = CountingApplication.INSTANCES.get();
        assertNotSame(factory.create(SESSION, new OffsetEpochNanoClock()),
            factory.create(SESSION, new OffsetEpochNanoClock()));
        assertEquals(before + 2, CountingApplication.INSTANCES.get());
    }

    @Test
    void aFactoryClassIsAskedForEachApplication()
    {
        final ApplicationFactory factory = ApplicationLoader.load(NamedFactory.class.getName(), List.of());
        assertSame(NamedFactory.APPLICATION, factory.create(SESSION, new OffsetEpochNanoClock()));
    }

    @Test
    void mistakesNameWhatIsWrong(@TempDir final Path dir)
    {
        assertMessage("application class com.example.Nope not found", () -> ApplicationLoader.load("com.example.Nope",
            List.of(dir)));
        assertMessage("implements neither", () -> ApplicationLoader.load("java.lang.Object", List.of()));
        assertMessage("class path entry not found", () -> ApplicationLoader.classpath(dir.resolve("x.jar").toString()));
        assertEquals(List.of(dir, dir), ApplicationLoader.classpath(dir + java.io.File.pathSeparator + dir));
        assertTrue(ApplicationLoader.classpath(" ").isEmpty());
    }

    private static void assertMessage(final String expected, final org.junit.jupiter.api.function.Executable call)
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, call);
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }
}
