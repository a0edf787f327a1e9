package io.fixtape.replay.capture;

import org.agrona.DirectBuffer;

/** Receives the FIX messages framed out of one direction of a reassembled TCP flow. */
@FunctionalInterface
public interface FixStreamHandler
{
    /**
     * @param flow           the reassembled TCP connection.
     * @param fromFirstSender true when sent by the side whose packet was seen first, false for the other side.
     * @param timestampNanos capture time of the packet that completed the message.
     */
    void onMessage(ReassembledTcpFlow flow, boolean fromFirstSender, long timestampNanos,
        DirectBuffer buffer, int offset, int length);
}
