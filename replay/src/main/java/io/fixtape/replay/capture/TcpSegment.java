package io.fixtape.replay.capture;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;

/**
 * Decodes one captured frame down to its TCP segment: link layer (Ethernet with VLAN tags, Linux cooked v1/v2,
 * BSD loopback, raw IP), IPv4 (header options, total length trims Ethernet padding; fragments skipped) or IPv6
 * (TCP as the next header), then the TCP header. A mutable flyweight: {@link #wrap} fills the fields in place.
 *
 * <p>Not thread-safe; reused for every packet.
 */
public final class TcpSegment
{
    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int ACK = 0x10;

    public static final int LINKTYPE_NULL = 0;
    public static final int LINKTYPE_ETHERNET = 1;
    public static final int LINKTYPE_RAW = 101;
    public static final int LINKTYPE_LOOP = 108;
    public static final int LINKTYPE_LINUX_SLL = 113;
    public static final int LINKTYPE_IPV4 = 228;
    public static final int LINKTYPE_IPV6 = 229;
    public static final int LINKTYPE_LINUX_SLL2 = 276;

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88A8;
    private static final int PROTOCOL_TCP = 6;

    /** Source and destination address, 16 bytes each (IPv4 in the last 4, IPv4-mapped style). */
    final byte[] sourceAddress = new byte[16];
    final byte[] destinationAddress = new byte[16];
    boolean ipv6;
    int sourcePort;
    int destinationPort;
    int sequence;
    int flags;
    int payloadOffset;
    int payloadLength;
    DirectBuffer buffer;

    /** @return true when the frame holds a TCP segment (possibly with an empty payload). */
    public boolean wrap(final int linkType, final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        final int end = offset + length;
        int position = offset;
        int etherType;
        switch (linkType)
        {
            case LINKTYPE_ETHERNET:
                if (length < 14)
                {
                    return false;
                }
                etherType = u16(buffer, position + 12);
                position += 14;
                while ((etherType == ETHERTYPE_VLAN || etherType == ETHERTYPE_QINQ) && position + 4 <= end)
                {
                    etherType = u16(buffer, position + 2);
                    position += 4;
                }
                break;
            case LINKTYPE_LINUX_SLL:
                if (length < 16)
                {
                    return false;
                }
                etherType = u16(buffer, position + 14);
                position += 16;
                break;
            case LINKTYPE_LINUX_SLL2:
                if (length < 20)
                {
                    return false;
                }
                etherType = u16(buffer, position);
                position += 20;
                break;
            case LINKTYPE_NULL:
            case LINKTYPE_LOOP:
            {
                if (length < 4)
                {
                    return false;
                }
                // address family in host (NULL) or network (LOOP) order: 2 is IPv4, 24/28/30 are IPv6
                final int family = linkType == LINKTYPE_LOOP ?
                    buffer.getInt(position, ByteOrder.BIG_ENDIAN) : guessFamily(buffer, position);
                etherType = family == 2 ? ETHERTYPE_IPV4 : ETHERTYPE_IPV6;
                position += 4;
                break;
            }
            case LINKTYPE_RAW:
            case LINKTYPE_IPV4:
            case LINKTYPE_IPV6:
                if (length < 1)
                {
                    return false;
                }
                etherType = (buffer.getByte(position) >> 4 & 0xF) == 6 ? ETHERTYPE_IPV6 : ETHERTYPE_IPV4;
                break;
            default:
                return false;
        }
        if (etherType == ETHERTYPE_IPV4)
        {
            return ipv4(buffer, position, end);
        }
        return etherType == ETHERTYPE_IPV6 && ipv6(buffer, position, end);
    }

    private static int guessFamily(final DirectBuffer buffer, final int position)
    {
        final int little = buffer.getInt(position, ByteOrder.LITTLE_ENDIAN);
        return little >= 0 && little < 256 ? little : buffer.getInt(position, ByteOrder.BIG_ENDIAN);
    }

    private boolean ipv4(final DirectBuffer buffer, final int position, final int end)
    {
        if (position + 20 > end || (buffer.getByte(position) >> 4 & 0xF) != 4)
        {
            return false;
        }
        final int headerLength = (buffer.getByte(position) & 0xF) * 4;
        final int totalLength = u16(buffer, position + 2);
        final int fragment = u16(buffer, position + 6);
        if ((fragment & 0x3FFF) != 0 || buffer.getByte(position + 9) != PROTOCOL_TCP || headerLength < 20)
        {
            return false; // fragments (more-fragments flag or offset) are not reassembled: FIX over TCP never needs it
        }
        ipv6 = false;
        java.util.Arrays.fill(sourceAddress, 0, 12, (byte)0);
        java.util.Arrays.fill(destinationAddress, 0, 12, (byte)0);
        buffer.getBytes(position + 12, sourceAddress, 12, 4);
        buffer.getBytes(position + 16, destinationAddress, 12, 4);
        // trust the IP total length over the frame (Ethernet pads short frames), unless the capture truncated it
        final int ipEnd = totalLength >= headerLength ? Math.min(end, position + totalLength) : end;
        return tcp(buffer, position + headerLength, ipEnd);
    }

    private boolean ipv6(final DirectBuffer buffer, final int position, final int end)
    {
        if (position + 40 > end || (buffer.getByte(position) >> 4 & 0xF) != 6 ||
            buffer.getByte(position + 6) != PROTOCOL_TCP)
        {
            return false; // extension headers before TCP are not followed
        }
        ipv6 = true;
        buffer.getBytes(position + 8, sourceAddress, 0, 16);
        buffer.getBytes(position + 24, destinationAddress, 0, 16);
        final int payloadLength = u16(buffer, position + 4);
        return tcp(buffer, position + 40, Math.min(end, position + 40 + payloadLength));
    }

    private boolean tcp(final DirectBuffer buffer, final int position, final int end)
    {
        if (position + 20 > end)
        {
            return false;
        }
        sourcePort = u16(buffer, position);
        destinationPort = u16(buffer, position + 2);
        sequence = buffer.getInt(position + 4, ByteOrder.BIG_ENDIAN);
        final int dataOffset = (buffer.getByte(position + 12) >> 4 & 0xF) * 4;
        flags = buffer.getByte(position + 13) & 0xFF;
        if (dataOffset < 20 || position + dataOffset > end)
        {
            return false;
        }
        payloadOffset = position + dataOffset;
        payloadLength = end - payloadOffset;
        return true;
    }

    private static int u16(final DirectBuffer buffer, final int index)
    {
        return buffer.getShort(index, ByteOrder.BIG_ENDIAN) & 0xFFFF;
    }
}
