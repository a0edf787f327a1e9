package io.fixtape.nic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;

/**
 * Socket options for low-latency TCP, applied and read back. The kernel may round or cap a buffer size (Linux
 * doubles SO_RCVBUF/SO_SNDBUF and caps them at net.core.[rw]mem_max), so what counts is {@link Applied}, the
 * value read back after setting, never the requested one.
 *
 * <p>Immutable; safe from any thread. {@link #apply(NetworkChannel)} must be called before the channel is used
 * for I/O on another thread.
 *
 * @param tcpNoDelay   Nagle off when true (default true: FIX messages are small and latency-bound).
 * @param receiveBuffer SO_RCVBUF in bytes, 0 to leave the OS default (default 0).
 * @param sendBuffer    SO_SNDBUF in bytes, 0 to leave the OS default (default 0).
 */
public record SocketTuning(boolean tcpNoDelay, int receiveBuffer, int sendBuffer)
{
    /** TCP_NODELAY on, buffers at the OS default. */
    public static final SocketTuning LOW_LATENCY = new SocketTuning(true, 0, 0);

    /** What the OS reports after {@link #apply(NetworkChannel)}. */
    public record Applied(boolean tcpNoDelay, int receiveBuffer, int sendBuffer)
    {
        @Override
        public String toString()
        {
            return "TCP_NODELAY=" + tcpNoDelay + " SO_RCVBUF=" + receiveBuffer + " SO_SNDBUF=" + sendBuffer;
        }
    }

    public SocketTuning withReceiveBuffer(final int bytes)
    {
        return new SocketTuning(tcpNoDelay, bytes, sendBuffer);
    }

    public SocketTuning withSendBuffer(final int bytes)
    {
        return new SocketTuning(tcpNoDelay, receiveBuffer, bytes);
    }

    /**
     * Applies the options and reads them back.
     *
     * @throws IllegalStateException if TCP_NODELAY reads back different from what was set, or a buffer reads back
     *                               smaller than requested (the OS cap is lower: raise net.core.rmem_max/wmem_max).
     */
    public Applied apply(final NetworkChannel channel)
    {
        try
        {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, tcpNoDelay);
            if (receiveBuffer > 0)
            {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, receiveBuffer);
            }
            if (sendBuffer > 0)
            {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, sendBuffer);
            }
            final Applied applied = readBack(channel);
            if (applied.tcpNoDelay() != tcpNoDelay)
            {
                throw new IllegalStateException("TCP_NODELAY=" + tcpNoDelay + " was not applied: reads back "
                    + applied.tcpNoDelay());
            }
            if (receiveBuffer > 0 && applied.receiveBuffer() < receiveBuffer)
            {
                throw new IllegalStateException("SO_RCVBUF=" + receiveBuffer + " capped by the OS to "
                    + applied.receiveBuffer() + " (raise net.core.rmem_max)");
            }
            if (sendBuffer > 0 && applied.sendBuffer() < sendBuffer)
            {
                throw new IllegalStateException("SO_SNDBUF=" + sendBuffer + " capped by the OS to "
                    + applied.sendBuffer() + " (raise net.core.wmem_max)");
            }
            return applied;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** The options as the OS reports them now (a listening channel has no TCP_NODELAY: reported false). */
    public static Applied readBack(final NetworkChannel channel)
    {
        try
        {
            final boolean noDelay = channel.supportedOptions().contains(StandardSocketOptions.TCP_NODELAY)
                && channel.getOption(StandardSocketOptions.TCP_NODELAY);
            final int sndBuf = channel.supportedOptions().contains(StandardSocketOptions.SO_SNDBUF)
                ? channel.getOption(StandardSocketOptions.SO_SNDBUF) : 0;
            return new Applied(noDelay, channel.getOption(StandardSocketOptions.SO_RCVBUF), sndBuf);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }
}
