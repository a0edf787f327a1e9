package io.fixtape.engine.session;

import java.util.concurrent.TimeUnit;

/**
 * How much work a counterparty's message recovery may make us do, part of a {@link SessionConfig}
 * ({@link SessionConfig#resendLimits()}): how many sequence numbers a resend covers per duty cycle (so that a huge
 * range is spread over many duty cycles and other sessions on the poller keep their turn), the largest range one
 * ResendRequest may ask for, how often a counterparty may ask again for numbers it already asked for, and how many
 * rejected or Reset-mode SequenceResets it may send. {@link ResendResponder}, {@link ResendRequestGuard} and
 * {@link SequenceResetGuard} apply them.
 *
 * <p>Set on a configuration thread before the session starts; read-only afterwards.
 */
public final class ResendLimits
{
    /**
     * Default ResendBatchSize: a resend covers at most 256 sequence numbers per duty cycle, so the other sessions of
     * the poller wait for at most one batch of reads and writes before their turn, and a resend of a million messages
     * still finishes in about 4,000 duty cycles.
     */
    public static final int DEFAULT_BATCH_SIZE = 256;
    /**
     * Default MaxResendRequestRange: one ResendRequest may cover a million sequence numbers. Above a busy session's
     * whole day (and far above the 64 Ki messages the in-memory store keeps), below what a hostile counterparty
     * asking for everything after weeks without a reset would make the session read back and send.
     */
    public static final int DEFAULT_MAX_RANGE = 1_000_000;
    /**
     * Default MaxResendRequestRepeats: ten ResendRequests per window that ask again for numbers already asked for.
     * A counterparty recovering a gap asks for each number once (chunked requests do not overlap); one whose
     * resend was lost asks again a few times, not every second.
     */
    public static final int DEFAULT_MAX_REPEATS = 10;
    /** Default ResendRequestRepeatWindow: repeats are counted over 60 s of engine time. */
    public static final long DEFAULT_REPEAT_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(60);
    /**
     * Default MaxSequenceResets: a hundred counted SequenceResets (rejected, or in Reset mode) per window. A
     * counterparty in good order sends a Reset-mode SequenceReset on a rare manual recovery and none that are
     * rejected; the GapFills of its resends are never counted, however many there are.
     */
    public static final int DEFAULT_MAX_SEQUENCE_RESETS = 100;
    /** Default SequenceResetWindow: SequenceResets are counted over 60 s of engine time. */
    public static final long DEFAULT_SEQUENCE_RESET_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(60);

    private int batchSize = DEFAULT_BATCH_SIZE;
    private int maxRange = DEFAULT_MAX_RANGE;
    private int maxRepeats = DEFAULT_MAX_REPEATS;
    private long repeatWindowNanos = DEFAULT_REPEAT_WINDOW_NANOS;
    private int maxSequenceResets = DEFAULT_MAX_SEQUENCE_RESETS;
    private long sequenceResetWindowNanos = DEFAULT_SEQUENCE_RESET_WINDOW_NANOS;

    ResendLimits()
    {
    }

    /**
     * ResendBatchSize: the most sequence numbers a resend in answer to a ResendRequest covers per duty cycle (resent
     * or gap-filled); the rest follows in the next duty cycles. Default {@value #DEFAULT_BATCH_SIZE}.
     */
    public ResendLimits batchSize(final int batchSize)
    {
        this.batchSize = batchSize;
        return this;
    }

    /**
     * MaxResendRequestRange: the most sequence numbers one ResendRequest may ask for (counted up to our last sent
     * number); a larger one is rejected and answered with a Logout. 0: unlimited. Default 1,000,000.
     */
    public ResendLimits maxRange(final int maxRange)
    {
        this.maxRange = maxRange;
        return this;
    }

    /**
     * MaxResendRequestRepeats: ResendRequests per {@link #repeatWindowNanos window} that ask again for numbers
     * already asked for; one more is answered with a Logout. 0: unlimited. Default {@value #DEFAULT_MAX_REPEATS}.
     */
    public ResendLimits maxRepeats(final int maxRepeats)
    {
        this.maxRepeats = maxRepeats;
        return this;
    }

    /** ResendRequestRepeatWindow: the engine time over which repeated ResendRequests are counted. Default 60 s. */
    public ResendLimits repeatWindowNanos(final long repeatWindowNanos)
    {
        this.repeatWindowNanos = repeatWindowNanos;
        return this;
    }

    /**
     * MaxSequenceResets: SequenceResets per {@link #sequenceResetWindowNanos window} that are rejected or in Reset
     * mode (GapFillFlag absent or N); one more is answered with a Logout. GapFills that are not rejected never count.
     * 0: unlimited. Default {@value #DEFAULT_MAX_SEQUENCE_RESETS}.
     */
    public ResendLimits maxSequenceResets(final int maxSequenceResets)
    {
        this.maxSequenceResets = maxSequenceResets;
        return this;
    }

    /** SequenceResetWindow: the engine time over which SequenceResets are counted. Default 60 s. */
    public ResendLimits sequenceResetWindowNanos(final long sequenceResetWindowNanos)
    {
        this.sequenceResetWindowNanos = sequenceResetWindowNanos;
        return this;
    }

    public int batchSize()
    {
        return batchSize;
    }

    /** 0: unlimited. */
    public int maxRange()
    {
        return maxRange;
    }

    /** 0: unlimited. */
    public int maxRepeats()
    {
        return maxRepeats;
    }

    public long repeatWindowNanos()
    {
        return repeatWindowNanos;
    }

    /** 0: unlimited. */
    public int maxSequenceResets()
    {
        return maxSequenceResets;
    }

    public long sequenceResetWindowNanos()
    {
        return sequenceResetWindowNanos;
    }

    /** @throws IllegalArgumentException naming the setting and its limit. */
    void conclude()
    {
        SessionConfig.require(batchSize > 0, "ResendBatchSize must be > 0: " + batchSize);
        SessionConfig.require(maxRange >= 0, "MaxResendRequestRange must be >= 0 (0: unlimited): " + maxRange);
        SessionConfig.require(maxRepeats >= 0, "MaxResendRequestRepeats must be >= 0 (0: unlimited): " + maxRepeats);
        SessionConfig.require(repeatWindowNanos > 0, "ResendRequestRepeatWindow must be > 0");
        SessionConfig.require(maxSequenceResets >= 0,
            "MaxSequenceResets must be >= 0 (0: unlimited): " + maxSequenceResets);
        SessionConfig.require(sequenceResetWindowNanos > 0, "SequenceResetWindow must be > 0");
    }
}
