package io.fixtape.engine.session;

import io.fixtape.engine.transport.Connection;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * Sequenced messages that are journaled and numbered but not written yet, in number order: session messages the
 * connection could not take (a Logout, Reject, Logon reply or Heartbeat answering a TestRequest must not be lost
 * while the session moves on), and anything numbered while a resend is in progress (it goes out after the resend).
 * Written out by {@link #flush} from the duty cycle.
 *
 * <p>A resend starts behind what is already queued: {@link #markResendStart()} counts those entries, which
 * {@link #flush} writes before the resend may begin ({@link #isClearForResend()}); entries queued later wait until
 * the resend has finished.
 *
 * <p>Layout: one direct buffer, filled from the front, each entry {@code [length int][seqNum int][bytes]}; read from
 * the front, compacted when the tail reaches the end. The buffer is allocated on first use (most sessions never
 * queue) and kept. Nothing is allocated per message.
 *
 * <p>Poller thread only.
 */
final class OutboundQueue
{
    private static final int HEADER = 8;

    private final int capacity;
    private UnsafeBuffer data;
    private int head;
    private int tail;
    private int count;
    private int beforeResend;

    OutboundQueue(final int capacityBytes)
    {
        this.capacity = capacityBytes;
    }

    boolean isEmpty()
    {
        return count == 0;
    }

    int size()
    {
        return count;
    }

    /** MsgSeqNum of the first queued message; only when not {@link #isEmpty()}. */
    int headSeqNum()
    {
        return data.getInt(head + 4);
    }

    /** Whether a message of {@code length} bytes fits. */
    boolean hasRoom(final int length)
    {
        return (tail - head) + HEADER + length <= capacity;
    }

    /** Append a framed message; the caller checked {@link #hasRoom}. */
    void offer(final int seqNum, final DirectBuffer buffer, final int offset, final int length)
    {
        if (data == null)
        {
            data = new UnsafeBuffer(ByteBuffer.allocateDirect(capacity)); // first use only
        }
        if (tail + HEADER + length > capacity)
        {
            compact();
        }
        data.putInt(tail, length);
        data.putInt(tail + 4, seqNum);
        data.putBytes(tail + HEADER, buffer, offset, length);
        tail += HEADER + length;
        count++;
    }

    /** A resend begins now: everything queued so far goes out before it. */
    void markResendStart()
    {
        beforeResend = count;
    }

    /** Whether nothing queued before the current resend is still waiting. */
    boolean isClearForResend()
    {
        return beforeResend == 0;
    }

    /**
     * Write queued messages in order while the connection takes them; with {@code resendActive} only those queued
     * before the resend began.
     *
     * @param written receives, per message written, whether the connection accepted it (false: it closed meanwhile).
     * @return messages taken off the queue.
     */
    int flush(final Connection connection, final boolean resendActive, final Written written)
    {
        int flushed = 0;
        while (count > 0 && (!resendActive || beforeResend > 0))
        {
            final int length = data.getInt(head);
            if (connection.writableBytes() < length)
            {
                break;
            }
            final long result = connection.write(data, head + HEADER, length);
            head += HEADER + length;
            count--;
            if (beforeResend > 0)
            {
                beforeResend--;
            }
            flushed++;
            written.onWritten(result >= 0);
        }
        if (count == 0)
        {
            head = 0;
            tail = 0;
        }
        return flushed;
    }

    /** Drop everything (the connection is gone). @return messages dropped. */
    int clear()
    {
        final int dropped = count;
        count = 0;
        head = 0;
        tail = 0;
        beforeResend = 0;
        return dropped;
    }

    private void compact()
    {
        final int used = tail - head;
        if (head > 0 && used > 0)
        {
            // moving towards offset 0: a forward copy never overwrites bytes it has still to read
            data.putBytes(0, data, head, used);
        }
        head = 0;
        tail = used;
    }

    /** Per message written by {@link #flush}. */
    @FunctionalInterface
    interface Written
    {
        void onWritten(boolean accepted);
    }
}
