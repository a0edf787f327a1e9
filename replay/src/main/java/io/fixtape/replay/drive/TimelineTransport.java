package io.fixtape.replay.drive;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Wraps the engine side of a replay transport so that the engine's clock follows the recording ({@link Timeline}):
 * bytes arriving from the counterparty are cut into messages here by their recorded lengths (the counterparty
 * writes exactly the recorded messages, in order, so no parsing is needed) and handed to the engine one message
 * per {@code onData};
 * just before the n-th inbound message the {@link ReplayClock} is advanced to its recorded time, and then to the
 * engine time of the first reply it caused; each time the engine writes a reply, the clock advances to the engine
 * time of the next reply to the same message. Whatever the transport does to message boundaries (TCP coalescing,
 * Aeron fragments), the engine sees the same messages at the same clock readings.
 *
 * <p>The engine gets a wrapping {@link Connection} (to see its writes); everything else passes through.
 *
 * <p>Threading: used by the engine's poller thread only (it is the engine's {@link Transport}). Allocation-free
 * after construction.
 */
public final class TimelineTransport implements Transport, TransportListener
{
    private final Transport inner;
    private final ReplayClock clock;
    private final Timeline timeline;
    private final UnsafeBuffer pending;
    private final CountingConnection connection = new CountingConnection();
    private TransportListener engine;
    private int pendingLength;
    private int next;
    private int written;
    private long unexpectedBytes;

    /**
     * @param inner          the engine end of the replay transport pair.
     * @param clock          the engine's clock.
     * @param timeline       recorded clock readings and inbound message lengths.
     */
    public TimelineTransport(final Transport inner, final ReplayClock clock, final Timeline timeline)
    {
        this.inner = inner;
        this.clock = clock;
        this.timeline = timeline;
        int largest = 0;
        for (final int length : timeline.inboundLengths)
        {
            largest = Math.max(largest, length);
        }
        this.pending = new UnsafeBuffer(new byte[Math.max(largest, 64) * 2]);
    }

    @Override
    public int poll(final TransportListener listener)
    {
        this.engine = listener;
        return inner.poll(this);
    }

    @Override
    public String name()
    {
        return inner.name();
    }

    @Override
    public void close()
    {
        inner.close();
    }

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        this.connection.delegate = connection;
        if (next < timeline.inboundTimestamps.length)
        {
            clock.advanceTo(timeline.inboundTimestamps[next]);
        }
        engine.onConnected(this.connection, initiated);
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        this.connection.delegate = connection;
        int position = offset;
        final int end = offset + length;
        while (pendingLength > 0 && position < end)
        {
            // complete the message started by an earlier chunk
            final int wanted = expectedLength() - pendingLength;
            final int take = Math.min(wanted, end - position);
            pending.putBytes(pendingLength, buffer, position, take);
            pendingLength += take;
            position += take;
            if (pendingLength == expectedLength())
            {
                pendingLength = 0;
                if (!deliver(pending, 0, expectedLengthOf(next)))
                {
                    return;
                }
            }
        }
        while (position < end)
        {
            final int expected = expectedLength();
            if (expected < 0)
            {
                unexpectedBytes += end - position; // more than the recording holds: never expected
                return;
            }
            if (end - position < expected)
            {
                pending.putBytes(0, buffer, position, end - position);
                pendingLength = end - position;
                return;
            }
            if (!deliver(buffer, position, expected))
            {
                return;
            }
            position += expected;
        }
    }

    private int expectedLength()
    {
        return expectedLengthOf(next);
    }

    private int expectedLengthOf(final int index)
    {
        return index < timeline.inboundLengths.length ? timeline.inboundLengths[index] : -1;
    }

    /** @return false when the engine closed the connection while handling it. */
    private boolean deliver(final DirectBuffer buffer, final int offset, final int length)
    {
        final int inbound = next++;
        if (inbound < timeline.inboundTimestamps.length)
        {
            clock.advanceTo(timeline.inboundTimestamps[inbound]);
        }
        advanceToReply(inbound);
        engine.onData(connection, buffer, offset, length);
        return connection.isOpen();
    }

    /** If the next outbound message to be written answers {@code inbound}, move the clock to its engine time. */
    private void advanceToReply(final int inbound)
    {
        if (written < timeline.outboundCause.length && timeline.outboundCause[written] == inbound)
        {
            clock.advanceTo(timeline.outboundClock[written]);
        }
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        pendingLength = 0;
        engine.onDisconnected(this.connection, reason);
    }

    @Override
    public void onConnectFailed(final long connectionId)
    {
        engine.onConnectFailed(connectionId);
    }

    /** Inbound messages handed to the engine so far. */
    public int delivered()
    {
        return next;
    }

    /** Bytes beyond the recorded inbound messages (never expected: the counterparty sends only those). */
    public long unexpectedBytes()
    {
        return unexpectedBytes;
    }

    /** The engine's view of the connection: counts its writes to step the clock through the recorded replies. */
    private final class CountingConnection implements Connection
    {
        private Connection delegate;

        @Override
        public long connectionId()
        {
            return delegate.connectionId();
        }

        @Override
        public long write(final DirectBuffer buffer, final int offset, final int length)
        {
            final long result = delegate.write(buffer, offset, length);
            if (result >= 0)
            {
                written++;
                advanceToReply(next - 1);
            }
            return result;
        }

        @Override
        public int writableBytes()
        {
            return delegate.writableBytes();
        }

        @Override
        public int pendingBytes()
        {
            return delegate.pendingBytes();
        }

        @Override
        public boolean isOpen()
        {
            return delegate.isOpen();
        }

        @Override
        public void close(final DisconnectReason reason)
        {
            delegate.close(reason);
        }

        @Override
        public String remoteAddress()
        {
            return delegate.remoteAddress();
        }

        @Override
        public String toString()
        {
            return delegate.toString();
        }
    }
}
