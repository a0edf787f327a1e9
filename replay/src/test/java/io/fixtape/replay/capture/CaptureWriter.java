package io.fixtape.replay.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper that writes TCP segments into a capture file in each format {@link PcapReader} and
 * {@link TcpSegment} claim to read — enough to build captures with exactly the retransmits, reordering, splits,
 * sequence-number wrap and interleaved connections a test needs:
 * <ul>
 * <li>file: classic pcap with microsecond or nanosecond timestamps, little or big endian; pcapng (either byte
 * order) with enhanced, simple or obsolete packet blocks and {@code if_tsresol} = 10^-9;</li>
 * <li>link layer: Ethernet, Ethernet with an 802.1Q tag or two (802.1ad), Linux cooked v1 (SLL) and v2 (SLL2), BSD
 * loopback (DLT_NULL, host byte order; DLT_LOOP, network order), raw IP;</li>
 * <li>network layer: IPv4 or IPv6.</li>
 * </ul>
 * Packets are kept in memory and the file is laid out by {@link #write}.
 */
final class CaptureWriter
{
    static final byte[] CLIENT = {10, 0, 0, 1};
    static final byte[] SERVER = {10, 0, 0, 2};
    static final byte[] CLIENT6 = {0x20, 0x01, 0x0d, (byte)0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static final byte[] SERVER6 = {0x20, 0x01, 0x0d, (byte)0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};
    static final int CLIENT_PORT = 50123;
    static final int SERVER_PORT = 9876;
    static final long START_NANOS = 1_764_686_147_000_000_000L;
    static final long STEP_NANOS = 1_000_123L;

    /** File layout. */
    enum FileFormat
    {
        PCAP_MICROS, PCAP_NANOS, PCAPNG_ENHANCED, PCAPNG_SIMPLE, PCAPNG_OBSOLETE
    }

    /** Link layer (the pcap link type follows). */
    enum Link
    {
        ETHERNET(TcpSegment.LINKTYPE_ETHERNET),
        ETHERNET_VLAN(TcpSegment.LINKTYPE_ETHERNET),
        ETHERNET_QINQ(TcpSegment.LINKTYPE_ETHERNET),
        LINUX_SLL(TcpSegment.LINKTYPE_LINUX_SLL),
        LINUX_SLL2(TcpSegment.LINKTYPE_LINUX_SLL2),
        BSD_NULL(TcpSegment.LINKTYPE_NULL),
        BSD_LOOP(TcpSegment.LINKTYPE_LOOP),
        RAW_IP(TcpSegment.LINKTYPE_RAW);

        final int linkType;

        Link(final int linkType)
        {
            this.linkType = linkType;
        }
    }

    private final List<Long> times = new ArrayList<>();
    private final List<byte[]> frames = new ArrayList<>();
    private final FileFormat format;
    private final ByteOrder order;
    private final Link link;
    private final boolean ipv6;
    private final Connection main;
    private long time = START_NANOS;

    /** Ethernet/IPv4, classic little-endian µs pcap or little-endian pcapng with enhanced packet blocks. */
    CaptureWriter(final boolean pcapng)
    {
        this(pcapng ? FileFormat.PCAPNG_ENHANCED : FileFormat.PCAP_MICROS, ByteOrder.LITTLE_ENDIAN, Link.ETHERNET, false,
            1000, 0x7FFF_FF00); // the server's numbers cross the 31-bit boundary: exercises signed math
    }

    CaptureWriter(final FileFormat format, final ByteOrder order, final Link link, final boolean ipv6,
        final int clientIsn, final int serverIsn)
    {
        this.format = format;
        this.order = order;
        this.link = link;
        this.ipv6 = ipv6;
        this.main = connection(CLIENT_PORT, clientIsn, serverIsn);
    }

    /** Another connection in the same capture (its own client port and initial sequence numbers). */
    Connection connection(final int clientPort, final int clientIsn, final int serverIsn)
    {
        return new Connection(clientPort, clientIsn, serverIsn);
    }

    int clientSeq()
    {
        return main.clientSeq;
    }

    void handshake()
    {
        main.handshake();
    }

    void send(final boolean fromClient, final byte[] payload)
    {
        main.send(fromClient, payload);
    }

    void segment(final boolean fromClient, final int seq, final int flags, final byte[] payload)
    {
        main.segment(fromClient, seq, flags, payload);
    }

    /** The timestamp, in nanoseconds, the n-th packet (from 0) carries in a nanosecond-resolution file. */
    static long packetTime(final int n)
    {
        return START_NANOS + (n + 1) * STEP_NANOS;
    }

    /** One TCP connection: client (this port) ↔ server ({@link #SERVER_PORT}). */
    final class Connection
    {
        private final int clientPort;
        private int clientSeq;
        private int serverSeq;

        private Connection(final int clientPort, final int clientIsn, final int serverIsn)
        {
            this.clientPort = clientPort;
            this.clientSeq = clientIsn;
            this.serverSeq = serverIsn;
        }

        int clientSeq()
        {
            return clientSeq;
        }

        void handshake()
        {
            segment(true, clientSeq++, 0x02, new byte[0]);
            segment(false, serverSeq++, 0x12, new byte[0]);
        }

        /** Sends in order and advances the sender's sequence number (32-bit: it wraps). */
        void send(final boolean fromClient, final byte[] payload)
        {
            if (fromClient)
            {
                segment(true, clientSeq, 0x18, payload);
                clientSeq += payload.length;
            }
            else
            {
                segment(false, serverSeq, 0x18, payload);
                serverSeq += payload.length;
            }
        }

        /** Moves the client's next sequence number past bytes sent with explicit {@link #segment} calls. */
        void advanceClient(final int bytes)
        {
            clientSeq += bytes;
        }

        /** Writes one segment with an explicit sequence number (for retransmits and reordering). */
        void segment(final boolean fromClient, final int seq, final int flags, final byte[] payload)
        {
            final ByteBuffer tcp = ByteBuffer.allocate(20 + payload.length).order(ByteOrder.BIG_ENDIAN);
            tcp.putShort((short)(fromClient ? clientPort : SERVER_PORT)).putShort((short)(fromClient ? SERVER_PORT : clientPort))
                .putInt(seq).putInt(0).put((byte)0x50).put((byte)flags).putShort((short)65535).putShort((short)0)
                .putShort((short)0).put(payload);
            record(linkFrame(ip(fromClient, tcp.array())));
        }
    }

    private byte[] ip(final boolean fromClient, final byte[] tcp)
    {
        if (ipv6)
        {
            final ByteBuffer ip = ByteBuffer.allocate(40 + tcp.length).order(ByteOrder.BIG_ENDIAN);
            ip.putInt(0x6000_0000).putShort((short)tcp.length).put((byte)6).put((byte)64)
                .put(fromClient ? CLIENT6 : SERVER6).put(fromClient ? SERVER6 : CLIENT6).put(tcp);
            return ip.array();
        }
        final int ipLength = 20 + tcp.length;
        final ByteBuffer ip = ByteBuffer.allocate(ipLength).order(ByteOrder.BIG_ENDIAN);
        ip.put((byte)0x45).put((byte)0).putShort((short)ipLength).putShort((short)0).putShort((short)0x4000)
            .put((byte)64).put((byte)6).putShort((short)0).put(fromClient ? CLIENT : SERVER).put(fromClient ? SERVER : CLIENT)
            .put(tcp);
        return ip.array();
    }

    private byte[] linkFrame(final byte[] ip)
    {
        final short etherType = (short)(ipv6 ? 0x86DD : 0x0800);
        final ByteBuffer frame;
        switch (link)
        {
            case ETHERNET:
                frame = be(14 + ip.length).put(new byte[12]).putShort(etherType);
                break;
            case ETHERNET_VLAN:
                frame = be(18 + ip.length).put(new byte[12]).putShort((short)0x8100).putShort((short)42).putShort(etherType);
                break;
            case ETHERNET_QINQ:
                frame = be(22 + ip.length).put(new byte[12]).putShort((short)0x88A8).putShort((short)7)
                    .putShort((short)0x8100).putShort((short)42).putShort(etherType);
                break;
            case LINUX_SLL:
                // packet type, ARPHRD_LOOPBACK, address length, 8 address bytes, protocol
                frame = be(16 + ip.length).putShort((short)0).putShort((short)772).putShort((short)6).put(new byte[8])
                    .putShort(etherType);
                break;
            case LINUX_SLL2:
                // protocol, reserved, interface index, ARPHRD, packet type, address length, 8 address bytes
                frame = be(20 + ip.length).putShort(etherType).putShort((short)0).putInt(1).putShort((short)772)
                    .put((byte)0).put((byte)6).put(new byte[8]);
                break;
            case BSD_NULL:
                // address family in the capturing host's byte order (little endian here); macOS AF_INET6 = 30
                frame = ByteBuffer.allocate(4 + ip.length).order(ByteOrder.LITTLE_ENDIAN).putInt(ipv6 ? 30 : 2);
                frame.order(ByteOrder.BIG_ENDIAN);
                break;
            case BSD_LOOP:
                // OpenBSD loopback: the family in network byte order; AF_INET6 = 24 there
                frame = be(4 + ip.length).putInt(ipv6 ? 24 : 2);
                break;
            case RAW_IP:
                frame = be(ip.length);
                break;
            default:
                throw new IllegalArgumentException(link.toString());
        }
        return frame.put(ip).array();
    }

    private static ByteBuffer be(final int size)
    {
        return ByteBuffer.allocate(size).order(ByteOrder.BIG_ENDIAN);
    }

    /** The next packet's timestamp (later ones follow it by the usual step). */
    void at(final long nanos)
    {
        time = nanos - STEP_NANOS;
    }

    private void record(final byte[] frame)
    {
        time += STEP_NANOS;
        times.add(time);
        frames.add(frame);
    }

    private ByteBuffer buffer(final int size)
    {
        return ByteBuffer.allocate(size).order(order);
    }

    Path write(final Path file) throws IOException
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (format == FileFormat.PCAP_MICROS || format == FileFormat.PCAP_NANOS)
        {
            final boolean nanos = format == FileFormat.PCAP_NANOS;
            out.writeBytes(buffer(24).putInt(nanos ? 0xA1B23C4D : 0xA1B2C3D4).putShort((short)2).putShort((short)4)
                .putInt(0).putInt(0).putInt(65535).putInt(link.linkType).array());
            for (int i = 0; i < frames.size(); i++)
            {
                final long t = times.get(i);
                final byte[] frame = frames.get(i);
                final long fraction = nanos ? t % 1_000_000_000L : t % 1_000_000_000L / 1_000;
                out.writeBytes(buffer(16).putInt((int)(t / 1_000_000_000L)).putInt((int)fraction)
                    .putInt(frame.length).putInt(frame.length).array());
                out.writeBytes(frame);
            }
        }
        else
        {
            // section header (byte-order magic in the file's order) and one interface with nanosecond resolution
            out.writeBytes(buffer(28).putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short)1)
                .putShort((short)0).putLong(-1L).putInt(28).array());
            out.writeBytes(buffer(32).putInt(1).putInt(32).putShort((short)link.linkType).putShort((short)0)
                .putInt(65535).putShort((short)9).putShort((short)1).put((byte)9).put(new byte[3]).putInt(0).putInt(32)
                .array());
            for (int i = 0; i < frames.size(); i++)
            {
                out.writeBytes(packetBlock(times.get(i), frames.get(i)));
            }
        }
        Files.write(file, out.toByteArray());
        return file;
    }

    private byte[] packetBlock(final long t, final byte[] frame)
    {
        final int padded = (frame.length + 3) & ~3;
        switch (format)
        {
            case PCAPNG_ENHANCED:
            {
                final int blockLength = 32 + padded;
                final ByteBuffer epb = buffer(blockLength).putInt(6).putInt(blockLength).putInt(0)
                    .putInt((int)(t >>> 32)).putInt((int)t).putInt(frame.length).putInt(frame.length);
                epb.put(frame).position(28 + padded);
                return epb.putInt(blockLength).array();
            }
            case PCAPNG_OBSOLETE:
            {
                final int blockLength = 32 + padded;
                final ByteBuffer opb = buffer(blockLength).putInt(2).putInt(blockLength).putShort((short)0)
                    .putShort((short)0).putInt((int)(t >>> 32)).putInt((int)t).putInt(frame.length).putInt(frame.length);
                opb.put(frame).position(28 + padded);
                return opb.putInt(blockLength).array();
            }
            case PCAPNG_SIMPLE:
            {
                final int blockLength = 16 + padded; // no timestamp, interface 0
                final ByteBuffer spb = buffer(blockLength).putInt(3).putInt(blockLength).putInt(frame.length);
                spb.put(frame).position(12 + padded);
                return spb.putInt(blockLength).array();
            }
            default:
                throw new IllegalArgumentException(format.toString());
        }
    }
}
