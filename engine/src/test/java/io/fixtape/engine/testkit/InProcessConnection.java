package io.fixtape.engine.testkit;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One end of an in-process byte pipe implementing {@link Connection}: what one end writes lands in the other
 * end's bounded inbox, as a byte stream (so framing, partial and several-per-read cases are real). A full inbox
 * answers {@link #BACK_PRESSURED}. Closing one end marks both closed; the reader notices via
 * {@link #isPeerClosed()}. Single-threaded (the test thread plays the poller).
 */
public final class InProcessConnection implements Connection
{
    private static long nextId = 1;

    private final long connectionId = nextId++;
    private final byte[] inbox;
    private final UnsafeBuffer inboxBuffer;
    private final String name;
    private InProcessConnection peer;
    private int inboxLength;
    private boolean closed;
    private boolean peerClosed;
    private DisconnectReason closeReason;
    private long bytesWritten;

    private InProcessConnection(final String name, final int capacity)
    {
        this.name = name;
        this.inbox = new byte[capacity];
        this.inboxBuffer = new UnsafeBuffer(inbox);
    }

    /** Two connected ends, each with an inbox of {@code capacity} bytes. */
    public static InProcessConnection[] pair(final String nameA, final String nameB, final int capacity)
    {
        final InProcessConnection a = new InProcessConnection(nameA, capacity);
        final InProcessConnection b = new InProcessConnection(nameB, capacity);
        a.peer = b;
        b.peer = a;
        return new InProcessConnection[]{a, b};
    }

    @Override
    public long connectionId()
    {
        return connectionId;
    }

    @Override
    public long write(final DirectBuffer buffer, final int offset, final int length)
    {
        if (closed)
        {
            return NOT_CONNECTED;
        }
        if (length > writableBytes())
        {
            return BACK_PRESSURED;
        }
        buffer.getBytes(offset, peer.inbox, peer.inboxLength, length);

        peer.inboxLength += length;
        bytesWritten += length;
        return length;
    }

    @Override
    public int writableBytes()
    {
        return closed ? 0 : peer.inbox.length - peer.inboxLength;
    }

    @Override
    public int pendingBytes()
    {
        return 0;
    }

    @Override
    public boolean isOpen()
    {
        return !closed;
    }

    @Override
    public void close(final DisconnectReason reason)
    {
        if (!closed)
        {
            closed = true;
            closeReason = reason;
            peer.closed = true;
            peer.peerClosed = true;
        }
    }

    /** Whether the other end closed this connection. */
    public boolean isPeerClosed()
    {
        return peerClosed;
    }

    /** Why this end was closed by its own side (null if open or closed by the peer). */
    public DisconnectReason closeReason()
    {
        return closeReason;
    }

    public InProcessConnection peer()
    {
        return peer;
    }

    /** Bytes received and not yet consumed, at offset 0. */
    public DirectBuffer inbox()
    {
        return inboxBuffer;
    }

    public int inboxLength()
    {
        return inboxLength;
    }

    /** Drop the first {@code bytes} of the inbox. */
    public void consume(final int bytes)
    {
        System.arraycopy(inbox, bytes, inbox, 0, inboxLength - bytes);
        inboxLength -= bytes;
    }

    public long bytesWritten()
    {
        return bytesWritten;
    }

    @Override
    public String remoteAddress()
    {
        return "inproc:" + peer.name;
    }

    @Override
    public String toString()
    {
        return "InProcessConnection{" + name + ", id=" + connectionId + (closed ? ", closed" : "") + "}";
    }
}
