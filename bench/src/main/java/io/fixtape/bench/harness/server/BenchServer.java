package io.fixtape.bench.harness.server;

import java.util.Map;

/** One arm's server inside the server JVM. */
interface BenchServer
{
    /** Listens and returns once connections are accepted; failures to configure throw. */
    void start() throws Exception;

    /** Descriptive text about this arm (what runs, its threads as configured). Mutable copy. */
    Map<String, Object> profile();

    /**
     * The settings this server applied itself, in {@link io.fixtape.bench.harness.ReadBack}'s vocabulary (the
     * harness adds its own side); each must be matched by {@link #readBack()}. Mutable copy.
     */
    default Map<String, Object> configured()
    {
        return new java.util.LinkedHashMap<>();
    }

    /**
     * What the running server reports about itself, queried from the running library objects and /proc after
     * {@link #start()} ({@link io.fixtape.bench.harness.ReadBack} keys). Mutable copy.
     */
    Map<String, Object> readBack();

    /** Releases the port and threads (tests; a server JVM is simply stopped). */
    default void stop()
    {
    }

    /** Blocks until the process is killed (the orchestrator stops servers with SIGTERM). */
    default void awaitTermination() throws InterruptedException
    {
        new java.util.concurrent.CountDownLatch(1).await();
    }
}
