package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.Standards;
import io.fixtape.bench.harness.client.Scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything one harness invocation was asked for. {@code argv} is the full argument vector as typed, recorded in
 * every cell as {@code bench_params}. Immutable.
 *
 * @param store  fixtape journal mode: none, store or audit.
 * @param model  fixtape acceptor model: single, mono, pool or shard.
 * @param logDir where each run's client/server logs and raw JSON are kept.
 */
public record BenchOptions(
    List<String> argv,
    Scenario scenario,
    List<Arm> arms,
    String store,
    String model,
    Standards standards,
    Path logDir)
{
    public int clientCpu()
    {
        return standards.getInt("cpu.client");
    }

    public int serverCpu()
    {
        return standards.getInt("cpu.server");
    }
}
