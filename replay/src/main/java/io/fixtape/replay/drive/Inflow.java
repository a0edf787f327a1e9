package io.fixtape.replay.drive;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;

/**
 * One connection's inbound side in a {@link TimelineTransport}: which recorded messages it carries, how far they
 * were handed to the engine, and the bytes that arrived before their turn (copied aside until every earlier
 * message of the recording, on any connection, was handed over).
 *
 * <p>Engine poller thread only. The waiting room is created with the first bytes that must wait and grows to the
 * largest backlog.
 */
final class Inflow
{
    /** The recorded connection this one stands for, -1 when the recording has none left for it. */
    final int recorded;
    /** The engine's view of the connection, counting its writes. */
    final CountingConnection view;
    private final int[] inbound;
    ExpandableDirectByteBuffer waiting;
    int waitingStart;
    int waitingEnd;
    int cursor;
    boolean ended;

    /** @param inbound the recorded numbers of the inbound messages of this connection, in order. */
    Inflow(final int recorded, final int[] inbound, final CountingConnection view)
    {
        this.recorded = recorded;
        this.inbound = inbound;
        this.view = view;
    }

    /** The recorded number of the next inbound message this connection carries, or -1 after its last. */
    int nextInbound()
    {
        return cursor < inbound.length ? inbound[cursor] : -1;
    }

    int waitingBytes()
    {
        return waitingEnd - waitingStart;
    }

    void append(final DirectBuffer buffer, final int offset, final int length)
    {
        if (waiting == null)
        {
            waiting = new ExpandableDirectByteBuffer(Math.max(4096, length * 2));
        }
        waiting.putBytes(waitingEnd, buffer, offset, length);
        waitingEnd += length;
    }

    /** Move a small remainder to the front once the delivered part is large. */
    void compact()
    {
        if (waitingStart == waitingEnd)
        {
            waitingStart = 0;
            waitingEnd = 0;
        }
        else if (waitingStart > 64 * 1024)
        {
            final int remaining = waitingEnd - waitingStart;
            waiting.putBytes(0, waiting, waitingStart, remaining);
            waitingStart = 0;
            waitingEnd = remaining;
        }
    }
}
