package io.fixtape.engine.session;

import io.fixtape.engine.transport.DisconnectReason;

import java.util.concurrent.TimeUnit;

/**
 * Bounds the SequenceResets a counterparty may make us act on, against {@code MaxSequenceResets} per
 * {@code SequenceResetWindow} ({@link ResendLimits}). Counted are the SequenceResets that are rejected (each would
 * otherwise be answered with a Reject, without end) and those in Reset mode (each moves the expected number outside
 * the sequence). A GapFill that is not rejected is never counted: a counterparty's resend in answer to our
 * ResendRequest may hold many thousands of them, and each is sequenced like any other message.
 *
 * <p>One counted SequenceReset more than {@code MaxSequenceResets} within the window is not acted upon: it is answered
 * with a Logout naming the limit and the window, then the connection closes, counted as
 * {@link LogoutReason#SEQUENCE_RESET_LIMIT}. The window runs on engine time and survives reconnects, so a counterparty
 * does not clear its count by logging on again: until the window ends each further counted SequenceReset is logged
 * out the same way.
 *
 * <p>One instance per session, poller thread only; allocation-free (the Logout text is written into a builder kept
 * for it).
 */
final class SequenceResetGuard
{
    private final SessionLifecycle lifecycle;
    private final int maxResets;
    private final long windowNanos;
    private final StringBuilder text = new StringBuilder(128);
    private boolean windowOpen;
    private long windowStartNanos;
    private int resets;

    SequenceResetGuard(final SessionConfig config, final SessionLifecycle lifecycle)
    {
        this.lifecycle = lifecycle;
        this.maxResets = config.resendLimits().maxSequenceResets();
        this.windowNanos = config.resendLimits().sequenceResetWindowNanos();
    }

    /**
     * Count a SequenceReset that is about to be rejected or is in Reset mode; one beyond the budget is answered here
     * with a Logout and the connection closes.
     *
     * @return true when the SequenceReset is within the budget and is handled as usual; false when it was refused
     * (answered with the Logout) and must not be acted upon.
     */
    boolean admit(final long now)
    {
        if (maxResets == 0)
        {
            return true;
        }
        if (!windowOpen || now - windowStartNanos >= windowNanos)
        {
            windowOpen = true;
            windowStartNanos = now;
            resets = 0;
        }
        if (resets < Integer.MAX_VALUE)
        {
            resets++;
        }
        if (resets <= maxResets)
        {
            return true;
        }
        refuse(now);
        return false;
    }

    private void refuse(final long now)
    {
        text.setLength(0);
        text.append("SequenceReset rejected or in Reset mode ").append(resets).append(" times in ")
            .append(TimeUnit.NANOSECONDS.toSeconds(windowNanos)).append(" s exceeds MaxSequenceResets ")
            .append(maxResets);
        lifecycle.sendLogout(LogoutReason.SEQUENCE_RESET_LIMIT, text, now);
        lifecycle.disconnectAfterLogout(DisconnectReason.PROTOCOL_ERROR);
    }
}
