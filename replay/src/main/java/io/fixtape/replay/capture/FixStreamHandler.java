package io.fixtape.replay.capture;

import org.agrona.DirectBuffer;

/** Receives the FIX messages framed out of one direction of a reassembled TCP connection. */
@FunctionalInterface
public interface FixStreamHandler
{
    /**
     * @param connection     the TCP connection.
     * @param fromFirstSender true when sent by {@link TcpConnection#firstSender()}, false for the other side.
     * @param timestampNanos capture time of the packet that completed the message.
     */
    void onMessage(TcpConnection connection, boolean fromFirstSender, long timestampNanos,
        DirectBuffer buffer, int offset, int length);
}
