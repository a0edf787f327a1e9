package io.fixtape.cli.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.report.ReportGenerator;
import io.fixtape.cli.FixtapeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CI smoke of the benchmark harness, end to end through the CLI: {@code bench roundtrip --recipe smoke} with
 * the floor, fixtape's own acceptor, QuickFIX/J and Artio, each as a separate pinned server JVM against a separate pinned
 * client JVM over real loopback TCP; then {@code bench report}; {@code tick_to_trade} (server-side probe) with
 * two fixtape store modes in one run; a two-rate capacity sweep ({@code --recipe smoke}). Smoke figures are never
 * compared: this only keeps the harness alive and checks that every cell and record carries every field. The smoke
 * recipes' drain, logon and server-stop timeouts are generous (standards file), so the exact counts asserted here
 * are counts of replies, not races against a slow, loaded CI machine.
 */
class BenchSmokeTest
{
    /**
     * {@code fixtape bench roundtrip <args> --recipe smoke --json <out>} through the CLI: asserts it exited 0 and
     * returns the cells it wrote, in order.
     */
    private static List<JsonObject> smokeRoundTrip(final Path out, final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>(List.of("bench", "roundtrip"));
        command.addAll(List.of(args));
        command.addAll(List.of("--recipe", "smoke", "--json", out.toString()));
        assertEquals(0, FixtapeMain.commandLine().execute(command.toArray(String[]::new)), String.join(" ", command));
        return Json.readLines(out);
    }

    /** One string field of every cell, in order. */
    private static List<String> column(final List<JsonObject> cells, final String field)
    {
        return cells.stream().map(c -> c.get(field).getAsString()).toList();
    }

    @Test
    void smokeRoundTripWritesCompleteCellsAndAReport(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("smoke.json");
        // md_nos_er: both request kinds (NewOrderSingle -> fill, MarketDataRequest -> snapshot) on every arm
        final List<JsonObject> cells = smokeRoundTrip(out, "--scenario", "md_nos_er",
            "--arms", "floor,fixtape,quickfixj,artio");
        assertEquals(List.of("floor", "fixtape", "quickfixj", "artio"), column(cells, "arm"));
        for (final JsonObject cell : cells)
        {
            ResultFields.assertComplete(cell);
            assertEquals("smoke", cell.get("label").getAsString());
            // md_nos_er: an iteration is two requests; rates are iterations/s and the msg rates say so
            assertEquals(2, cell.get("messages_per_iteration").getAsInt());
            assertEquals(2 * cell.get("offered_rate").getAsLong(), cell.get("offered_msg_rate").getAsLong());
            assertEquals(cells.get(0).get("bench_run_id"), cell.get("bench_run_id"));
            // every request answered: a count, not a race (smoke drain/logon timeouts are generous)
            assertEquals(200, cell.get("samples").getAsLong(), cell.get("arm").getAsString());
            assertEquals("PASS", cell.getAsJsonObject("gates").getAsJsonObject("completion").get("status")
                .getAsString(), cell.get("arm").getAsString());
            assertEquals("PASS", cell.getAsJsonObject("gates").getAsJsonObject("rejects").get("status")
                .getAsString(), cell.get("arm").getAsString());
        }
        for (final JsonObject cell : cells.subList(1, 4))
        {
            assertTrue(cell.has("engine_cost_p50_us"));
            assertTrue(cell.getAsJsonObject("bench_profile").get("validation").getAsString().startsWith("OFF"));
        }
        // every server reported what it runs with, and it agreed with what the harness configured
        for (final JsonObject cell : cells)
        {
            final JsonObject server = cell.getAsJsonObject("bench_profile").getAsJsonObject("server");
            assertTrue(server.get("configured_vs_read_back").getAsString().startsWith("agree"), server.toString());
            assertTrue(server.getAsJsonObject("read_back").has("hot_thread_cpus"), server.toString());
            assertTrue(cell.getAsJsonObject("bench_profile").getAsJsonObject("jvm").getAsJsonObject("server_jvm")
                .has("input_arguments"), cell.get("arm").getAsString());
            assertTrue(cell.getAsJsonObject("bench_profile").get("placement").getAsString()
                .contains("server process pinned by taskset"), cell.get("arm").getAsString());
        }
        final JsonObject fixtapeReadBack = cells.get(1).getAsJsonObject("bench_profile").getAsJsonObject("server")
            .getAsJsonObject("read_back");
        assertEquals("yielding", fixtapeReadBack.get("idle_strategy").getAsString());
        assertEquals("none", fixtapeReadBack.get("store_mode").getAsString());
        assertEquals("io.fixtape.engine.store.NoMessageStore", fixtapeReadBack.get("store_class").getAsString());
        assertEquals("off", fixtapeReadBack.get("validation").getAsString());
        assertEquals("fixtape-poller", fixtapeReadBack.getAsJsonArray("hot_threads").get(0).getAsJsonObject()
            .get("thread").getAsString());
        // Artio: codec validation read back off (the performance lane), framer and library poller found by name
        final JsonObject artioReadBack = cells.get(3).getAsJsonObject("bench_profile").getAsJsonObject("server")
            .getAsJsonObject("read_back");
        assertEquals("off", artioReadBack.get("validation").getAsString());
        assertEquals(2, artioReadBack.getAsJsonArray("hot_threads").size(), artioReadBack.toString());
        // the floor's replies have the FIX reply's size, not the request's: the client saw them
        final JsonObject floorSizes = cells.get(0).getAsJsonObject("bench_profile").getAsJsonObject("message_bytes")
            .getAsJsonObject("35=D");
        assertTrue(floorSizes.getAsJsonArray("reply_bytes").get(0).getAsInt()
            > floorSizes.getAsJsonArray("request_bytes").get(1).getAsInt(), floorSizes.toString());

        final Path report = dir.resolve("report");
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "report", out.toString(), "--out",
            report.toString()));
        final String markdown = Files.readString(report.resolve("report.md"));
        assertTrue(markdown.contains("SMOKE") && markdown.contains("| r1 | fixtape model=single |"), markdown);
        try (Stream<Path> files = Files.list(report))
        {
            assertTrue(files.anyMatch(p -> p.toString().endsWith(".png") && p.toFile().length() > 1000));
        }

        // A cell measured under other conditions (here: other JVM flags) is refused, not tabulated; the refusal
        // names the field and both files.
        final JsonObject altered = cells.get(2).deepCopy();
        altered.getAsJsonObject("bench_profile").getAsJsonObject("jvm").add("flags", new JsonArray());
        final Path mixed = dir.resolve("mixed.json");
        Files.writeString(mixed, Json.line(altered) + "\n");
        assertEquals(1, FixtapeMain.commandLine().execute("bench", "report", out.toString(), mixed.toString(),
            "--out", dir.resolve("refused").toString()));
        assertTrue(Files.notExists(dir.resolve("refused").resolve("report.md")));
        final ReportGenerator.IncomparableCellsException refused = assertThrows(
            ReportGenerator.IncomparableCellsException.class,
            () -> ReportGenerator.generate(List.of(out, mixed), dir.resolve("refused")));
        assertTrue(refused.getMessage().contains("jvm_flags") && refused.getMessage().contains("mixed.json")
            && refused.getMessage().contains("smoke.json"), refused.getMessage());
    }

    @Test
    void tickToTradeIsMeasuredByTheServerWithStoreModesSideBySide(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("tick.json");
        final List<JsonObject> cells = smokeRoundTrip(out, "--scenario", "tick_to_trade",
            "--arms", "floor,fixtape,quickfixj,artio", "--store", "none,audit");
        assertEquals(List.of("floor", "fixtape[none]", "fixtape[audit]", "quickfixj", "artio"), column(cells, "arm"));
        assertEquals(List.of("n/a", "none", "audit", "n/a", "n/a"), column(cells, "store"));
        for (final JsonObject cell : cells)
        {
            final String arm = cell.get("arm").getAsString();
            ResultFields.assertComplete(cell);
            assertTrue(cell.has("latency_of_record"), arm);
            // the server owns the probe: its samples are the cell's, the client has none of its own
            final JsonObject run = cell.getAsJsonArray("per_run").get(0).getAsJsonObject();
            assertEquals(200, run.get("server_probe_samples").getAsLong(), arm);
            assertEquals(400, run.get("server_orders_written").getAsLong(), arm);
            assertEquals(0, run.get("client_probe_samples").getAsLong(), arm);
            assertEquals(200, cell.get("samples").getAsLong(), arm);
            assertEquals("PASS", cell.getAsJsonObject("gates").getAsJsonObject("completion").get("status")
                .getAsString(), arm);
            assertTrue(cell.getAsJsonObject("bench_profile").getAsJsonObject("server").getAsJsonObject("description")
                .get("server_probe").getAsString().startsWith("tick_to_trade"), arm);
        }
        assertTrue(cells.get(2).getAsJsonObject("bench_profile").get("store").getAsString().startsWith("audit"));
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "report", out.toString(), "--out",
            dir.resolve("report").toString()));
    }

    @Test
    void fourAcceptorModelsRunSideBySideAgainstOneFloor(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("models.json");
        final List<JsonObject> cells = smokeRoundTrip(out, "--scenario", "nos_er",
            "--arms", "floor,fixtape", "--model", "single,mono,pool,shard");
        assertEquals(List.of("floor", "fixtape[single]", "fixtape[mono]", "fixtape[pool]", "fixtape[shard]"),
            column(cells, "arm"));
        assertEquals(List.of("n/a", "single", "mono", "pool", "shard"), column(cells, "model"));
        for (final JsonObject cell : cells.subList(1, 5))
        {
            final String model = cell.get("model").getAsString();
            ResultFields.assertComplete(cell);
            assertTrue(cell.has("engine_cost_p50_us"), model);
            final JsonObject readBack = cell.getAsJsonObject("bench_profile").getAsJsonObject("server")
                .getAsJsonObject("read_back");
            // what the running acceptor reported, checked against what the harness configured
            assertEquals(model, readBack.get("acceptor_model").getAsString());
            assertEquals(model, cell.getAsJsonObject("bench_profile").get("acceptor_model").getAsString());
            assertEquals("none", readBack.get("store_mode").getAsString());
        }
    }

    @Test
    void capacitySweepReportsABracketAndPlotsIt(@TempDir final Path dir) throws Exception
    {
        // --recipe smoke: capacity.smoke.* seconds per rate from the real standards file, labelled smoke everywhere
        final Path out = dir.resolve("capacity.json");
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "capacity", "--scenario", "nos_er", "--arms",
            "floor,fixtape", "--store", "none,audit", "--rates", "1000,2000", "--full-ladder", "--recipe", "smoke",
            "--json", out.toString()));
        final List<JsonObject> objects = Json.readLines(out);
        for (final JsonObject object : objects)
        {
            assertEquals("smoke", object.get("label").getAsString(), object.toString());
            assertEquals("smoke", object.get("recipe").getAsString(), object.toString());
            assertTrue(object.has("bench_run_id") && object.has("bench_build"), object.toString());
            assertTrue(object.getAsJsonObject("bench_build").has("git_commit"), object.toString());
        }
        final List<JsonObject> brackets = objects.stream()
            .filter(o -> "capacity_bracket".equals(o.get("kind").getAsString())).toList();
        assertEquals(List.of("floor", "fixtape[none]", "fixtape[audit]"),
            brackets.stream().map(b -> b.get("arm").getAsString()).toList());
        for (final JsonObject bracket : brackets)
        {
            for (final String field : List.of("capacity_rate", "capacity_msg_rate", "highest_passing_rate",
                "non_monotone", "failures_below_capacity", "rates_tried", "rates_not_tried", "bracket", "definition",
                "rate_unit", "messages_per_iteration", "bench_params", "bench_standards"))
            {
                assertTrue(bracket.has(field), "bracket lacks " + field + ": " + bracket);
            }
        }
        // both rates per arm unless an arm saturates at the first one on a busy machine (then the ladder stops)
        for (final String arm : List.of("floor", "fixtape[none]", "fixtape[audit]"))
        {
            assertTrue(objects.stream().anyMatch(o -> "capacity".equals(o.get("kind").getAsString())
                && arm.equals(o.get("arm").getAsString())), arm);
        }
        for (final JsonObject cell : objects.stream().filter(o -> "capacity".equals(o.get("kind").getAsString()))
            .toList())
        {
            ResultFields.assertComplete(cell);
            for (final String gate : List.of("completion", "achieved_rate", "offered_load", "capacity"))
            {
                assertTrue(cell.getAsJsonObject("gates").has(gate), "capacity cell lacks gate " + gate);
            }
            assertEquals(1, cell.get("messages_per_iteration").getAsInt());
            // the measured schedule started once the warm-up was answered, all of it
            final JsonObject run = cell.getAsJsonArray("per_run").get(0).getAsJsonObject();
            assertTrue(run.get("warmup_settled_ms").getAsDouble() > 0, cell.get("arm").getAsString());
            assertEquals(cell.get("offered_rate").getAsLong() / 10, run.get("warmup_replied").getAsLong(),
                "smoke warm-up: 0.1 s of the offered rate, every iteration answered");
        }
        // the journal a fixtape[audit] run wrote does not outlive its run (gigabytes at high rates)
        try (Stream<Path> runs = Files.list(dir.resolve("capacity.json.logs")))
        {
            assertTrue(runs.noneMatch(run -> Files.exists(run.resolve("journal"))), "journal left behind");
        }
        final Path report = dir.resolve("report");
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "report", out.toString(), "--out",
            report.toString()));
        final String markdown = Files.readString(report.resolve("report.md"));
        assertTrue(markdown.contains("Capacity nos_er, recipe smoke — SMOKE"), markdown);
        try (Stream<Path> files = Files.list(report))
        {
            final List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().anyMatch(n -> n.endsWith("achieved.png")), names.toString());
            assertTrue(names.stream().anyMatch(n -> n.endsWith("p99.png")), names.toString());
        }
    }
}
