package io.fixtape.engine.api;

import io.fixtape.engine.codec.FixDecoder;
import org.agrona.BitUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import java.nio.ByteBuffer;

/**
 * Holds the requests whose replies met back-pressure and answers them again later, in order: the standard way for
 * an {@link Application} to never drop a reply and never block. Allocation-free.
 *
 * <p>Use: implement {@link Handler} (build and send the replies of one request, return
 * {@link #outcome outcome(session.send(), n)}); call {@link #replyOrHold} from {@link Application#onMessage},
 * {@link #drain} from {@link Application#doWork} and answer {@link #isHolding()} from
 * {@link Application#isHoldingReplies()}:
 *
 * <pre>{@code
 * final class Fills implements Application, ReplyQueue.Handler
 * {
 *     private final ReplyQueue replies = new ReplyQueue(1 << 20);
 *
 *     public void onMessage(FixDecoder order, SessionHandle session) { replies.replyOrHold(order, session, this); }
 *     public int doWork(SessionHandle session, long nowNanos)       { return replies.drain(session, this); }
 *     public boolean isHoldingReplies()                             { return replies.isHolding(); }
 *
 *     public int reply(FixDecoder order, SessionHandle session, int progress)
 *     {
 *         report.wrap(session).orderID(...)...;      // a typed encoder, or session.newMessage(type)
 *         report.complete();
 *         return replies.outcome(session.send(), 0);
 *     }
 * }
 * }</pre>
 *
 * <p>Why the request and not the reply: a back-pressured reply has no sequence number and was not journaled
 * (write-ahead), so building it again from its request later is exact and leaves the session's numbering untouched.
 * While anything is held, new requests queue behind it, so replies keep the order of their requests. A request may
 * need several replies (one snapshot per symbol): the handler says how many it sent ({@code progress}) and is
 * called again with that count.
 *
 * <p>Bounded: one off-heap Agrona {@link OneToOneRingBuffer} (used by one thread only), allocated on the first
 * request held (most sessions never hold one, and thousands of idle sessions must not each keep megabytes of zeroed
 * memory) at {@value #INITIAL_CAPACITY} bytes, and doubled, in order, whenever a request does not fit, up to the
 * capacity given at construction; once grown it allocates nothing. When it is full {@link #hold} logs the session
 * out ({@link #overflows()}, Text {@value #OVERFLOW_TEXT}): the counterparty is not reading. From our Logout on the
 * session journals application messages without writing them, so the held replies and this one are journaled and
 * numbered at once and reach the counterparty by resend after its next Logon — nothing is lost when the store keeps
 * messages.
 *
 * <p>Threading: the thread of the application's callbacks only.
 */
public final class ReplyQueue
{
    /** {@link Handler#reply} result: every reply of the request was sent (or can never be sent). */
    public static final int DONE = -1;
    private static final int MSG_TYPE_ID = 1;
    /** Bytes of the ring allocated on the first request held (or the whole capacity, if smaller). */
    public static final int INITIAL_CAPACITY = 64 * 1024;
    /** Logout Text when {@link #hold} finds the queue full. */
    public static final String OVERFLOW_TEXT = "Reply queue overflow: counterparty not reading";

    /** Answers one request; the application's own reply logic. */
    @FunctionalInterface
    public interface Handler
    {
        /**
         * Build and send the reply (or replies) to {@code request}.
         *
         * @param request  the request, valid during the call only.
         * @param session  the session to answer on.
         * @param progress replies already sent for this request by earlier attempts (0 the first time).
         * @return {@link #DONE}, or the number of replies sent so far when the next one was back-pressured.
         */
        int reply(FixDecoder request, SessionHandle session, int progress);
    }

    private final int maxCapacity;
    private final ControlledMessageHandler retry = this::retry;
    private final MessageHandler moveToGrown = this::moveToGrown;
    private OneToOneRingBuffer ring;
    private OneToOneRingBuffer grown;
    private FixDecoder decoder;
    private int size;
    private int headProgress;
    private SessionHandle session;
    private Handler handler;
    private int completed;
    private long held;
    private long overflows;
    private long dropped;

    /**
     * A queue in a direct buffer of its own, allocated when the first request is held and grown on demand.
     *
     * @param capacityBytes bytes of queued requests at most (rounded up to a power of two; each costs its length
     *                      + 8).
     */
    public ReplyQueue(final int capacityBytes)
    {
        this.maxCapacity = BitUtil.findNextPositivePowerOfTwo(Math.max(capacityBytes, 1024));
    }

    /** {@return the bytes the ring holds now: 0 until a request is held, then up to the capacity bound} */
    public int allocatedCapacity()
    {
        return ring == null ? 0 : ring.capacity();
    }

    /** {@return true when no request is held} */
    public boolean isEmpty()
    {
        return size == 0;
    }

    /** {@return whether any request is held: the answer for {@link Application#isHoldingReplies()}} */
    public boolean isHolding()
    {
        return size != 0;
    }

    /** {@return the number of requests waiting} */
    public int size()
    {
        return size;
    }

    /**
     * Copy {@code request} to the back of the queue.
     *
     * @param request  the request to copy.
     * @param progress replies already sent for it (non-zero only when the queue is empty: the request that just
     *                 met back-pressure).
     * @return false when the queue is full (nothing copied).
     */
    public boolean offer(final FixDecoder request, final int progress)
    {
        final int length = request.length();
        if (length > maxMsgLength(maxCapacity))
        {
            return false;
        }
        while (ring == null || length > ring.maxMsgLength() ||
            !ring.write(MSG_TYPE_ID, request.buffer(), request.offset(), length))
        {
            if (!grow())
            {
                return false;
            }
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
     * @param session the session to answer on.
     * @param handler the application's reply logic.
     * @return requests completed.
     */
    public int drain(final SessionHandle session, final Handler handler)
    {
        if (size == 0)
        {
            return 0;
        }
        this.session = session;
        this.handler = handler;
        completed = 0;
        ring.controlledRead(retry);
        this.session = null;
        this.handler = null;
        return completed;
    }

    /**
     * Answer {@code request} now, or hold it: behind earlier held requests (replies keep the order of their
     * requests), or because its reply met back-pressure.
     *
     * @param request the request, valid during the call only (copied when held).
     * @param session the session to answer on.
     * @param handler the application's reply logic.
     */
    public void replyOrHold(final FixDecoder request, final SessionHandle session, final Handler handler)
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
     *
     * @param request  the request, valid during the call only (copied when held).
     * @param progress replies already sent for it.
     * @param session  the session to answer on.
     * @param handler  the application's reply logic.
     */
    public void hold(final FixDecoder request, final int progress, final SessionHandle session, final Handler handler)
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
     * For a {@link Handler}: {@link #DONE} unless {@code sendResult} is {@link SessionHandle#BACK_PRESSURED} (then
     * {@code progress}); a reply refused for good (not logged on and nothing journaled) is counted as dropped.
     *
     * @param sendResult what {@link SessionHandle#send()} returned.
     * @param progress   replies sent for the request before this one.
     * @return what {@link Handler#reply} returns.
     */
    public int outcome(final long sendResult, final int progress)
    {
        if (sendResult == SessionHandle.BACK_PRESSURED)
        {
            return progress;
        }
        if (sendResult < 0)
        {
            dropped++;
        }
        return DONE;
    }

    /** {@return the number of requests held at least once (each time {@link #hold} was called)} */
    public long held()
    {
        return held;
    }

    /** {@return the number of times {@link #hold} found the queue full and logged the session out} */
    public long overflows()
    {
        return overflows;
    }

    /** {@return the number of replies that could never be sent (see {@link #outcome})} */
    public long dropped()
    {
        return dropped;
    }

    /**
     * Forget everything queued.
     *
     * @return how many requests were dropped.
     */
    public int clear()
    {
        final int dropped = size;
        if (ring != null)
        {
            readAll(ring, (msgTypeId, buffer, index, length) ->
            {
            });
        }
        size = 0;
        headProgress = 0;
        return dropped;
    }

    /**
     * A ring twice as large (or the first one), holding what this one held in the same order.
     *
     * @return false when the ring is already at the capacity bound.
     */
    private boolean grow()
    {
        final int current = ring == null ? 0 : ring.capacity();
        if (current >= maxCapacity)
        {
            return false;
        }
        final int capacity = current == 0 ? Math.min(INITIAL_CAPACITY, maxCapacity) : current << 1;
        grown = new OneToOneRingBuffer(
            new UnsafeBuffer(ByteBuffer.allocateDirect(capacity + RingBufferDescriptor.TRAILER_LENGTH)));
        if (ring != null)
        {
            readAll(ring, moveToGrown);
        }
        ring = grown;
        grown = null;
        if (decoder == null)
        {
            decoder = new FixDecoder();
        }
        return true;
    }

    private void moveToGrown(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        grown.write(msgTypeId, buffer, index, length); // twice the room of the ring it comes from: always fits
    }

    /**
     * Every message of {@code ring}, in order. One read stops at the end of the buffer, so a ring that has wrapped
     * holds its messages in two blocks: from the head to the end, then from the start.
     */
    private static void readAll(final OneToOneRingBuffer ring, final MessageHandler handler)
    {
        ring.read(handler, Integer.MAX_VALUE);
        ring.read(handler, Integer.MAX_VALUE);
    }

    /** The largest message a {@link OneToOneRingBuffer} of {@code capacity} bytes takes. */
    private static int maxMsgLength(final int capacity)
    {
        return capacity >> 3;
    }

    private ControlledMessageHandler.Action retry(
        final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        decoder.wrap(buffer, index, length);
        final int result = handler.reply(decoder, session, headProgress);
        if (result != DONE)
        {
            headProgress = result;
            return ControlledMessageHandler.Action.ABORT;
        }
        headProgress = 0;
        size--;
        completed++;
        return ControlledMessageHandler.Action.COMMIT;
    }
}
