package io.fixtape.bench.harness.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.fixtape.bench.harness.Json;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every field the contract says must agree between the cells of one table makes {@link Comparability} see a
 * difference; row facts (arm, store, model) do not. Works on real cells of past quiet runs (src/test/results).
 */
class ComparabilityTest
{
    /** Result files of past quiet runs (round-trip and capacity cells), kept as fixtures. */
    static final Path DOCS = Path.of("src/test/results");

    static List<JsonObject> cells(final String file) throws Exception
    {
        return Json.readLines(DOCS.resolve(file));
    }

    private static void assertRefused(final String field, final Consumer<JsonObject> change) throws Exception
    {
        final JsonObject reference = cells("roundtrip-nos_er.json").get(1); // fixtape
        final JsonObject changed = reference.deepCopy();
        change.accept(changed);
        final List<String> differences = Comparability.differences(Comparability.key(reference),
            Comparability.key(changed));
        assertEquals(1, differences.size(), field + ": " + differences);
        assertTrue(differences.get(0).startsWith(field + ":"), differences.toString());
    }

    private static JsonObject profile(final JsonObject cell)
    {
        return cell.getAsJsonObject("bench_profile");
    }

    @Test
    void cellsOfOneRunAgreeAcrossArms() throws Exception
    {
        final List<JsonObject> cells = cells("roundtrip-nos_er.json");
        for (final JsonObject cell : cells)
        {
            assertEquals(List.of(), Comparability.differences(Comparability.key(cells.get(0)),
                Comparability.key(cell)), cell.get("arm").getAsString());
        }
    }

    @Test
    void eachConditionOfTheMeasurementIsPartOfTheKey() throws Exception
    {
        assertRefused("recipe", c -> c.addProperty("recipe", "quick"));
        assertRefused("label", c -> c.addProperty("label", "smoke"));
        assertRefused("offered_rate", c -> c.addProperty("offered_rate", 20_000));
        assertRefused("messages_per_iteration", c -> c.addProperty("messages_per_iteration", 2));
        assertRefused("warmup/measured/runs", c -> c.getAsJsonObject("bench_params").addProperty("runs", 5));
        assertRefused("standards_sha256", c -> c.getAsJsonObject("bench_standards").addProperty("sha256", "00"));
        assertRefused("args", c -> c.getAsJsonObject("bench_params").getAsJsonArray("argv").add("--rate=5"));
        assertRefused("runs_mode", c -> profile(c).addProperty("runs", "stability diagnostic: one pair"));
        assertRefused("pairing", c -> profile(c).addProperty("pairing", "client on CPU 1, server on CPU 0"));
        assertRefused("server_cpus_read_back", c -> profile(c).getAsJsonObject("server")
            .getAsJsonArray("threads_read_back").get(0).getAsJsonObject().addProperty("cpus", "0-1"));
        assertRefused("client_cpus_read_back", c -> profile(c).getAsJsonObject("client")
            .getAsJsonObject("hot_thread_read_back").addProperty("cpus", "1"));
        assertRefused("sessions", c -> profile(c).addProperty("sessions", "4"));
        assertRefused("transport", c -> profile(c).addProperty("transport", "UDP"));
        assertRefused("kernel_bypass", c -> profile(c).addProperty("kernel_bypass", "onload=present"));
        assertRefused("validation_lane", c -> profile(c).addProperty("validation", "ON (UseDataDictionary=Y)"));
        assertRefused("jvm_java", c -> profile(c).getAsJsonObject("jvm").addProperty("java", "/opt/jdk21/bin/java"));
        assertRefused("jvm_flags", c -> profile(c).getAsJsonObject("jvm").add("flags", new JsonArray()));
        assertRefused("jvm_server_only_flags", c -> profile(c).getAsJsonObject("jvm").add("server_only_flags",
            new JsonPrimitive("-XX:CICompilerCount=2")));
        assertRefused("client_jvm_version", c -> profile(c).getAsJsonObject("jvm").getAsJsonObject("client_jvm")
            .addProperty("version", "17.0.9"));
        assertRefused("machine", c -> profile(c).getAsJsonObject("machine").addProperty("online_cpus", 4));
    }

    @Test
    void rowFactsAreLabelsNotConditions() throws Exception
    {
        final JsonObject pool = cells("roundtrip-nos_er-model-pool.json").get(1);
        final JsonObject single = cells("roundtrip-nos_er-model-single.json").get(1);
        // the models were run one invocation each, --model only selects the row
        assertEquals(List.of(), Comparability.differences(Comparability.key(single), Comparability.key(pool)));
        assertEquals("fixtape model=pool workers=2", Comparability.rowLabel(pool));
        assertEquals("fixtape model=single", Comparability.rowLabel(single));
        assertEquals("floor", Comparability.rowLabel(cells("roundtrip-nos_er-model-pool.json").get(0)));
    }

    @Test
    void aReadBackModelOtherThanTheOneAskedForIsCaught() throws Exception
    {
        final JsonObject pool = cells("roundtrip-nos_er-model-pool.json").get(1);
        assertNull(Comparability.declaredModelMismatch(pool));
        final JsonObject lying = pool.deepCopy();
        lying.getAsJsonObject("bench_profile").addProperty("acceptor_model", "single");
        assertEquals("cell fixtape asked for acceptor model 'pool' but its server read back 'single'",
            Comparability.declaredModelMismatch(lying));
        assertNull(Comparability.declaredModelMismatch(cells("roundtrip-nos_er-model-pool.json").get(0)), "floor");
    }

    @Test
    void capacityRecordsShowTheirArgumentsRecipeAndStandards() throws Exception
    {
        final List<JsonObject> objects = cells("capacity-nos_er.json");
        final JsonObject cell = objects.get(0);
        final JsonObject bracket = objects.stream().filter(o -> "capacity_bracket".equals(o.get("kind")
            .getAsString())).findFirst().orElseThrow();
        assertEquals(List.of(), Comparability.differences(Comparability.recordKey(cell),
            Comparability.recordKey(bracket)));
        final JsonObject other = bracket.deepCopy();
        other.getAsJsonObject("bench_params").getAsJsonArray("argv").add("--standards=/tmp/other.properties");
        assertEquals(1, Comparability.differences(Comparability.recordKey(cell), Comparability.recordKey(other))
            .size());
        assertEquals(2, Comparability.messagesPerIteration(cells("capacity-md_nos_er.json").get(0)));
        assertEquals(1, Comparability.messagesPerIteration(cell));
    }
}
