package io.fixtape.bench.harness.server;

import org.apache.mina.core.buffer.IoBuffer;
import org.apache.mina.core.filterchain.IoFilterAdapter;
import org.apache.mina.core.session.IoSession;
import org.apache.mina.core.write.WriteRequest;

/**
 * The {@code tick_to_trade} probe for the QuickFIX/J arm: a MINA filter installed ahead of QuickFIX/J's codec, so
 * it sees raw socket bytes. {@code messageReceived} (bytes just read) stamps each tick key (262) the read carried;
 * {@code messageSent} (MINA's event after the bytes were written to the socket) stamps each order key (11).
 *
 * <p>Threading: both events run on the session's MINA I/O processor thread.
 */
final class QuickFixJProbeFilter extends IoFilterAdapter implements ServerProbe.KeySink
{
    private final ServerProbe probe;
    private final ServerProbe.KeyStream ticks = new ServerProbe.KeyStream(262);
    private final ServerProbe.KeyStream orders = new ServerProbe.KeyStream(11);
    private boolean reading;
    private boolean warned;

    QuickFixJProbeFilter(final ServerProbe probe)
    {
        this.probe = probe;
    }

    @Override
    public void messageReceived(final NextFilter nextFilter, final IoSession session, final Object message)
        throws Exception
    {
        final long nowNs = System.nanoTime();
        if (message instanceof IoBuffer)
        {
            final IoBuffer buffer = (IoBuffer)message;
            final int length = copy(buffer, buffer.position(), buffer.limit(), ticks);
            reading = true;
            ticks.scan(length, this, nowNs);
        }
        else if (!warned)
        {
            warned = true;
            System.err.println("WARNING tick probe: QuickFIX/J filter saw " + message.getClass() + " instead of bytes");
        }
        nextFilter.messageReceived(session, message);
    }

    @Override
    public void messageSent(final NextFilter nextFilter, final IoSession session, final WriteRequest writeRequest)
        throws Exception
    {
        final long nowNs = System.nanoTime();
        final Object message = writeRequest.getMessage();
        if (message instanceof IoBuffer)
        {
            final IoBuffer buffer = (IoBuffer)message;
            // written: the position has moved to the limit; the message is what lies before it
            final int length = copy(buffer, 0, buffer.limit(), orders);
            reading = false;
            orders.scan(length, this, nowNs);
        }
        nextFilter.messageSent(session, writeRequest);
    }

    private static int copy(final IoBuffer buffer, final int from, final int to, final ServerProbe.KeyStream stream)
    {
        final byte[] into = stream.buffer();
        final int at = stream.position();
        final int length = Math.min(to - from, into.length - at);
        for (int i = 0; i < length; i++)
        {
            into[at + i] = buffer.get(from + i);
        }
        return length;
    }

    @Override
    public void key(final long value, final long nowNs)
    {
        if (reading)
        {
            probe.read(value, nowNs);
        }
        else
        {
            probe.written(value, nowNs);
        }
    }
}
