package io.fixtape.examples;

import java.nio.file.Path;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

/** An embedded acceptor that fills orders and journals every message: {@code ExampleAcceptor JOURNAL_DIR PORT}. */
public final class ExampleAcceptor
{
    public static void main(final String[] args) throws InterruptedException
    {
        try (Fixtape fixtape = launch(Path.of(args[0]), Integer.parseInt(args[1])))
        {
            System.out.println("listening on port " + fixtape.boundPort());
            Thread.currentThread().join();                // until the process is stopped
        }
    }

    /** @param port 0 for any free port ({@link Fixtape#boundPort()}). */
    public static Fixtape launch(final Path journal, final int port)
    {
        return new FixtapeBuilder()
            .defaults(d -> d.journalPath(journal))        // audit journal: every message in and out
            .session(s -> s
                .acceptor(port)
                .sessionId("FIX.4.4", "EXEC", "BANZAI")   // BeginString, our CompID, theirs
                .nonStopSession(true))
            .application((sessionId, clock) -> new OrderFills())
            .launch();                                    // journal opened, poller thread started
    }
}
