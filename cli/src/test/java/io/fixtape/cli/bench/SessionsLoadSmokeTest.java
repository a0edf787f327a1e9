package io.fixtape.cli.bench;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.cli.FixtapeMain;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fixtape bench sessions} with a load phase at smoke size, under the template model ({@code single}) and a
 * fan-out model with explicit sessions ({@code pool}): an acceptor JVM, 20 sessions logged on, 200 orders/s for 2 s
 * round-robin over all of them, each filled by {@code exec}. Checked: every session logged on, every order filled
 * (matched by ClOrdID on its own session), and the fairness and per-session latency figures present and ordered.
 * The latency values themselves are smoke figures of a shared machine and are not asserted; the client-lag limit is
 * lifted so that a preempted client thread on a loaded build machine does not withhold them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionsLoadSmokeTest
{
    @ParameterizedTest
    @ValueSource(strings = {"single", "pool"})
    void everyOrderIsFilledAndTheFairnessFiguresAreConsistent(final String model, @TempDir final Path dir)
        throws Exception
    {
        final Path out = dir.resolve("sessions.json");
        assertEquals(0, FixtapeMain.commandLine().execute("bench", "sessions", "--model", model, "--sessions", "20",
            "--heartbeat", "1", "--round-trips", "50", "--no-journal", "--load-rate", "200", "--load-seconds", "2",
            "--max-client-lag-us", "10000000", "--dir", dir.resolve("run").toString(), "--json", out.toString()));
        final List<JsonObject> lines = Json.readLines(out);
        assertEquals(1, lines.size());
        final JsonObject r = lines.get(0);
        assertEquals(model, r.get("model").getAsString(), r.toString());
        assertEquals(20, r.get("logged_on").getAsInt(), r.toString());
        assertFalse(r.has("failure"), r.toString());
        assertEquals(400, r.get("load_scheduled").getAsInt(), r.toString());
        assertEquals(400, r.get("load_sent").getAsInt(), r.toString());
        assertEquals(400, r.get("load_filled").getAsInt(), r.toString());
        assertEquals(1.0, r.get("completion").getAsDouble(), r.toString());
        assertEquals(0, r.get("load_misrouted").getAsInt() + r.get("load_rejects").getAsInt(), r.toString());
        assertFalse(r.get("client_bound").getAsBoolean(), r.toString());

        final double min = r.get("fairness_min").getAsDouble();
        final double median = r.get("fairness_median").getAsDouble();
        final double max = r.get("fairness_max").getAsDouble();
        assertTrue(0 <= min && min <= median && median <= max && max <= 10.0, r.toString()); // offered 10/s each
        assertTrue(r.get("fairness_cv").getAsDouble() >= 0, r.toString());
        assertTrue(r.get("achieved_rate").getAsDouble() <= 200.0, r.toString());
        final double p50Median = r.get("session_p50_median_us").getAsDouble();
        final double p99Median = r.get("session_p99_median_us").getAsDouble();
        assertTrue(0 < p50Median && p50Median <= r.get("session_p50_worst_us").getAsDouble(), r.toString());
        assertTrue(p50Median <= p99Median && p99Median <= r.get("session_p99_worst_us").getAsDouble(), r.toString());
        assertTrue(r.get("load_p50_us").getAsDouble() <= r.get("load_p99_us").getAsDouble(), r.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--model=cluster", "--load-rate=-1", "--load-sessions=21", "--threads=0"})
    void badLoadOrModelOptionsAreRefused(final String option)
    {
        assertEquals(2, FixtapeMain.commandLine().execute("bench", "sessions", "--sessions", "20", option));
    }
}
