package io.fixtape.engine.app.builtin;

import io.fixtape.engine.app.Application;
import io.fixtape.engine.app.PendingReplies;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.Session;

/**
 * What the built-in applications share: every request is answered through a bounded {@link PendingReplies} queue,
 * at once or, when its reply meets back-pressure (or earlier requests are still held), held and retried from the
 * duty cycle in order; while any is held the session's transport stops reading. Subclasses write the replies
 * ({@link PendingReplies.Handler#reply}).
 *
 * <p>One instance per session; poller thread only.
 */
abstract class QueuedReplyApplication implements Application, PendingReplies.Handler
{
    final PendingReplies pending;

    /** @param pendingReplyBytes bound of the held-request queue (see {@link PendingReplies}). */
    QueuedReplyApplication(final int pendingReplyBytes)
    {
        this.pending = new PendingReplies(pendingReplyBytes);
    }

    @Override
    public void onMessage(final FixDecoder message, final Session session)
    {
        pending.replyOrHold(message, session, this);
    }

    /** Retry held replies once the connection drains (called every duty cycle while logged on or logging out). */
    @Override
    public int doWork(final Session session, final long nowNanos)
    {
        return pending.drain(session, this);
    }

    @Override
    public boolean isHoldingReplies()
    {
        return !pending.isEmpty();
    }

    /**
     * A BusinessMessageReject with BusinessRejectReason 3 (unsupported message type) for {@code message}.
     *
     * @return as {@link PendingReplies#recordOutcome}.
     */
    final int rejectUnsupported(final FixDecoder message, final Session session)
    {
        return pending.recordOutcome(
            session.sendBusinessReject(message, Session.UNSUPPORTED_MESSAGE_TYPE, "Unsupported Message Type"), 0);
    }
}
