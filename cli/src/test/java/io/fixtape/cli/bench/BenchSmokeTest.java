package io.fixtape.cli.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.cli.FixtapeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CI smoke of the benchmark harness, end to end through the CLI: {@code bench roundtrip --recipe smoke} with
 * the floor, fixtape's own acceptor, QuickFIX/J and Artio, each as a separate pinned server JVM against a separate pinned
 * client JVM over real loopback TCP; then {@code bench report}. Smoke figures are never compared: this only keeps
 * the harness alive and checks that every cell carries every field.
 */
class BenchSmokeTest
{
    @Test
    void smokeRoundTripWritesCompleteCellsAndAReport(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("smoke.json");
        final int exit = FixtapeMain.commandLine().execute("bench", "roundtrip", "--scenario", "nos_er",
            "--arms", "floor,fixtape,quickfixj,artio", "--recipe", "smoke", "--json", out.toString());
        assertEquals(0, exit);

        final List<JsonObject> cells = Json.readLines(out);
        assertEquals(List.of("floor", "fixtape", "quickfixj", "artio"), cells.stream().map(c -> c.get("arm").getAsString())
            .toList());
        for (final JsonObject cell : cells)
        {
            ResultFields.assertComplete(cell);
            assertEquals("smoke", cell.get("label").getAsString());
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
        final String fixtapeStartup = cells.get(1).getAsJsonObject("bench_profile").getAsJsonObject("server")
            .getAsJsonObject("configured").get("startup_read_back").getAsString();
        assertTrue(fixtapeStartup.contains("idle strategy yielding"), fixtapeStartup);

        final Path report = dir.resolve("report");
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "report", out.toString(), "--out",
            report.toString()));
        final String markdown = Files.readString(report.resolve("report.md"));
        assertTrue(markdown.contains("SMOKE") && markdown.contains("| fixtape |"), markdown);
        try (Stream<Path> files = Files.list(report))
        {
            assertTrue(files.anyMatch(p -> p.toString().endsWith(".png") && p.toFile().length() > 1000));
        }

        // A cell measured under other conditions (here: other JVM flags) is refused, not tabulated.
        final JsonObject altered = cells.get(2).deepCopy();
        altered.getAsJsonObject("bench_profile").getAsJsonObject("jvm").add("flags", new JsonArray());
        final Path mixed = dir.resolve("mixed.json");
        Files.writeString(mixed, Json.line(cells.get(0)) + "\n" + Json.line(altered) + "\n");
        assertEquals(1, FixtapeMain.commandLine().execute("bench", "report", mixed.toString(), "--out",
            dir.resolve("refused").toString()));
        assertTrue(Files.notExists(dir.resolve("refused").resolve("report.md")));
    }
}
