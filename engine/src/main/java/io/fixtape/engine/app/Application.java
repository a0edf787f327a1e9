package io.fixtape.engine.app;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.Session;

/**
 * What a user of the engine implements. Every callback runs on the poller thread of the session, in order, and
 * must not block; the decoder and its buffer are only valid during the call (copy what you keep). Implementations
 * should not allocate in {@link #onMessage} if the steady state is to stay allocation-free.
 *
 * <p>To answer, use the session: {@code session.newMessage(type)} → put fields → {@code session.send()}; the send
 * returns a sequence number or a negative code ({@link Session#BACK_PRESSURED} etc.) and never blocks. For
 * message types the application does not support, {@link Session#sendBusinessReject} answers with a
 * BusinessMessageReject (35=j, 380=3).
 *
 * <p>An exception thrown by a callback is caught and counted ({@code SessionCounters#applicationErrors}); it
 * never reaches the event loop.
 */
public interface Application
{
    /** An application that ignores everything (tests, pure session-level use). */
    Application NO_OP = (message, session) ->
    {
    };

    /** The session is logged on (Logon exchanged). */
    default void onLogon(final Session session)
    {
    }

    /** The session is no longer logged on (Logout exchanged or the connection dropped). */
    default void onLogout(final Session session)
    {
    }

    /**
     * An application message (not session-level) passed sequence checks and validation. PossDupFlag (43) and
     * PossResend (97) are visible in the decoder: duplicates detection by business id belongs here.
     */
    void onMessage(FixDecoder message, Session session);

    /** A session-level message (Heartbeat, TestRequest, Reject, ...) after the session handled it. */
    default void onAdminMessage(final FixDecoder message, final Session session)
    {
    }

    /**
     * Called from the session's duty cycle ({@code Session.doWork}) while the session is logged on or logging out:
     * the place to retry replies that were {@link Session#BACK_PRESSURED} earlier (see {@link PendingReplies}).
     * Must not block.
     *
     * @return work done (0 lets the poller's idle strategy back off).
     */
    default int doWork(final Session session, final long nowNanos)
    {
        return 0;
    }

    /**
     * Whether replies are held for a retry ({@link #doWork}); while true the session's transport stops reading
     * (see {@code Session.isReadPaused}), so back-pressure reaches the counterparty. Default false.
     */
    default boolean isHoldingReplies()
    {
        return false;
    }
}
