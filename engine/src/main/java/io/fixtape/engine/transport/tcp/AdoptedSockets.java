package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.status.EngineCounters;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.channels.SocketChannel;
import java.util.ArrayList;

/**
 * Sockets handed to a {@link TcpTransport} by another transport ({@link TcpTransport#detach} there,
 * {@link TcpTransport#adopt} here), with the bytes the previous owner had already read: taken over on the next poll,
 * reported connected, then handed the bytes as if they had just been read.
 *
 * <p>Threading: the transport's poller thread. Allocates per connection (the lists grow to the largest batch).
 */
final class AdoptedSockets
{
    private final TcpTransport transport;
    private final EngineCounters counters;
    private final UnsafeBuffer readBuffer;
    private final ArrayList<SocketChannel> channels = new ArrayList<>();
    private final ArrayList<byte[]> bytesRead = new ArrayList<>();

    /** @param readBuffer the transport's off-heap read buffer, through which the bytes already read are delivered. */
    AdoptedSockets(final TcpTransport transport, final EngineCounters counters, final UnsafeBuffer readBuffer)
    {
        this.transport = transport;
        this.counters = counters;
        this.readBuffer = readBuffer;
    }

    void add(final SocketChannel channel, final byte[] initialBytes)
    {
        channels.add(channel);
        bytesRead.add(initialBytes);
    }

    /** Take over the sockets handed over since the last poll and deliver what was read on each. */
    void report(final TransportListener listener)
    {
        for (int i = 0; i < channels.size(); i++)
        {
            final TcpConnection connection = transport.takeOver(channels.get(i), null);
            final byte[] initialBytes = bytesRead.get(i);
            if (connection == null || initialBytes == null || initialBytes.length == 0 || !connection.isOpen())
            {
                continue;
            }
            counters.bytesRead.getAndAddRelease(initialBytes.length);
            if (initialBytes.length <= readBuffer.capacity())
            {
                // delivered from the off-heap read buffer like every other read: a heap buffer reaching the compiled
                // receive path would break its off-heap speculation and deoptimise it
                readBuffer.putBytes(0, initialBytes);
                listener.onData(connection, readBuffer, 0, initialBytes.length);
            }
            else
            {
                listener.onData(connection, new UnsafeBuffer(initialBytes), 0, initialBytes.length);
            }
        }
        channels.clear();
        bytesRead.clear();
    }

    /** At close: sockets handed over but never taken over are closed here, since nobody else will. */
    void closeAll()
    {
        for (final SocketChannel channel : channels)
        {
            TcpTransport.closeQuietly(channel);
        }
        channels.clear();
        bytesRead.clear();
    }
}
