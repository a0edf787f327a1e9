package io.fixtape.bench.harness.client;

import io.fixtape.bench.harness.Args;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.JvmInfo;
import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.KernelBypass;
import io.fixtape.nic.SocketTuning;
import io.fixtape.nic.ThreadPlacement;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The client JVM of one run: connects, pins its only busy thread to {@code --cpu} (verified), logs on (FIX arms),
 * runs the open-loop schedule and writes one JSON object with its counts, latency summaries, raw histograms and
 * its placement as read back from the OS. Exit code 0 when the run completed (even with missing replies: the
 * gates judge those), 2 on an error.
 *
 * <p>Arguments: {@code --host --port --cpu --scenario --rate --warmup --measured --mode fix|echo --drain-ms --out}.
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
                client.logon(TimeUnit.SECONDS.toNanos(15));
            }
            final RunResult result = client.run();
            if (!echo)
            {
                client.logout();
            }
            final Map<String, Object> json = new LinkedHashMap<>();
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
            json.put("response", LatencySummary.of(result.response(), ""));
            json.put("service", LatencySummary.of(result.service(), ""));
            json.put("response_histogram", LatencySummary.encode(result.response()));
            json.put("service_histogram", LatencySummary.encode(result.service()));
            json.put("hot_thread", pinned);
            json.put("threads", CpuAffinity.selfThreads());
            json.put("socket", socket.toString());
            json.put("kernel_bypass", new KernelBypass().summary());
            json.put("jvm", JvmInfo.describe());
            Files.writeString(out, Json.line(json) + "\n", StandardCharsets.UTF_8);
        }
    }
}
