package io.fixtape.examples;

import java.nio.file.Path;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

/**
 * An embedded initiator that sends orders until all are filled, with its own journal:
 * {@code ExampleInitiator JOURNAL_DIR HOST PORT ORDERS}.
 */
public final class ExampleInitiator
{
    public static void main(final String[] args) throws InterruptedException
    {
        final OrderSender orders = new OrderSender(Integer.parseInt(args[3]));
        try (Fixtape fixtape = launch(Path.of(args[0]), args[1], Integer.parseInt(args[2]), orders))
        {
            while (orders.fills() < Integer.parseInt(args[3]))
            {
                Thread.sleep(10);
            }
            System.out.println(orders.fills() + " orders filled");
        }                                                 // close(): Logout, wait for the reply, close the journal
    }

    public static Fixtape launch(final Path journal, final String host, final int port, final OrderSender orders)
    {
        return new FixtapeBuilder()
            .defaults(d -> d.journalPath(journal))
            .session(s -> s
                .initiator(host, port)
                .sessionId("FIX.4.4", "BANZAI", "EXEC")
                .reconnectIntervalSeconds(1)
                .nonStopSession(true))
            .application((sessionId, clock) -> orders)
            .launch();
    }
}
