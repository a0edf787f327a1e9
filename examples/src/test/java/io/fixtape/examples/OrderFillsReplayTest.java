package io.fixtape.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.fixtape.launcher.Fixtape;
import io.fixtape.replay.testing.ReplayAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example engines trade ten orders over loopback TCP, each with its journal. The acceptor's journal is then the
 * recording of a regression test: replayed through {@link OrderFills}, every reply must equal the recorded one,
 * field by field, and an application that answers differently fails.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class OrderFillsReplayTest
{
    private static final int ORDERS = 10;

    @TempDir
    static Path dir;
    static Path recording;
    static int fills;

    @BeforeAll
    static void trade()
    {
        recording = dir.resolve("acceptor-journal");
        final OrderSender orders = new OrderSender(ORDERS);
        try (Fixtape acceptor = ExampleAcceptor.launch(recording, 0);
            Fixtape initiator = ExampleInitiator.launch(dir.resolve("initiator-journal"), "127.0.0.1",
                acceptor.boundPort(), orders))
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (orders.fills() < ORDERS && System.nanoTime() < deadline)
            {
                Thread.onSpinWait();
            }
        }                                                 // both engines log out and close their journals
        fills = orders.fills();
    }

    @Test
    void everyOrderIsFilledAndJournaled()
    {
        assertEquals(ORDERS, fills);
        assertTrue(Files.isDirectory(recording.resolve("queue")));
        assertTrue(Files.isDirectory(dir.resolve("initiator-journal").resolve("queue")));
    }

    @Test
    void theRecordedSessionReplaysIdentically()
    {
        // Logon, 10 orders and Logout in; Logon, 10 fills and Logout out: replayed through a new OrderFills
        ReplayAssertions.assertReplaysIdentically(recording, OrderFills::new);
    }

    @Test
    void anApplicationThatAnswersDifferentlyFails()
    {
        final AssertionError failure = assertThrows(AssertionError.class,
            () -> ReplayAssertions.assertReplaysIdentically(recording, () -> new OrderFills(1001)));
        assertTrue(failure.getMessage().contains("tag=37 recorded=\"1\" replayed=\"1001\""), failure.getMessage());
    }
}
