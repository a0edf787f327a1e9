package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.Standards;
import io.fixtape.bench.harness.client.Scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything one harness invocation was asked for. {@code argv} is the full argument vector as typed, recorded in
 * every cell as {@code bench_params}. Immutable.
 *
 * @param stores fixtape journal modes (none, store, audit): one fixtape row per mode in the same invocation.
 * @param models fixtape acceptor models (single, mono, pool, shard): one fixtape row per model (and store mode).
 * @param logDir where each run's client/server logs and raw JSON are kept.
 * @param oneConnection the stability diagnostic: all runs of a latency row in one process pair on one connection
 *                      (default false: a fresh process pair per run).
 */
public record BenchOptions(
    List<String> argv,
    Scenario scenario,
    List<Arm> arms,
    List<String> stores,
    List<String> models,
    Standards standards,
    Path logDir,
    boolean oneConnection)
{
    /** The rows of this invocation, floor first ({@link ArmSpec#expand}). */
    public List<ArmSpec> rows()
    {
        return ArmSpec.expand(arms, stores, models);
    }

    public int clientCpu()
    {
        return standards.getInt("cpu.client");
    }

    public int serverCpu()
    {
        return standards.getInt("cpu.server");
    }
}
