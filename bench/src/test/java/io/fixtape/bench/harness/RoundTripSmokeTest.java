package io.fixtape.bench.harness;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.client.Scenario;
import io.fixtape.bench.harness.run.Arm;
import io.fixtape.bench.harness.run.BenchHarness;
import io.fixtape.bench.harness.run.BenchOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the real harness end to end with the smoke recipe: separate pinned server and client JVMs, real TCP on
 * loopback, QuickFIX/J as a real acceptor. Asserts every cell has samples and the fields the contract requires.
 */
class RoundTripSmokeTest
{
    @Test
    void smokeRoundTripOfFloorAndQuickFixJProducesCompleteCells(@TempDir final Path dir) throws Exception
    {
        final Standards standards = Standards.load(Standards.locate());
        final Recipe smoke = standards.recipe("smoke");
        final Path out = dir.resolve("smoke.json");
        final List<String> argv = List.of("bench", "roundtrip", "--scenario", "nos_er", "--arms", "floor,quickfixj",
            "--recipe", "smoke", "--json", out.toString());
        final BenchOptions options = new BenchOptions(argv, Scenario.NOS_ER, List.of(Arm.FLOOR, Arm.QUICKFIXJ),
            "none", "single", standards, dir.resolve("logs"));
        new BenchHarness(options, System.out).roundTrip(smoke, standards.getLong("roundtrip.rate"), out);

        final List<JsonObject> cells = Json.readLines(out);
        assertEquals(2, cells.size());
        for (final JsonObject cell : cells)
        {
            ResultFields.assertComplete(cell);
            assertEquals("smoke", cell.get("label").getAsString());
            assertEquals(smoke.measured(), cell.get("samples").getAsLong(), cell.toString());
            assertEquals("PASS", cell.getAsJsonObject("gates").getAsJsonObject("completion").get("status")
                .getAsString());
        }
        assertTrue(cells.get(1).has("engine_cost_p50_us"));
        assertEquals("OFF (UseDataDictionary=N) - performance lane",
            cells.get(1).getAsJsonObject("bench_profile").get("validation").getAsString());
    }
}
