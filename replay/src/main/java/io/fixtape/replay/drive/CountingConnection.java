package io.fixtape.replay.drive;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.DirectBuffer;

import java.util.function.IntConsumer;

/**
 * The engine's view of a connection in a {@link TimelineTransport}: every message the engine writes (taken whole)
 * is reported with its length, so the replay's clock can step through the recorded replies; everything else is the
 * wrapped connection's.
 *
 * <p>Engine poller thread only.
 */
final class CountingConnection implements Connection
{
    private final Connection delegate;
    private final IntConsumer onWritten;

    /** @param onWritten told the length of each message written. */
    CountingConnection(final Connection delegate, final IntConsumer onWritten)
    {
        this.delegate = delegate;
        this.onWritten = onWritten;
    }

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
            onWritten.accept(length);
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
