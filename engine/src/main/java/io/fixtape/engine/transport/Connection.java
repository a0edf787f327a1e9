package io.fixtape.engine.transport;

import org.agrona.DirectBuffer;

/**
 * One bidirectional byte stream (a TCP socket, an Aeron publication/subscription pair, an in-process pipe).
 * Owned by the poller thread of its {@link Transport}: every method is called from that thread only.
 */
public interface Connection
{
    /** {@link #write} could not take the bytes now; retry later (or apply the slow-consumer policy). */
    long BACK_PRESSURED = -1;
    /** The connection is closed. */
    long NOT_CONNECTED = -2;

    long connectionId();

    /**
     * Offer one complete message. Either all bytes are taken (written or queued in the connection's bounded
     * outbound buffer) or none.
     *
     * @return the number of bytes taken ({@code length}), {@link #BACK_PRESSURED} or {@link #NOT_CONNECTED}.
     */
    long write(DirectBuffer buffer, int offset, int length);

    /**
     * How many bytes {@link #write} would take right now without answering {@link #BACK_PRESSURED}. The session
     * asks before journaling a message, so a message is never journaled (and its sequence number never used)
     * when the connection would refuse it. Default: unbounded (a connection without an outbound limit).
     */
    default int writableBytes()
    {
        return Integer.MAX_VALUE;
    }

    /** Bytes queued but not yet handed to the network. */
    int pendingBytes();

    boolean isOpen();

    /** Close after flushing what is queued, best effort. Idempotent. */
    void close(DisconnectReason reason);

    /** Peer address for logs and counters, e.g. {@code 127.0.0.1:52314}. */
    String remoteAddress();

    /**
     * The local port of an accepted connection (the acceptor routes a Logon among sessions with the same CompIDs
     * and different qualifiers by the port they listen on), or -1 when the transport has no ports.
     */
    default int localPort()
    {
        return -1;
    }
}
