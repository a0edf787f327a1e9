package io.fixtape.replay.transport.inproc;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;

/**
 * One end of an {@link InProcPipe}: a {@link Transport} with exactly one {@link Connection}. The first
 * {@link #poll} reports the connection; later polls hand what the peer wrote to {@link TransportListener#onData}
 * (one call per peer write) and, once the peer closed and everything it wrote was delivered, report
 * {@link DisconnectReason#REMOTE_CLOSED}. A local {@link Connection#close} is reported on the next poll with its
 * reason, as the engine's TCP transport does.
 *
 * <p>Threading: {@link #poll} and the connection's methods are called by this end's poller thread only.
 * Allocation-free after construction.
 */
public final class InProcTransport implements Transport, MessageHandler
{
    private static final int MSG_TYPE_DATA = 1;
    private static final int READ_LIMIT = 64;

    /** Shared by both ends: written by the closing end, read by the other. */
    static final class CloseFlags
    {
        volatile boolean initiatorClosed;
        volatile boolean acceptorClosed;
    }

    private final boolean initiated;
    private final OneToOneRingBuffer outbound;
    private final OneToOneRingBuffer inbound;
    private final CloseFlags flags;
    private final PipeConnection connection;

    private TransportListener listener;
    private boolean connectedReported;
    private boolean closed;
    private DisconnectReason closeToReport;

    InProcTransport(
        final boolean initiated,
        final OneToOneRingBuffer outbound,
        final OneToOneRingBuffer inbound,
        final CloseFlags flags,
        final long connectionId)
    {
        this.initiated = initiated;
        this.outbound = outbound;
        this.inbound = inbound;
        this.flags = flags;
        this.connection = new PipeConnection(connectionId);
    }

    @Override
    public int poll(final TransportListener listener)
    {
        if (closed)
        {
            return reportLocalClose(listener);
        }
        this.listener = listener;
        int work = 0;
        if (!connectedReported)
        {
            connectedReported = true;
            listener.onConnected(connection, initiated);
            work++;
        }
        // read the flag first: everything the peer wrote before closing is then already in the ring
        final boolean peerClosed = initiated ? flags.acceptorClosed : flags.initiatorClosed;
        final int read = inbound.read(this, READ_LIMIT);
        work += read;
        if (peerClosed && read == 0 && !closed)
        {
            markClosed();
            listener.onDisconnected(connection, DisconnectReason.REMOTE_CLOSED);
            work++;
        }
        return work;
    }

    private int reportLocalClose(final TransportListener listener)
    {
        final DisconnectReason reason = closeToReport;
        if (reason == null)
        {
            return 0;
        }
        closeToReport = null;
        listener.onDisconnected(connection, reason);
        return 1;
    }

    @Override
    public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        if (!closed)
        {
            listener.onData(connection, buffer, index, length);
        }
    }

    private void markClosed()
    {
        closed = true;
        if (initiated)
        {
            flags.initiatorClosed = true;
        }
        else
        {
            flags.acceptorClosed = true;
        }
    }

    @Override
    public String name()
    {
        return "inproc";
    }

    @Override
    public void close()
    {
        connection.close(DisconnectReason.ENGINE_CLOSE);
    }

    private final class PipeConnection implements Connection
    {
        private final long connectionId;

        PipeConnection(final long connectionId)
        {
            this.connectionId = connectionId;
        }

        @Override
        public long connectionId()
        {
            return connectionId;
        }

        /**
         * One ring record per call, so the whole message or nothing. A message longer than the ring's
         * {@code maxMsgLength} (capacity / 8) can never fit: the connection is closed and {@link #NOT_CONNECTED}
         * returned, as a TCP transport does for a message over its size limit.
         */
        @Override
        public long write(final DirectBuffer buffer, final int offset, final int length)
        {
            if (closed)
            {
                return NOT_CONNECTED;
            }
            if (length > outbound.maxMsgLength())
            {
                close(DisconnectReason.MESSAGE_TOO_LARGE);
                return NOT_CONNECTED;
            }
            return outbound.write(MSG_TYPE_DATA, buffer, offset, length) ? length : BACK_PRESSURED;
        }

        /**
         * A lower bound on the largest message {@link #write} takes now: free ring space, allowing for the padding
         * record the ring writes when a message would straddle its end (the consumer only ever frees more).
         */
        @Override
        public int writableBytes()
        {
            if (closed)
            {
                return 0;
            }
            final int capacity = outbound.capacity();
            final long tail = outbound.producerPosition();
            final int free = capacity - (int)(tail - outbound.consumerPosition());
            final int toEnd = capacity - (int)(tail & (capacity - 1));
            final int room = Math.max(Math.min(toEnd, free), free - toEnd) - RecordDescriptor.HEADER_LENGTH;
            final int aligned = room & ~(RecordDescriptor.ALIGNMENT - 1);
            return Math.max(0, Math.min(aligned, outbound.maxMsgLength()));
        }

        @Override
        public int pendingBytes()
        {
            return outbound.size();
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
                markClosed();
                closeToReport = reason;
            }
        }

        @Override
        public String remoteAddress()
        {
            return initiated ? "inproc:acceptor" : "inproc:initiator";
        }

        @Override
        public String toString()
        {
            return "inproc#" + connectionId;
        }
    }
}
