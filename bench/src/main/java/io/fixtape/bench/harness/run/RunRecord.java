package io.fixtape.bench.harness.run;

import com.google.gson.JsonObject;
import io.fixtape.nic.ThreadPlacement;

import java.util.List;
import java.util.Map;

/**
 * One run: one fresh server JVM and one fresh client JVM. {@code client} is the client's JSON (counts, latency,
 * histograms, its own placement), {@code serverProbe} the server's own probe (tick_to_trade; null otherwise),
 * {@code serverProfile} what the server configured, {@code serverThreads} every
 * server thread's allowed CPUs as read back from /proc while it was serving, {@code cpuDuringRun} the machine's
 * busy/steal/CPU-pressure over the client's lifetime ({@link CpuSample}). Immutable.
 */
public record RunRecord(
    int run,
    long offeredRate,
    JsonObject client,
    JsonObject serverProbe,
    JsonObject serverProfile,
    List<ThreadPlacement> serverThreads,
    String serverProcessCpus,
    String serverCommand,
    String clientCommand,
    String loadAverageBefore,
    Map<String, Object> cpuDuringRun,
    List<String> warnings)
{
}
