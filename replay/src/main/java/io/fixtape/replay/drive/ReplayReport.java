package io.fixtape.replay.drive;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

import io.fixtape.engine.store.StoreSwitch;
import org.HdrHistogram.Histogram;

/**
 * Turns a {@link ReplayResult} into the summary table printed at the end of a run and into the JSON result of the
 * benchmark contract: one object with {@code bench_params} (the argument vector), {@code bench_profile} (what was
 * actually configured: transport, store mode, pacing, threads and idle strategies, CPU placement as read from the
 * OS, JVM), {@code bench_standards} (bench/standards.properties with its checksum, when present) and the figures.
 */
public final class ReplayReport
{
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private ReplayReport()
    {
    }

    /** Human-readable summary: totals, digest, then per inbound MsgType latency in microseconds. */
    public static String table(final ReplayResult result)
    {
        final StringBuilder sb = new StringBuilder();
        for (final ReplayResult.Session session : result.sessions)
        {
            sb.append(String.format("session   %s%n          %s, %d connection%s, %d inbound, %d outbound replayed " +
                "(%d recorded)%n", session.sessionId, session.engineInitiates ? "initiator" : "acceptor",
                session.connections, session.connections == 1 ? "" : "s", session.inboundTotal, session.outboundReplayed,
                session.outboundRecorded));
        }
        sb.append(String.format("transport %s   pacing %s   engine %s%n", result.transport.cliName(), result.pacing,
            result.engine));
        sb.append(String.format("inbound   %d/%d sent   outbound %d replayed (%d recorded)%s%n", result.inboundSent,
            result.inboundTotal, result.outboundReplayed, result.outboundRecorded, result.isComplete() ? "" :
            String.format("   %d did not reach the engine", result.inboundTotal - result.inboundDelivered)));
        sb.append(String.format("elapsed   %.3f s   %,.0f msg/s (in+out)   %,.0f inbound msg/s%n", result.elapsedNanos / 1e9,
            result.messagesPerSecond(), result.inboundPerSecond()));
        if (result.offeredPerSecond > 0)
        {
            sb.append(String.format("rate      offered %,.0f/s achieved %,.0f/s inbound: gate %s%n", result.offeredPerSecond,
                result.inboundPerSecond(), result.rateGate()));
        }
        sb.append(String.format("sha256    %s%n", result.digest));
        if (result.replayThreadPlacement != null)
        {
            sb.append(String.format("placement %s%n", result.replayThreadPlacement));
        }
        if (result.replayThreadAllocatedBytes >= 0)
        {
            sb.append(String.format("allocated %,d bytes on the replay thread while messages flowed%s%n",
                result.replayThreadAllocatedBytes, result.engineOnReplayThread ? " (engine included)" : ""));
        }
        if (result.replayThreadCpuNanos >= 0)
        {
            sb.append(String.format("cpu       %.3f s on the replay thread, %.0f ns per message (in+out)%s%n",
                result.replayThreadCpuNanos / 1e9, result.cpuNanosPerMessage(),
                result.engineOnReplayThread ? " (engine included)" : ""));
        }
        if (result.engineThreadCpuNanos >= 0)
        {
            sb.append(String.format("cpu       %.3f s on the engine thread, %.0f ns per message (in+out)%n",
                result.engineThreadCpuNanos / 1e9, result.engineCpuNanosPerMessage()));
        }
        if (result.jitCompileMillis >= 0)
        {
            sb.append(String.format("jit       %,d ms of JIT compilation inside the measured window%n",
                result.jitCompileMillis));
        }
        final List<Long> types = result.latency.sampledTypes();
        if (!types.isEmpty())
        {
            sb.append(String.format("%-8s %-8s %10s %10s %10s %10s %10s %10s%n", "MsgType", "latency", "count", "p50 µs",
                "p90 µs", "p99 µs", "p99.9 µs", "max µs"));
            for (final Long type : types)
            {
                row(sb, LatencyRecorder.name(type), result.pacing.isScheduled() ? "response" : "service*",
                    result.latency.response(type));
                row(sb, "", "service", result.latency.service(type));
            }
            if (!result.pacing.isScheduled())
            {
                sb.append("* pace max: every message is scheduled at the start, so 'response' is queueing; read 'service'\n");
            }
        }
        return sb.toString();
    }

    private static void row(final StringBuilder sb, final String type, final String kind, final Histogram histogram)
    {
        sb.append(String.format("%-8s %-8s %10d", type, kind, histogram.getTotalCount()));
        for (final double percentile : PERCENTILES)
        {
            sb.append(String.format(" %10.1f", histogram.getValueAtPercentile(percentile) / 1e3));
        }
        sb.append(String.format(" %10.1f%n", histogram.getMaxValue() / 1e3));
    }

    /** Writes the JSON result for one run to {@code out}. */
    public static void writeJson(final Path out, final ReplayResult result, final String[] argv,
        final ReplayOptions options, final String dataDescription, final String warmUp) throws IOException
    {
        final StringBuilder json = new StringBuilder(4096);
        json.append("{\n  \"bench\": \"replay\",\n  \"bench_params\": [");
        for (int i = 0; i < argv.length; i++)
        {
            json.append(i == 0 ? "" : ", ").append(quote(argv[i]));
        }
        json.append("],\n  \"bench_profile\": {");
        field(json, "transport", result.transport.cliName(), true);
        field(json, "store", options.journalMode(), false);
        field(json, "journal_settings", options.journalSettings().toString(), false);
        // the JVM-wide build flavour as this JVM read it, independent of the journal mode (none is a run-time choice)
        field(json, "store_compiled_out", Boolean.toString(StoreSwitch.COMPILED_OUT), false, true);
        field(json, "pacing", result.pacing.toString(), false);
        field(json, "application", options.application(), false);
        field(json, "engine", result.engine, false);
        field(json, "sessions", Integer.toString(result.sessions.size()), false, true);
        field(json, "threads", options.engineOnReplayThread() ?
            "replay+engine on one thread (busy loop)" :
            "replay thread (spin) + engine agent thread (backoff)" +
                (options.transport().cliName().startsWith("aeron") ? " + Aeron driver SHARED (backoff)" : ""), false);
        field(json, "cpu_pinning", (result.replayThreadPlacement == null ? "none requested" :
            result.replayThreadPlacement) + "; process allowed CPUs " + allowedCpus(), false);
        field(json, "jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"), false);
        field(json, "jvm_flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()), false);
        field(json, "data", dataDescription, false);
        field(json, "warmup", warmUp == null ? "none" : warmUp, false);
        json.append("\n  },\n  \"bench_standards\": ").append(standards()).append(",\n  \"result\": {");
        final StringBuilder sessions = new StringBuilder();
        for (final ReplayResult.Session session : result.sessions)
        {
            sessions.append(sessions.length() == 0 ? "" : ", ").append(session.sessionId);
        }
        field(json, "session", sessions.toString(), true);
        field(json, "connections", Integer.toString(result.connections), false, true);
        field(json, "inbound_total", Integer.toString(result.inboundTotal), false, true);
        field(json, "inbound_sent", Integer.toString(result.inboundSent), false, true);
        field(json, "inbound_delivered", Integer.toString(result.inboundDelivered), false, true);
        field(json, "outbound_recorded", Integer.toString(result.outboundRecorded), false, true);
        field(json, "outbound_replayed", Integer.toString(result.outboundReplayed), false, true);
        field(json, "complete", Boolean.toString(result.isComplete() &&
            result.outboundReplayed >= result.outboundRecorded), false, true);
        field(json, "elapsed_ns", Long.toString(result.elapsedNanos), false, true);
        field(json, "messages_per_second", String.format("%.0f", result.messagesPerSecond()), false, true);
        field(json, "inbound_per_second", String.format("%.0f", result.inboundPerSecond()), false, true);
        field(json, "offered_inbound_per_second", String.format("%.0f", result.offeredPerSecond), false, true);
        field(json, "rate_gate", result.rateGate(), false);
        field(json, "replay_thread_allocated_bytes", Long.toString(result.replayThreadAllocatedBytes), false, true);
        field(json, "replay_thread_cpu_ns", Long.toString(result.replayThreadCpuNanos), false, true);
        field(json, "replay_thread_cpu_ns_per_message", String.format("%.1f", result.cpuNanosPerMessage()), false, true);
        field(json, "engine_on_replay_thread", Boolean.toString(result.engineOnReplayThread), false, true);
        field(json, "engine_thread_cpu_ns", Long.toString(result.engineThreadCpuNanos), false, true);
        field(json, "engine_thread_cpu_ns_per_message", String.format("%.1f", result.engineCpuNanosPerMessage()), false,
            true);
        field(json, "jit_compile_ms_in_window", Long.toString(result.jitCompileMillis), false, true);
        field(json, "sha256", result.digest, false);
        json.append(",\n    \"latency_ns\": {");
        boolean first = true;
        for (final Long type : result.latency.sampledTypes())
        {
            json.append(first ? "\n" : ",\n").append("      ").append(quote(LatencyRecorder.name(type))).append(": {")
                .append("\"response\": ").append(histogramJson(result.latency.response(type)))
                .append(", \"service\": ").append(histogramJson(result.latency.service(type))).append('}');
            first = false;
        }
        json.append("\n    }\n  }\n}\n");
        Files.writeString(out, json.toString(), StandardCharsets.UTF_8);
    }

    private static String histogramJson(final Histogram histogram)
    {
        return String.format("{\"count\": %d, \"p50\": %d, \"p90\": %d, \"p99\": %d, \"p99_9\": %d, \"max\": %d}",
            histogram.getTotalCount(), histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(90),
            histogram.getValueAtPercentile(99), histogram.getValueAtPercentile(99.9), histogram.getMaxValue());
    }

    private static void field(final StringBuilder json, final String name, final String value, final boolean first)
    {
        field(json, name, value, first, false);
    }

    private static void field(final StringBuilder json, final String name, final String value, final boolean first,
        final boolean raw)
    {
        json.append(first ? "\n" : ",\n").append("    ").append(quote(name)).append(": ")
            .append(raw ? value : quote(value));
    }

    private static String quote(final String value)
    {
        return JsonText.quote(value);
    }

    /** Cpus_allowed_list of this process as the kernel reports it. */
    static String allowedCpus()
    {
        try
        {
            for (final String line : Files.readAllLines(Path.of("/proc/self/status")))
            {
                if (line.startsWith("Cpus_allowed_list:"))
                {
                    return line.substring("Cpus_allowed_list:".length()).trim();
                }
            }
        }
        catch (final IOException | RuntimeException ignore)
        {
            // not Linux: say so below
        }
        return "unknown";
    }

    /** The shared benchmark defaults file and its SHA-256, or null when this checkout has none. */
    private static String standards()
    {
        final String home = System.getenv("FIXTAPE_HOME");
        final Path file = Path.of(home == null ? "." : home, "bench", "standards.properties");
        if (!Files.isRegularFile(file))
        {
            return "null";
        }
        try
        {
            final byte[] bytes = Files.readAllBytes(file);
            final byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes);
            final StringBuilder hex = new StringBuilder();
            for (final byte b : hash)
            {
                hex.append(String.format("%02x", b));
            }
            return "{\"file\": " + quote(file.toString()) + ", \"sha256\": " + quote(hex.toString()) +
                ", \"note\": \"replay uses its recording as the workload; warm-up/measured counts do not apply\"}";
        }
        catch (final IOException | NoSuchAlgorithmException ex)
        {
            return "null";
        }
    }
}
