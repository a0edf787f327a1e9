package io.fixtape.bench.harness.server;

import java.util.Map;

/** One arm's server inside the server JVM. */
interface BenchServer
{
    /** Listens and returns once connections are accepted; failures to configure throw. */
    void start() throws Exception;

    /** What this arm actually configured (validation, idle strategy, threads, store ...). Mutable copy. */
    Map<String, Object> profile();

    /** Blocks until the process is killed. */
    void awaitTermination() throws InterruptedException;
}
