package io.fixtape.bench.harness.run;

import com.google.gson.JsonObject;
import io.fixtape.nic.ThreadPlacement;

import java.util.List;

/**
 * One run: one fresh server JVM and one fresh client JVM. {@code client} is the client's JSON (counts, latency,
 * histograms, its own placement), {@code serverProfile} what the server configured, {@code serverThreads} every
 * server thread's allowed CPUs as read back from /proc while it was serving. Immutable.
 */
public record RunRecord(
    int run,
    long offeredRate,
    JsonObject client,
    JsonObject serverProfile,
    List<ThreadPlacement> serverThreads,
    String serverProcessCpus,
    String serverCommand,
    String clientCommand,
    String loadAverageBefore,
    List<String> warnings)
{
}
