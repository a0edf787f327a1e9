package io.fixtape.engine.app;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.Session;
import org.agrona.BitUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import java.nio.ByteBuffer;

/**
 * Requests whose reply met {@link Session#BACK_PRESSURED}, kept in arrival order until the application can
 * answer them: the application copies the request in with {@link #offer} and retries from its duty-cycle hook
 * ({@link Application#doWork}) with {@link #drain}. While anything is pending, new requests must queue behind it
 * (replies keep the order of their requests).
 *
 * <p>Why the request and not the reply: a back-pressured reply has no sequence number and was not journaled
 * (write-ahead), so rebuilding it from its request later is exact and keeps the engine's numbering untouched.
 * A request may need several replies (e.g. one snapshot per symbol): the handler reports how many it managed
 * ({@code progress}) and is called again with that count.
 *
 * <p>Bounded and allocation-free: one off-heap Agrona {@link OneToOneRingBuffer} (used by one thread only) of
 * the capacity given at construction; {@link #offer} answers false when it is full. {@link #hold} applies the
 * built-in applications' overflow policy: the counterparty is not reading, so the session is logged out
 * ({@link #overflows()}, Text {@value #OVERFLOW_TEXT}); from our Logout on the session journals application
 * messages without writing them, so the held replies and this one are journaled (numbered) and reach the
 * counterparty by resend after its next Logon — nothing is lost when the store keeps messages.
 *
 * <p>Threading: the session's poller thread only.
 */
public final class PendingReplies implements ControlledMessageHandler
{
    /** {@link Handler#reply} result: every reply of the request was sent (or can never be sent). */
    public static final int DONE = -1;
    private static final int MSG_TYPE_ID = 1;
    /** Logout Text when {@link #hold} finds the queue full. */
    public static final String OVERFLOW_TEXT = "Reply queue overflow: counterparty not reading";

    /** Answers one request; the application's own reply logic. */
    @FunctionalInterface
    public interface Handler
    {
        /**
         * @param progress replies already sent for this request by earlier attempts (0 the first time).
         * @return {@link #DONE}, or the number of replies sent so far when the next one was back-pressured.
         */
        int reply(FixDecoder request, Session session, int progress);
    }

    private final OneToOneRingBuffer ring;
    private final FixDecoder decoder = new FixDecoder();
    private int size;
    private int headProgress;
    private Session session;
    private Handler handler;
    private int completed;
    private long held;
    private long overflows;
    private long dropped;

    /** @param capacityBytes bytes of queued requests (rounded up to a power of two; each costs its length + 8). */
    public PendingReplies(final int capacityBytes)
    {
        final int capacity = BitUtil.findNextPositivePowerOfTwo(Math.max(capacityBytes, 1024));
        final UnsafeBuffer buffer = new UnsafeBuffer(
            ByteBuffer.allocateDirect(capacity + RingBufferDescriptor.TRAILER_LENGTH));
        this.ring = new OneToOneRingBuffer(buffer);
    }

    public boolean isEmpty()
    {
        return size == 0;
    }

    /** Requests waiting. */
    public int size()
    {
        return size;
    }

    /**
     * Copy {@code request} to the back of the queue.
     *
     * @param progress replies already sent for it (non-zero only when the queue is empty: the request that just
     *                 met back-pressure).
     * @return false when the queue is full (nothing copied).
     */
    public boolean offer(final FixDecoder request, final int progress)
    {
        if (request.length() > ring.maxMsgLength() ||
            !ring.write(MSG_TYPE_ID, request.buffer(), request.offset(), request.length()))
        {
            return false;
        }
        if (size++ == 0)
        {
            headProgress = progress;
        }
        return true;
    }

    /**
     * Retry the queued requests in order until one is back-pressured again.
     *
     * @return requests completed.
     */
    public int drain(final Session session, final Handler handler)
    {
        if (size == 0)
        {
            return 0;
        }
        this.session = session;
        this.handler = handler;
        completed = 0;
        ring.controlledRead(this);
        this.session = null;
        this.handler = null;
        return completed;
    }

    /**
     * Answer {@code request} now, or hold it: behind earlier held requests (replies keep the order of their
     * requests), or because its reply met back-pressure.
     */
    public void replyOrHold(final FixDecoder request, final Session session, final Handler handler)
    {
        if (!isEmpty())
        {
            hold(request, 0, session, handler);
            return;
        }
        final int result = handler.reply(request, session, 0);
        if (result != DONE)
        {
            hold(request, result, session, handler);
        }
    }

    /**
     * A reply to {@code request} met back-pressure (or earlier requests are still held): keep the request, or —
     * when the queue is full — log the session out and answer what is held and this request at once (the session
     * now journals without writing).
     */
    public void hold(final FixDecoder request, final int progress, final Session session, final Handler handler)
    {
        held++;
        if (offer(request, progress))
        {
            return;
        }
        overflows++;
        session.logout(OVERFLOW_TEXT);
        drain(session, handler);
        if (isEmpty())
        {
            if (handler.reply(request, session, progress) != DONE)
            {
                dropped++;
            }
        }
        else if (!offer(request, progress))
        {
            dropped++;
        }
    }

    /**
     * For a {@link Handler}: {@link #DONE} unless {@code sendResult} is {@link Session#BACK_PRESSURED} (then
     * {@code progress}); a reply refused for good (not logged on and nothing journaled) is counted as dropped.
     */
    public int recordOutcome(final long sendResult, final int progress)
    {
        if (sendResult == Session.BACK_PRESSURED)
        {
            return progress;
        }
        if (sendResult < 0)
        {
            dropped++;
        }
        return DONE;
    }

    /** Requests held at least once (each time {@link #hold} was called). */
    public long held()
    {
        return held;
    }

    /** Times {@link #hold} found the queue full and logged the session out. */
    public long overflows()
    {
        return overflows;
    }

    /** Replies that could never be sent (see {@link #recordOutcome}). */
    public long dropped()
    {
        return dropped;
    }

    /** Forget everything queued. @return how many requests were dropped. */
    public int clear()
    {
        final int dropped = size;
        ring.read((msgTypeId, buffer, index, length) ->
        {
        }, Integer.MAX_VALUE);
        size = 0;
        headProgress = 0;
        return dropped;
    }

    @Override
    public Action onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        decoder.wrap(buffer, index, length);
        final int result = handler.reply(decoder, session, headProgress);
        if (result != DONE)
        {
            headProgress = result;
            return Action.ABORT;
        }
        headProgress = 0;
        size--;
        completed++;
        return Action.COMMIT;
    }
}
