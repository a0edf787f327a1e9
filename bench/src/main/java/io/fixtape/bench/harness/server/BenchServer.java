package io.fixtape.bench.harness.server;

import java.util.Map;

/** One arm's server inside the server JVM. */
interface BenchServer
{
    /** Listens and returns once connections are accepted; failures to configure throw. */
    void start() throws Exception;

    /** What this arm actually configured (validation, idle strategy, threads, store ...). Mutable copy. */
    Map<String, Object> profile();

    /** Blocks until the process is killed (the orchestrator stops servers with SIGTERM). */
    default void awaitTermination() throws InterruptedException
    {
        new java.util.concurrent.CountDownLatch(1).await();
    }
}
