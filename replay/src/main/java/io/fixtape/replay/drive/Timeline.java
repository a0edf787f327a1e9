package io.fixtape.replay.drive;

import io.fixtape.replay.recording.SessionRecording;

/**
 * The clock readings a replayed engine should see, from the recording ({@link ReplayPlan}): the recorded time of
 * each inbound message, and for each recorded outbound message the engine time at which it was built, which
 * inbound message caused it (the last inbound message recorded before it — one poller thread journals an inbound
 * message, then the replies it caused) and how it came about.
 *
 * <p>The engine time of an outbound message is its own SendingTime (52) when that parses and is not later than
 * the recorded time: the engine stamped it before it was journaled or captured (a capture sees it tens of
 * microseconds later), and at millisecond precision only the stamp itself reproduces the same text. Otherwise the
 * recorded time is used.
 *
 * <p>Timer-driven outbound messages — a Heartbeat that answers no TestRequest (no 112) and a TestRequest — are
 * not replies: the engine sends them from its duty cycle when time has passed, between inbound messages. They are
 * flagged ({@link #isTimerDriven}) so that the replay clock steps to their time only once the inbound message
 * before them has been handled (see {@link TimelineTransport}); so are an initiator's Logon and a Logout the engine
 * started ({@link ReplayPlan#outboundKind}).
 */
public final class Timeline
{
    final ReplayPlan plan;

    public Timeline(final SessionRecording recording)
    {
        this(ReplayPlan.of(recording));
    }

    public Timeline(final ReplayPlan plan)
    {
        this.plan = plan;
    }

    /** Whether the {@code index}-th outbound message was sent because time passed (Heartbeat, TestRequest). */
    public boolean isTimerDriven(final int index)
    {
        return plan.isTimerDriven(index);
    }

    public int inboundCount()
    {
        return plan.inboundCount();
    }

    public int outboundCount()
    {
        return plan.outboundCount();
    }

    /** Length of the longest recorded inbound message (0 when there is none). */
    int largestInbound()
    {
        return plan.largestInbound();
    }
}
