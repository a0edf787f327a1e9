package io.fixtape.engine.transport;

/**
 * The I/O seam: NIO TCP in {@code engine}; Aeron IPC/UDP, in-process pipes and kernel-bypass stacks elsewhere.
 * Poll-driven so that it runs inside the engine's poller agent duty cycle; never blocks, never starts threads.
 */
public interface Transport extends AutoCloseable
{
    /**
     * Do pending I/O (accept, finish connects, read, flush queued writes) and deliver events to {@code listener}.
     *
     * @return amount of work done (0 lets the idle strategy back off).
     */
    int poll(TransportListener listener);

    /** Human-readable name for profiles and reports: {@code tcp}, {@code aeron-ipc}, {@code inproc}. */
    String name();

    @Override
    void close();
}
