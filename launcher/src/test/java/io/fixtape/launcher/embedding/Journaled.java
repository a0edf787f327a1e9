package io.fixtape.launcher.embedding;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

import java.nio.file.Path;

public final class Journaled
{
    public static void main(final String[] args) throws InterruptedException
    {
        try (Fixtape fixtape = launch(Path.of(args[0]), 9878))
        {
            Thread.sleep(Long.parseLong(args[1]));
        }                                                         // engine, stores, then the journal closed
    }

    static Fixtape launch(final Path journal, final int port)
    {
        return new FixtapeBuilder()
            .defaults(d -> d
                .journalPath(journal)                             // one directory per engine, all its sessions
                .journalMode("audit")                             // every message in and out (the default)
                .journalDurability("page-cache"))                 // survives a process crash, not a power loss
            .session(s -> s.acceptor(port).sessionId("FIX.4.4", "EXEC", "BANZAI").nonStopSession(true))
            .application((sessionId, clock) -> new OrderFills())
            .launch();                                            // the journal opened and locked, its msync,
    }                                                             // free-space check and pretouch in the duty cycle
}
