package io.fixtape.cli.bench;

import com.google.gson.JsonObject;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fields every round-trip and capacity cell must carry. */
public final class ResultFields
{
    public static final List<String> REQUIRED = List.of(
        "arm", "scenario", "offered_rate", "achieved_rate", "samples", "p50_us", "p99_us", "p999_us", "max_us",
        "service_samples", "service_p50_us", "service_p99_us", "service_p999_us", "service_max_us",
        "gates", "bench_params", "bench_profile", "bench_standards",
        "rate_unit", "messages_per_iteration", "offered_msg_rate", "achieved_msg_rate", "send_rate",
        "bench_build", "bench_run_id");

    private ResultFields()
    {
    }

    public static void assertComplete(final JsonObject cell)
    {
        for (final String field : REQUIRED)
        {
            assertTrue(cell.has(field), "missing " + field + " in " + cell);
        }
        assertTrue(cell.get("samples").getAsLong() > 0, "no samples: " + cell);
        assertTrue(cell.get("p50_us").getAsDouble() > 0, "zero median: " + cell);
        final JsonObject profile = cell.getAsJsonObject("bench_profile");
        for (final String field : List.of("acceptor_model", "store", "transport", "validation", "idle_strategy",
            "pairing", "server", "client", "jvm"))
        {
            assertTrue(profile.has(field), "profile lacks " + field);
        }
        assertTrue(profile.getAsJsonObject("server").getAsJsonArray("threads_read_back").size() > 0);
        assertTrue(cell.getAsJsonObject("bench_standards").get("sha256").getAsString().length() == 64);
        assertTrue(cell.getAsJsonObject("bench_params").getAsJsonArray("argv").size() > 0);
        assertTrue("iterations/s".equals(cell.get("rate_unit").getAsString()));
        assertTrue(cell.getAsJsonObject("gates").has("offered_load"), "no could-not-offer-the-load gate: " + cell);
        final JsonObject build = cell.getAsJsonObject("bench_build");
        assertTrue(build.has("git_commit") && build.has("dirty"), "bench_build: " + build);
    }
}
