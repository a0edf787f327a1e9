package io.fixtape.cluster;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

import static io.fixtape.cluster.IpcHeaderDescriptor.*;

/**
 * Flyweight over an {@link IpcHeaderDescriptor} header: {@link #wrap} a buffer at an offset, then read or write the
 * fields in place. Allocation-free; one instance per thread.
 */
public final class IpcHeader
{
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    private DirectBuffer buffer;
    private MutableDirectBuffer mutable;
    private int offset;

    public IpcHeader wrap(final DirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.mutable = buffer instanceof MutableDirectBuffer ? (MutableDirectBuffer)buffer : null;
        this.offset = offset;
        return this;
    }

    /** Write a complete header (version {@link IpcHeaderDescriptor#VERSION}). */
    public IpcHeader write(
        final int flags, final int worker, final int sessionIndex, final int seqNum, final int payloadLength,
        final long msgType)
    {
        mutable.putByte(offset + VERSION_OFFSET, VERSION);
        mutable.putByte(offset + FLAGS_OFFSET, (byte)flags);
        mutable.putShort(offset + WORKER_OFFSET, (short)worker, ORDER);
        mutable.putInt(offset + SESSION_INDEX_OFFSET, sessionIndex, ORDER);
        mutable.putInt(offset + SEQ_NUM_OFFSET, seqNum, ORDER);
        mutable.putInt(offset + PAYLOAD_LENGTH_OFFSET, payloadLength, ORDER);
        mutable.putLong(offset + MSG_TYPE_OFFSET, msgType, ORDER);
        return this;
    }

    public int version()
    {
        return buffer.getByte(offset + VERSION_OFFSET);
    }

    public int flags()
    {
        return buffer.getByte(offset + FLAGS_OFFSET) & 0xFF;
    }

    public int worker()
    {
        return buffer.getShort(offset + WORKER_OFFSET, ORDER) & 0xFFFF;
    }

    public int sessionIndex()
    {
        return buffer.getInt(offset + SESSION_INDEX_OFFSET, ORDER);
    }

    public int seqNum()
    {
        return buffer.getInt(offset + SEQ_NUM_OFFSET, ORDER);
    }

    public int payloadLength()
    {
        return buffer.getInt(offset + PAYLOAD_LENGTH_OFFSET, ORDER);
    }

    public long msgType()
    {
        return buffer.getLong(offset + MSG_TYPE_OFFSET, ORDER);
    }

    /** Offset of the payload in the wrapped buffer. */
    public int payloadOffset()
    {
        return offset + HEADER_LENGTH;
    }
}
