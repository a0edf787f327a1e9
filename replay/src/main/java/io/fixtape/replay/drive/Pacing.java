package io.fixtape.replay.drive;

import java.util.Locale;

/**
 * When each inbound message is scheduled, relative to the start of the replay. Latency is measured from this
 * scheduled time, so a sender that falls behind is charged for its lateness.
 */
public final class Pacing
{
    /** As fast as the transport takes them: every message is scheduled at time 0. */
    public static final int MAX = 0;
    /** The recorded inter-arrival times, divided by the speed factor. */
    public static final int RECORDED = 1;
    /** A fixed rate of {@link #rate()} messages per second. */
    public static final int RATE = 2;

    private final int mode;
    private final double speed;
    private final long rate;

    private Pacing(final int mode, final double speed, final long rate)
    {
        this.mode = mode;
        this.speed = speed;
        this.rate = rate;
    }

    public static Pacing max()
    {
        return new Pacing(MAX, 1, 0);
    }

    public static Pacing recorded(final double speed)
    {
        if (!(speed > 0))
        {
            throw new IllegalArgumentException("speed must be > 0: " + speed);
        }
        return new Pacing(RECORDED, speed, 0);
    }

    public static Pacing rate(final long messagesPerSecond)
    {
        if (messagesPerSecond <= 0)
        {
            throw new IllegalArgumentException("rate must be > 0: " + messagesPerSecond);
        }
        return new Pacing(RATE, 1, messagesPerSecond);
    }

    /** From the CLI: {@code --rate} wins over {@code --pace}. */
    public static Pacing of(final String pace, final double speed, final long rate)
    {
        if (rate > 0)
        {
            return rate(rate);
        }
        switch (pace.toLowerCase(Locale.ROOT))
        {
            case "max":
                return max();
            case "recorded":
                return recorded(speed);
            default:
                throw new IllegalArgumentException("unknown pace '" + pace + "': recorded or max");
        }
    }

    /**
     * @param index              inbound message index.
     * @param recordedOffsetNanos its recorded time minus the first inbound message's recorded time.
     * @return nanoseconds after the start at which it is due.
     */
    public long scheduledOffset(final int index, final long recordedOffsetNanos)
    {
        switch (mode)
        {
            case RECORDED:
                return (long)(recordedOffsetNanos / speed);
            case RATE:
                return index * 1_000_000_000L / rate;
            default:
                return 0;
        }
    }

    public int mode()
    {
        return mode;
    }

    public long rate()
    {
        return rate;
    }

    /** Whether latency from the scheduled time is meaningful (with {@code max} it equals the service time). */
    public boolean isScheduled()
    {
        return mode != MAX;
    }

    @Override
    public String toString()
    {
        switch (mode)
        {
            case RECORDED:
                return "recorded x" + speed;
            case RATE:
                return rate + "/s";
            default:
                return "max";
        }
    }
}
