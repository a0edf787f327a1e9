package io.fixtape.replay.capture;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.agrona.collections.IntArrayList;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Reads classic pcap (microsecond and nanosecond, either byte order) and pcapng (section header, interface
 * description with {@code if_tsresol}, enhanced/simple/obsolete packet blocks, several sections) files and
 * hands every packet to a {@link PacketHandler} in file order.
 *
 * <p>Why our own reader: {@code io.pkts:pkts-core:3.0.10} resolves here, but its last release is from 2021, it
 * reads classic pcap only (no pcapng, which is what Wireshark and recent tcpdump builds write) and it drags in
 * SIP/SDP modules. Both formats are a few fixed headers; the pcap path is cross-checked against pkts-core in the
 * tests. The file is memory-mapped (read-only); files over 2 GiB are refused with a hint to split them.
 *
 * <p>A truncated last record (capture killed mid-write) ends the read cleanly and is counted in
 * {@link #truncatedRecords()}. Not thread-safe; one reader per file.
 */
public final class PcapReader
{
    private static final int PCAP_MAGIC_MICROS = 0xA1B2C3D4;
    private static final int PCAP_MAGIC_NANOS = 0xA1B23C4D;
    private static final int PCAPNG_SECTION_HEADER = 0x0A0D0D0A;
    private static final int PCAPNG_BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int PCAPNG_INTERFACE_DESCRIPTION = 1;
    private static final int PCAPNG_OBSOLETE_PACKET = 2;
    private static final int PCAPNG_SIMPLE_PACKET = 3;
    private static final int PCAPNG_ENHANCED_PACKET = 6;
    private static final int OPTION_END = 0;
    private static final int OPTION_IF_TSRESOL = 9;

    private long packets;
    private long truncatedRecords;
    private String format = "unknown";

    /** Read {@code file} to the end. */
    public void read(final Path file, final PacketHandler handler) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
        {
            final long size = channel.size();
            if (size > Integer.MAX_VALUE)
            {
                throw new IOException(file + " is larger than 2 GiB: split it first (editcap -c)");
            }
            final MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
            read(new UnsafeBuffer(mapped), (int)size, handler, file.toString());
        }
    }

    /** Read a capture held in memory. */
    public void read(final UnsafeBuffer buffer, final int length, final PacketHandler handler, final String name)
        throws IOException
    {
        if (length < 4)
        {
            throw new IOException(name + ": too short to be a capture file");
        }
        final int magicLe = buffer.getInt(0, ByteOrder.LITTLE_ENDIAN);
        final int magicBe = buffer.getInt(0, ByteOrder.BIG_ENDIAN);
        if (magicLe == PCAPNG_SECTION_HEADER)
        {
            format = "pcapng";
            readPcapng(buffer, length, handler, name);
        }
        else if (magicLe == PCAP_MAGIC_MICROS || magicLe == PCAP_MAGIC_NANOS)
        {
            readPcap(buffer, length, handler, ByteOrder.LITTLE_ENDIAN, magicLe == PCAP_MAGIC_NANOS, name);
        }
        else if (magicBe == PCAP_MAGIC_MICROS || magicBe == PCAP_MAGIC_NANOS)
        {
            readPcap(buffer, length, handler, ByteOrder.BIG_ENDIAN, magicBe == PCAP_MAGIC_NANOS, name);
        }
        else
        {
            throw new IOException(name + ": not a pcap or pcapng file (magic " + Integer.toHexString(magicBe) + ")");
        }
    }

    private void readPcap(
        final UnsafeBuffer buffer,
        final int length,
        final PacketHandler handler,
        final ByteOrder order,
        final boolean nanos,
        final String name) throws IOException
    {
        format = nanos ? "pcap (ns)" : "pcap (µs)";
        if (length < 24)
        {
            throw new IOException(name + ": truncated pcap global header");
        }
        final int linkType = buffer.getInt(20, order) & 0x0FFF_FFFF; // upper bits may carry FCS info
        int position = 24;
        while (position + 16 <= length)
        {
            final long seconds = buffer.getInt(position, order) & 0xFFFF_FFFFL;
            final long fraction = buffer.getInt(position + 4, order) & 0xFFFF_FFFFL;
            final int capturedLength = buffer.getInt(position + 8, order);
            if (capturedLength < 0 || position + 16 + capturedLength > length)
            {
                truncatedRecords++;
                return;
            }
            final long timestamp = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1_000L);
            packets++;
            handler.onPacket(timestamp, linkType, buffer, position + 16, capturedLength);
            position += 16 + capturedLength;
        }
        if (position != length)
        {
            truncatedRecords++;
        }
    }

    private void readPcapng(final UnsafeBuffer buffer, final int length, final PacketHandler handler, final String name)
        throws IOException
    {
        final IntArrayList linkTypes = new IntArrayList();
        final LongArrayList unitsPerSecond = new LongArrayList();
        ByteOrder order = ByteOrder.LITTLE_ENDIAN;
        int position = 0;
        while (position + 12 <= length)
        {
            final int type = buffer.getInt(position, order);
            if (type == PCAPNG_SECTION_HEADER)
            {
                // byte order is defined per section by its byte-order magic
                final int magic = buffer.getInt(position + 8, ByteOrder.LITTLE_ENDIAN);
                if (magic == PCAPNG_BYTE_ORDER_MAGIC)
                {
                    order = ByteOrder.LITTLE_ENDIAN;
                }
                else if (buffer.getInt(position + 8, ByteOrder.BIG_ENDIAN) == PCAPNG_BYTE_ORDER_MAGIC)
                {
                    order = ByteOrder.BIG_ENDIAN;
                }
                else
                {
                    throw new IOException(name + ": bad pcapng byte-order magic at offset " + position);
                }
                linkTypes.clear(); // interface ids restart in each section
                unitsPerSecond.clear();
            }
            final int blockLength = buffer.getInt(position + 4, order);
            if (blockLength < 12 || (blockLength & 3) != 0 || position + blockLength > length)
            {
                truncatedRecords++;
                return;
            }
            final int body = position + 8;
            switch (type)
            {
                case PCAPNG_INTERFACE_DESCRIPTION:
                    linkTypes.addInt(buffer.getShort(body, order) & 0xFFFF);
                    unitsPerSecond.addLong(tsResolution(buffer, body + 8, position + blockLength - 4, order));
                    break;
                case PCAPNG_ENHANCED_PACKET:
                case PCAPNG_OBSOLETE_PACKET:
                {
                    final int interfaceId = type == PCAPNG_ENHANCED_PACKET ?
                        buffer.getInt(body, order) : buffer.getShort(body, order) & 0xFFFF;
                    final long units = ((buffer.getInt(body + 4, order) & 0xFFFF_FFFFL) << 32) |
                        (buffer.getInt(body + 8, order) & 0xFFFF_FFFFL);
                    final int capturedLength = buffer.getInt(body + 12, order);
                    if (interfaceId >= linkTypes.size() || capturedLength < 0 || body + 20 + capturedLength > length)
                    {
                        throw new IOException(name + ": bad packet block at offset " + position);
                    }
                    packets++;
                    handler.onPacket(toNanos(units, unitsPerSecond.getLong(interfaceId)),
                        linkTypes.getInt(interfaceId), buffer, body + 20, capturedLength);
                    break;
                }
                case PCAPNG_SIMPLE_PACKET:
                {
                    // no timestamp in a simple packet block; interface 0 by definition
                    final int originalLength = buffer.getInt(body, order);
                    final int capturedLength = Math.min(originalLength, blockLength - 16);
                    if (linkTypes.isEmpty())
                    {
                        throw new IOException(name + ": simple packet block before any interface description");
                    }
                    packets++;
                    handler.onPacket(0, linkTypes.getInt(0), buffer, body + 4, capturedLength);
                    break;
                }
                default:
                    break; // statistics, name resolution, custom blocks: not needed
            }
            position += blockLength;
        }
        if (position != length)
        {
            truncatedRecords++;
        }
    }

    /** Units per second from the {@code if_tsresol} option (default 10^6). */
    private static long tsResolution(final UnsafeBuffer buffer, final int optionsStart, final int optionsEnd, final ByteOrder order)
    {
        int position = optionsStart;
        while (position + 4 <= optionsEnd)
        {
            final int code = buffer.getShort(position, order) & 0xFFFF;
            final int length = buffer.getShort(position + 2, order) & 0xFFFF;
            if (code == OPTION_END)
            {
                break;
            }
            if (code == OPTION_IF_TSRESOL && length >= 1)
            {
                final int value = buffer.getByte(position + 4) & 0xFF;
                final int exponent = value & 0x7F;
                long units = 1;
                for (int i = 0; i < exponent && units < Long.MAX_VALUE / 10; i++)
                {
                    units = (value & 0x80) != 0 ? units << 1 : units * 10;
                }
                return units;
            }
            position += 4 + ((length + 3) & ~3);
        }
        return 1_000_000L;
    }

    private static long toNanos(final long units, final long unitsPerSecond)
    {
        if (unitsPerSecond == 1_000_000_000L)
        {
            return units;
        }
        final long seconds = units / unitsPerSecond;
        final long rest = units % unitsPerSecond;
        return seconds * 1_000_000_000L + rest * 1_000_000_000L / unitsPerSecond;
    }

    public long packets()
    {
        return packets;
    }

    public long truncatedRecords()
    {
        return truncatedRecords;
    }

    /** {@code pcap (µs)}, {@code pcap (ns)} or {@code pcapng}, once read. */
    public String format()
    {
        return format;
    }
}
