package io.fixtape.apps;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ReplyQueue;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

/**
 * What the built-in applications share: every request is answered through a bounded {@link ReplyQueue},
 * at once or, when its reply meets back-pressure (or earlier requests are still held), held and retried from the
 * duty cycle in order; while any is held the session's transport stops reading. Subclasses write the replies
 * ({@link ReplyQueue.Handler#reply}).
 *
 * <p>One instance per session; poller thread only.
 */
abstract class QueuedReplyApplication implements Application, ReplyQueue.Handler
{
    final ReplyQueue replies;

    /** @param pendingReplyBytes bound of the held-request queue (see {@link ReplyQueue}). */
    QueuedReplyApplication(final int pendingReplyBytes)
    {
        this.replies = new ReplyQueue(pendingReplyBytes);
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        replies.replyOrHold(message, session, this);
    }

    /** Retry held replies once the connection drains (called every duty cycle while logged on or logging out). */
    @Override
    public int doWork(final SessionHandle session, final long nowNanos)
    {
        return replies.drain(session, this);
    }

    /** Nothing to retry while no reply is held: the session then runs only on its timers. */
    @Override
    public boolean isDutyCycleIdle()
    {
        return !replies.isHolding();
    }

    @Override
    public boolean isHoldingReplies()
    {
        return replies.isHolding();
    }

    /**
     * A BusinessMessageReject with BusinessRejectReason 3 (unsupported message type) for {@code message}.
     *
     * @return as {@link ReplyQueue#outcome}.
     */
    final int rejectUnsupported(final FixDecoder message, final SessionHandle session)
    {
        return replies.outcome(
            session.sendBusinessReject(message, SessionHandle.UNSUPPORTED_MESSAGE_TYPE, "Unsupported Message Type"), 0);
    }
}
