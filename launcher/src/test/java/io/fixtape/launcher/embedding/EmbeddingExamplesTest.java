package io.fixtape.launcher.embedding;

import io.fixtape.launcher.Fixtape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The examples of docs/EMBEDDING.md run: an order placed by the initiator example is filled by the acceptor's. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EmbeddingExamplesTest
{
    @Test
    void theInitiatorsOrderIsFilledByTheAcceptor()
    {
        final OneOrder app = new OneOrder();
        try (Fixtape acceptor = Acceptor.launch(0);
            Fixtape initiator = Initiator.launch("127.0.0.1", acceptor.boundPort(), app))
        {
            await(() -> app.fills() == 1);
            assertEquals("single", acceptor.acceptorModel());
            assertEquals(1, initiator.sessionIds().size());
        }
    }

    @Test
    void theJournaledAcceptorWritesItsJournal(@TempDir final Path dir) throws IOException
    {
        final OneOrder app = new OneOrder();
        try (Fixtape acceptor = Journaled.launch(dir.resolve("journal"), 0);
            Fixtape initiator = Initiator.launch("127.0.0.1", acceptor.boundPort(), app))
        {
            await(() -> app.fills() == 1);
        }
        try (var files = Files.list(dir.resolve("journal")))
        {
            assertTrue(files.findAny().isPresent(), "the journal directory holds the journal");
        }
    }

    @Test
    void theSettingsFileAcceptorFillsToo(@TempDir final Path dir) throws IOException
    {
        final Path settings = Files.writeString(dir.resolve("acceptor.cfg"), String.join("\n",
            "[DEFAULT]",
            "ConnectionType=acceptor",
            "NonStopSession=Y",
            "SocketAcceptPort=0",
            "[SESSION]",
            "BeginString=FIX.4.4",
            "SenderCompID=EXEC",
            "TargetCompID=BANZAI",
            ""));
        final OneOrder app = new OneOrder();
        try (Fixtape acceptor = FromSettings.launch(settings);
            Fixtape initiator = Initiator.launch("127.0.0.1", acceptor.boundPort(), app))
        {
            await(() -> app.fills() == 1);
        }
    }

    @Test
    void theSteppedEngineRuns()
    {
        Stepped.main(new String[0]);
    }

    private static void await(final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "timed out");
            Thread.onSpinWait();
        }
    }
}
