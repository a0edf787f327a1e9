package io.fixtape.engine.runtime;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.UntouchedMemory;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Turns the byte chunks of one connection into complete FIX messages. Whole messages inside a chunk are framed
 * in place (no copy); only a trailing partial message is copied into this connection's own buffer and completed by
 * the following chunks. The buffer is bounded: a message can never exceed the framer's maximum size because the
 * framer rejects an oversized BodyLength before the body arrives. The buffer is allocated on the first split
 * message (many connections never need it), off-heap when the transport's buffers are (see {@link #bufferLike}).
 *
 * <p>Threading: one instance per connection, used only on the poller thread. Allocates only its buffer, once.
 */
public final class MessageAssembler
{
    /** Receives framing results; implementations must not throw. */
    public interface Handler
    {
        /**
         * One complete message, valid only during the call.
         *
         * @return false to stop delivering this chunk (the connection was closed).
         */
        boolean onMessage(DirectBuffer buffer, int offset, int length);

        /**
         * Bytes were discarded: {@code reason} is a {@code FixFramer.REASON_*} code.
         *
         * @return false to stop delivering this chunk (e.g. the connection was closed because of it).
         */
        boolean onGarbled(int reason, int discardedBytes);
    }

    /** Room beyond one maximum-size partial message, so every append makes progress. */
    private static final int APPEND_HEADROOM = 4096;

    private final FixFramer framer;
    private UnsafeBuffer pending;
    private int pendingLength;

    /** @param framer may be shared by all connections of one poller (it keeps no per-stream state). */
    public MessageAssembler(final FixFramer framer)
    {
        this.framer = framer;
    }

    /** Bytes held waiting for the rest of a message. */
    public int pendingLength()
    {
        return pendingLength;
    }

    /** Forget a partial message (the connection ended). */
    public void reset()
    {
        pendingLength = 0;
    }

    /** Frame a chunk that just arrived. Messages are delivered in order, garbled bytes reported and skipped. */
    public void onData(final DirectBuffer buffer, final int offset, final int length, final Handler handler)
    {
        int position = offset;
        final int end = offset + length;
        if (pendingLength == 0)
        {
            position = frameAll(buffer, offset, end, handler);
            if (position < 0)
            {
                return;
            }
            keep(buffer, position, end - position);
            return;
        }
        while (position < end)
        {
            final int room = pending.capacity() - pendingLength;
            final int chunk = Math.min(room, end - position);
            pending.putBytes(pendingLength, buffer, position, chunk);
            pendingLength += chunk;
            position += chunk;
            final int consumed = frameAll(pending, 0, pendingLength, handler);
            if (consumed < 0)
            {
                pendingLength = 0;
                return;
            }
            final int left = pendingLength - consumed;
            if (consumed > 0 && left > 0)
            {
                pending.putBytes(0, pending, consumed, left);
            }
            pendingLength = left;
        }
    }

    /**
     * Frame every complete message in {@code [offset, end)}.
     *
     * @return position of the first byte not consumed (start of a partial message), or -1 when the handler asked
     * to stop.
     */
    private int frameAll(final DirectBuffer buffer, final int offset, final int end, final Handler handler)
    {
        int position = offset;
        while (position < end)
        {
            final int result = framer.frame(buffer, position, end - position);
            if (result > 0)
            {
                if (!handler.onMessage(buffer, position, result))
                {
                    return -1;
                }
                position += result;
            }
            else if (result == FixFramer.PARTIAL)
            {
                break;
            }
            else
            {
                position -= result;
                if (!handler.onGarbled(framer.lastReason(), -result))
                {
                    return -1;
                }
            }
        }
        return position;
    }

    /**
     * A buffer of the same kind of memory as the transport's ({@code byteArray() == null}: off-heap, as the TCP
     * transport's read buffer). The framer, the decoder and everything that reads a message through them are
     * compiled by C2 with the buffer's array base profiled as always null; a heap buffer here would make the first
     * reassembled message fail that speculation ({@code speculate_null_assert} in {@code UnsafeApi.getByte/getInt})
     * and deoptimise the whole compiled message path at once, at a random moment after the warm-up. Off-heap it is
     * {@link UntouchedMemory}: a split message is copied to its start, so a connection keeps resident only the
     * pages its largest split message touched, not MaxMessageSize.
     */
    private static UnsafeBuffer bufferLike(final DirectBuffer transportBuffer, final int capacity)
    {
        return transportBuffer.byteArray() == null ? new UnsafeBuffer(UntouchedMemory.byteBuffer(capacity)) :
            new UnsafeBuffer(new byte[capacity]);
    }

    private void keep(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length > 0)
        {
            if (pending == null)
            {
                // allocated once, on the first message split across reads
                pending = bufferLike(buffer, framer.maxMessageSize() + APPEND_HEADROOM);
            }
            pending.putBytes(0, buffer, offset, length);
        }
        pendingLength = length;
    }
}
