package io.fixtape.engine.api;

import io.fixtape.engine.codec.FixDecoder;

/**
 * What a user of the engine implements: the callbacks of one session. Every callback runs on the thread that owns
 * the application (the session's poller; under the fan-out acceptor models the application agent), one at a time
 * and in the order the session produced the events, and must not block. The decoder and its buffer are valid only
 * during the call: copy what you keep. Implementations that allocate nothing in {@link #onMessage} keep the engine's
 * steady state allocation-free.
 *
 * <p>To answer, use the {@link SessionHandle}: {@code session.newMessage(type)} (or a typed encoder's
 * {@code wrap(session)}) → put fields → {@code session.send()}, which returns a sequence number or a negative code
 * ({@link SessionHandle#BACK_PRESSURED}, ...) and never blocks. A message type the application does not support is
 * answered with {@link SessionHandle#sendBusinessReject} (35=j, 380=3). Replies that meet back-pressure are held
 * and retried in order by a {@link ReplyQueue}.
 *
 * <p>An exception thrown by a callback is caught and counted ({@link SessionCountersView#applicationErrors()}); it
 * never reaches the event loop.
 */
public interface Application
{
    /** An application that ignores everything (tests, pure session-level use). */
    Application NO_OP = (message, session) ->
    {
    };

    /**
     * The session is logged on (Logons exchanged).
     *
     * @param session the session.
     */
    default void onLogon(final SessionHandle session)
    {
    }

    /**
     * The session is no longer logged on (Logout exchanged or the connection dropped).
     *
     * @param session the session.
     */
    default void onLogout(final SessionHandle session)
    {
    }

    /**
     * An application message (not session-level) passed sequence checks and validation, and the store has it.
     * PossDupFlag (43) and PossResend (97) are visible in the decoder: duplicate detection by business id belongs
     * here. The session counts the message as received once this returns (at-least-once delivery).
     *
     * @param message the message, valid during the call only.
     * @param session the session it arrived on, to answer through.
     */
    void onMessage(FixDecoder message, SessionHandle session);

    /**
     * A session-level message (Heartbeat, TestRequest, Reject, Logout, ...) after the session handled it.
     *
     * @param message the message, valid during the call only.
     * @param session the session it arrived on.
     */
    default void onAdminMessage(final FixDecoder message, final SessionHandle session)
    {
    }

    /**
     * Called every duty cycle while the session is logged on or logging out: the place to retry replies that were
     * {@link SessionHandle#BACK_PRESSURED} ({@link ReplyQueue#drain}) or to send on a timer. Must not block.
     *
     * @param session  the session.
     * @param nowNanos the engine clock, epoch nanoseconds.
     * @return work done (0 lets the thread's idle strategy back off).
     */
    default int doWork(final SessionHandle session, final long nowNanos)
    {
        return 0;
    }

    /**
     * Whether {@link #doWork} has nothing to do until the next callback or send on this session: the engine then
     * leaves the session out of the duty cycles in which none of its timers is due (thousands of idle sessions cost
     * nothing). Asked after each duty cycle in which the session did something, on the poller thread. Only matters
     * for an application that overrides {@link #doWork}; one that does not is never called from the duty cycle.
     * Default false: an overriding application's doWork runs every duty cycle while logged on or logging out.
     *
     * @return true when {@link #doWork} has nothing to do until the next callback or send.
     */
    default boolean isDutyCycleIdle()
    {
        return false;
    }

    /**
     * Whether replies are held for a retry; while true the engine stops reading the session's connection, so TCP
     * flow control slows the counterparty down instead of the held replies growing. Default false.
     *
     * @return true while replies are held.
     */
    default boolean isHoldingReplies()
    {
        return false;
    }
}
