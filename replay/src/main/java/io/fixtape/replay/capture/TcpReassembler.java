package io.fixtape.replay.capture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.agrona.DirectBuffer;

/**
 * A {@link PacketHandler} that follows every TCP connection in a capture and emits the FIX messages of both
 * directions, reassembled and framed, in capture order (each message when the packet completing it arrives).
 * Connections are told apart by their address/port 4-tuple; a port reused after a FIN/RST starts a new
 * connection when it opens with a SYN.
 *
 * <p>Not thread-safe; one per capture.
 */
public final class TcpReassembler implements PacketHandler
{
    private final TcpSegment segment = new TcpSegment();
    private final FixStreamHandler handler;
    private final Map<FlowKey, ReassembledTcpFlow> open = new HashMap<>();
    private final List<ReassembledTcpFlow> flows = new ArrayList<>();
    private final FlowKey probe = new FlowKey();
    private long nonTcpPackets;
    private long lastTimestamp;

    public TcpReassembler(final FixStreamHandler handler)
    {
        this.handler = handler;
    }

    @Override
    public void onPacket(final long timestampNanos, final int linkType, final DirectBuffer buffer, final int offset,
        final int length)
    {
        lastTimestamp = Math.max(lastTimestamp, timestampNanos);
        if (!segment.wrap(linkType, buffer, offset, length))
        {
            nonTcpPackets++;
            return;
        }
        probe.set(segment.sourceAddress, segment.sourcePort, segment.destinationAddress, segment.destinationPort);
        ReassembledTcpFlow flow = open.get(probe);
        boolean fromFirstSender = true;
        if (flow == null)
        {
            probe.set(segment.destinationAddress, segment.destinationPort, segment.sourceAddress, segment.sourcePort);
            flow = open.get(probe);
            fromFirstSender = false;
        }
        final boolean freshSyn = (segment.flags & TcpSegment.SYN) != 0 && (segment.flags & TcpSegment.ACK) == 0;
        if (flow != null && freshSyn && flow.direction(fromFirstSender).payloadBytes > 0)
        {
            // the 4-tuple is reused by a new connection
            flow.finish(timestampNanos, handler);
            open.values().remove(flow);
            flow = null;
        }
        if (flow == null)
        {
            flow = new ReassembledTcpFlow();
            final FlowKey key = new FlowKey();
            key.set(segment.sourceAddress, segment.sourcePort, segment.destinationAddress, segment.destinationPort);
            open.put(key, flow);
            flows.add(flow);
            fromFirstSender = true;
        }
        flow.onSegment(fromFirstSender, timestampNanos, segment.sequence, segment.flags, segment.buffer,
            segment.payloadOffset, segment.payloadLength, handler);
    }

    /** End of the capture: skip holes that never filled and deliver what follows them. */
    public void finish()
    {
        for (final ReassembledTcpFlow flow : flows)
        {
            flow.finish(lastTimestamp, handler);
        }
    }

    /** Totals over all flows and directions, for the import report. */
    public Stats stats()
    {
        final Stats stats = new Stats();
        for (final ReassembledTcpFlow flow : flows)
        {
            for (final boolean forward : new boolean[] {true, false})
            {
                final ReassembledTcpFlow.Direction direction = flow.direction(forward);
                stats.payloadBytes += direction.payloadBytes;
                stats.retransmittedBytes += direction.retransmittedBytes;
                stats.outOfOrderSegments += direction.outOfOrderSegments;
                stats.gapBytes += direction.gapBytes;
                stats.garbledBytes += direction.splitter().garbledBytes();
                stats.droppedAtGapBytes += direction.splitter().droppedAtGap();
                stats.incompleteTailBytes += direction.splitter().pendingLength();
                stats.messages += direction.splitter().messages();
            }
        }
        stats.connections = flows.size();
        stats.nonTcpPackets = nonTcpPackets;
        return stats;
    }

    /** What reassembly saw and repaired. */
    public static final class Stats
    {
        public int connections;
        public long messages;
        public long payloadBytes;
        public long retransmittedBytes;
        public long outOfOrderSegments;
        public long gapBytes;
        public long garbledBytes;
        public long droppedAtGapBytes;
        public long incompleteTailBytes;
        public long nonTcpPackets;

        @Override
        public String toString()
        {
            return "connections=" + connections + " messages=" + messages + " payloadBytes=" + payloadBytes +
                " retransmittedBytes=" + retransmittedBytes + " outOfOrderSegments=" + outOfOrderSegments +
                " gapBytes=" + gapBytes + " garbledBytes=" + garbledBytes + " droppedAtGapBytes=" + droppedAtGapBytes +
                " incompleteTailBytes=" + incompleteTailBytes + " nonTcpPackets=" + nonTcpPackets;
        }
    }

    /** Directed 4-tuple; mutable so lookups need no allocation. */
    private static final class FlowKey
    {
        final byte[] source = new byte[16];
        final byte[] destination = new byte[16];
        int sourcePort;
        int destinationPort;

        void set(final byte[] source, final int sourcePort, final byte[] destination, final int destinationPort)
        {
            System.arraycopy(source, 0, this.source, 0, 16);
            System.arraycopy(destination, 0, this.destination, 0, 16);
            this.sourcePort = sourcePort;
            this.destinationPort = destinationPort;
        }

        @Override
        public boolean equals(final Object o)
        {
            if (!(o instanceof FlowKey))
            {
                return false;
            }
            final FlowKey that = (FlowKey)o;
            return sourcePort == that.sourcePort && destinationPort == that.destinationPort &&
                Arrays.equals(source, that.source) && Arrays.equals(destination, that.destination);
        }

        @Override
        public int hashCode()
        {
            return 31 * (31 * Arrays.hashCode(source) + Arrays.hashCode(destination)) + (sourcePort << 16 ^ destinationPort);
        }
    }
}
