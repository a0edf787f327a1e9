package io.fixtape.launcher.embedding;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

public final class Acceptor
{
    public static void main(final String[] args) throws InterruptedException
    {
        try (Fixtape fixtape = launch(9878))
        {
            System.out.println("listening on port " + fixtape.boundPort());
            Thread.currentThread().join();                            // until the process is stopped
        }                                                             // close(): Logout, wait, close
    }

    static Fixtape launch(final int port)
    {
        return new FixtapeBuilder()
            .session(s -> s
                .acceptor(port)                                       // 0: any free port
                .sessionId("FIX.4.4", "EXEC", "BANZAI")               // BeginString, our CompID, theirs
                .nonStopSession(true))                                // or startTime/endTime/timeZone
            .application((sessionId, clock) -> new OrderFills())      // one application per session
            .launch();                                                // poller thread "fixtape-poller" started
    }
}
