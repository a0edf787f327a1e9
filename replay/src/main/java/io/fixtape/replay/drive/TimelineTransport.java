package io.fixtape.replay.drive;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.runtime.MessageAssembler;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;

/**
 * Wraps the engine side of a replay transport so that the engine's clock follows the recording ({@link Timeline}):
 * bytes arriving from the counterparty are framed here and handed to the engine one message per {@code onData};
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
public final class TimelineTransport implements Transport, TransportListener, MessageAssembler.Handler
{
    private final Transport inner;
    private final ReplayClock clock;
    private final Timeline timeline;
    private final MessageAssembler assembler;
    private final CountingConnection connection = new CountingConnection();
    private TransportListener engine;
    private int next;
    private int written;
    private long garbledBytes;

    /**
     * @param inner          the engine end of the replay transport pair.
     * @param clock          the engine's clock.
     * @param timeline       recorded clock readings.
     * @param maxMessageSize largest message framed (as the engine's own framer).
     */
    public TimelineTransport(final Transport inner, final ReplayClock clock, final Timeline timeline,
        final int maxMessageSize)
    {
        this.inner = inner;
        this.clock = clock;
        this.timeline = timeline;
        this.assembler = new MessageAssembler(new FixFramer(maxMessageSize));
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
        assembler.onData(buffer, offset, length, this);
    }

    @Override
    public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
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
    public boolean onGarbled(final int reason, final int discardedBytes)
    {
        garbledBytes += discardedBytes; // recorded messages were framed once already; counted, never expected
        return true;
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        assembler.reset();
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

    public long garbledBytes()
    {
        return garbledBytes;
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
