package io.fixtape.cluster;

import io.fixtape.engine.api.SessionHandle;
import org.agrona.DirectBuffer;

/**
 * Optional second interface of an {@code Application} run under a fan-out model (mono, pool, shard): told about each
 * reply whose {@code session.send()} answered {@link RemoteSession#PUBLISHED} but which never reached the session's
 * connection, so no reply vanishes silently. Under the single model a send's result is final and this is never
 * called.
 *
 * <p>A reply is final — journaled (when the store persists messages) and numbered — once the session agent's
 * {@code Session.send} took it; until then it exists only in memory (the application agent's pending queue, the
 * Aeron IPC log, a fragment the session agent ABORTed because its TCP buffer was full). Two ways it can be lost
 * there, each counted and reported here:
 * <ul>
 *   <li>{@link #SESSION_ENDED}: the session was no longer logged on when its worker took the reply (the counterparty
 *   logged out or dropped, or the session moved to another worker); counted in {@code reply.refused}. Delivered on
 *   the application agent in order with the session's other events (after its {@code onLogout}, possibly after the
 *   next {@code onLogon} when the session moved).</li>
 *   <li>{@link #ACCEPTOR_CLOSED}: the acceptor closed with the reply still queued or unread by the stopped worker;
 *   counted in {@code reply.dropped.at.close}. Delivered from the application agent's {@code onClose}, after the
 *   workers have stopped.</li>
 * </ul>
 * A crash (the JVM dies) reports nothing: see docs/CLUSTER_SHARD.md for what survives it.
 *
 * <p>Threading: the application agent's thread. {@code body} is valid only during the call.
 */
public interface ReplyNotSentListener
{
    /** The session was not logged on any more when its worker took the reply. */
    int SESSION_ENDED = 1;
    /** The acceptor closed with the reply still queued. */
    int ACCEPTOR_CLOSED = 2;

    /**
     * @param session        the application's view of the session (not logged on when {@code reason} is
     *                       {@link #SESSION_ENDED}).
     * @param msgType        the reply's MsgType, packed as in {@code MsgTypes}.
     * @param answeredSeqNum the inbound MsgSeqNum the reply answered (as in the IPC header).
     * @param body           the reply's body fields after {@code 35=} ({@code tag=value<SOH>...}).
     */
    void onReplyNotSent(
        SessionHandle session, long msgType, int answeredSeqNum, DirectBuffer body, int offset, int length, int reason);
}
