package io.fixtape.replay.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test helper that writes Ethernet/IPv4/TCP frames into a classic pcap or a pcapng file — enough to build
 * captures with exactly the retransmits, reordering and splits a test needs.
 */
final class CaptureWriter
{
    static final byte[] CLIENT = {10, 0, 0, 1};
    static final byte[] SERVER = {10, 0, 0, 2};
    static final int CLIENT_PORT = 50123;
    static final int SERVER_PORT = 9876;

    private final ByteArrayOutputStream frames = new ByteArrayOutputStream();
    private final boolean pcapng;
    private int clientSeq = 1000;
    private int serverSeq = 0x7FFF_FF00; // crosses the 31-bit boundary and later wraps nothing: exercises signed math
    private long time = 1_764_686_147_000_000_000L;

    CaptureWriter(final boolean pcapng)
    {
        this.pcapng = pcapng;
        if (pcapng)
        {
            // section header (little endian) and one Ethernet interface with nanosecond resolution
            final ByteBuffer shb = le(28).putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short)1)
                .putShort((short)0).putLong(-1L).putInt(28);
            frames.writeBytes(shb.array());
            final ByteBuffer idb = le(32).putInt(1).putInt(32).putShort((short)1).putShort((short)0).putInt(65535)
                .putShort((short)9).putShort((short)1).put((byte)9).put(new byte[3]).putInt(0).putInt(32);
            frames.writeBytes(idb.array());
        }
        else
        {
            frames.writeBytes(le(24).putInt(0xA1B2C3D4).putShort((short)2).putShort((short)4).putInt(0).putInt(0)
                .putInt(65535).putInt(1).array());
        }
    }

    private static ByteBuffer le(final int size)
    {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    int clientSeq()
    {
        return clientSeq;
    }

    int serverSeq()
    {
        return serverSeq;
    }

    void handshake()
    {
        segment(true, clientSeq++, 0x02, new byte[0]);
        segment(false, serverSeq++, 0x12, new byte[0]);
    }

    /** Sends in order and advances the sender's sequence number. */
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

    /** Writes one segment with an explicit sequence number (for retransmits and reordering). */
    void segment(final boolean fromClient, final int seq, final int flags, final byte[] payload)
    {
        final int ipLength = 20 + 20 + payload.length;
        final ByteBuffer frame = ByteBuffer.allocate(14 + ipLength).order(ByteOrder.BIG_ENDIAN);
        frame.put(new byte[6]).put(new byte[6]).putShort((short)0x0800);
        frame.put((byte)0x45).put((byte)0).putShort((short)ipLength).putShort((short)0).putShort((short)0x4000)
            .put((byte)64).put((byte)6).putShort((short)0).put(fromClient ? CLIENT : SERVER).put(fromClient ? SERVER : CLIENT);
        frame.putShort((short)(fromClient ? CLIENT_PORT : SERVER_PORT)).putShort((short)(fromClient ? SERVER_PORT : CLIENT_PORT))
            .putInt(seq).putInt(0).put((byte)0x50).put((byte)flags).putShort((short)65535).putShort((short)0).putShort((short)0);
        frame.put(payload);
        record(frame.array());
    }

    private void record(final byte[] frame)
    {
        time += 1_000_123L;
        if (pcapng)
        {
            final int padded = (frame.length + 3) & ~3;
            final int blockLength = 32 + padded;
            final ByteBuffer epb = le(blockLength).putInt(6).putInt(blockLength).putInt(0)
                .putInt((int)(time >>> 32)).putInt((int)time).putInt(frame.length).putInt(frame.length);
            epb.put(frame).position(28 + padded);
            epb.putInt(blockLength);
            frames.writeBytes(epb.array());
        }
        else
        {
            final long micros = time / 1_000;
            frames.writeBytes(le(16).putInt((int)(micros / 1_000_000)).putInt((int)(micros % 1_000_000))
                .putInt(frame.length).putInt(frame.length).array());
            frames.writeBytes(frame);
        }
    }

    Path write(final Path file) throws IOException
    {
        Files.write(file, frames.toByteArray());
        return file;
    }
}
