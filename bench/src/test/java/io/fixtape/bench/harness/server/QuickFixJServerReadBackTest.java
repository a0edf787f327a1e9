package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.ReadBack;
import io.fixtape.bench.harness.run.ProfileCheck;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The QuickFIX/J arm reads validation, store and its dispatcher thread back from the running acceptor. */
@org.junit.jupiter.api.Timeout(120) // a blocking read must fail the test, never hang the build
class QuickFixJServerReadBackTest
{
    @Test
    void readBackAgreesWithWhatTheServerConfigured() throws Exception
    {
        final int port;
        try (ServerSocket free = new ServerSocket(0))
        {
            port = free.getLocalPort();
        }
        final QuickFixJServer server = new QuickFixJServer(port, null);
        server.start();
        try
        {
            final Map<String, Object> readBack = server.readBack();
            assertEquals("off", readBack.get(ReadBack.VALIDATION));
            assertEquals("quickfix.MemoryStore", readBack.get(ReadBack.STORE_CLASS));
            assertFalse(((List<?>)readBack.get("hot_threads")).isEmpty(), readBack.toString());
            assertEquals(List.of(), ProfileCheck.disagreements(server.configured(),
                Json.gson().toJsonTree(readBack).getAsJsonObject()));
        }
        finally
        {
            server.stop();
        }
    }
}
