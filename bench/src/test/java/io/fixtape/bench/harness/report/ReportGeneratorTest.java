package io.fixtape.bench.harness.report;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.fixtape.bench.harness.report.ComparabilityTest.DOCS;
import static io.fixtape.bench.harness.report.ComparabilityTest.cells;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench report} on real result files of past runs (src/test/results), some of them without run ids, without
 * the offered_load gate and with brackets recorded as the highest pass below the first failure: capacity recomputed
 * from the per-rate cells, refusals that name the field and the files, the floor-of-the-same-run mark, model in the
 * row label.
 */
class ReportGeneratorTest
{
    private static final Map<String, String> THRESHOLDS = Map.of("gate.offered.send.tolerance", "0.02",
        "gate.offered.lag.max.us", "1000");

    private static String report(final Path out, final Path... files) throws Exception
    {
        return ReportGenerator.generate(List.of(files), out, THRESHOLDS);
    }

    private static Path write(final Path dir, final String name, final List<JsonObject> objects) throws Exception
    {
        final Path file = dir.resolve(name);
        Files.writeString(file, objects.stream().map(Json::line).collect(Collectors.joining("\n", "", "\n")));
        return file;
    }

    @Test
    void capacityIsTheHighestPassingRateAndANonMonotoneLadderIsFlagged(@TempDir final Path dir) throws Exception
    {
        // the published tick_to_trade sweep: the floor fails at 25k and 50k, passes 75k and 100k, fails 150k
        final String md = report(dir, DOCS.resolve("capacity-tick_to_trade.json"));
        assertTrue(md.contains("| r1 | floor | 100000 | 100000 | 150000 | **YES** (fails at [25000, 50000])"
            + " | 100000 passes, 150000 fails; NON-MONOTONE: fails at 25000, 50000 below a passing rate | same |"), md);
        assertTrue(md.contains("| r1 | fixtape model=single | none | none | 10000 | no | none passed (10000 fails) |"), md);
        assertTrue(md.contains("| r1 | quickfixj | none | none | 10000 | no |"), md);
        assertTrue(Files.size(dir.resolve("capacity-tick-to-trade-recipe-capacity-1-achieved.png")) > 1000);
    }

    @Test
    void everyPastCapacitySweepReReportsWithoutRerunning(@TempDir final Path dir) throws Exception
    {
        // sweeps recorded without run ids, the offered-load gate or message rates
        final Path old = DOCS.resolve("older-harness");
        final String md = report(dir, old.resolve("capacity-nos_er.json"), old.resolve("capacity-md.json"),
            old.resolve("capacity-md_nos_er.json"), old.resolve("capacity-tick_to_trade.json"));
        for (final String scenario : List.of("nos_er", "md", "md_nos_er", "tick_to_trade"))
        {
            assertTrue(md.contains("## Capacity " + scenario + ", recipe capacity\n"), scenario);
        }
        // md_nos_er: one iteration is two requests, the request rate column says so
        assertTrue(md.contains("| r1 | floor | 10000 | 20000 | 9999.587 |"), md);
        // the offered-load gate is derived for cells without one: these cells carry millisecond scheduler stalls
        assertTrue(md.contains("WARN (send/offered 1.0, max scheduler lag 4366.672 us, derived by report)"), md);
        // the bracket recorded in the file agrees with the capacity the report computes
        assertTrue(md.contains("| r1 | fixtape model=single | 10000 | 10000 | 25000 | no | 10000 passes, 25000 fails | same |"), md);
        assertFalse(md.contains("| r2 |"), "one run per file");
    }

    @Test
    void theQuietSuitesFilesStillFormOneReport(@TempDir final Path dir) throws Exception
    {
        final String md = report(dir, DOCS.resolve("roundtrip-nos_er.json"), DOCS.resolve("roundtrip-md.json"),
            DOCS.resolve("roundtrip-md_nos_er.json"), DOCS.resolve("roundtrip-tick_to_trade.json"),
            DOCS.resolve("roundtrip-nos_er-stores.json"), DOCS.resolve("roundtrip-nos_er-one-connection.json"));
        assertTrue(md.contains("## Round trip md_nos_er, recipe full, offered 10000 iterations/s (20000 requests/s)"),
            md);
        assertFalse(md.contains("†"), "every row has the floor of its own run");
    }

    @Test
    void modelsFromSeparateRunsAreLabelledAndEachKeepsItsOwnFloor(@TempDir final Path dir) throws Exception
    {
        final String md = report(dir, DOCS.resolve("roundtrip-nos_er-model-single.json"),
            DOCS.resolve("roundtrip-nos_er-model-pool.json"));
        assertTrue(md.contains("| r1 | fixtape model=single |") && md.contains("| r2 | fixtape model=pool workers=2 |"),
            md);
        assertTrue(md.contains("| r1 | floor |") && md.contains("| r2 | floor |"), md);
        assertFalse(md.contains("†"), md);

        // without its run's floor, the pool row is marked, not silently compared with another run's floor
        final List<JsonObject> pool = cells("roundtrip-nos_er-model-pool.json");
        final Path noFloor = write(dir, "pool-without-floor.json", pool.subList(1, pool.size()));
        final String marked = report(dir.resolve("marked"), DOCS.resolve("roundtrip-nos_er-model-single.json"),
            noFloor);
        assertTrue(marked.contains("no floor row from the same run in this table")
            && marked.contains("r2 fixtape model=pool workers=2"), marked);
    }

    @Test
    void refusesCellsMeasuredUnderOtherConditionsNamingTheFieldAndTheFiles(@TempDir final Path dir)
        throws Exception
    {
        final List<JsonObject> cells = cells("roundtrip-nos_er.json");
        final JsonObject other = cells.get(2).deepCopy();
        other.getAsJsonObject("bench_profile").getAsJsonObject("jvm").getAsJsonObject("client_jvm")
            .addProperty("version", "17.0.9");
        final Path mixed = write(dir, "other-jvm.json", List.of(other));
        final ReportGenerator.IncomparableCellsException refused = assertThrows(
            ReportGenerator.IncomparableCellsException.class,
            () -> report(dir.resolve("out"), DOCS.resolve("roundtrip-nos_er.json"), mixed));
        final String message = refused.getMessage();
        assertTrue(message.contains("client_jvm_version") && message.contains("other-jvm.json")
            && message.contains("roundtrip-nos_er.json"), message);
        assertFalse(Files.exists(dir.resolve("out").resolve("report.md")));

        final JsonObject lying = cells("roundtrip-nos_er-model-pool.json").get(1).deepCopy();
        lying.getAsJsonObject("bench_profile").addProperty("acceptor_model", "single");
        final Path lie = write(dir, "lying-model.json", List.of(lying));
        assertTrue(assertThrows(ReportGenerator.IncomparableCellsException.class,
            () -> report(dir.resolve("out"), lie)).getMessage().contains("read back 'single'"));
    }

    @Test
    void refusesCapacityBracketsAndErrorsFromOtherConditions(@TempDir final Path dir) throws Exception
    {
        final List<JsonObject> sweep = cells("capacity-md.json");
        final JsonObject bracket = sweep.stream().filter(o -> "capacity_bracket".equals(o.get("kind").getAsString()))
            .findFirst().orElseThrow().deepCopy();
        bracket.getAsJsonObject("bench_params").getAsJsonArray("argv").add("--standards=/tmp/faster.properties");
        final Path otherBracket = write(dir, "other-bracket.json", List.of(bracket));
        final String message = assertThrows(ReportGenerator.IncomparableCellsException.class,
            () -> report(dir.resolve("a"), DOCS.resolve("capacity-md.json"), otherBracket)).getMessage();
        assertTrue(message.contains("capacity_bracket floor from") && message.contains("other-bracket.json")
            && message.contains("args:"), message);

        final JsonObject error = new JsonObject();
        error.addProperty("kind", "capacity_error");
        error.addProperty("arm", "artio");
        error.addProperty("scenario", "md");
        error.addProperty("offered_rate", 100_000);
        error.addProperty("error", "client failed");
        error.add("bench_params", sweep.get(0).getAsJsonObject("bench_params").deepCopy());
        final JsonObject standards = sweep.get(0).getAsJsonObject("bench_standards").deepCopy();
        standards.addProperty("sha256", "0000");
        error.add("bench_standards", standards);
        final Path otherError = write(dir, "other-error.json", List.of(error));
        final String errorMessage = assertThrows(ReportGenerator.IncomparableCellsException.class,
            () -> report(dir.resolve("b"), DOCS.resolve("capacity-md.json"), otherError)).getMessage();
        assertTrue(errorMessage.contains("standards_sha256") && errorMessage.contains("other-error.json"),
            errorMessage);
    }
}
