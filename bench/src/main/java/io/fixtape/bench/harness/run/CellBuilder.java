package io.fixtape.bench.harness.run;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.ReadBack;
import io.fixtape.bench.harness.Recipe;
import io.fixtape.nic.CpuAffinity;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the runs of one cell (arm x scenario x offered rate) into its one JSON object (a result declares itself):
 * response and service percentiles from the runs' merged histograms, per-run figures, gates, and the cell's
 * params, profile (configured and read back) and standards. Stateless.
 */
public final class CellBuilder
{
    private CellBuilder()
    {
    }

    public static Map<String, Object> build(
        final String kind, final ArmSpec arm, final Recipe recipe, final long offeredRate, final List<RunRecord> runs,
        final BenchOptions options, final ChildJvm jvm)
    {
        final RunTotals totals = new RunTotals(options.scenario().serverProbe(), offeredRate);
        runs.forEach(totals::add);
        final List<String> warnings = totals.warnings;
        final Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("kind", kind);
        cell.put("recipe", recipe.label());
        if (recipe.isSmoke())
        {
            cell.put("label", "smoke");
            warnings.add(0, "smoke recipe: figures are not comparable and must not be published");
        }
        cell.put("arm", arm.label());
        cell.put("store", arm.store());
        cell.put("model", arm.model());
        cell.put("scenario", options.scenario().label());
        if (totals.serverProbe)
        {
            cell.put("latency_of_record", "server probe: socket read of the tick -> socket write of the order,"
                + " measured in the server (see bench_profile.server.configured.server_probe); service_* = the"
                + " client's tick write -> order read; completion = orders counted by the client");
        }
        // Units: one iteration of the schedule sends messages_per_iteration requests (md_nos_er: 2) and completes
        // when all their replies are in; *_rate fields count iterations/s, *_msg_rate fields requests/s.
        final int perIteration = options.scenario().messagesPerIteration();
        cell.put("rate_unit", "iterations/s");
        cell.put("messages_per_iteration", perIteration);
        cell.put("offered_rate", offeredRate);
        cell.put("achieved_rate", LatencySummary.round3(totals.achievedSum / runs.size()));
        cell.put("send_rate", LatencySummary.round3(totals.sendRateSum / runs.size()));
        cell.put("offered_msg_rate", offeredRate * perIteration);
        cell.put("achieved_msg_rate", LatencySummary.round3(totals.achievedSum / runs.size() * perIteration));
        cell.put("send_msg_rate", LatencySummary.round3(totals.sendRateSum / runs.size() * perIteration));
        cell.put("runs", runs.size());
        final Map<String, Object> responseSummary = LatencySummary.of(totals.response, "");
        cell.putAll(responseSummary);
        cell.putAll(LatencySummary.of(totals.service, "service_"));

        final Map<String, Object> gates = gates(kind, recipe, totals, responseSummary, options);
        cell.put("gates", gates);
        cell.put("all_gates_pass", Gates.allPass(gates));
        cell.put("per_run", totals.perRun);
        cell.put("warnings", warnings);
        cell.put("bench_params", params(options, arm, recipe, kind));
        cell.put("bench_profile", profile(arm, runs.get(runs.size() - 1), options, jvm));
        cell.put("bench_standards", options.standards().describe());
        cell.put("response_histogram", LatencySummary.encode(totals.response));
        cell.put("service_histogram", LatencySummary.encode(totals.service));
        return cell;
    }

    /** The cell's gates; a load that could not be offered also heads the warnings (after the smoke label). */
    private static Map<String, Object> gates(final String kind, final Recipe recipe, final RunTotals totals,
        final Map<String, Object> responseSummary, final BenchOptions options)
    {
        final Map<String, Object> gates = new LinkedHashMap<>();
        gates.put("completion", Gates.completion(totals.completed, totals.expected));
        gates.put("achieved_rate", Gates.achieved(totals.worstRatio, options.standards().getDouble(
            "capacity".equals(kind) ? "gate.capacity.achieved.min" : "gate.latency.achieved.min")));
        gates.put("stability", Gates.stability(totals.p50s, options.standards()));
        gates.put("samples", Gates.samples(totals.response.getTotalCount(), (Double)responseSummary.get("p50_us")));
        gates.put("rejects", Gates.rejects(totals.rejects));
        final Map<String, Object> offeredLoad = Gates.offeredLoad(totals.sendRates, totals.schedulerLags,
            totals.offeredRate, options.standards().getDouble("gate.offered.send.tolerance"),
            options.standards().getDouble("gate.offered.lag.max.us"));
        gates.put("offered_load", offeredLoad);
        if (!"PASS".equals(offeredLoad.get("status")))
        {
            totals.warnings.add(recipe.isSmoke() ? 1 : 0, "could not offer the load (" + offeredLoad.get("value")
                + "; " + offeredLoad.get("threshold") + "): the latency includes queueing in front of the arm, not"
                + " only service");
        }
        if ("capacity".equals(kind))
        {
            gates.put("capacity", Gates.capacity(totals.completed, totals.expected, totals.worstRatio,
                (Double)responseSummary.get("p99_us"), options.standards()));
        }
        return gates;
    }

    /** What the runs of one cell add up to: merged histograms, counts, the figures of each run, their warnings. */
    private static final class RunTotals
    {
        final boolean serverProbe;
        final long offeredRate;
        final Histogram response = new Histogram(3);
        final Histogram service = new Histogram(3);
        long completed;
        long expected;
        long rejects;
        double worstRatio = Double.MAX_VALUE;
        double achievedSum;
        double sendRateSum;
        final List<Double> p50s = new ArrayList<>();
        final List<Double> sendRates = new ArrayList<>();
        final List<Double> schedulerLags = new ArrayList<>();
        final List<Map<String, Object>> perRun = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();

        RunTotals(final boolean serverProbe, final long offeredRate)
        {
            this.serverProbe = serverProbe;
            this.offeredRate = offeredRate;
        }

        void add(final RunRecord run)
        {
            final JsonObject client = run.client();
            // tick_to_trade: the latency of record is the server's probe (the server owns it); the client's
            // tick -> order round trip is kept as the service figure
            final JsonObject probe = run.serverProbe();
            response.add(LatencySummary.decode(serverProbe ? probe.get("histogram").getAsString()
                : client.get("response_histogram").getAsString()));
            service.add(LatencySummary.decode(client.get(serverProbe ? "response_histogram" : "service_histogram")
                .getAsString()));
            completed += client.get("completed").getAsLong();
            expected += client.get("warmup").getAsLong() + client.get("measured").getAsLong();
            rejects += client.get("rejects").getAsLong();
            final double achieved = client.get("achieved_rate").getAsDouble();
            achievedSum += achieved;
            sendRateSum += client.get("send_rate").getAsDouble();
            worstRatio = Math.min(worstRatio, achieved / offeredRate);
            final JsonObject latency = serverProbe ? probe.getAsJsonObject("latency")
                : client.getAsJsonObject("response");
            final double p50 = latency.get("p50_us").getAsDouble();
            p50s.add(p50);
            perRun.add(figures(run, client, probe, latency, p50, achieved));
            sendRates.add(client.get("send_rate").getAsDouble());
            schedulerLags.add(client.get("max_scheduler_lag_us").getAsDouble());
            warnings.addAll(run.warnings());
        }

        /** One entry of the cell's {@code per_run}. */
        private Map<String, Object> figures(final RunRecord run, final JsonObject client, final JsonObject probe,
            final JsonObject latency, final double p50, final double achieved)
        {
            final Map<String, Object> r = new LinkedHashMap<>();
            r.put("run", run.run());
            r.put("p50_us", p50);
            r.put("p99_us", latency.get("p99_us").getAsDouble());
            r.put("p999_us", latency.get("p999_us").getAsDouble());
            r.put("service_p50_us", client.getAsJsonObject(serverProbe ? "response" : "service").get("p50_us")
                .getAsDouble());
            if (serverProbe)
            {
                r.put("server_probe_samples", probe.get("samples").getAsLong());
                r.put("server_orders_written", probe.get("orders_written").getAsLong());
                r.put("client_probe_samples", 0);
            }
            if (client.has("p50_windows_us"))
            {
                r.put("p50_windows_us", client.get("p50_windows_us"));
            }
            r.put("achieved_rate", achieved);
            r.put("send_rate", client.get("send_rate").getAsDouble());
            r.put("completed", client.get("completed").getAsLong());
            r.put("sent", client.get("sent").getAsLong());
            r.put("max_scheduler_lag_us", client.get("max_scheduler_lag_us").getAsDouble());
            if (client.has("warmup_settled_ms"))
            {
                // the measured schedule began once the warm-up's replies were in: how long that took, and how many
                r.put("warmup_settled_ms", client.get("warmup_settled_ms").getAsDouble());
                r.put("warmup_replied", client.get("warmup_replied").getAsLong());
            }
            if (client.has("client_stalls_over_50us"))
            {
                r.put("client_stalls_over_50us", client.get("client_stalls_over_50us").getAsLong());
                r.put("client_stall_max_us", client.get("client_stall_max_us").getAsDouble());
                r.put("client_stall_total_us", client.get("client_stall_total_us").getAsDouble());
                r.put("run_on_connection", client.get("run_on_connection").getAsInt());
                r.put("client_threads_during_run", client.get("client_threads_during_run"));
            }
            r.put("loadavg_before", run.loadAverageBefore());
            r.put("cpu_during_run", run.cpuDuringRun());
            return r;
        }
    }

    private static Map<String, Object> params(
        final BenchOptions options, final ArmSpec arm, final Recipe recipe, final String kind)
    {
        final Map<String, Object> params = new LinkedHashMap<>();
        params.put("argv", options.argv());
        params.put("kind", kind);
        params.put("recipe", recipe.label());
        params.put("warmup", recipe.warmup());
        params.put("measured", recipe.measured());
        params.put("runs", recipe.runs());
        params.put("scenario", options.scenario().label());
        params.put("store", arm.store());
        params.put("stores", options.stores());
        params.put("model", arm.model());
        params.put("models", options.models());
        return params;
    }

    private static Map<String, Object> profile(
        final ArmSpec spec, final RunRecord run, final BenchOptions options, final ChildJvm jvm)
    {
        final Arm arm = spec.arm();
        final JsonObject client = run.client();
        final JsonObject server = run.serverProfile();
        // the server's read-back, already checked against what was configured (ProfileCheck): the profile's
        // summary fields are what the server runs with, not what the harness wrote
        final JsonObject readBack = server.has("read_back") ? server.getAsJsonObject("read_back") : new JsonObject();
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", arm.label());
        profile.put("scenario", options.scenario().label());
        profile.put("acceptor_model", stringOr(readBack, ReadBack.ACCEPTOR_MODEL,
            arm == Arm.FIXTAPE ? spec.model() : "n/a"));
        profile.put("acceptor_threads", stringOr(readBack, ReadBack.ACCEPTOR_THREADS, "n/a"));
        profile.put("sessions", stringOr(readBack, "sessions", "1"));
        profile.put("store", storeText(readBack));
        profile.put("transport", "TCP over kernel loopback 127.0.0.1, TCP_NODELAY on both sides");
        final String validation = stringOr(readBack, ReadBack.VALIDATION, "unknown");
        profile.put("validation", validation.toUpperCase(java.util.Locale.ROOT) + " (read back from the running server)"
            + ("n/a".equals(validation) ? " - no FIX" : " - performance lane"));
        profile.put("idle_strategy", stringOr(readBack, ReadBack.IDLE_STRATEGY, "unknown"));
        profile.put("runs", options.oneConnection()
            ? "stability diagnostic: every run of this cell in ONE process pair on one connection"
            : "a fresh process pair (server JVM + client JVM, new connection) per run (round trips: runs"
                + " interleaved across arms, run 1 of every arm, then run 2, ...)");
        // the same for every arm (reports compare it across cells): what placement every arm gets
        profile.put("pairing", "2-core machine: client JVM pinned to CPU " + options.clientCpu()
            + ", server JVM pinned to CPU " + options.serverCpu()
            + " (taskset -c for the whole JVM, every thread incl. JIT/GC inherits it; the client's one busy thread"
            + " also via sched_setaffinity); every server and client thread's Cpus_allowed_list read back from /proc"
            + " and verified, else the run aborts");
        profile.put("placement", placement(readBack, run, options));
        if (client.has("message_bytes"))
        {
            profile.put("message_bytes", client.get("message_bytes"));
        }
        if (server.has("floor_reply_sizes"))
        {
            profile.put("floor_reply_sizes", server.get("floor_reply_sizes"));
        }

        final Map<String, Object> serverSide = new LinkedHashMap<>();
        serverSide.put("cpu_requested", options.serverCpu());
        serverSide.put("process_cpus_read_back", run.serverProcessCpus());
        serverSide.put("threads_read_back", run.serverThreads());
        final JsonObject description = server.deepCopy();
        for (final String key : new String[] {"configured", "read_back", "configured_vs_read_back", "jvm", "floor_reply_sizes"})
        {
            description.remove(key);
        }
        serverSide.put("description", description);
        serverSide.put("configured", server.get("configured"));
        serverSide.put("read_back", readBack);
        serverSide.put("configured_vs_read_back", server.get("configured_vs_read_back"));
        serverSide.put("command", run.serverCommand());
        profile.put("server", serverSide);

        final Map<String, Object> clientSide = new LinkedHashMap<>();
        clientSide.put("cpu_requested", options.clientCpu());
        clientSide.put("hot_thread_read_back", client.get("hot_thread"));
        clientSide.put("threads_read_back", client.get("threads"));
        clientSide.put("idle_strategy", "yielding poll: one thread, non-blocking socket; each pass sends what is due"
            + " and reads what has arrived; a pass that did nothing calls Thread.yield() (no pure spin, no park)");
        clientSide.put("implementation", "io.fixtape.bench.harness.client.OpenLoopClient (raw-bytes FIX 4.4"
            + " initiator; the same client against every arm)");
        clientSide.put("socket_read_back", client.get("socket"));
        clientSide.put("command", run.clientCommand());
        profile.put("client", clientSide);

        final JsonElement jvmInfo = client.get("jvm");
        final Map<String, Object> jvmSide = new LinkedHashMap<>();
        jvmSide.put("java", jvm.java());
        jvmSide.put("flags", jvm.flags());
        jvmSide.put("server_only_flags", jvm.serverFlags());
        jvmSide.put("client_jvm", jvmInfo);
        jvmSide.put("server_jvm", server.get("jvm"));
        profile.put("jvm", jvmSide);
        profile.put("kernel_bypass", client.get("kernel_bypass"));
        profile.put("machine", machine());
        return profile;
    }

    /** The store as read back: fixtape's mode and class, the peers' store class, n/a for the floor. */
    private static String storeText(final JsonObject readBack)
    {
        if (readBack.has(ReadBack.STORE_MODE))
        {
            final String storeClass = stringOr(readBack, ReadBack.STORE_CLASS, "");
            final String mode = stringOr(readBack, ReadBack.STORE_MODE, "");
            return mode + " (" + storeClass.substring(storeClass.lastIndexOf('.') + 1) + ", compiled out "
                + stringOr(readBack, ReadBack.STORE_COMPILED_OUT, "?") + ("none".equals(mode) ? ""
                    : ", " + stringOr(readBack, ReadBack.JOURNAL_DURABILITY, "?") + ", pretouch "
                        + stringOr(readBack, ReadBack.JOURNAL_PRETOUCH, "?")) + ")";
        }
        return stringOr(readBack, ReadBack.STORE_CLASS, "n/a");
    }

    /**
     * Per arm, what is pinned and how: the server process by taskset; which of its threads the server pinned itself
     * (sched_setaffinity: the floor's echo thread, fixtape's shards; none for the others); and the hot threads with
     * the CPUs read back from /proc.
     */
    private static String placement(final JsonObject readBack, final RunRecord run, final BenchOptions options)
    {
        final StringBuilder hot = new StringBuilder();
        if (readBack.has("hot_threads"))
        {
            for (final JsonElement element : readBack.getAsJsonArray("hot_threads"))
            {
                final JsonObject thread = element.getAsJsonObject();
                hot.append(hot.length() == 0 ? "" : ", ").append(thread.get("thread").getAsString())
                    .append(" (tid ").append(thread.get("tid").getAsString()).append(") allowed CPU ")
                    .append(thread.get("cpus_allowed").getAsString()).append(", last ran on CPU ")
                    .append(thread.get("last_ran_on_cpu").getAsString());
            }
        }
        return "server process pinned by taskset -c " + options.serverCpu() + " (read back: "
            + run.serverProcessCpus() + "); threads the server pinned itself: "
            + stringOr(readBack, "threads_pinned_by_server", "none") + "; hot thread(s) read back at start-up: "
            + (hot.length() == 0 ? "(none reported)" : hot) + "; client: taskset -c " + options.clientCpu()
            + " plus sched_setaffinity on its one busy thread";
    }

    private static String stringOr(final JsonObject object, final String key, final String fallback)
    {
        return object.has(key) && !object.get(key).isJsonNull() ? object.get(key).getAsString() : fallback;
    }

    public static Map<String, Object> machine()
    {
        final Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("online_cpus", CpuAffinity.onlineCpus());
        machine.put("cpu_model", cpuModel());
        machine.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        return machine;
    }

    private static String cpuModel()
    {
        try
        {
            for (final String line : Files.readAllLines(Paths.get("/proc/cpuinfo"), StandardCharsets.UTF_8))
            {
                if (line.startsWith("model name"))
                {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        catch (final IOException ignored)
        {
            // not Linux: reported as unknown
        }
        return "unknown";
    }
}
