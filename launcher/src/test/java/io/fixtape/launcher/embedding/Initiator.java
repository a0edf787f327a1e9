package io.fixtape.launcher.embedding;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

public final class Initiator
{
    public static void main(final String[] args) throws InterruptedException
    {
        final OneOrder app = new OneOrder();
        try (Fixtape fixtape = launch("127.0.0.1", 9878, app))           // connects, logs on, retries every 5 s
        {
            while (app.fills() == 0)
            {
                Thread.sleep(10);
            }
        }                                                                // close(): Logout, wait for the reply
    }

    static Fixtape launch(final String host, final int port, final OneOrder app)
    {
        return new FixtapeBuilder()
            .session(s -> s
                .initiator(host, port)
                .sessionId("FIX.4.4", "BANZAI", "EXEC")
                .heartBtIntSeconds(30)
                .reconnectIntervalSeconds(5)
                .nonStopSession(true))
            .application((sessionId, clock) -> app)
            .launch();
    }
}
