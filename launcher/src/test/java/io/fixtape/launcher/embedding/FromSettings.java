package io.fixtape.launcher.embedding;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

import java.nio.file.Path;

public final class FromSettings
{
    public static void main(final String[] args) throws InterruptedException
    {
        try (Fixtape fixtape = launch(Path.of(args[0])))
        {
            Thread.sleep(Long.parseLong(args[1]));
        }
    }

    static Fixtape launch(final Path settingsFile)
    {
        return FixtapeBuilder.fromFile(settingsFile)             // unknown keys fail here, with file and line
            .idleStrategy("busy-spin")                            // a key set from Java overrides the file's
            .application((sessionId, clock) -> new OrderFills())
            .launch();                                            // bad values fail here, with file and line
    }
}
