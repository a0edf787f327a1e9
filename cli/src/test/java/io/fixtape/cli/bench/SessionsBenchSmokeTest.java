package io.fixtape.cli.bench;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.cli.FixtapeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fixtape bench sessions} end to end at smoke size: an acceptor JVM with an acceptor template and the journal,
 * 30 sessions logged on, the round trips timed, the sessions re-created by a second acceptor. The figures are smoke
 * figures (a loaded machine): only their presence and the logon count are checked.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SessionsBenchSmokeTest
{
    @Test
    void smokeRunLogsOnEverySessionAndKeepsThemAlive(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("sessions.json");
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "sessions", "--sessions", "30", "--heartbeat", "2",
            "--round-trips", "200", "--dir", dir.resolve("run").toString(), "--json", out.toString()));
        final List<JsonObject> lines = Json.readLines(out);
        assertEquals(1, lines.size());
        final JsonObject result = lines.get(0);
        assertEquals(30, result.get("logged_on").getAsInt());
        // heartbeats kept and sessions dropped are figures of the run (SessionTimersTest asserts the timers); on a
        // loaded machine a stalled client can miss its own heartbeats, so they are only checked to be reported
        assertTrue(result.get("dropped").getAsInt() >= 0 && result.get("min_heartbeats").getAsInt() >= 0, result.toString());
        assertTrue(result.get("kib_per_idle_session").getAsDouble() > 0, result.toString());
        assertTrue(result.get("recovery_s").getAsDouble() > 0, result.toString());
        assertTrue(result.get("rtt_beside_p50_us").getAsDouble() > 0, result.toString());
        assertEquals(2, FixtapeMain.commandLine().execute("bench", "sessions", "--sessions", "1"));
    }
}
