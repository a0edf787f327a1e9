package io.fixtape.engine.transport;

import java.net.InetSocketAddress;

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

    /**
     * Whether {@link #connect} starts outbound connections, so that initiator sessions can run on this transport.
     * Default: false (a transport that only delivers the connections made to it).
     */
    default boolean canConnect()
    {
        return false;
    }

    /**
     * Start connecting to {@code address} for an initiator session. The outcome arrives in a later poll:
     * {@link TransportListener#onConnected} with {@code initiated == true} and a connection with the returned id, or
     * {@link TransportListener#onConnectFailed} with it. Only called when {@link #canConnect()} is true.
     *
     * @return the id the connection will have.
     */
    default long connect(final InetSocketAddress address)
    {
        throw new UnsupportedOperationException(name() + " does not make outbound connections");
    }

    /**
     * Give up a connect started by {@link #connect} that has not been established (the initiator's connect
     * timeout): close its socket. The transport may still report {@link TransportListener#onConnectFailed} for it.
     * Default: nothing (a connection established later is closed by the engine, which no longer waits for it).
     */
    default void abortConnect(final long connectionId)
    {
    }

    /**
     * As {@link #connect(InetSocketAddress)}, over TLS when {@code tls} is non-null. Default: plain connects only
     * (a transport without TLS refuses TLS settings).
     */
    default long connect(final InetSocketAddress address, final TlsSettings tls)
    {
        if (tls != null)
        {
            throw new UnsupportedOperationException(name() + " does not run TLS");
        }
        return connect(address);
    }

    @Override
    void close();
}
