package io.fixtape.bench.harness;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.client.Scenario;
import io.fixtape.bench.harness.run.Arm;
import io.fixtape.bench.harness.run.BenchHarness;
import io.fixtape.bench.harness.run.BenchOptions;
import io.fixtape.bench.harness.report.ReportGenerator;
import com.google.gson.JsonArray;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

        // The report tabulates these cells and draws the percentile plot ...
        final Path report = dir.resolve("report");
        final String markdown = ReportGenerator.generate(List.of(out), report);
        assertTrue(markdown.contains("SMOKE"), markdown);
        assertTrue(markdown.contains("| quickfixj |"), markdown);
        try (var pngs = Files.list(report))
        {
            assertTrue(pngs.anyMatch(p -> p.toString().endsWith(".png") && p.toFile().length() > 1000));
        }
        // ... and refuses a cell whose profile disagrees (another JVM flag set) in the same table.
        final JsonObject altered = cells.get(1).deepCopy();
        altered.getAsJsonObject("bench_profile").getAsJsonObject("jvm").add("flags", new JsonArray());
        final Path other = dir.resolve("other.json");
        Files.writeString(other, Json.line(cells.get(0)) + "\n" + Json.line(altered) + "\n");
        final ReportGenerator.IncomparableCellsException refused = assertThrows(
            ReportGenerator.IncomparableCellsException.class, () -> ReportGenerator.generate(List.of(other),
                dir.resolve("refused")));
        assertTrue(refused.getMessage().contains("jvm_flags"), refused.getMessage());
    }
}
