package io.fixtape.replay.capture;

import org.agrona.DirectBuffer;

/** Receives the link-layer frames of a capture file in file order. */
@FunctionalInterface
public interface PacketHandler
{
    /**
     * @param timestampNanos capture time, epoch nanoseconds.
     * @param linkType       LINKTYPE_* of the interface the packet was captured on (1 Ethernet, 113 Linux SLL…).
     * @param buffer         holds the captured bytes (possibly truncated to the snap length); valid during the call.
     */
    void onPacket(long timestampNanos, int linkType, DirectBuffer buffer, int offset, int length);
}
