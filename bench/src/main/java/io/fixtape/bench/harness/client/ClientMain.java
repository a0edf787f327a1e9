package io.fixtape.bench.harness.client;

import io.fixtape.bench.harness.Args;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.JvmInfo;
import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.Seeds;
import io.fixtape.bench.harness.ThreadCpu;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.KernelBypass;
import io.fixtape.nic.SocketTuning;
import io.fixtape.nic.ThreadPlacement;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The client JVM of one run: connects, pins its only busy thread to {@code --cpu} (verified), logs on (FIX arms),
 * runs the open-loop schedule and writes one JSON object with its counts, latency summaries, raw histograms and
 * its placement as read back from the OS. Exit code 0 when the run completed (even with missing replies: the
 * gates judge those), 2 on an error.
 *
 * <p>Arguments: {@code --host --port --cpu --scenario --rate --warmup --measured --mode fix|echo --drain-ms
 * [--logon-ms] --out [--runs N]}; the output
 * has one JSON line per run ({@code --runs} > 1 is the stability diagnostic: runs on one connection).
 */
public final class ClientMain
{
    private ClientMain()
    {
    }

    public static void main(final String[] argv)
    {
        try
        {
            run(new Args(argv));
            System.exit(0);
        }
        catch (final Throwable t)
        {
            t.printStackTrace(new PrintStream(System.err, true, StandardCharsets.UTF_8));
            System.exit(2);
        }
    }

    static void run(final Args args) throws Exception
    {
        final int cpu = args.getInt("cpu");
        final ThreadPlacement pinned = CpuAffinity.pinCurrentThread(cpu);
        final Scenario scenario = Scenario.parse(args.get("scenario"));
        final boolean echo = "echo".equals(args.get("mode"));
        final Path out = Paths.get(args.get("out"));
        try (SocketChannel channel = SocketChannel.open(
            new InetSocketAddress(args.get("host", "127.0.0.1"), args.getInt("port"))))
        {
            final SocketTuning.Applied socket = SocketTuning.LOW_LATENCY.apply(channel);
            channel.configureBlocking(false);
            final OpenLoopClient client = new OpenLoopClient(
                channel, scenario, echo, args.getLong("rate"), args.getInt("warmup"), args.getInt("measured"),
                TimeUnit.MILLISECONDS.toNanos(args.getLong("drain-ms")));
            if (!echo)
            {
                client.logon(TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args.get("logon-ms", "15000"))));
            }
            // --runs N (diagnostic): N runs back to back on this one connection and session, one JSON line each
            final int runs = Integer.parseInt(args.get("runs", "1"));
            final StringBuilder lines = new StringBuilder();
            for (int run = 1; run <= runs; run++)
            {
                client.reset((long)(run - 1) * (args.getInt("warmup") + args.getInt("measured")));
                final ThreadCpu before = ThreadCpu.snapshot(ProcessHandle.current().pid());
                final RunResult result = client.run();
                final List<Map<String, Object>> threads =
                    ThreadCpu.snapshot(ProcessHandle.current().pid()).since(before, 8);
                final Map<String, Object> json = describe(result, client, scenario, echo, pinned, socket, run);
                json.put("client_threads_during_run", threads);
                lines.append(Json.line(json)).append('\n');
            }
            if (!echo)
            {
                client.logout();
            }
            Files.writeString(out, lines.toString(), StandardCharsets.UTF_8);
        }
    }

    private static Map<String, Object> describe(
        final RunResult result, final OpenLoopClient client, final Scenario scenario, final boolean echo,
        final ThreadPlacement pinned, final SocketTuning.Applied socket, final int run)
    {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("run_on_connection", run);
        json.put("scenario", scenario.label());
        json.put("mode", echo ? "echo" : "fix");
        json.put("offered_rate", result.offeredRate());
        json.put("warmup", result.warmup());
        json.put("measured", result.measured());
        json.put("sent", result.sent());
        json.put("completed", result.completed());
        json.put("measured_completed", result.measuredCompleted());
        json.put("duplicates_or_unknown", result.duplicates());
        json.put("rejects", result.rejects());
        json.put("other_messages", result.otherMessages());
        json.put("send_rate", LatencySummary.round3(result.sendRate()));
        json.put("achieved_rate", LatencySummary.round3(result.achievedRate()));
        json.put("max_scheduler_lag_us", LatencySummary.micros(result.maxSchedulerLagNs()));
        // the measured schedule starts once the warm-up's replies are in: how long that took, and whether all came
        json.put("warmup_settled_ms", LatencySummary.round3(client.warmupNs() / 1e6));
        json.put("warmup_replied", client.warmupReplied());
        // System.nanoTime is CLOCK_MONOTONIC on Linux: the orchestrator places the measured phase on its timeline
        json.put("measured_start_monotonic_ns", result.firstMeasuredSendNs());
        final List<Double> windows = new ArrayList<>();
        for (final long p50 : client.windowP50s())
        {
            windows.add(LatencySummary.micros(p50));
        }
        json.put("p50_windows_us", windows);
        final long[] stalls = client.stalls();
        json.put("client_stalls_over_50us", stalls[0]);
        json.put("client_stall_max_us", LatencySummary.micros(stalls[1]));
        json.put("client_stall_total_us", LatencySummary.micros(stalls[2]));
        final Histogram response = Seeds.without(result.response());
        final Histogram service = Seeds.without(result.service());
        json.put("response", LatencySummary.of(response, ""));
        json.put("service", LatencySummary.of(service, ""));
        json.put("response_histogram", LatencySummary.encode(response));
        json.put("service_histogram", LatencySummary.encode(service));
        json.put("message_bytes", client.messageBytes());
        json.put("hot_thread", pinned);
        json.put("threads", CpuAffinity.selfThreads());
        json.put("socket", socket.toString());
        json.put("kernel_bypass", new KernelBypass().summary());
        json.put("jvm", JvmInfo.describe());
        return json;
    }
}
