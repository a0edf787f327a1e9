package io.fixtape.replay.capture;

import io.fixtape.engine.codec.FixFramer;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

/**
 * Turns one direction's in-order TCP payload into FIX messages with {@link FixFramer}: several messages per
 * segment and messages split across segments both work; garbled bytes are skipped as the spec says and counted.
 * After a gap (bytes the capture lost) the partial message is dropped, since its tail is gone.
 *
 * <p>Not thread-safe.
 */
final class FixStreamSplitter
{
    private final FixFramer framer = new FixFramer(1024 * 1024);
    private final ExpandableArrayBuffer pending = new ExpandableArrayBuffer(4096);
    private int pendingLength;
    private long garbledBytes;
    private long droppedAtGap;
    private long messages;

    /** Append in-order bytes and emit every complete message. */
    void onBytes(
        final ReassembledTcpFlow flow,
        final boolean fromFirstSender,
        final long timestampNanos,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final FixStreamHandler handler)
    {
        pending.putBytes(pendingLength, buffer, offset, length);
        pendingLength += length;
        int start = 0;
        while (start < pendingLength)
        {
            final int result = framer.frame(pending, start, pendingLength - start);
            if (result > 0)
            {
                messages++;
                handler.onMessage(flow, fromFirstSender, timestampNanos, pending, start, result);
                start += result;
            }
            else if (result == FixFramer.PARTIAL)
            {
                break;
            }
            else
            {
                garbledBytes += -result;
                start += -result;
            }
        }
        if (start > 0)
        {
            pending.putBytes(0, pending, start, pendingLength - start);
            pendingLength -= start;
        }
    }

    /** Bytes were lost before what comes next: the partial message can never complete. */
    void onGap()
    {
        droppedAtGap += pendingLength;
        pendingLength = 0;
    }

    /** Bytes left over at the end of the capture (an incomplete last message). */
    int pendingLength()
    {
        return pendingLength;
    }

    long garbledBytes()
    {
        return garbledBytes;
    }

    long droppedAtGap()
    {
        return droppedAtGap;
    }

    long messages()
    {
        return messages;
    }
}
