package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.validation.SessionRejectReason;

import java.util.concurrent.TimeUnit;

/**
 * Decides whether a counterparty's ResendRequest is served, against {@code MaxResendRequestRange} and
 * {@code MaxResendRequestRepeats} ({@link ResendLimits}):
 *
 * <ul>
 * <li>a request for more numbers than {@code MaxResendRequestRange} (counted up to our last sent number) is rejected
 * (SessionRejectReason 5, RefTagID EndSeqNo) and answered with a Logout naming both figures, then the connection
 * closes. Serving part of it would leave the counterparty believing the rest lost (a gap fill of application
 * messages), so it is told instead; an operator raises the limit or resets the numbers;</li>
 * <li>a request that asks again for numbers asked for within the last {@code ResendRequestRepeatWindow} is a repeat.
 * A repeat the resend in progress already covers is coalesced into it (ignored); other repeats are served. One repeat
 * more than {@code MaxResendRequestRepeats} per window is answered with a Logout, then the connection closes.
 * Requests that ask for new numbers (a gap recovered in chunks) are never repeats, so within a window each number
 * is resent at most {@code MaxResendRequestRepeats + 1} times, whatever the counterparty sends.</li>
 * </ul>
 *
 * Counted: {@code resendRequestsRefused}, {@code resendRequestsRepeated}, {@code resendRequestsCoalesced} and the
 * Logouts as {@link LogoutReason#RESEND_REQUEST_LIMIT}. The window runs on engine time and survives reconnects, so a
 * counterparty does not clear its count by logging on again.
 *
 * <p>One instance per session, poller thread only; allocation-free (the Logout text is written into a builder kept
 * for it).
 */
final class ResendRequestGuard
{
    /** Serve the request. */
    static final int SERVE = 0;
    /** Already being served by the resend in progress: nothing to do. */
    static final int COALESCED = 1;
    /** Refused: answered (Reject and/or Logout) and the connection is closing. */
    static final int REFUSED = 2;

    private final SessionLifecycle lifecycle;
    private final InboundChecks checks;
    private final ResendResponder resender;
    private final SessionCounters counters;
    private final int maxRange;
    private final int maxRepeats;
    private final long windowNanos;
    private final StringBuilder text = new StringBuilder(160);
    private boolean windowOpen;
    private long windowStartNanos;
    /** Lowest and highest number asked for in the current window (the hull of the requested ranges). */
    private int askedLow;
    private int askedHigh;
    private int repeats;

    ResendRequestGuard(
        final SessionConfig config, final SessionLifecycle lifecycle, final InboundChecks checks,
        final ResendResponder resender, final SessionCounters counters)
    {
        this.lifecycle = lifecycle;
        this.checks = checks;
        this.resender = resender;
        this.counters = counters;
        this.maxRange = config.resendLimits().maxRange();
        this.maxRepeats = config.resendLimits().maxRepeats();
        this.windowNanos = config.resendLimits().repeatWindowNanos();
    }

    /**
     * Check the ResendRequest {@code m} for {@code [beginSeqNo, endSeqNo]} (endSeqNo as received: 0 or beyond our last
     * number means "to the end"); a refusal is answered here.
     *
     * @return {@link #SERVE}, {@link #COALESCED} or {@link #REFUSED}.
     */
    int check(final FixDecoder m, final int seqNum, final int beginSeqNo, final int endSeqNo, final long now)
    {
        final int first = Math.max(1, beginSeqNo);
        final int last = resender.lastCovered(endSeqNo);
        if (first > last)
        {
            return SERVE; // nothing we sent: answered by nothing at all
        }
        final long range = (long)last - first + 1;
        if (maxRange > 0 && range > maxRange)
        {
            counters.resendRequestsRefused++;
            refuseRange(m, seqNum, range, now);
            return REFUSED;
        }
        if (!isRepeat(first, last, now))
        {
            return SERVE;
        }
        counters.resendRequestsRepeated++;
        if (maxRepeats > 0 && repeats > maxRepeats)
        {
            counters.resendRequestsRefused++;
            refuseRepeats(now);
            return REFUSED;
        }
        if (resender.covers(first, last))
        {
            counters.resendRequestsCoalesced++;
            return COALESCED;
        }
        return SERVE;
    }

    /** Whether {@code [first, last]} overlaps what was asked for in the current window; records it either way. */
    private boolean isRepeat(final int first, final int last, final long now)
    {
        if (!windowOpen || now - windowStartNanos >= windowNanos || askedHigh > resender.lastCovered(0))
        {
            // a new window; or our numbers were reset since (what was asked for lies beyond all we sent)
            windowOpen = true;
            windowStartNanos = now;
            askedLow = first;
            askedHigh = last;
            repeats = 0;
            return false;
        }
        final boolean repeat = first <= askedHigh && last >= askedLow;
        askedLow = Math.min(askedLow, first);
        askedHigh = Math.max(askedHigh, last);
        if (repeat)
        {
            repeats++;
        }
        return repeat;
    }

    private void refuseRange(final FixDecoder m, final int seqNum, final long range, final long now)
    {
        resender.cancel(); // what we send now must not wait behind a resend
        checks.reject(m, MsgTypes.RESEND_REQUEST, seqNum, SessionRejectReason.VALUE_INCORRECT, Tags.END_SEQ_NO, now);
        text.setLength(0);
        text.append("ResendRequest for ").append(range).append(" messages exceeds MaxResendRequestRange ")
            .append(maxRange);
        logout(now);
    }

    private void refuseRepeats(final long now)
    {
        resender.cancel();
        text.setLength(0);
        text.append("ResendRequest repeated ").append(repeats).append(" times in ")
            .append(TimeUnit.NANOSECONDS.toSeconds(windowNanos)).append(" s exceeds MaxResendRequestRepeats ")
            .append(maxRepeats);
        logout(now);
    }

    private void logout(final long now)
    {
        lifecycle.sendLogout(LogoutReason.RESEND_REQUEST_LIMIT, text, now);
        lifecycle.disconnectAfterLogout(DisconnectReason.PROTOCOL_ERROR);
    }
}
