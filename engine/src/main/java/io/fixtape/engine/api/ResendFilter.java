package io.fixtape.engine.api;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.SessionId;

/**
 * Decides, while a session answers the counterparty's ResendRequest, whether a stored application message is
 * resent (PossDupFlag=Y) or replaced by a SequenceReset-GapFill, as QuickFIX/J's {@code DoNotSend} does: a stale
 * order, a quote that has expired. Admin messages are always gap-filled; consecutive messages not resent share one
 * gap fill with them.
 *
 * <p>Called on the thread that runs the session (its poller), once per stored application message in the
 * requested range, in order; the decoder (the stored message, as first sent) is valid only during the call. An
 * implementation must not block, should not allocate (resends are then allocation-free) and, when several sessions
 * share it on several threads (the {@code pool} and {@code shard} acceptor models), must be thread-safe. Set with
 * {@code SessionConfig.resendFilter} or the launcher's {@code FixtapeBuilder.resendFilter}.
 */
@FunctionalInterface
public interface ResendFilter
{
    /** Resends every stored application message (the default). */
    ResendFilter RESEND_ALL = (sessionId, stored, nowNanos) -> true;

    /**
     * Whether to resend one stored application message.
     *
     * @param sessionId the session answering the ResendRequest.
     * @param stored    the stored message (MsgType, MsgSeqNum, SendingTime and body as first sent).
     * @param nowNanos  the engine clock, epoch nanoseconds.
     * @return true to resend it with PossDupFlag=Y; false to gap-fill over it.
     */
    boolean resend(SessionId sessionId, FixDecoder stored, long nowNanos);
}
