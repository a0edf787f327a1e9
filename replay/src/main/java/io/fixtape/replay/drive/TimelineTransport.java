package io.fixtape.replay.drive;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.runtime.MessageAssembler;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;

/**
 * Wraps the engine side of a replay transport so that the engine's clock follows the recording: bytes arriving
 * from the counterparty are framed here and handed to the engine one message per {@code onData}, and just before
 * the n-th inbound message the {@link ReplayClock} is advanced to the n-th recorded inbound timestamp. Whatever
 * the transport does to message boundaries (TCP coalescing, Aeron fragments), the engine sees the same messages
 * at the same clock readings.
 *
 * <p>Threading: used by the engine's poller thread only (it is the engine's {@link Transport}). Allocation-free
 * after construction.
 */
public final class TimelineTransport implements Transport, TransportListener, MessageAssembler.Handler
{
    private final Transport inner;
    private final ReplayClock clock;
    private final long[] inboundTimestamps;
    private final MessageAssembler assembler;
    private TransportListener engine;
    private Connection connection;
    private int next;
    private long garbledBytes;

    /**
     * @param inner             the engine end of the replay transport pair.
     * @param clock             the engine's clock.
     * @param inboundTimestamps recorded time of each inbound message, in order.
     * @param maxMessageSize    largest message framed (as the engine's own framer).
     */
    public TimelineTransport(final Transport inner, final ReplayClock clock, final long[] inboundTimestamps,
        final int maxMessageSize)
    {
        this.inner = inner;
        this.clock = clock;
        this.inboundTimestamps = inboundTimestamps;
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
        this.connection = connection;
        if (next < inboundTimestamps.length)
        {
            clock.advanceTo(inboundTimestamps[next]);
        }
        engine.onConnected(connection, initiated);
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        this.connection = connection;
        assembler.onData(buffer, offset, length, this);
    }

    @Override
    public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (next < inboundTimestamps.length)
        {
            clock.advanceTo(inboundTimestamps[next]);
        }
        next++;
        engine.onData(connection, buffer, offset, length);
        return connection.isOpen();
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
        engine.onDisconnected(connection, reason);
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
}
